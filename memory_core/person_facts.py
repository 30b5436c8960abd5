"""A person's health, money and bank account in plain prose (S13, issue 12).

`personal_details` finds a named person's condition after a full name and a
verb of having; people write about each other more loosely than that:
`Callum is 18 months sober after rehab`, `Ida är sjukskriven för ryggskott`,
`Arjun ko TB hai`, `Bu Dewi izin seminggu, kena usus buntu`. Here a
sentence holds someone's health when it holds

- a **health word** of one of the families below (a condition, a treatment,
  a procedure, a pregnancy, a sick leave, a dosed medicine), in the
  languages the console sees, by stem so the inflections come along;
- a **person**: a full name; a single capitalised name in a frame (followed
  by a possessive, a verb or the health word within a few words, or after
  `for`/`für`/`de`/`para`/an honorific); a pronoun or a relation (`her`,
  `my brother`, `mon frère`, `usko`); a Japanese, Korean, Hindi or Arabic
  name marker;
- and no sign that it speaks of people in general: opening hours, a
  campaign, a leaflet's dose for adults, a share (`1 in 5`, `30%`).

Money: an amount in a currency in a sentence with a word of earning, owing
or borrowing, and a person; a credit score by its bureau's name with a
person. Bank accounts: an account number after its national label (`CBU`,
`CVU`, `CLABE`, `conta`, `folio`, `rekening`, `口座`, `계좌`, `routing`/
`account` fields) or a UPI/PIX handle, with a person and no company.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

Found = tuple[str, int, int, str, str]
HEALTH = "HEALTH"
SALARY = "SALARY"
ACCOUNT = "NATIONAL_ID"  # a register's number, as `detectors._bank_accounts`

_L = r"[^\W\d_]"
_UP = "(?-i:[A-ZÀ-ÖØ-ÞĀ-ŽА-ЯЁΑ-Ω])"
_LOW = "(?-i:[a-zß-öø-ÿā-žƀ-ɏа-яёα-ωḁ-ỿ])"

# -- Health words ---------------------------------------------------------------

# Stems that start a word (any ending follows). Grouped by family, several
# languages each.
HEALTH_STEMS = (
    # diagnosis, illness, disorder, syndrome
    r"diagnos|diagnóstic|diagnoz|teşhis|didiagnosis|rozpozna|"
    r"ill\b|illness|sick|disease|disorder|syndrom|síndrom|sindrom|"
    r"krank|erkrank|malad|malat|enferm(?:o|a|os|as|edad|edades)\b|doen[çt]|ziek|sjuk|chor[oa]|hastal|"
    r"sakit|penyakit|ugonjwa|mgonjwa|anaumwa|bệnh|"
    # cancers, tumours, their treatment
    r"cancer|cáncer|câncer|cancro|krebs|kanker|kanser|saratani|rak(?:a|iem)?\b|"
    r"tumou?r|transtorn|trastorn|chronic\b|chronically|chronisch|chroniq|"
    r"codein|morphin|opioid|tramadol|oxycod|homa\b|tumore|nowotw|carcinom|"
    r"leuk[aä]?emi|lymphom|linfom|"
    r"chemo|chimio|quimio|kemo|radioth|radiot|cellgift|"
    # organs failing, dialysis, transplants
    r"dialys|diális|dialisi|cuci darah|gagal ginjal|kidney|renal|eGFR|CKD|"
    r"transplant|trasplant|"
    # metabolic, chronic
    r"diabet|diabè|cukrzyc|suikerziekte|kisukari|kencing manis|şeker hasta|"
    r"insulin|insulina|glucose|thyro|tiroid|hypothyr|"
    r"hypert|hipert|bluthochdruck|blood pressure|huyết áp|"
    r"celiac|celiach|coeliac|zöliak|celíac|"
    r"crohn|colitis|asthm|astma|asma|astım|epilep|epiless|seizure|"
    r"convuls|migrain|migrän|migraña|arthri|artri|rheumat|reumat|lupus|"
    r"scleros|sklero|escleros|stwardn|palsy|parális|dystroph|"
    r"retinitis|glaucom|cataract|catarat|katarakt|"
    r"alzheim|parkinson|dementia|demenz|démence|demencia|"
    r"hernia|hérnia|herni|ernia|bandscheib|slipped disc|"
    r"stroke|schlaganf|ictus|avc\b|infar|heart attack|cardiac|angina|"
    r"pneumon|pneumonia|zapaleni|płuc|bronchit|tuberkul|tuberculos|"
    r"hepatit|cirrho|hiv\b|aids\b|covid|"
    r"fractur|frattur|złaman|broken (?:leg|arm|wrist|ankle|hip)|"
    r"concussion|appendicit|appendizit|apendicit|apendicite|usus buntu|ruột thừa|"
    r"gallbladder|gallenblase|vesícula|safra kese|kidney stone|"
    r"allerg|alérg|alerg|anaphyla|epipen|inhaler|inhalator|"
    r"pacemaker|stimulateur|herzschrittm|hearing aid|wheelchair|rollstuhl|"
    # mind
    r"depress|dépress|depresj|depresi|depresyon|depresión|depressão|"
    r"anxi|angststör|ansied|ansiedade|ansia\b|panic (?:attack|disorder)|"
    r"pânico|pánico|panikatak|"
    r"bipolar|schizo|esquizo|psychos|psicos|(?-i:PTSD|OCD|ADHD|ADHS|TDAH|COPD)\b|autis|"
    r"dyslex|dislex|eating disorder|anorex|bulimi|burn-?out|overspannen|"
    r"utbränd|self-harm|suicid|"
    r"alcoholi|alkoholi|addict|adicci|rehab|reha\b|sober|"
    r"therap|terap|psychiatr|psiquiatr|psychotherap|counsell|"
    # pregnancy
    r"pregnan|schwanger|enceinte|grossesse|embaraz|grávid|gravidez|gestante|"
    r"incinta|gravidanza|zwanger|gravid|ciąż|hamil\b|hamile\b|mjamzito|mang thai|"
    r"miscarri|fehlgeburt|ivf\b|"
    # procedures, hospital, sick leave
    r"surg(?:ery|eries|ical|eon)|operated|operation (?:on|for)|opéré|"
    r"operad[oa]|operación|operação|operiert|operato|operata|operacj|operowan|"
    r"hernia op|"
    r"ameliyat|operasi\b|upasuaji|phẫu thuật|mổ\b|cirug|cirurg|chirurg|"
    r"hospitali|internad|ricoverat|"
    r"rawat inap|nằm viện|biops|mri\b|rezonans|ultrasound|ultrassom|"
    r"physio|fisio|kiné|orthophon|logopä|"
    r"krankgeschrieben|krankschreib|"
    r"arbeitsunf|arrêt maladie|baja médica|licencia médica|atestado|"
    r"afastad|baixa médica|sjukskriv|ziekmeld|verzuim|zwolnieni|"
    r"(?-i:GdB)\b|schwerbehinder|disabilit|handicap|"
    # medicines by family
    r"medicat|medicament|meds\b|medicine|medicin|medikament|m[ée]dicament|"
    r"pills?\b|antidepress|antibiot|"
    r"dawa|obat|ilaç|thuốc|lek(?:i|ów)\b|prescribed|prescrit|prescrito|"
    r"prescritto|verschrieben|recetad|receitad|"
    r"voorgeschreven|przepisan|"
    # medicines by their family's ending (`ramipril`, `atorvastatin`; s14:
    # two letters before it will do, `Diazepam`, `Losartan`)
    r"[^\W\d_]{2,}(?:pril|sartan|sartán|statin|olol|azepam|azolam|oxetin|"
    r"oxetine|oxetina|tralin|traline|tralina|formin|formina|thyroxin|prazol|"
    r"prazole|cillin|cilina|triptan|gabapentin|pregabalin)(?:[aeęąyu]|em|om)?\b|"
    # treatment, infection, injury, fever, flu, hospital stays
    r"treated for|being treated|treatment (?:for|of|with)|in treatment|"
    r"tratamiento|tratamento|trattamento|traitement|"
    r"behandl|behandeling|leczen|tedavi|pengobatan|matibabu|điều trị|"
    r"infect|infekt|infecci|infez|enfeksiyon|infeksi|entzünd|"
    r"injur|verletz|lesión|lesão|blessure|uraz|kontuzj|sprain|ligament|"
    r"menisc|acl\b|back pain|rückenschmerz|"
    r"flu\b|influenza|gripe|grippe|griep|influensa|grypa|"
    r"tifus|tipes|dengue|malaria|"
    r"shingles|measles|mumps|chickenpox|chicken pox|rubella|whooping cough|"
    r"norovirus|strep throat|tonsillit|sinusit|gastroenterit|food poisoning|"
    r"glandular fever|mononucleos|lyme|sepsis|meningit|long covid|"
    r"gürtelrose|masern|windpocken|mandelentzünd|zona\b|varicel|sarampi|"
    r"sarampo|herpes z|"
    r"mental health|salud mental|saúde mental|santé mentale|psychisch|"
    r"eczema|ekzem|psoria|an[a]?emi|anämi|cholesterol|obes|apnea|apnoe|"
    r"apnée|insomni|schlafstör|tinnitus|vertigo|blind\b|deaf|gehörlos|"
    r"taub\b|sourd|sordo|surdo|hearing loss|amput|prosthe|paralys|gelähmt|"
    r"chlamydia|herpes|syphilis|cyst|zyste|kyste|quiste|gout|gicht|"
    r"osteopor|scolios|skolios|abortion|aborto|avortement|c-section|"
    r"kaiserschnitt|cesárea|césarienne|transfus|infus|colonoscop|endoscop|"
    r"gastroscop|mammogra|koloskop|radiation (?:therapy|treatment)|"
    r"(?:in|im|en|no|na|nel|på|w|di|ke) (?:the |het |de |el )?(?:hospital|"
    r"krankenhaus|hôpital|ospedale|ziekenhuis|sjukhus\w*|szpitalu|"
    r"rumah sakit)|hastanede|hospitalini|bệnh viện|"
    r"admitted|eingeliefert|ingresad|opgenomen|inlagd|przyjęt|yatır|"
    r"dirawat|amelazwa|"
    r"operatie|opererad|medicijn|sjukhus|nadciśnieni|szpital|leczen|"
    r"tansiyon|bimar|bimaar|beemar|dawai|ilaa?j|ốm\b|ung thư|tiểu đường|"
    r"diabete|hospitalis|"
    # (s14) organs failing, spelled per language; lasting conditions and
    # disabilities; addictions; accented spellings the stems above miss
    r"insuffisance|insuficiencia|insufficienza|niewydoln|yetmezli|"
    r"fibromyalg|fibromialg|endometrio|endométrio|scléros|sclerosi\b|"
    r"stwardnieni|esclerose|paraplej|parapleg|parapléj|tetrapleg|tetraplej|"
    r"quadripleg|discapacidad|deficiência|disabilità|niepełnospraw|engelli|"
    r"behinderung|alcolis|alcoolis|alcoólatra|alkoholizm|alkoholik|"
    r"alkoholabh|drogenabh|spielsucht|ludopat|gioco d['’]azzardo|"
    r"gambling (?:addiction|problem)|antidépress|antidepresiv|antydepres|"
    r"białaczk|leucemi|leukämi|insülin|"
    # (s14) medicines people name by their brand or common name
    r"methotrex|metotrex|lithium|litio|warfarin|prednis|tamoxif|letrozol|"
    r"hip replacement|knee replacement|joint replacement|shoulder replacement|"
    r"prothèse|endoprothes|"
    r"nierenversag|herzversag|leberversag|zawał|zawale|kalp krizi|felç|"
    r"beroerte|hjärtinfarkt|padaczk|drüsenfieber|pfeiffer|defibrillat|"
    r"autyzm|otizm|şizofreni|dwubiegunow|celiaki|çölyak|"
    r"migren|chemioterap|chemię|diyaliz|dializ|"
    # (s14) more conditions, as each language names them
    r"sarcoid|hemophil|haemophil|thalass|cystic fibrosis|motor neurone|"
    r"huntington|narcolep|tourette|macular degeneration|blindness|"
    r"spina bifida|heart failure|heart condition|heart disease|arrhythm|"
    r"atrial fibrillation|afib|hashimoto|addison|cushing|acid reflux|"
    r"gallstone|gonorrh|emphysem|melanom|infertil|postpartum|relapse|"
    r"binge eating|rheuma|schuppenflechte|neurodermitis|mukoviszidose|"
    r"herzrhythmus|vorhofflimmern|schilddrüs|magersucht|essstörung|"
    r"alkoholsucht|drogensucht|querschnitt|polyarthrit|mucoviscidose|"
    r"boulimi|toxicoman|épilep|leucém|paraplég|trisomie|surdité|cécité|"
    r"fibrosis quística|sordera|ceguera|psoría|dependência química|demênc|"
    r"enfarte|surdez|cegueira|ipertens|anoressi|tossicodipend|sordità|"
    r"cecità|reuma|jicht|hoge bloeddruk|angststoornis|verslav|dementie|"
    r"hartaanval|dwarslaesie|gikt|högt blodtryck|ångest|missbruk|demens|"
    r"förlamad|łuszczyc|nerwic|anoreksj|uzależni|demencj|udar|paraliż|"
    r"fibromiyalji|romatizma|sedef hastal|anksiyete|anoreksiya|alkolizm|"
    r"bağımlı|demans|lösemi|myalgic|antidepresan|isotretinoin|accutane|roaccutan|paxlovid|tamiflu|"
    r"beta.?blocker|betabloq|betablock|blood thinner|anticoagul|antikoagul|"
    r"steroid|painkiller|opiat|opioid|immunosuppress|immunosoppress|"
    r"méthotrex|lévothyrox|bloedverdunn|blodförtunn|przeciwdepres|"
    r"antidepresyj|kan sulandır|ansiolitic|tranquiliz|tavor\b|zyprexa|"
    r"risperd|tramal\b|oxycontin|morfin|subutex|campral|descovy|biktarvy|"
    r"enbrel|remicade|stelara|ocrevus|tecfidera|copaxone|kesimpta|depakin|"
    r"topamax|imigran|eltroxin|glucophage|januvia|jardiance|trulicity|"
    r"victoza|lantus\b|novorapid|tresiba|marevan|plavix|concor\b|cortison|"
    r"methylpred|herceptin|keytruda|opdivo|lítio|litium|"
    # (s14) medicines by name or by their family's ending
    r"methylphenid|metilfenid|vyvanse|elvanse|lisdexamfet|dexamfet|"
    r"bupropion|trazodon|lamotrig|valproat|levetiracet|topiramat|"
    r"fentanyl|buprenorph|naltrexon|disulfiram|antabus|antiretrovir|"
    r"antipsychot|antipsicót|neurolept|antiepilept|anxiolyt|ansiolít|"
    r"benzodiazep|saxenda|clopidogr|marcoumar|sintrom|xarelto|eliquis|"
    r"[^\W\d_]{3,}(?:glutide|glutid|patide|xaban|faxine|faxin|mab|tinib|"
    r"apine|apina|apin|idone|lukast|gliflozin|gliptin|talopram|dipin|dipine|"
    r"dipino)\b|"
    r"hydroxychloroq|rivotril|xanax|valium|prozac|zoloft|lexapro|ritalin|"
    r"adderall|concerta|lyrica|seroquel|abilify|wellbutrin|cymbalta|effexor|"
    r"ozempic|wegovy|mounjaro|euthyrox|eutirox|levothyrox|synthroid|truvada|"
    r"suboxone|methadon|metadona|humira|keppra|lamictal|depakot|tegretol"
)
HEALTH_SCRIPTS = (
    r"糖尿病|がん|癌|うつ|障害|障碍|妊娠|アレルギー|インスリン|手術|入院|"
    r"ヘルニア|骨折|診断|お薬|服用|病|症|手术|住院|怀孕|诊断|抑郁|治療|通院|治疗|药|"
    r"당뇨|우울증|공황장애|장애|임신|복용|진단|수술|입원|암\b|치료|아파|병원|투병|질환|"
    r"मधुमेह|शुगर|कैंसर|थायराइड|ऑपरेशन|गर्भवती|दवा|बीमार|इलाज|अस्पताल|"
    r"مرض|مريض|سرطان|سكري|التهاب|جراح|حامل|اكتئاب|دواء|علاج|مستشفى|"
    r"إجازة مرضية|ملغ|"
    # (s14) more conditions and treatments in Japanese, Chinese, Korean
    r"腎不全|心不全|肝不全|呼吸不全|脳梗塞|心筋梗塞|肺炎|喘息|透析|産休|"
    r"衰竭|痴呆|帕金森|中风|哮喘|化疗|保胎|"
    r"치매|파킨슨|뇌졸중|백혈병|폐렴|골절|천식|투석|항암|출산휴가"
)
HEALTH_SCRIPT_RE = re.compile(HEALTH_SCRIPTS)
HEALTH_TERM_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:" + HEALTH_STEMS + r")[^\W\d_]*"
    # inside a compound (`nötallergi`, `Bandscheibenvorfall`, `Zöliakie`)
    r"|(?i:allergi|allergie|krank|sjuk|ziek|diabet|infarkt|krebs|tumor|"
    r"therapie|entzünd|insuffizienz|amputation|kanker|cancer)"
    r"|(?<![^\W\d_])(?-i:OP|L4|DBD)(?![^\W\d_])"
    # the acronyms as written
    r"|(?<![^\W\d_])(?-i:(?<!\d )TB|IBS|PCOS|SSW|GGZ|EMDR|CBT|CFS|HRT|PrEP|"
    r"CID(?= ?[A-Z]\d))"
    r"(?![^\W\d_])"
    # (s14) multiple sclerosis as written (`har fått MS`), not Microsoft's
    # products, a degree (`an MS in`) or milliseconds
    r"|(?<![^\W\d_])(?<!\d )(?<!\d)(?<!an )(?-i:MS)(?![^\W\d_]|[-/.]\w|"
    r" (?:in|of)\b| (?-i:[A-Z]))"
    # scripts without capitals or spaces
    r"|" + HEALTH_SCRIPTS
)
# A medicine's dose, the medicine's name before it (`Sertralin 100 mg`,
# `Xanax 0,25 mg`, `メトホルミン500mg`).
DOSE_RE = re.compile(
    r"(?i)(?:[^\W\d_][\w-]{2,}\s?)?(?<![\w.,+/])\d+(?:[.,]\d+)?\s?"
    r"(?:mg|µg|μg|mcg|iu|ie|ملغ)(?![^\W\d_])"
)

# People in general, not someone: a clinic's hours, a campaign, a leaflet,
# a share of a population, a study.
PUBLIC_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:awareness|campaign|campanha|campaña|kampagne|"
    r"vaccin\w*|vacina\w*|vacuna\w*|impf\w*|予防接種|"
    r"opening hours|open(?:s|ing)? (?:from|daily|mon|\d)|sprechzeit\w*|horario|"
    r"abre de|açıktır|sans rendez-vous|no appointment|walk-in|"
    r"side effects?|nebenwirkung\w*|efectos secundarios|effets secondaires|"
    r"beipackzettel|leaflet|prospecto|bula|posology|posologie|"
    r"adults?|adultos?|adulti|erwachsene\w*|dewasa|volwassenen|vuxna|"
    r"dorośli|wazima|성인|成人|"
    r"per day|a day|al giorno|pro tag|por día|ao dia|sehari|kwa siku|"
    r"na dobę|par jour|하루|"
    r"cases|casos|kasus|fälle|patients|pacientes|people with|"
    r"ongeveer|approximately|study|studie|estudio|étude|research|trial|"
    r"foundation|charity|society|webinar|conference|congress|kongress|"
    r"fundraiser|donat\w*|screening|testing|guidelines?|leitlinie\w*|"
    r"hospital (?:opens|wing)|pharmacist|prescriber|"
    r"should be taken|do not take|don['’]t take|usizidishe|"
    r"interaction|wechselwirkung\w*|children|kinder|niños|crianças|bambini|"
    r"kinderen|dzieci|watoto|dosage|dosierung|dosis|posologia|einnahme|pauta|"
    r"times a day|mal täglich|veces al día|vezes ao dia|volte al giorno|"
    r"keer per dag|kali sehari|jabs?|flu shots?|"
    r"everyone|anyone|all staff|alle mitarbeiter\w*|tout le monde|todos|"
    r"aşı\w*|vaksin\w*|chanjo)(?![^\W\d_])"
    # inside a compound (`influensavaccin`, `Grippeimpfung`)
    r"|(?i:vaccin|vakzin|impfung|vaksin)"
    r"|\d\s?%\s(?:of|der|des|de|del|van|av|z|dei|degli)\s"
    r"|(?<![^\W\d_])1 (?:in|op|von|de|sur|em|su|na|av|z) \d"
)

# -- People -------------------------------------------------------------------

# Someone named in a script without capitals: a Japanese or Korean name with
# its honorific, a Hindi `जी`, an Arabic verb of having or taking with its
# person (`عنده`, `تعاني`), an employee.
MARKED_PERSON_RE = re.compile(
    r"[\u4e00-\u9fff\u30a0-\u30ff]{1,5}(?:さん|様|さま|氏|くん|ちゃん)|"
    r"[가-힣]{2,4}\s?(?:님|씨)|जी|उसे|उनको|उन्हें|"
    r"عنده|عندها|يأخذ|تأخذ|يعاني|تعاني|الموظف|الموظفة|زوجي|زوجتي|أمي|أبي|ابني|"
    # (s14) a relation as the subject (`母は`, `祖母が`, `어머니가`), a Chinese
    # name by its surname before a verb of being or undergoing (`张丽正在住院`)
    r"(?:祖母|祖父|母|父|妻|夫|息子|娘|兄|姉|弟|妹|義母|義父)(?:は|が|も|の|に)|"
    r"(?:母亲|父亲|妈妈|爸爸|奶奶|爷爷|外婆|外公|老婆|老公|儿子|女儿|哥哥|姐姐|"
    r"弟弟|妹妹)|(?:어머니|엄마|아버지|아빠|할머니|할아버지|아내|남편|아들|딸|"
    r"언니|오빠|누나|형|동생)(?:가|이|는|은|께서|의)|"
    r"(?<![\u4e00-\u9fff])[张王李赵刘陈杨黄周吴徐孙马朱胡郭何林高罗郑梁谢宋唐许"
    r"韩冯邓曹彭曾肖田董潘袁蔡蒋余于杜叶程魏苏吕丁任卢姚沈钟姜崔谭陆范汪廖石金"
    r"韦贾夏付方邹熊白孟秦邱侯江尹薛闫段雷龙黎史陶贺毛郝顾龚邵万钱戴严欧莫孔向常"
    r"汤康易乔赖文][\u4e00-\u9fff]{1,2}(?:正在|在|得了|患有|患了|确诊|被诊断|刚|"
    r"已经|最近|怀孕|住院)"
)
# A pronoun or a relation: the subject of a verb of having or being
# (`she has`, `elle est`, `sie ist`), or the owner of a condition (`her
# sensory processing disorder`, `my brother's`).
SUBJECT_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:he|she|he['’]s|she['’]s|il|elle|él|ella|ele|ela|lui|"
    r"lei|hij|zij|han|hon|(?-i:sie|er)|"
    r"(?:my|our|his|her|their|the user['’]s|user['’]s) (?:\w+ )?(?:wife|husband|"
    r"partner|mum|mom|mother|dad|father|son|daughter|kid|child|baby|brother|"
    r"sister|boyfriend|girlfriend|grand\w+|uncle|aunt|cousin|niece|nephew|"
    r"friend|colleague|boss|flatmate|roommate|co-?founder|manager|teammate|"
    r"neighbou?r|housemate|fianc[ée]e?|in-laws?|\w+-in-law|step\w+)|"
    # (s14) a relation named alone, as a family calls them (`Mormor har`,
    # `Omas Diagnose`, `U babci`, `A mi abuela`)
    r"grandma|grandpa|granny|oma|opa|omas|opas|mormor|farmor|morfar|farfar|"
    r"babci[ae]?|babcia|dziadek|dziadka|abuel[oa]|nonn[oa]|avó|avô|"
    r"(?:mon|ma|mes|son|sa|notre|ton|ta) (?:frère|sœur|soeur|mère|père|fils|"
    r"fille|mari|femme|copain|copine|conjoint|conjointe|grand-\w+|ami|amie|"
    r"collègue|belle-\w+|beau-\w+|voisin|voisine|patron|patronne|chef|"
    r"cheffe|associé|associée|coloc|compagne|compagnon|tante|oncle|cousin|"
    r"cousine|neveu|nièce)|"
    r"(?:mein|meine|meinem|meiner|seine|ihre|unser|unsere|dein|deine) "
    r"(?:mutter|vater|frau|mann|sohn|tochter|bruder|schwester|oma|opa|"
    r"freundin|freund|kollegin|kollege|nachbar|nachbarin|chef|chefin|partner|"
    r"partnerin|schwieger\w+|mitbewohner\w*|tante|onkel|cousin|cousine)|"
    r"(?:mi|su|tu|nuestra|nuestro) (?:madre|padre|esposa|esposo|mujer|marido|"
    r"hijo|hija|hermano|hermana|abuel[oa]|novi[oa]|amig[oa]|jef[ea]|"
    r"vecin[oa]|soci[oa]|compañer[oa]|pareja|suegr[oa]|tí[oa]|prim[oa])|"
    r"(?:minha|meu|sua|seu|nossa|nosso|tua|teu) (?:mãe|pai|esposa|marido|"
    r"filh[oa]|irmã|irmão|avó|avô|namorad[oa]|chefe|vizinh[oa]|sóci[oa]|"
    r"colega|companheir[oa]|sogr[oa]|ti[oa]|prim[oa])|"
    r"(?:mia|mio|sua|suo|nostra|nostro|tua|tuo) (?:madre|padre|moglie|marito|"
    r"figli[oa]|sorella|fratello|nonn[oa]|capo|vicin[oa]|soci[oa]|collega|"
    r"compagn[oa]|suocer[oa]|zi[oa]|cugin[oa])|"
    r"(?:mijn|zijn|haar|onze|ons) (?:moeder|vader|vrouw|man|zoon|dochter|broer|"
    r"zus|oma|opa|buurman|buurvrouw|baas|collega|partner|schoon\w+|tante|"
    r"oom|neef|nicht)|(?:min|mitt|hans|hennes|vår|vårt|din|ditt) (?:mamma|"
    r"pappa|fru|man|son|dotter|bror|syster|sambo|granne|chef|kollega|"
    r"svär\w+|faster|moster|farbror|morbror|kusin)|"
    r"(?:moja|mój|moje|nasza|nasz|mojej|mojego) (?:mama|mamy|matka|tata|taty|"
    r"ojciec|żona|mąż|syn|córka|brat|siostra|siostry|babcia|dziadek|sąsiad|"
    r"sąsiadka|szef|szefowa|kolega|koleżanka|partner|partnerka|teściowa|teść|"
    r"ciocia|wujek|kuzyn|kuzynka)|annem|babam|eşim|kardeşim|oğlum|kızım|"
    r"ablam|abim|dedem|anneannem|babaannem|teyzem|amcam|dayım|halam|"
    r"komşum|patronum|"
    r"beliau|suami saya|istri saya|anak saya|ibu saya|ayah saya|"
    r"mama yangu|baba yangu|usko|usne|unko|meri maa|mere papa|"
    r"anh ấy|cô ấy|mẹ tôi|bố tôi|vợ tôi|chồng tôi)(?![^\W\d_])"
)
OWNER_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:his|her|their|sein|seine|seinem|seiner|ihre|ihrem|"
    r"ihrer|son|sa|ses|su|sus|seu|sua|suo|zijn|haar|hans|hennes|jego|jej|uska|"
    r"uski)(?![^\W\d_])"
)


# The first words of SUBJECT_RE's and OWNER_RE's alternatives: the cheap
# test before them.
PERSON_TOKENS = frozenset(
    "he she il elle él ella ele ela lui lei hij zij han hon sie er my our "
    "user mon ma mes son sa mein meine meinem meiner seine ihre mi su minha "
    "meu sua seu mia mio suo mijn zijn haar min mitt hans hennes moja mój moje "
    "annem babam eşim kardeşim oğlum kızım beliau suami istri anak ibu ayah "
    "mama baba usko usne unko meri mere anh cô mẹ bố vợ chồng his her their "
    "sein seinem seiner ihrem ihrer ses sus jego jej uska uski "
    "grandma grandpa granny oma opa omas opas mormor farmor morfar farfar babci "
    "babcie babcia dziadek dziadka abuela abuelo nonna nonno avó avô notre ton "
    "ta unser unsere dein deine tu nuestra nuestro nossa nosso tua teu nostra "
    "nostro tuo onze ons vår vårt din ditt nasza nasz mojej mojego ablam abim "
    "dedem anneannem babaannem teyzem amcam dayım halam komşum patronum".split()
)
_TOKEN_RE = re.compile(r"[^\W\d_]+")


def _person_tokens(text: str) -> bool:
    return not PERSON_TOKENS.isdisjoint(_TOKEN_RE.findall(text.lower()))


def _subjects(text: str) -> Iterator[re.Match[str]]:
    return SUBJECT_RE.finditer(text) if _person_tokens(text) else iter(())


def _owners(text: str) -> Iterator[int]:
    if not _person_tokens(text):
        return iter(())
    return (m.end() for m in OWNER_RE.finditer(text))


# Words written with a capital that are nobody (sentence openers, labels,
# months, days, places' nouns).
NOT_NAMES = {
    "the", "this", "that", "these", "those", "our", "we", "you", "your", "it",
    "its", "a", "an", "i", "please", "note", "notes", "reminder", "update",
    "heads", "fyi", "hi", "hey", "hello", "dear", "thanks", "team", "class",
    "ticket", "claim", "booking", "form", "gala", "absence", "record",
    "request", "remember", "today", "tomorrow", "yesterday", "new", "next",
    "if", "when", "since", "after", "before", "so", "but", "and", "or",
    "also", "just", "still", "why", "what", "who", "how", "then", "there",
    "here", "all", "any", "every", "some", "no", "not", "yes", "ok", "okay",
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
    "sunday", "january", "february", "march", "april", "may", "june", "july",
    "august", "september", "october", "november", "december", "hr", "ceo",
    "cto", "cfo", "vp", "pm", "am", "eu", "uk", "us", "usa",
    "der", "die", "das", "den", "dem", "ein", "eine", "bitte", "heute",
    "morgen", "le", "la", "les", "un", "une", "el", "los", "las", "uno",
    "o", "os", "as", "um", "uma", "il", "lo", "gli", "de", "het", "een",
    "en", "et", "y", "e", "und", "och", "og", "w", "na", "z", "ve",
    "bu", "ya", "ni", "yang", "dan", "di", "ke", "tapi", "gente", "oye",
    "che", "ciao", "hola", "olá", "hallo", "salut", "bonjour", "hej",
    "nota", "promemoria", "recordatorio", "lembrete", "påminnelse", "rappel",
    "erinnerung", "herinnering", "przypomnienie", "hatırlatma", "catatan",
    "kumbukumbu", "nhắc", "ghi", "solicitação", "demande", "anfrage",
    "personalakte", "expediente", "verzuimmelding", "rehabplan",
    "skierowanie", "rujukan", "cuestionario", "questionnaire", "mediclaim",
    "atestado", "prenotazione", "inför", "pre", "post", "re", "fw", "fwd",
    "subject", "von", "cc", "user", "users", "customer", "client",
    "patient", "member", "employee", "staff", "flu", "covid", "blood",
    "mental", "health", "medical", "clinic", "hospital", "centre", "center",
    "praxis", "dr", "prof", "doctor", "nurse", "gp", "oh", "eap", "nhs",
    # places and bodies that treat, sell or study (`Praxis am Markt`)
    "klinik", "klinikum", "krankenhaus", "apotheke", "pharmacy", "farmacia",
    "pharmacie", "apotek", "apotheek", "hastanesi", "hastane", "institut",
    "institute", "instituut", "university", "universität", "universidad",
    "care", "group", "bank", "ltd", "inc", "gmbh", "street", "road", "square",
    "market", "markt", "city", "town", "ministry", "department", "service",
    "services", "week", "day", "month", "awareness", "foundation", "trust",
    "council", "school", "schule", "college", "office", "unit", "ward",
    "hinweis", "achtung", "wichtig", "info", "news", "tip", "tipp", "warning",
    "important", "faq", "q", "lane", "avenue", "model", "job", "vaga",
    "oferta", "stellenanzeige", "vacature", "opening", "seminar", "seminario",
    # honorifics: the name is the word after
    "mr", "mrs", "ms", "mx", "miss", "sr", "sra", "srta", "dona", "dom",
    "herr", "frau", "mme", "mlle", "sig", "pan", "pani", "pak", "ibu",
    "bapak", "mas", "mbak", "chị", "anh", "em", "cô", "chú", "ông", "bà",
    # months in the languages above
    "januar", "februar", "märz", "juni", "juli", "oktober", "dezember",
    "janvier", "février", "mars", "avril", "juin", "juillet", "août",
    "septembre", "octobre", "novembre", "décembre", "enero", "febrero",
    "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
    "octubre", "noviembre", "diciembre", "janeiro", "fevereiro", "março",
    "maio", "junho", "julho", "setembro", "outubro", "novembro", "dezembro",
    "gennaio", "febbraio", "aprile", "maggio", "giugno", "luglio", "ottobre",
    "dicembre", "januari", "februari", "maart", "mei", "augustus",
    # ministries, public health bodies (`Sağlık Bakanlığı:`)
    "ministerio", "ministère", "ministerium", "ministero",
    "ministerie", "bakanlığı", "kementerian", "wizara", "bộ", "kesehatan",
    "sağlık", "gesundheit", "salud", "saúde", "santé", "sanità", "zdrowia",
    "afya", "fundusz", "narodowy", "national", "federal", "public", "state",
    # a job or a department is no one (`Data Scientist salary`)
    "senior", "junior", "lead", "head", "engineer", "manager", "director",
    "developer", "analyst", "officer", "chief", "scientist", "specialist",
    "consultant", "coordinator", "assistant", "associate", "accountant",
    "administrator", "architect", "designer", "intern", "advisor", "adviser",
    "representative", "executive", "partner", "controller", "clerk",
    "technician", "teacher", "driver", "finance", "sales", "marketing",
    "operations", "engineering", "support", "legal", "product", "data",
    "software", "employees", "payroll", "salary", "annual", "base", "gross",
}  # fmt: skip
NAME_RE = re.compile(rf"(?<![\w'’@.-]){_UP}{_LOW}+(?:-{_UP}{_LOW}+)?(?![\w@]|-{_LOW})")
# A possessive (`Megan's insulin pump`, `Büşra'nın`), not a name's part
# (`Grey's Anatomy`).
POSSESSIVE_RE = re.compile(rf"['’](?:s|in|ın|un|ün|nin|nın)?(?![^\W\d_])(?!\s+{_UP})")
PLACE_BEFORE_RE = re.compile(
    r"(?i)(?:\b(?:the|at|in|on|from|near|into|im|am|zum|zur|beim|à|au|aux|en|"
    r"no|na|em|nel|nella|al|ao|à|dans|bei|op|w|we|ke|dari|kwa|tại|ở)|"
    r"[\d/])\s+$"
)
# A verb between a person and their health word (`Wouter is … in
# behandeling`, `Ida är sjukskriven`, `Arjun ko TB hai`, `Intan lagi hamil`).
LINK_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:is|was|has|had|have|got|gets|takes|took|needs|uses|"
    r"started|began|begun|restarted|suffers|suffered|lives with|"
    r"living with|travels with|carries|recovering|diagnosed|being|been|"
    r"won['’]t|can['’]t|isn['’]t|hasn['’]t|doesn['’]t|"
    r"because of|due to|"
    r"ist|hat|hatte|war|wird|muss|nimmt|leidet|bekommt|wegen|"
    r"est|a (?:été|eu|un|une|des|du|recommencé|commencé|fait)|n['’]est|ne|sera|"
    r"prend|souffre|recommencé|commencé|vit avec|"
    r"à cause d[eu]|"
    r"es|está|tiene|toma|lleva|fue|sigue|sufre|padece|han|le han|arrancó|"
    r"empezó|comenzó|vive con|"
    r"é|tem|tá|foi|vai|anda|segue|sofre|começou|por causa d[eoa]|"
    r"è|ha|sta|prende|soffre|iniziato|a causa d[ie]|"
    r"heeft|neemt|moet|zit|krijgt|gebruikt|leeft met|vanwege|"
    r"har|hade|är|var|tar|ska|får|fick|lever med|"
    r"ma|miał[ao]?|jest|był|była|bierze|choruje|cierpi|przyjmuje|z powodu|"
    r"ana|ana(?:tumia|umwa|ugua|pata|endelea|fanyiwa|hitaji|sumbuliwa)|ni|yuko|"
    r"alikuwa|amelazwa|kwa sababu|"
    r"lagi|sedang|kena|sudah|masih|rutin|punya|mengidap|menderita|karena|"
    r"bị|đang|mới|mắc|uống|vì|"
    r"ko|ne|ka|ki|ke|hai|"
    r"geçirdi|yüzünden|"
    # (s14) verbs of taking, told in passing (`hanno diagnosticato`, `slikt`,
    # `äter`, `kullanıyor`); since when, or how far along (`altı aylık hamile`)
    r"hanno|slikt|slikken|äter|kullanıyor|kullanır|alıyor|since|seit|sinds|"
    r"sedan|depuis|desde|beri|od|aylık|haftalık|months|weeks|monate|wochen|"
    r"mois|semaines|meses|semanas|mesi|settimane|maanden|weken|månader|veckor)"
    r"(?![^\W\d_])"
)
NEAR_WORDS = 8  # a person, a verb, then their health word within this many
LABEL_AFTER_RE = re.compile(r"\s?[:：]")  # `Declan Clarke: retinitis pigmentosa`
APPOSITION_RE = re.compile(r"\s?[,–—-]\s")  # `Camila Souza, gestante de 20 semanas`
APPOSITION_WORDS = 4
POSSESSIVE_WORDS = 4
OWNER_WORDS = 3
# A reminder to someone named: their medicine.
REMINDER_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:reminder|erinnerung|rappel|recordatorio|lembrete|"
    r"promemoria|påminnelse|herinnering|przypomnienie|hatırlatma|nhắc|"
    r"pengingat|kumbusho)(?![^\W\d_])"
)
# ... opening the note, or before its person (`Reminder for`, `… için
# hatırlatma:`): not `the medication reminder screen`
REMINDER_FRAME_RE = re.compile(
    r"\s*(?:for|per|para|pour|für|för|voor|dla|to|do|da|:|：|–|—)(?![^\W\d_])"
)
ROLE_BEFORE_RE = re.compile(
    r"(?i)\b(?:patient|paciente|pacjent\w*|patiënt|member|customer|client|"
    r"employee|passenger|passeggera|passeggero|traveller|traveler|pupil|"
    r"mitarbeiter\w*|employé\w*|funcionári\w*|dipendente|medewerker|"
    r"karyawan|pegawai|a\.n\.)\s+$"
)


# A capitalised plural noun as the subject of a plural verb opens a
# sentence about a group, not about someone: `Interns get 1,200 USD a
# month`, `Nurses often have back pain`. A name ending in s takes the verb's
# -s (`Thomas gets`, `Lucas has`); two people (`Ana and Lucas earn`) are
# told by the `and` before.
PLURAL_SUBJECT_RE = re.compile(
    r"[ \u00a0]+(?:(?:often|usually|typically|generally|mostly|normally|also|"
    r"all|still|now|sometimes|rarely|both|each|only)[ \u00a0]+)?"
    r"(?:get|earn|make|have|owe|pay|take|receive|are|were|suffer|need|"
    r"start|live|tend)\b"
)
COMPOUND_BEFORE_RE = re.compile(r"(?:\band|&|,)[ \u00a0]*$")


def _group_subject(sentence: str, start: int, end: int, word: str) -> bool:
    """Tell whether `word` (at start:end) is a plural noun governing a plural verb."""
    return (
        word.endswith("s")
        and not word.endswith("ss")
        and PLURAL_SUBJECT_RE.match(sentence, end) is not None
        and not COMPOUND_BEFORE_RE.search(sentence[:start])
    )


def _names(
    sentence: str, terms: list[tuple[int, int]]
) -> Iterator[tuple[int, int, bool]]:
    """Yield the capitalised names in `sentence`: start, end, a full name?"""
    for match in NAME_RE.finditer(sentence):
        start, end = match.span()
        word = match.group()
        if word.lower() in NOT_NAMES or any(s < end and start < e for s, e in terms):
            continue
        if _group_subject(sentence, start, end, word):
            continue
        before = sentence[max(0, start - 24) : start]
        # the second word of a name is judged with the first; a place, a
        # doctor's practice (`Dr. Patel's`) is no one's health
        previous = NAME_BEFORE_RE.search(before)
        # (s14) a term before the name is no first name (`Gaji Budi`)
        at = max(0, start - 24) + previous.start(1) if previous else -1
        if (
            (
                previous
                and previous.group(1).lower() not in NOT_NAMES
                and not any(s <= at < e for s, e in terms)
            )
            or PLACE_BEFORE_RE.search(before)
            or DOCTOR_BEFORE_RE.search(before)
        ):
            continue
        full = FULL_NAME_RE.match(sentence, start)
        if full:
            if full.group(2).lower() not in NOT_NAMES and not ORG_AFTER_RE.match(
                sentence, full.end()
            ):
                yield start, full.end(), True
            continue
        yield start, end, False


def _words(text: str) -> int:
    """Count the words of `text` (a dash or a colon is none)."""
    return sum(1 for w in text.split() if any(c.isalnum() for c in w))


CAPITAL_WORD_RE = re.compile(rf"(?<![\w'’@.-]){_UP}{_LOW}+")


RELATION_WORDS = 2  # a relation, then their health word this near, no verb


def _relation(subject: re.Match[str]) -> bool:
    """Tell a relation (`my sister`, `Oma`) from a bare pronoun (`she`)."""
    word = subject.group().lower()
    return " " in word and word not in ("anh ấy", "cô ấy") or word in KIN_WORDS


KIN_WORDS = frozenset(
    "grandma grandpa granny oma opa omas opas mormor farmor morfar farfar babci "
    "babcie babcia dziadek dziadka abuela abuelo nonna nonno avó avô annem "
    "babam eşim kardeşim oğlum kızım ablam abim dedem anneannem babaannem "
    "teyzem amcam dayım halam komşum patronum".split()
)


def _someones(body: str, terms: list[tuple[int, int]]) -> bool:
    """Tell whether a person in `body` is tied to one of its health words."""
    if body.isascii() and not _person_tokens(body):
        capitals = CAPITAL_WORD_RE.findall(body)
        if all(word.lower() in NOT_NAMES for word in capitals):
            return False  # no name, pronoun or relation: no one's
    if not body.isascii() and MARKED_PERSON_RE.search(body):
        return True
    reminder = REMINDER_RE.search(body)
    if (
        reminder
        and (
            not body[: reminder.start()].strip()
            or REMINDER_FRAME_RE.match(body, reminder.end())
        )
        and DOSE_RE.search(body)
        and next(_names(body, terms), None)
    ):
        return True  # `Promemoria per Andrea Russo: ritirare Xanax 0,25 mg`
    people = [(s, e, full, False) for s, e, full in _names(body, terms)]
    people += [(m.start(), m.end(), False, _relation(m)) for m in _subjects(body)]
    owners = list(_owners(body))
    for t_start, t_end in terms:
        # an everyday word (`injury`, `allergic`, `mental health`) is health
        # data in a record about a named person, not in a chat's first name
        mild = MILD_TERM_RE.fullmatch(body, t_start, t_end) is not None
        if not mild and any(
            t_start - o >= 0 and _words(body[o:t_start]) <= OWNER_WORDS for o in owners
        ):
            return True
        for start, end, full, relation in people:
            if end > t_start or (mild and not full):
                continue
            between = body[end:t_start]
            words = _words(between)
            if ROLE_BEFORE_RE.search(body, 0, start):
                return True
            if relation and words <= RELATION_WORDS:
                return True  # `A mi abuela le diagnosticaron`, `U babci wykryli`
            if words <= NEAR_WORDS and LINK_RE.search(between):
                return True
            if POSSESSIVE_RE.match(between) and words <= POSSESSIVE_WORDS:
                return True
            if full and LABEL_AFTER_RE.match(between):
                return True
            if full and APPOSITION_RE.match(between) and words <= APPOSITION_WORDS:
                return True
    return False


MILD_TERM_RE = re.compile(
    r"(?i)injur\w*|allerg(?:y|ies|ic)|mental health|rehab|counsel\w*|therap\w*|"
    r"sick|ill|illness|pills?|medicine|flu"
)
NAME_BEFORE_RE = re.compile(rf"({_UP}[\w]*)['’\w]*\.?[ \u00a0]+$")
DOCTOR_BEFORE_RE = re.compile(r"(?i)\b(?:dr|dra|prof|doctor|doktor|docteur)\.?\s+$")
ORG_AFTER_RE = re.compile(
    r"[ \u00a0]+(?i:health|hospital|clinic|centre|center|care|group|trust|pharma|"
    r"society|foundation|institute|university|bank|ltd|inc|gmbh|medical|labs?)"
    r"(?![\w-])"
)
# A health word naming a place, a product or a field, not a state
# (`surgical ward`, `insulin pens`, `flu clinics`, `treatment plant`).
TERM_NOUN_AFTER_RE = re.compile(
    r"(?i)[ \t-]+(?:clinics?|suite|ward|centre|center|units?|department|"
    r"drugs?|pens?|plants?|research|nurses?|specialists?|services?|spot|"
    r"programm?e?s?|awareness|charity|society|trust|foundation|market|"
    r"industry|sales|ads?|app|products?|shop|store|team|network|study|"
    r"studies|trials?|vaccines?|jabs?|shots?|screening|tests?|kits?)(?![^\W\d_])"
)


SENTENCE_RE = re.compile(
    r"[^\n.!?。]+(?:(?:[.!?。](?!\s|$)|(?<=\d)\.\s(?=\S)"
    r"|(?:(?<=\b[SDM][rst])|(?<=\b(?:Sra|Mrs)))\.)[^\n.!?。]*)*"
)
CLAUSE_END_RE = re.compile(r"[.!?;](?=\s|$)|[,(]|\s[-–—]\s|。|、|،|\n")


SHORT_NOTE = 400
FULL_NAME_RE = re.compile(
    rf"(?<![\w'’@.-])({_UP}{_LOW}+)[ \u00a0](?:de |van |von |da |dos |del )?"
    rf"((?:Mc|Mac|O['’])?{_UP}{_LOW}+)(?![\w@-])"
)


def _alternatives(pattern: str) -> list[str]:
    """Split a regular expression's top level at its bars."""
    parts, depth, start, escaped = [], 0, 0, False
    for i, c in enumerate(pattern):
        if escaped:
            escaped = False
        elif c == "\\":
            escaped = True
        elif c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == "|" and depth == 0:
            parts.append(pattern[start:i])
            start = i + 1
    return [*parts, pattern[start:]]


# The cheap test before HEALTH_TERM_RE (the scan's dearest expression): a
# word of the text starts as one of the stems does (their first five
# letters, or all of a shorter stem's), ends as a medicine's family does, or
# holds a compound's part; scripts without spaces go to the expression.
_STEM_HEADS: dict[int, set[str]] = {}
HEAD_SIZE = 7
for _stem in _alternatives(HEALTH_STEMS):
    _head = re.match(
        r"[^\W\d_](?:[^\W\d_]| (?=[^\W\d_]))*", _stem.replace("(?-i:", "").lower()
    )
    if _head and len(_head.group()) >= 3:
        _key = _head.group()[:HEAD_SIZE]
        _STEM_HEADS.setdefault(len(_key), set()).add(_key)
# the stems with a shorter head, and the acronyms
_STEM_HEADS.setdefault(2, set()).update({"tb", "op", "l4", "mổ", "ốm", "ms"})
_STEM_HEADS[3].update({"ibs", "ssw", "ggz", "cid", "dbd"})
_STEM_HEADS[4].update({"pcos", "emdr"})
_STEM_HEADS[3].update({"cbt", "ocd", "cfs", "hrt"})
_STEM_HEADS[4].add("prep")
# the acronyms in a case-sensitive group: their heads are read from the
# group's first alternative only
_STEM_HEADS[4].update({"adhd", "adhs", "tdah", "copd"})
_STEM_HEADS[5].update({"médic", "medic", "anemi", "anaem", "hospi", "hôpit", "osped"})
_STEM_HEADS[5].update({"zieke", "sjukh", "szpit", "rumah", "secti"})
DRUG_ENDINGS = (
    "pril", "sartan", "sartán", "statin", "olol", "azepam", "azolam", "oxetin",
    "oxetine", "oxetina", "tralin", "traline", "tralina", "formin", "formina",
    "thyroxin", "prazol", "prazole", "cillin", "cilina", "triptan",
    # (s14)
    "glutide", "glutid", "patide", "xaban", "faxine", "faxin", "mab", "tinib",
    "apine", "apina", "apin", "idone", "lukast", "gliflozin", "gliptin",
    "talopram", "dipin", "dipine", "dipino",
)  # fmt: skip
COMPOUND_PARTS = (
    "allergi", "krank", "sjuk", "ziek", "diabet", "infarkt", "krebs", "tumor",
    "therapie", "entzünd", "insuffizienz", "amputation", "kanker", "cancer",
)  # fmt: skip
WORD_RE = re.compile(r"[^\W\d_]+")
DOSE_UNIT_RE = re.compile(r"(?i)\d\s?(?:mg|µg|μg|mcg|iu|ie|ملغ)(?![^\W\d_])")


COMPOUND_RE = re.compile(
    r"(?i)[^\W\d_]*(?:allergi|krank|sjuk|ziek|diabet|infarkt|krebs|tumor|"
    r"therapie|entzünd|insuffizienz|amputation|kanker|cancer)[^\W\d_]*"
)


def _trie(words: set[str]) -> str:
    """A regular expression matching any of `words`, branching letter by
    letter (one alternative per first letter: the engine tries few)."""
    tree: dict = {}
    for word in words:
        node = tree
        for letter in word:
            node = node.setdefault(letter, {})
        node[""] = {}

    def pattern(node: dict) -> str:
        branches = [re.escape(k) + pattern(v) for k, v in sorted(node.items()) if k]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return pattern(tree)


# Where a word starts as a stem does (the cheap test before HEALTH_TERM_RE).
HEAD_RE = re.compile(r"(?<![^\W\d_])" + _trie(set().union(*_STEM_HEADS.values())))
# `in hospital`, `im Krankenhaus`: a stem led by a small word
HOSPITALS = (
    "hospital", "krankenhaus", "hôpital", "ospedale", "ziekenhuis", "sjukhus",
    "szpital", "rumah sakit",
)  # fmt: skip
DRUG_ENDING_RE = re.compile(
    "(?:" + "|".join(DRUG_ENDINGS) + r")(?:[aeęąyu]|em|om)?(?![^\W\d_])"
)


def _health_terms(text: str) -> list[tuple[int, int]]:
    """The health words of `text`: HEALTH_TERM_RE tried only where a word
    starts as a stem does (the cheap test), and the compounds and scripts."""
    spans: list[tuple[int, int]] = []
    lower = text.lower()
    if len(lower) == len(text):
        starts = [m.start() for m in HEAD_RE.finditer(lower)]
    else:  # a letter whose lower case is longer (`İ`): every word
        starts = [m.start() for m in WORD_RE.finditer(text)]
    reach = 0
    for start in starts:
        if start < reach:
            continue
        term = HEALTH_TERM_RE.match(text, start)
        if term:
            spans.append(term.span())
            reach = term.end()
    if DRUG_ENDING_RE.search(lower) or any(h in lower for h in HOSPITALS):
        spans += [
            m.span()
            for m in HEALTH_TERM_RE.finditer(text)
            if not any(s <= m.start() < e for s, e in spans)
        ]
    if any(part in lower for part in COMPOUND_PARTS):
        spans += [
            m.span()
            for m in COMPOUND_RE.finditer(text)
            if not any(s <= m.start() < e for s, e in spans)
        ]
    if not text.isascii():
        spans += [m.span() for m in HEALTH_SCRIPT_RE.finditer(text)]
    return spans


def health_statements(text: str) -> Iterator[Found]:
    """Someone's condition, treatment or dosed medicine, sentence by sentence."""
    found = _health_terms(text)
    if DOSE_UNIT_RE.search(text):
        found += [m.span() for m in DOSE_RE.finditer(text)]
    if not found:
        return
    findings = list(_health_findings(text, found))
    if findings and not PUBLIC_RE.search(text):
        yield from findings


def _health_findings(text: str, found: list[tuple[int, int]]) -> Iterator[Found]:
    """The sentences of `text` whose health words `found` are someone's."""
    # a short note or a form naming someone by a full name (`Name: …` on
    # one line, the condition on the next) is about them throughout
    named = len(text) <= SHORT_NOTE and any(
        m.group(1).lower() not in NOT_NAMES and m.group(2).lower() not in NOT_NAMES
        for m in FULL_NAME_RE.finditer(text)
        if re.match(r"[ \t]*(?:[:\n.]|$)", text[m.end() :])
    )
    for sentence in SENTENCE_RE.finditer(text):
        body = sentence.group()
        at = sentence.start()
        terms = [
            (start - at, end - at)
            for start, end in found
            if at <= start
            and end <= sentence.end()
            and not TERM_NOUN_AFTER_RE.match(body, end - at)
        ]
        if not terms or not (named or _someones(body, terms)):
            continue
        first = min(s for s, _ in terms)
        last = max(e for _, e in terms)
        stop = CLAUSE_END_RE.search(body, last)
        end = stop.start() if stop else len(body)
        value = body[first:end].rstrip()
        yield HEALTH, at + first, at + first + len(value), value, value.lower()


# -- Money ----------------------------------------------------------------------

# An amount in a currency: a symbol or a code before or after the number, a
# Korean, Japanese or Chinese unit after it (`1,550만 원`, `1,798万円`).
_MONEY_UNIT = (
    r"(?:[$€£¥₹₩₺₽₦₱₪₴₸฿₫]|R\$|(?-i:R)(?=\s?\d)|Rp\.?|K[Ss]h\.?|TL|zł|kr|Kč|"
    r"Ft|lei|RM|S\$|HK\$|A\$|NZ\$|C\$|CHF|EUR|USD|GBP|INR|PLN|SEK|NOK|DKK|CZK|"
    r"HUF|RON|AUD|CAD|NZD|JPY|CNY|HKD|SGD|ZAR|NGN|KES|GHS|TZS|UGX|BRL|MXN|ARS|"
    r"COP|CLP|PEN|TRY|AED|SAR|EGP|IDR|MYR|PHP|THB|VND|PKR|BDT|LKR|"
    r"جنيه|ريال|درهم|دينار|ليرة)"
)
_MONEY_NUMBER = (
    r"\d{1,3}(?:[,.' \u00a0\u202f]\d{2,3})+(?:[.,]\d{2})?|\d{3,9}(?:[.,]\d{2})?"
)
AMOUNT_RE = re.compile(
    rf"(?<![0-9A-Za-zÀ-ÿ.,])(?:(?:{_MONEY_UNIT}\s?(?:{_MONEY_NUMBER})|(?:{_MONEY_NUMBER})\s?"
    rf"{_MONEY_UNIT})(?![\w])|(?:{_MONEY_NUMBER}|\d+)\s?(?:(?:만|억|천)?\s?원|"
    r"(?:万|億|千)?円|(?:万|亿)?元)"
    # (s14) thousands with `k`, a currency's sign or not (`£10k`, `27k in
    # the hole`, `arrears hit 14k`)
    rf"|(?:{_MONEY_UNIT}\s?)?\d{{1,3}}(?:[.,]\d{{1,2}})?\s?[kK](?![\w])"
    # lakhs and crores, millions in words, Vietnamese and Indonesian units
    # (`₹18 lakh`, `25 triệu đồng`, `8,5 juta`)
    rf"|(?:{_MONEY_UNIT}\s?)?\d{{1,4}}(?:[.,]\d{{1,2}})?\s?(?:lakhs?|lacs?|crores?|"
    r"LPA|triệu|tỷ|juta|jt|ribu|rb|miliar|mil)(?:\s?(?:đồng|VND|rupees|rupiah|"
    r"reais|pesos|euros))?"
    # (not millions and billions: a company's, a city's, a country's)
    r"(?![\w]))"
)
# Earning, being paid, owing, borrowing, a credit file: the words that make
# an amount someone's (by stem, so their inflections come along).
MONEY_WORDS = (
    r"earn\w*|salar\w*|wage\w*|take-home|pay (?:rise|raise|cut)|payslip\w*|"
    r"(?:is|gets|got|was) paid|income|package|base\b|bonus\w*|"
    r"ctc|compensation|owe\w*|debt\w*|loan\w*|mortgage\w*|arrears|"
    r"outstanding|overdra\w*|behind on|defaulted|bankrupt\w*|"
    r"verdien\w*|gehalt\w*|lohn\w*|brutto|netto|schulde\w*|kredit\w*|"
    r"darlehen|hypothek\w*|dispo\w*|rückstand\w*|pfändung\w*|insolven\w*|"
    r"schufa\w*|"
    r"gagne\w*|touche\w*|salaire\w*|revenu\w*|doit|dette\w*|crédit\w*|prêt\w*|"
    r"découvert\w*|impayé\w*|gana\b|ganan|cobra\b|cobran|sueldo\w*|"
    r"salario\w*|ingreso\w*|debe\b|deben|deuda\w*|préstamo\w*|hipoteca\w*|"
    r"ganha\w*|recebe\w*|salário\w*|vencimento\w*|renda\b|deve\b|devend\w*|"
    r"devia|dívida\w*|"
    r"empréstimo\w*|financiamento\w*|negativad\w*|guadagn\w*|stipendi\w*|"
    r"(?-i:RAL)|retribuzion\w*|debit\w*|mutuo|prestit\w*|salaris\w*|loon\b|"
    r"bruto|schuld\w*|lening\w*|hypothe\w*|achterstand\w*|tjänar|lön\w*|"
    r"månadslön|skuld\w*|lån\w*|bolån\w*|betalningsanmärkning\w*|zarabia\w*|"
    r"pensj\w*|wynagrodzeni\w*|dług\w*|kredyt\w*|pożyczk\w*|zadłużeni\w*|"
    r"kazan\w*|maaş\w*|borç\w*|kredi\b|gaji\w*|penghasilan|utang\w*|hutang\w*|"
    r"pinjaman|cicilan|tunggakan|mshahara|analipwa|deni\b|mkopo|anadaiwa|"
    r"tankhwa\w*|karz\w*|emi\b|emis\b|lương|nợ|khoản vay|"
    r"راتب|الراتب|دين|ديون|قرض|يتقاضى|"
    r"연봉|월급|급여|빚|카드빚|대출|年収|月収|給料|給与|借金|ローン|工资|月薪|年薪|贷款|欠|"
    # (s14) borrowing and lending; being in debt, said plainly
    r"borrow\w*|lent|lend\w*|in the hole|in the red|in debt|"
    # a benefit or an allowance a person is paid (`Universal Credit`, `PIP`,
    # `RSA`, `Bürgergeld`, `SASSA grant`)
    r"allowance|benefits?|universal credit|(?-i:PIP|RSA|SASSA|ESA|JSA|AAH|ALG)|"
    r"pension\w*|bürgergeld|hartz|arbeitslosengeld|chômage|allocation\w*|"
    r"subsidio\w*|bolsa família|auxílio\w*|welfare|award\w*|grant|"
    r"pensi[óo]n\w*|pensão|pensione|emerytur\w*|aposentadoria|kindergeld|"
    r"wohngeld|elterngeld|krankengeld|ingreso mínimo|(?-i:AOW|CAF|APL|DLA)|"
    # borrowed, lent, behind on payments, in the red, in other languages
    r"prestad[oa]s?|emprest\w*|emprunt\w*|geliehen|leih\w*|pożycz\w*|"
    r"lånade|lånt|geleend|ödünç|atrasos|en mora|morosidad|im minus|"
    r"in den miesen|no vermelho|en (?:números )?rojos|in rosso|dans le rouge|"
    r"in het rood|"
    # how often it comes: income told with its period (`on £109,500 a year`)
    r"(?:(?:a|per|every|each) (?:year|month|week|annum|fortnight|four weeks)|"
    r"p\.a\.|par (?:mois|an)|al (?:mes|año|mese)|por (?:mes|año|ano)|"
    r"pro (?:monat|jahr)|im (?:monat|jahr)|per (?:maand|jaar)|i månaden|"
    r"om året|miesięcznie|rocznie|yıllık|sebulan|per bulan|setahun|por mês|"
    r"ao mês|por ano|ao ano|al año|mensais|mensuales|mensili|monatlich|"
    r"mensuel\w*|/(?:month|mo|yr|year|mes|mês|monat|mois))(?![^\W\d_])"
)
MONEY_WORD_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:" + MONEY_WORDS + r")|빚|ローン|借金|欠|(?i:kredit|schuld)"
)
# An Arabic `of` before a name: `الراتب الشهري لـمنى` (Mona's monthly pay)
ARABIC_WHOSE_RE = re.compile(r"(?:^|\s)لـ?[\u0621-\u064a]{2,}")
# The cheap tests: a currency's sign or code beside a digit, a score's word.
MONEY_GATE_RE = re.compile(
    r"[$€£¥₹₩₺₽₦₱₪₴₸฿₫원円元]|[A-Za-zł]\s?\d|\d\s?[A-Za-złجريدل]"
)
SCORE_WORDS = (
    "fico", "experian", "equifax", "transunion", "cibil", "schufa", "score",
    "puntaje", "kredi notu", "bonität",
)  # fmt: skip
# A credit file's score by its bureau (`FICO is 617`, `CIBIL score 569`).
CREDIT_SCORE_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:fico|experian|equifax|transunion|cibil|schufa|"
    r"credit score|score de crédito|puntaje de crédito|score de crédit|"
    r"kredi notu|bonität\w*)(?:\s+(?:credit\s+)?score)?(?:\s+(?:is|of|was|at|"
    r"de|ist|von))?\s*[:=-]?\s*\d{3}(?!\d)"
)
# A sum that is no one's: a job's range, an average, a budget (the S9 list,
# and its range between two amounts).
NOT_ONES_MONEY_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:average|median|mean|budget\w*|pool|range|band|"
    r"minimum|maximum|per employee|per head|headcount|benchmark|market rate|"
    r"job (?:ad|post)|vacanc\w*|opening|position|we offer|levels? page|"
    r"durchschnitt\w*|mindestlohn|moyen\w*|médian\w*|promedio|presupuesto|"
    r"średni\w*|gemiddeld\w*|faixa|oferta|vaga|vacature|stellenanzeige|"
    r"채용|求人|invoice|factura|fatura|rechnung|facture|fattura|"
    r"price|prijs|preis|prix|precio|preço|prezzo|"
    # (s14) what a thing costs over time, not what a person is paid
    r"subscription\w*|membership|costs?|kostet|coûte|cuesta|custa|costa|"
    r"per (?:user|seat)|licen[cs]e\w*)(?![^\W\d_])"
    r"|\d\s?[kK]?\s?(?:–|—|-|~|to|bis|a|até|à)\s?[$€£]?\s?\d"
)
MONEY_NEAR_WORDS = 8


# (s14) The writer's own: `my mortgage arrears`, `mon salaire`, `mi deuda`.
MY_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:my|our|mon|ma|mes|mi|mis|meu|minha|mein|meine|meinen|"
    r"mijn|min|mitt|mina|mój|moja|moje|il mio|la mia)(?![^\W\d_])"
)


def _money_tied(body: str, words: list[tuple[int, int]]) -> bool:
    """Tell whether a person in `body` is the one a money word is about."""
    if not body.isascii() and (
        MARKED_PERSON_RE.search(body) or ARABIC_WHOSE_RE.search(body)
    ):
        return True
    people = [(s, e, full) for s, e, full in _names(body, words)]
    people += [(m.start(), m.end(), False) for m in _subjects(body)]
    owners = list(_owners(body)) + [m.end() for m in MY_RE.finditer(body)]
    for w_start, w_end in words:
        if any(
            w_start - o >= 0 and _words(body[o:w_start]) <= OWNER_WORDS for o in owners
        ):
            return True
        for start, end, full in people:
            if end <= w_start:
                between = body[end:w_start]
                if _words(between) <= MONEY_NEAR_WORDS or (
                    full and LABEL_AFTER_RE.match(between)
                ):
                    return True
            elif start >= w_end and _words(body[w_end:start]) <= OWNER_WORDS:
                return True  # `Gaji Ayu`, `salary of Tom`, `Vencimento da Joana`
    return False


# (s14) A record's money fields (`"outstanding_debt": 328000`) in a record
# that names its person (`"applicant": "Anika Sharma"`).
MONEY_FIELD_RE = re.compile(
    r"(?i)[\"']?\w*(?:debt|income|salary|salaries|wage|arrears_amount|owed|"
    r"loan_amount|earnings|gehalt|salario|salaire)\w*[\"']?\s*[:=]\s*[\"']?"
    r"(?P<value>\d[\d,.]{2,}\d)(?![\w.])"
)
HOLDER_FIELD_RE = re.compile(
    r"(?i)[\"']?\w*(?:name|applicant|employee|customer|client|borrower|holder|"
    r"debtor|tenant)\w*[\"']?\s*[:=]\s*[\"']?"
    rf"(?-i:{_UP}{_LOW}+(?:[ \u00a0]+(?:(?:de|van|von|da|dos|del) )?{_UP}{_LOW}+)+)"
)


def money_fields(text: str) -> Iterator[Found]:
    """The money fields of a record that names a person by a full name."""
    if ":" not in text and "=" not in text:
        return
    if not HOLDER_FIELD_RE.search(text) or BUSINESS_RE.search(text):
        return
    for match in MONEY_FIELD_RE.finditer(text):
        value = match.group("value")
        start = match.start("value")
        yield SALARY, start, start + len(value), value, re.sub(r"\D", "", value)


# (s14) The user's own pay or debt, told in a note about them (`note: user
# earns £105,500 gross`): theirs, though `user` names no one else.
USER_MONEY_RE = re.compile(
    r"(?i)(?<![^\W\d_])user (?:earns|makes|owes|borrowed|takes home|is paid|"
    r"gets paid|is on)(?![^\W\d_])"
)
CLAUSE_BREAK_RE = re.compile(r"[,;]\s|\s[—–-]\s")


def _no_ones_money(body: str, amounts: list[re.Match[str]]) -> bool:
    """Tell whether a word of no one's money (a budget, an average, a price)
    shares a clause with an amount: `…, wants a budget` after `user earns
    £105,500 gross` is another clause's."""
    for word in NOT_ONES_MONEY_RE.finditer(body):
        for amount in amounts:
            start, end = sorted((word.start(), amount.start()))
            if not CLAUSE_BREAK_RE.search(body, start, end):
                return True
    return False


def money_of_person(text: str) -> Iterator[Found]:
    """What a person earns or owes, or their credit score."""
    lower = text.lower()
    if any(w in lower for w in ("debt", "income", "salar", "wage", "owed", "loan")):
        yield from money_fields(text)
    if not (
        (MONEY_GATE_RE.search(text) and AMOUNT_RE.search(text))
        or (any(w in lower for w in SCORE_WORDS) and CREDIT_SCORE_RE.search(text))
    ):
        return
    for sentence in SENTENCE_RE.finditer(text):
        body = sentence.group()
        scores = list(CREDIT_SCORE_RE.finditer(body))
        amounts = list(AMOUNT_RE.finditer(body))
        if not scores and not amounts:
            continue
        words = [m.span() for m in MONEY_WORD_RE.finditer(body)]
        words += [m.span() for m in scores]
        if not words or _no_ones_money(body, [*scores, *amounts]):
            continue
        if not (_money_tied(body, words) or USER_MONEY_RE.search(body)):
            continue
        for match in [*scores, *amounts]:
            value = match.group()
            at = sentence.start() + match.start()
            yield SALARY, at, at + len(value), value, re.sub(r"\s", "", value).upper()


# A table's pay or debt column (`employee,annual_salary` then `Ana Lima,57000`).
MONEY_COLUMN_RE = re.compile(
    r"(?i)(?:salary|salaries|wage|pay|income|compensation|gehalt|lohn|salaire|"
    r"sueldo|salario|salário|stipendio|salaris|lön|pensja|maaş|gaji|debt|"
    r"owed|balance_owed|arrears)"
)


def money_columns(text: str) -> Iterator[Found]:
    """The amounts in a table's pay column, on rows that name a person."""
    lines = text.split("\n")
    for delimiter in (",", ";", "\t", "|"):
        header = next((i for i, line in enumerate(lines) if delimiter in line), None)
        if header is None:
            continue
        cells = [c.strip() for c in lines[header].split(delimiter)]
        columns = [i for i, c in enumerate(cells) if MONEY_COLUMN_RE.search(c)]
        if not columns:
            continue
        offset = sum(len(line) + 1 for line in lines[: header + 1])
        for line in lines[header + 1 :]:
            row = line.split(delimiter)
            if len(row) == len(cells) and any(
                FULL_NAME_RE.fullmatch(c.strip()) for c in row
            ):
                for i in columns:
                    value = row[i].strip()
                    if re.fullmatch(r"\d[\d,.' ]{2,}", value):
                        cell = offset + sum(len(c) + 1 for c in row[:i])
                        at = cell + len(row[i]) - len(row[i].lstrip())
                        yield SALARY, at, at + len(value), value, value
            offset += len(line) + 1
        return


# -- Bank accounts ----------------------------------------------------------------

# A company's account, an invoice's: no one's personal data.
BUSINESS_RE = re.compile(
    r"(?<![^\W\d_])(?:Ltd|Ltda|LLC|Inc|GmbH|Pvt|Pty|Tbk|S\.?A\.?|S\.?R\.?L\.?|"
    r"S\.?L\.?|SARL|SAS|BV|AB|Co\.|Corp|PT|CV|C\.V\.|A\.Ş\.|LLP|PLC|plc)(?![^\W\d_])"
    r"|(?i:invoice|factura|fatura|rechnung|facture|fattura|nota fiscal|cuit|"
    r"cnpj|company|empresa|firma|remit to|terms:|supplier|vendor|proveedor|"
    r"fornecedor|loja|store|shop|canteen|school|escola|prefeitura|yayasan|"
    r"foundation|donat\w*|donasi|spende\w*|charity|hotel|church|igreja|"
    r"iglesia|club|associa\w*|asociaci\w*|verein|agency|iptu|imposto|"
    r"impuesto|utility|sample|example|test|fixture|dummy|fake)"
)
# Whose account: a name after `of`/`de`/`da`/`a.n.`/`của`, before a
# possessive, a colon or a verb of saying, or as a record's `name` field.
WHOSE_NAME_RE = re.compile(
    rf"(?:(?i:\b(?:of|for|to|de|da|do|del|di|von|van|a\.n\.|của|ya|chị|anh|em|"
    rf"pak|bu|customer|client|member)))\s+{_UP}{_LOW}+"
    rf"|(?<![\w.]){_UP}{_LOW}+(?:\s{_UP}{_LOW}+)?(?:['’]s?\b|\s?:|\s(?:said|says|"
    rf"told|asked|wants|needs|sent|ne|ka|ki|ko)\b)"
    r'|"(?:name|full_?name|holder|beneficiary)"\s*:\s*"'
)
# A national account's label, then (after a name, a bank, a colon) its
# number: Argentina's CBU/CVU, Mexico's CLABE, Brazil's agência and conta,
# Canada's folio, Indonesia's rekening, Vietnam's STK, Korea's 계좌, Japan's
# 普通/当座 (ordinary and current accounts), an account number field.
ACCOUNT_LABEL_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:cbu|cvu|clabe|conta(?: corrente| poupança)?|"
    r"c/c|cuenta(?: corriente| de ahorros?)?|folio|compte|rekening|"
    r"no\.? rek\.?|stk|số tài khoản|account(?:_| )?(?:number|no\.?)|"
    r"acct(?:_| )?(?:number|no\.?)?|a/c|kontonummer|rekeningnummer|"
    r"numer konta|hesap no)(?![^\W\d_])|계좌|口座|普通|当座|振込先"
)
ACCOUNT_AFTER_LABEL_RE = re.compile(
    r"[^\n\d]{0,48}?(?P<value>(?<![\w-])\d[\d -]{4,30}\d(?:-\d)?)(?![\w-]|[.,]\d)"
)
ARG_ALIAS_RE = re.compile(
    r"(?i)\balias\b[^\n]{0,30}?(?:\s|:)(?P<value>[a-z0-9]+(?:\.[a-z0-9]+){1,3})"
    r"(?![\w.@])"
)
PIX_KEY_RE = re.compile(
    r"(?i)\bpix\b[^\n]{0,60}?(?P<value>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-"
    r"[0-9a-f]{4}-[0-9a-f]{12})"
)
UPI_RE = re.compile(
    r"(?<![\w.@-])(?P<value>[\w.-]{3,}@(?:ybl|axl|ibl|okaxis|oksbi|okhdfcbank|"
    r"okicici|paytm|upi|apl|yapl|ptyes|ptsbi|pthdfc|ptaxis|ikwik|jio|airtel|"
    r"fbl|axisbank|icici|sbi|hdfcbank|kotak|indus|federal|pnb|cnrb|"
    r"unionbank|idfcbank|rbl|waicici|wahdfcbank|wasbi|waaxis))(?![\w.@])"
)
# A bank's name right before a number: `GTBank 4404934328`, `BCA 9467547477`
BANK_NAME_NUMBER_RE = re.compile(
    r"(?<![^\W\d_])(?:[A-Z][A-Za-z]*[Bb]ank|(?-i:BCA|BRI|BNI|BSI|Mandiri|Opay|"
    r"Kuda|Moniepoint|Zenith|Access|UBA|Ecobank|Vietcombank|Techcombank|"
    r"Agribank|Nubank|Itaú|Bradesco|Galicia|Banorte|HDFC|ICICI|SBI|Axis))"
    r"\s+(?:[A-Za-z]+\s+)?(?P<value>\d{8,18})(?![\w-]|[.,]\d)"
)


# My own: `mi CBU`, `meu Pix`, `my account`
OWN_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:my|mi|mis|meu|minha|mon|ma|mein|meine|mijn|min|mitt|"
    r"mój|moje|il mio|la mia)\s+(?:\w+\s+)?(?:cbu|cvu|clabe|pix|upi|conta|cuenta|"
    r"compte|account|konto|rekening|alias)(?![^\W\d_])"
)


def _whose(text: str) -> bool:
    return any(
        m.group().split()[-1].strip("'’:\"").lower() not in NOT_NAMES
        or m.group().startswith('"')
        for m in WHOSE_NAME_RE.finditer(text)
    )


# The cheapest test: a piece of every label, key and bank's name below.
ACCOUNT_GATE_WORDS = (
    "cbu", "cvu", "clabe", "conta", "cuenta", "c/c", "folio", "compte",
    "rekening", "rek.", "stk", "tài khoản", "account", "acct", "a/c", "konto",
    "hesap", "계좌", "口座", "普通", "当座", "振込", "pix", "alias", "bank",
    "bca ", "bri ", "bni ", "bsi ", "mandiri", "opay", "kuda", "moniepoint",
    "zenith", "uba ", "vietcombank", "techcombank", "agribank", "nubank",
    "itaú", "bradesco", "galicia", "banorte", "hdfc", "icici", "sbi ", "axis",
    "số", "numer",
)  # fmt: skip
# Any of the labels, keys or banks' names below: the cheap test.
ACCOUNT_GATE_RE = re.compile(
    ACCOUNT_LABEL_RE.pattern + r"|\bpix\b|\balias\b|bank\b|"
    r"(?-i:BCA|BRI|BNI|BSI|Mandiri|Opay|Kuda|Moniepoint|Zenith|Access|UBA|"
    r"Ecobank|Vietcombank|Techcombank|Agribank|Nubank|Itaú|Bradesco|Galicia|"
    r"Banorte|HDFC|ICICI|SBI|Axis)"
)


def bank_accounts(text: str) -> Iterator[Found]:
    """A person's bank account after its national label, a UPI or PIX key."""
    for match in UPI_RE.finditer(text) if "@" in text else ():
        line = text[text.rfind("\n", 0, match.start()) + 1 : match.start()]
        if BUSINESS_RE.search(line) or not (
            _whose(line) or next(_subjects(line), None)
        ):
            continue
        value = match.group("value")
        yield ACCOUNT, match.start("value"), match.end("value"), value, value.lower()
    lower = text.lower()
    if not any(word in lower for word in ACCOUNT_GATE_WORDS):
        return
    if not (re.search(r"\d{3}", text) and ACCOUNT_GATE_RE.search(text)) and not (
        "alias" in lower or "pix" in lower
    ):
        return
    for sentence in SENTENCE_RE.finditer(text):
        body = sentence.group()
        if not ACCOUNT_GATE_RE.search(body):
            continue
        spans = []
        for label in ACCOUNT_LABEL_RE.finditer(body):
            after = ACCOUNT_AFTER_LABEL_RE.match(body, label.end())
            if after and sum(c.isdigit() for c in after.group("value")) >= 6:
                spans.append(after.span("value"))
        spans += [m.span("value") for m in PIX_KEY_RE.finditer(body)]
        spans += [m.span("value") for m in ARG_ALIAS_RE.finditer(body)]
        spans += [m.span("value") for m in BANK_NAME_NUMBER_RE.finditer(body)]
        # someone's (a person named, a pronoun, `my`), not a company's
        if not spans or BUSINESS_RE.search(body):
            continue
        if not (
            (not body.isascii() and MARKED_PERSON_RE.search(body))
            or next(_subjects(body), None)
            or OWN_RE.search(body)
            or _whose(body)
        ):
            continue
        for start, end in spans:
            value = body[start:end]
            at = sentence.start() + start
            yield ACCOUNT, at, at + len(value), value, re.sub(r"\W", "", value)


# -- Home addresses in local formats ---------------------------------------------

ADDRESS = "ADDRESS"
# Where someone lives or gets their parcels: a home's word, a delivery's, a
# move's, in the languages the console sees.
HOME_CUE_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:home|new place|(?-i:[A-Z][a-z]+) moved|"
    r"(?:he|she|they|we|i) (?:\w+ )?moved|lives|living|"
    r"parcel for|package for|leave (?:it|the \w+) (?:for|with)|deliver\w* (?:to|for)|"
    r"pick \w+ up from|from home|residential|domicil\w*|domicile|envío|"
    r"entrega\w*|casa d[aoe]|casa di|livraison|spedizione|alamat|rumah|"
    r"địa chỉ|nhà|zamieszkania|adres\w*|address\w*|dirección|endereço|"
    r"indirizzo|anschrift|wohn\w*|woon\w*|bor på)(?![^\W\d_])"
    r"|للبيت|البيت|منزل|عنوان|집|배송|주소|引っ越し先|自宅|住所|お届け先|ที่อยู่|บ้าน"
)
# A piece of every Latin cue above: the cheap test.
HOME_CUE_WORDS = (
    "home", "new place", "moved", "live", "living", "parcel", "package",
    "leave", "deliver", "pick", "resident", "domicil", "env", "entreg",
    "casa", "livraison", "spedizione", "alamat", "rumah", "zamieszkania",
    "adres", "address", "direcci", "endere", "indirizzo", "anschrift", "wohn",
    "woon", "bor på",
)  # fmt: skip
NOT_HOME_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:office|headquarters|hq|registered|store|shop|"
    r"restaurant|warehouse|reception|visitors|sede|escritório|oficina|ufficio|"
    r"büro|kantoor|genel müdürlük|müdürlük|company|công ty|empresa|"
    r"example|ejemplo|exemple|esempio|exemplo|voorbeeld|beispiel|przykład|"
    r"örnek|contoh|mfano|ví dụ|sample|fictional|fictícia|placeholder|"
    r"template|dummy|fake|fictive\w*|docs|manual|returns?|retouren|"
    r"clinic|hospital|practice|school|hotel|venue|loja|tienda|negozio|winkel|"
    r"sklep|butik|magasin|meetup|event|conference)(?![^\W\d_])"
    r"|本社|支店|株式会社|会社|記入例|예시|본사|\(주\)|شركة|المقر|ش\.م\.م"
)
_STREET_WORDS = (
    r"street|st\.?|road|rd\.?|avenue|ave\.?|drive|dr\.?|lane|ln\.?|crescent|"
    r"close|court|ct\.?|terrace|tce\.?|place|pl\.?|way|boulevard|blvd\.?|"
    r"highway|hwy|parkway|square|sq\.?|roundabout|towers?|estate|"
    r"rua|avenida|av\.|travessa|alameda|calle|c/|carrer|paseo|bv\.|bulevar|"
    r"corso|via|viale|piazza|rue|boulevard|bd|allée|chemin|quai|ul\.|ulica|"
    r"aleja|al\.|jl\.|jalan|gang|gg\.|soi|thanon|ถนน|ซอย|đường|ngõ|phố|"
    r"شارع|straße|strasse|str\.|weg|gasse|platz|laan|straat|gatan|vägen|"
    r"cad\.|caddesi|sok\.|sokak|mah\.|로|길|丁目|番地"
)
HOUSE_FIRST_RE = re.compile(
    r"(?i)(?<![\w/-])(?:(?:no\.?|hse|house(?: no\.?)?|plot(?: no\.?)?|flat|apt\.?|"
    r"apartment|unit|casa|lote|số|h\.\s?no\.?)\s*[\w-]{1,6},?\s+)?"
    r"\d{1,5}[A-Za-z]?(?:[/-]\d{1,5}[A-Za-z]?)?,?\s+"
    rf"(?:(?:[^\W\d_][\w'’.-]*|\d{{1,3}}(?:st|nd|rd|th))\s+){{0,4}}?(?:{_STREET_WORDS})"
    r"(?![^\W\d_])"
    rf"|(?<!\w)(?:{_STREET_WORDS})\s*(?:[^\W\d_][\w'’.-]*\s*){{1,5}},?\s*"
    r"(?:no\.?\s*)?\d{1,5}[A-Za-z]?(?:/\d{1,5}[A-Za-z]?)?(?![\w])"
    r"|(?i:(?:hse|house|flat|apt\.?|apartment|unit|plot)(?: no\.?)?)\s*[\w-]{1,6},\s+"
    r"[^\W\d_][\w'’.-]*(?:\s+[^\W\d_][\w'’.-]*){0,4}"
    r"|\(?\d{5}\)?\s*[가-힣]+(?:도|시)\s"
    r"|〒\s?\d{3}-\d{4}"
    r"|\d{1,4}/\d{1,4}\s+ซอย"
)
# Where a home address ends: the sentence's end, a new clause in lower
# case after a comma, a bracketed aside, an instruction.
ADDRESS_STOP_RE = re.compile(
    r"[.!?](?=\s|$)|\n|;|\s[—–-]\s(?![A-Z0-9])|\s\((?![A-Z]{2}\)|GA-)"
    r"|,\s+(?=(?-i:[a-z])[^\d,]{0,40}(?:,|$|\.))|、|。|です|\s\|"
    # (s14) when, after the address: `… VIC 3000 last week`, `… now`
    r"|\s+(?=(?:(?:last|this|next) (?:week|month|year|weekend)|now|today|"
    r"tonight|tomorrow|yesterday|soon)(?![^\W\d_]))"
)


def home_addresses(text: str) -> Iterator[Found]:
    """A home address in a local format after a cue of home or delivery."""
    lower = text.lower()
    if text.isascii() and not any(word in lower for word in HOME_CUE_WORDS):
        return
    reach = 0
    for cue in HOME_CUE_RE.finditer(text):
        line_end = text.find("\n", cue.end())
        line_end = len(text) if line_end < 0 else line_end
        window = min(line_end, cue.end() + CUE_WINDOW)
        start_match = HOUSE_FIRST_RE.search(text, max(cue.end(), reach), window)
        if start_match is None:
            continue
        start = start_match.start()
        line_start = text.rfind("\n", 0, start) + 1
        line = text[line_start:line_end]
        if NOT_HOME_RE.search(line) or LEGAL_FORM_AFTER_RE.search(line):
            continue
        stop = ADDRESS_STOP_RE.search(text, start_match.end())
        end = stop.start() if stop else len(text)
        value = text[start:end].rstrip(" ,")
        if len(value) < 12 or not re.search(r"\d", value):
            continue
        reach = start + len(value)
        yield ADDRESS, start, reach, value, value.lower()


CUE_WINDOW = 90  # the address starts this near after its cue


LEGAL_FORM_AFTER_RE = re.compile(
    r"(?<![\w.])(?:GmbH|AG|Ltd|Ltda|LLC|Inc|Corp|plc|S\.A\.|S\.L\.|S\.r\.l|Srl|"
    r"SpA|B\.V|Pty|Pvt|SARL|A\.Ş\.|Tbk|PT)(?![\w])"
)

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
    r"tumou?r|transtorn|trastorn|chronic|chroniq|crónic|crônic|cronic|codein|morphin|opioid|tramadol|oxycod|homa\b|tumore|nowotw|carcinom|leuk[aä]?emi|lymphom|linfom|"
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
    # medicines by their family's ending (`ramipril`, `atorvastatin`)
    r"[^\W\d_]{3,}(?:pril|sartan|sartán|statin|olol|azepam|azolam|oxetin|"
    r"oxetine|oxetina|tralin|traline|tralina|formin|formina|thyroxin|prazol|"
    r"prazole|cillin|cilina|triptan|gabapentin|pregabalin)\b|"
    # treatment, infection, injury, fever, flu, hospital stays
    r"treated|treatment|tratamiento|tratamento|trattamento|traitement|"
    r"behandl|behandeling|leczen|tedavi|pengobatan|matibabu|điều trị|"
    r"infect|infekt|infecci|infez|enfeksiyon|infeksi|entzünd|"
    r"injur|verletz|lesión|lesão|blessure|uraz|kontuzj|sprain|ligament|"
    r"menisc|acl\b|back pain|rückenschmerz|"
    r"flu\b|influenza|gripe|grippe|griep|influensa|grypa|grip\b|"
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
    r"diabete|hospitalis"
)
HEALTH_TERM_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:" + HEALTH_STEMS + r")[^\W\d_]*"
    # inside a compound (`nötallergi`, `Bandscheibenvorfall`, `Zöliakie`)
    r"|(?i:allergi|allergie|krank|sjuk|ziek|diabet|infarkt|krebs|tumor|"
    r"therapie|entzünd)"
    r"|(?<![^\W\d_])(?-i:OP|L4|DBD)(?![^\W\d_])"
    # the acronyms as written
    r"|(?<![^\W\d_])(?-i:(?<!\d )TB|IBS|PCOS|SSW|GGZ|CID(?= ?[A-Z]\d))(?![^\W\d_])"
    # scripts without capitals or spaces
    r"|糖尿病|がん|癌|うつ|障害|障碍|妊娠|アレルギー|インスリン|手術|入院|"
    r"ヘルニア|骨折|診断|お薬|服用|病|症|手术|住院|怀孕|诊断|抑郁|治療|通院|治疗|药|"
    r"당뇨|우울증|공황장애|장애|임신|복용|진단|수술|입원|암\b|치료|아파|병원|투병|질환|"
    r"मधुमेह|शुगर|कैंसर|थायराइड|ऑपरेशन|गर्भवती|दवा|बीमार|इलाज|अस्पताल|"
    r"مرض|مريض|سرطان|سكري|التهاب|جراح|حامل|اكتئاب|دواء|علاج|مستشفى|"
    r"إجازة مرضية|ملغ"
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
    r"عنده|عندها|يأخذ|تأخذ|يعاني|تعاني|الموظف|الموظفة|زوجي|زوجتي|أمي|أبي|ابني"
)
# A pronoun or a relation: the subject of a verb of having or being
# (`she has`, `elle est`, `sie ist`), or the owner of a condition (`her
# sensory processing disorder`, `my brother's`).
SUBJECT_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:he|she|he['’]s|she['’]s|il|elle|él|ella|ele|ela|lui|"
    r"lei|hij|zij|han|hon|(?-i:sie|er)|"
    r"(?:my|our|the user['’]s|user['’]s) (?:\w+ )?(?:wife|husband|partner|mum|"
    r"mom|mother|dad|father|son|daughter|kid|child|baby|brother|sister|"
    r"boyfriend|girlfriend|grand\w+|uncle|aunt|cousin|niece|nephew|friend|"
    r"colleague|boss|flatmate|roommate)|"
    r"(?:mon|ma|mes|son|sa) (?:frère|sœur|soeur|mère|père|fils|fille|mari|"
    r"femme|copain|copine|conjoint|grand-\w+|ami|amie|collègue)|"
    r"(?:mein|meine|meinem|meiner|seine|ihre) (?:mutter|vater|frau|mann|sohn|"
    r"tochter|bruder|schwester|oma|opa|freundin|freund|kollegin|kollege)|"
    r"(?:mi|su) (?:madre|padre|esposa|esposo|mujer|marido|hijo|hija|hermano|"
    r"hermana|abuel[oa]|novi[oa]|amig[oa])|"
    r"(?:minha|meu|sua|seu) (?:mãe|pai|esposa|marido|filh[oa]|irmã|irmão|avó|"
    r"avô|namorad[oa])|"
    r"(?:mia|mio|sua|suo) (?:madre|padre|moglie|marito|figli[oa]|sorella|"
    r"fratello|nonn[oa])|"
    r"(?:mijn|zijn|haar) (?:moeder|vader|vrouw|man|zoon|dochter|broer|zus|oma|"
    r"opa)|(?:min|mitt|hans|hennes) (?:mamma|pappa|fru|man|son|dotter|bror|"
    r"syster)|(?:moja|mój|moje) (?:mama|matka|tata|ojciec|żona|mąż|syn|córka|"
    r"brat|siostra)|annem|babam|eşim|kardeşim|oğlum|kızım|"
    r"beliau|suami saya|istri saya|anak saya|ibu saya|ayah saya|"
    r"mama yangu|baba yangu|usko|usne|unko|meri maa|mere papa|"
    r"anh ấy|cô ấy|mẹ tôi|bố tôi|vợ tôi|chồng tôi)(?![^\W\d_])"
)
OWNER_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:his|her|their|sein|seine|seinem|seiner|ihre|ihrem|"
    r"ihrer|son|sa|ses|su|sus|seu|sua|suo|zijn|haar|hans|hennes|jego|jej|uska|"
    r"uski)(?![^\W\d_])"
)
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
    r"geçirdi|yüzünden)(?![^\W\d_])"
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


def _names(
    sentence: str, terms: list[tuple[int, int]]
) -> Iterator[tuple[int, int, bool]]:
    """Yield the capitalised names in `sentence`: start, end, a full name?"""
    for match in NAME_RE.finditer(sentence):
        start, end = match.span()
        word = match.group()
        if word.lower() in NOT_NAMES or any(s < end and start < e for s, e in terms):
            continue
        before = sentence[max(0, start - 24) : start]
        # the second word of a name is judged with the first; a place, a
        # doctor's practice (`Dr. Patel's`) is no one's health
        previous = NAME_BEFORE_RE.search(before)
        if (
            (previous and previous.group(1).lower() not in NOT_NAMES)
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


def _someones(body: str, terms: list[tuple[int, int]]) -> bool:
    """Tell whether a person in `body` is tied to one of its health words."""
    if MARKED_PERSON_RE.search(body):
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
    people = [(s, e, full, s) for s, e, full in _names(body, terms)]
    people += [
        (m.start(), m.end(), False, m.start()) for m in SUBJECT_RE.finditer(body)
    ]
    owners = [m.end() for m in OWNER_RE.finditer(body)]
    for t_start, _ in terms:
        if any(
            t_start - o >= 0 and _words(body[o:t_start]) <= OWNER_WORDS for o in owners
        ):
            return True
        for start, end, full, _ in people:
            if end > t_start:
                continue
            between = body[end:t_start]
            words = _words(between)
            if ROLE_BEFORE_RE.search(body, 0, start):
                return True
            if words <= NEAR_WORDS and LINK_RE.search(between):
                return True
            if POSSESSIVE_RE.match(between) and words <= POSSESSIVE_WORDS:
                return True
            if full and LABEL_AFTER_RE.match(between):
                return True
            if full and APPOSITION_RE.match(between) and words <= APPOSITION_WORDS:
                return True
    return False


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


def health_statements(text: str) -> Iterator[Found]:
    """Someone's condition, treatment or dosed medicine, sentence by sentence."""
    if PUBLIC_RE.search(text):
        return
    # a short note or a form naming someone by a full name (`Name: …` on
    # one line, the condition on the next) is about them throughout
    named = len(text) <= SHORT_NOTE and any(
        m.group(1).lower() not in NOT_NAMES and m.group(2).lower() not in NOT_NAMES
        for m in FULL_NAME_RE.finditer(text)
        if re.match(r"[ \t]*(?:[:\n.]|$)", text[m.end() :])
    )
    for sentence in SENTENCE_RE.finditer(text):
        body = sentence.group()
        terms = [
            m.span()
            for m in HEALTH_TERM_RE.finditer(body)
            if not TERM_NOUN_AFTER_RE.match(body, m.end())
        ]
        terms += [m.span() for m in DOSE_RE.finditer(body)]
        if not terms or not (named or _someones(body, terms)):
            continue
        first = min(s for s, _ in terms)
        last = max(e for _, e in terms)
        stop = CLAUSE_END_RE.search(body, last)
        end = stop.start() if stop else len(body)
        value = body[first:end].rstrip()
        at = sentence.start() + first
        yield HEALTH, at, at + len(value), value, value.lower()

# ruff: noqa: E501, E741, E731, E402, SIM108
"""PII templates for make_sensitivity_tune24: health in prose, addresses, money, odd phones/e-mails, ids."""

# ------------------------------------------------------------------ health
# lang -> list of (template, data). {w} = who (name / relation / pronoun phrase), {x} = datum (value)
HEALTH = {
    "en": [
        ("{w} mentioned she's been on {x} since March, so skip the wine pairing when booking the team dinner.", ["sertraline 100 mg", "lithium", "methotrexate", "a beta blocker for her heart", "insulin twice a day"], ["Priya", "Hannah", "my sister", "Jess from finance"]),
        ("remind me: {w} was diagnosed with {x} last month, keep Thursday afternoons free for the hospital runs", ["early-stage breast cancer", "type 1 diabetes", "Parkinson's", "multiple sclerosis", "stage 3 kidney disease"], ["my mum", "my dad", "Tom's wife", "my grandmother"]),
        ("{w} is {x}, so she won't fly to the Lisbon offsite — move her session to a video call.", ["28 weeks pregnant", "pregnant with twins", "on bed rest after a miscarriage scare"], ["Laura", "Aisha", "my manager Claire"]),
        ("Note for the onboarding form: {w} uses a wheelchair after {x} — book the accessible room.", ["a spinal cord injury in 2019", "a stroke two years ago", "his MS got worse"], ["Daniel", "her husband", "Marcus"]),
        ("{w} has been in therapy for {x} since the divorce; don't bring up the custody stuff on the call.", ["PTSD", "severe anxiety", "depression", "an eating disorder"], ["Rob", "my brother", "Kate"]),
        ("User said {w} is {x} and asked me to stop suggesting bars for the Friday plans.", ["eight months sober", "in recovery from alcohol addiction", "just out of rehab"], ["her husband", "he", "his partner"]),
        ("{w}'s chemo for {x} starts on the 14th, he asked us to cover his on-call shifts until June.", ["Hodgkin lymphoma", "colon cancer", "leukaemia"], ["Ahmed", "Jonas", "Mike"]),
        ("FYI {w} has {x} — if she doesn't answer pings after 3pm it's the fatigue, not ignoring you", ["long COVID", "ME/CFS", "lupus", "fibromyalgia"], ["Sarah", "my co-founder", "Nadia"]),
        ("{w} is autistic and has {x}; keep instructions in writing and avoid open-plan seating.", ["ADHD", "sensory processing disorder"], ["my son Leo", "the new hire Sam", "their daughter"]),
    ],
    "de": [
        ("{w} nimmt seit dem Winter {x}, deshalb bitte keinen Alkohol beim Teamessen einplanen.", ["Antidepressiva", "Citalopram 20 mg", "Lithium"], ["Jana", "meine Schwester", "Herr Brandt"]),
        ("Meine Mutter hat {x} – ich muss dienstags früher los, sie hat Dialyse.", ["Niereninsuffizienz im Endstadium", "eine chronische Nierenerkrankung"], [None]),
        ("{w} ist in der {x} und möchte bis Ende Mai nicht zu Kundenterminen reisen.", ["32. Schwangerschaftswoche", "20. Schwangerschaftswoche"], ["Katrin", "Sabine"]),
        ("{w} hat {x} und darf laut Ärztin nicht mehr fliegen.", ["eine Risikoschwangerschaft", "Schwangerschaftsdiabetes", "eine Präeklampsie"], ["Sabine", "Meine Frau", "Frau Öztürk"]),
        ("Hinweis: {w} hat seit dem Unfall {x}, beim Offsite bitte ein barrierefreies Zimmer buchen.", ["eine Querschnittslähmung", "eine Oberschenkelamputation"], ["Lukas", "ihr Mann", "Herr Weber"]),
        ("{w} ist wegen {x} in einer Reha-Klinik in Bad Tölz, zurück frühestens im Juli.", ["Burnout und Depression", "Alkoholabhängigkeit", "eines Bandscheibenvorfalls"], ["Mein Vater", "Stefan", "Mein Kollege Jens"]),
        ("Omas Diagnose ist da: {x}. Ich übernehme die Arzttermine, {w} die Apotheke.", ["Alzheimer im Frühstadium", "Darmkrebs", "Herzinsuffizienz"], ["mein Bruder", "Onkel Peter"]),
    ],
    "fr": [
        ("{w} est sous {x} depuis janvier, donc pas d'apéro au séminaire.", ["antidépresseurs", "chimiothérapie", "traitement pour l'hépatite C"], ["Camille", "ma sœur", "Julien"]),
        ("{w} a appris qu'elle a {x}, elle sera en arrêt jusqu'à la rentrée.", ["un cancer du sein", "une sclérose en plaques", "une endométriose sévère"], ["Ma mère", "Sophie", "Élodie"]),
        ("Rappel : {w} est {x}, ne pas lui proposer le déplacement à Montréal.", ["enceinte de cinq mois", "enceinte"], ["Claire", "Nathalie"]),
        ("{w} voit une psy chaque mercredi pour {x}, il ne peut pas faire les réunions de 18h.", ["sa dépression", "des crises d'angoisse", "un trouble bipolaire"], ["Mon mari", "Thomas", "Karim"]),
        ("{w} sort de {x}, il faut lui laisser deux semaines avant de reprendre les astreintes.", ["cure de désintoxication", "chimio", "rééducation après son AVC"], ["Antoine", "Mon père", "Son mari"]),
    ],
    "es": [
        ("{w} toma {x} desde el verano, así que nada de alcohol en la cena del equipo.", ["fluoxetina", "insulina", "anticoagulantes"], ["Lucía", "mi hermana", "Javier"]),
        ("A {w} le diagnosticaron {x} hace dos semanas; yo la acompaño a las consultas los martes.", ["un cáncer de mama", "diabetes tipo 1", "esclerosis múltiple"], ["mi madre", "mi abuela", "Carmen"]),
        ("{w} está {x}, no la apuntes al viaje a Bogotá.", ["embarazada de siete meses", "embarazada"], ["Marta", "Valentina", "mi mujer"]),
        ("{w} lleva un año en terapia por {x} y prefiere no hablar de su ex.", ["ansiedad", "depresión", "un trastorno alimentario"], ["Diego", "mi primo", "Sofía"]),
        ("Ojo, {w} tiene {x} desde el accidente; necesita el aula de la planta baja.", ["una discapacidad motora", "paraplejia", "una lesión medular"], ["Andrés", "su marido", "Raúl"]),
    ],
    "it": [
        ("{w} prende {x} da un anno, niente vino alla cena aziendale.", ["antidepressivi", "il litio", "la paroxetina"], ["Giulia", "mia sorella", "Marco"]),
        ("A {w} hanno diagnosticato {x}, questo mese lavoro da casa per seguirla.", ["un tumore al seno", "l'Alzheimer", "il Parkinson"], ["mia madre", "mia nonna", "Francesca"]),
        ("{w} è {x}, meglio non mandarla alla fiera di Milano.", ["incinta di sei mesi", "incinta"], ["Chiara", "Elena"]),
        ("{w} è in cura per {x} al Sert, martedì e giovedì esce alle 16.", ["dipendenza da cocaina", "alcolismo", "gioco d'azzardo patologico"], ["Luca", "mio fratello", "suo marito"]),
    ],
    "pt": [
        ("{w} toma {x} desde janeiro, por isso nada de cerveja no churrasco da equipa.", ["antidepressivos", "insulina", "Rivotril"], ["A Ana", "O meu irmão", "O Tiago"]),
        ("{w} descobriu que tem {x}; vou levar ela na quimio toda sexta.", ["câncer de ovário", "leucemia", "um linfoma"], ["Minha mãe", "Minha tia", "A Juliana"]),
        ("{w} está {x}, não coloca ela no plantão de fim de semana.", ["grávida de oito meses", "grávida de gêmeos"], ["A Beatriz", "A Fernanda"]),
        ("{w} faz terapia por causa de {x}, pediu pra não ter reunião às quartas de manhã.", ["depressão", "síndrome do pânico", "TOC"], ["O Rafael", "Meu marido", "O Pedro"]),
    ],
    "nl": [
        ("{w} slikt sinds de zomer {x}, dus geen alcohol bij de teamborrel.", ["antidepressiva", "methylfenidaat", "bloedverdunners"], ["Sanne", "mijn zus", "Daan"]),
        ("{w} heeft {x} gekregen, ik rijd haar elke maandag naar het ziekenhuis.", ["borstkanker", "diabetes type 1", "MS"], ["Mijn moeder", "Oma", "Lotte"]),
        ("{w} is {x} en zit tot september in de ziektewet.", ["overspannen", "herstellende van een burn-out", "in behandeling voor depressie"], ["Bram", "mijn collega Ruben", "haar man"]),
    ],
    "sv": [
        ("{w} äter {x} sedan i höstas, så ingen alkohol på kickoffen.", ["antidepressiva", "sertralin", "litium"], ["Emma", "min syster", "Johan"]),
        ("{w} har fått {x}, jag följer med henne till sjukhuset på tisdagar.", ["bröstcancer", "MS", "diabetes typ 1"], ["Mamma", "Mormor", "Elin"]),
        ("{w} är {x}, boka inte in henne på resan till Oslo.", ["gravid i vecka 30", "gravid"], ["Sara", "Maja"]),
    ],
    "pl": [
        ("{w} bierze {x} od zimy, więc bez alkoholu na imprezie firmowej.", ["leki przeciwdepresyjne", "insulinę", "sertralinę"], ["Kasia", "moja siostra", "Tomek"]),
        ("U {w} wykryli {x}, w piątki wożę ją na chemię.", ["raka piersi", "białaczkę", "stwardnienie rozsiane"], ["mojej mamy", "babci", "Agnieszki"]),
        ("{w} jest {x} i nie poleci na targi do Berlina.", ["w szóstym miesiącu ciąży", "w ciąży"], ["Ania", "Magda"]),
    ],
    "tr": [
        ("{w} kışdan beri {x} kullanıyor, ekip yemeğinde alkol olmasın.", ["antidepresan", "insülin", "lityum"], ["Elif", "kız kardeşim", "Murat"]),
        ("{w} {x} teşhisi kondu, salı günleri onu hastaneye ben götürüyorum.", ["meme kanseri", "Parkinson", "MS", "lenfoma"], ["Annemde", "Babamda", "Teyzemde"]),
        ("{w} {x}, İzmir gezisine yazmayalım.", ["altı aylık hamile", "hamile"], ["Zeynep", "Ayşe"]),
    ],
    "ja": [
        ("{w}は{x}で通院中なので、水曜の夜の会議は避けてください。", ["うつ病", "パニック障害", "双極性障害"], ["田中さん", "母", "夫"]),
        ("{w}が{x}と診断された。来月は在宅勤務にしたい。", ["乳がん", "1型糖尿病", "パーキンソン病"], ["母", "祖母", "妻"]),
        ("{w}は{x}なので、大阪出張は外してあげて。", ["妊娠7か月", "妊娠中"], ["佐藤さん", "鈴木さん"]),
    ],
    "zh": [
        ("{w}最近在吃{x}，团建聚餐别安排喝酒。", ["抗抑郁药", "胰岛素", "降压药"], ["小王", "我姐", "李明"]),
        ("{w}上个月确诊了{x}，我每周二要陪她去医院。", ["乳腺癌", "糖尿病", "帕金森病"], ["我妈", "我外婆", "她老公"]),
        ("{w}{x}，这次去深圳出差就别叫她了。", ["怀孕六个月了", "正在住院保胎"], ["陈静", "张丽"]),
    ],
}

# ------------------------------------------------------------------ addresses
# country -> list of (address-string factory); cue lang
def _pick(r, xs):
    return r.choice(xs)


def _addr_factories():
    A = {}
    A["US"] = ("en", lambda r: f"{r.randint(12, 9899)} {_pick(r, ['Maple Ave', 'N Oak St', 'Sunset Blvd', 'Willow Creek Dr', 'E 73rd St'])}{_pick(r, ['', ', Apt ' + str(r.randint(1, 40)) + _pick(r, ['A', 'B', 'C', ''])])}, {_pick(r, ['Austin, TX 78704', 'Portland, OR 97214', 'Columbus, OH 43215', 'Brooklyn, NY 11215', 'Tucson, AZ 85719'])}")
    A["GB"] = ("en", lambda r: f"{_pick(r, ['Flat ' + str(r.randint(1, 12)) + ', ', ''])}{r.randint(1, 180)} {_pick(r, ['Elm Grove', 'Mill Lane', 'Victoria Road', 'Church Street', 'Beechwood Avenue'])}, {_pick(r, ['Leeds LS6 2AB', 'Bristol BS7 8QJ', 'Manchester M20 4RT', 'Glasgow G12 8DJ', 'Norwich NR2 3LE'])}")
    A["IE"] = ("en", lambda r: f"{r.randint(1, 80)} {_pick(r, ['Griffith Avenue', 'Castle Park', 'Ashfield Road'])}, {_pick(r, ['Drumcondra, Dublin 9, D09 X2Y6', 'Ballincollig, Co. Cork, P31 K7W2', 'Salthill, Galway H91 E2K4'])}")
    A["CA"] = ("en", lambda r: f"{r.randint(10, 4999)} {_pick(r, ['Rue Saint-Denis', 'Queen St W', 'Elgin Ave', 'Commercial Dr'])}{_pick(r, ['', ' #' + str(r.randint(101, 1405))])}, {_pick(r, ['Montréal QC H2J 2L1', 'Toronto ON M6J 1H4', 'Vancouver BC V5L 3X8', 'Winnipeg MB R3M 0Z5'])}")
    A["AU"] = ("en", lambda r: f"{_pick(r, ['Unit ' + str(r.randint(1, 30)) + '/', ''])}{r.randint(1, 220)} {_pick(r, ['Brunswick St', 'Glebe Point Rd', 'Station St', 'Coogee Bay Rd'])}, {_pick(r, ['Fitzroy VIC 3065', 'Glebe NSW 2037', 'Fremantle WA 6160', 'Paddington QLD 4064'])}")
    A["NZ"] = ("en", lambda r: f"{r.randint(1, 150)} {_pick(r, ['Ponsonby Road', 'Cuba Street', 'Riccarton Road'])}, {_pick(r, ['Grey Lynn, Auckland 1021', 'Te Aro, Wellington 6011', 'Riccarton, Christchurch 8041'])}")
    A["DE"] = ("de", lambda r: f"{_pick(r, ['Lindenstraße', 'Kastanienallee', 'Am Mühlbach', 'Schillerstr.', 'Goethestraße'])} {r.randint(1, 120)}{_pick(r, ['', 'a', 'b'])}, {_pick(r, ['10437 Berlin', '80469 München', '50674 Köln', '04109 Leipzig', '20357 Hamburg'])}")
    A["AT"] = ("de", lambda r: f"{_pick(r, ['Gumpendorfer Straße', 'Hauptplatz', 'Mariahilfer Straße'])} {r.randint(1, 140)}/{r.randint(1, 20)}, {_pick(r, ['1060 Wien', '8010 Graz', '4020 Linz'])}")
    A["CH"] = ("de", lambda r: f"{_pick(r, ['Seefeldstrasse', 'Rue de Carouge', 'Bahnhofweg'])} {r.randint(1, 90)}, {_pick(r, ['8008 Zürich', '1205 Genève', '3012 Bern'])}")
    A["FR"] = ("fr", lambda r: f"{r.randint(1, 140)}{_pick(r, ['', ' bis'])} {_pick(r, ['rue des Lilas', 'avenue Jean Jaurès', 'rue de la République', 'boulevard Voltaire'])}, {_pick(r, ['75011 Paris', '69007 Lyon', '31000 Toulouse', '44000 Nantes', '13006 Marseille'])}")
    A["BE"] = ("fr", lambda r: f"{_pick(r, ['Rue Haute', 'Kerkstraat', 'Avenue Louise'])} {r.randint(1, 200)}{_pick(r, ['', ' bte ' + str(r.randint(1, 9))])}, {_pick(r, ['1000 Bruxelles', '2000 Antwerpen', '9000 Gent'])}")
    A["NL"] = ("nl", lambda r: f"{_pick(r, ['Prinsengracht', 'Oudegracht', 'Witte de Withstraat', 'Kerkstraat'])} {r.randint(1, 400)}{_pick(r, ['', '-II', ' hs', 'A'])}, {_pick(r, ['1016 HK Amsterdam', '3511 AL Utrecht', '3012 BJ Rotterdam', '2514 EG Den Haag'])}")
    A["ES"] = ("es", lambda r: f"{_pick(r, ['Calle de Toledo', 'Carrer de Mallorca', 'Avenida de la Constitución', 'Calle Mayor'])}, {r.randint(1, 250)}, {_pick(r, ['3º B', '2º izda.', '1º 2ª', 'bajo'])}, {_pick(r, ['28005 Madrid', '08013 Barcelona', '41001 Sevilla', '46002 Valencia'])}")
    A["IT"] = ("it", lambda r: f"{_pick(r, ['Via Roma', 'Via Garibaldi', 'Corso Buenos Aires', 'Viale Mazzini'])} {r.randint(1, 180)}, {_pick(r, ['20124 Milano', '00195 Roma', '10121 Torino', '40126 Bologna'])}{_pick(r, ['', ' (int. ' + str(r.randint(1, 20)) + ')'])}")
    A["PT"] = ("pt", lambda r: f"{_pick(r, ['Rua das Flores', 'Avenida da Liberdade', 'Rua de Santa Catarina'])}, {r.randint(1, 300)}, {_pick(r, ['2º Esq.', '3º Dto.', 'R/C'])}, {_pick(r, ['1200-195 Lisboa', '4000-443 Porto', '3000-150 Coimbra'])}")
    A["SE"] = ("sv", lambda r: f"{_pick(r, ['Storgatan', 'Götgatan', 'Kungsgatan', 'Västra Hamngatan'])} {r.randint(1, 90)}, lgh {r.randint(1001, 1504)}, {_pick(r, ['118 26 Stockholm', '411 17 Göteborg', '211 43 Malmö'])}")
    A["NO"] = ("en", lambda r: f"{_pick(r, ['Thorvald Meyers gate', 'Bygdøy allé', 'Kong Oscars gate'])} {r.randint(1, 90)}{_pick(r, ['', 'B'])}, {_pick(r, ['0555 Oslo', '0257 Oslo', '5017 Bergen'])}")
    A["DK"] = ("en", lambda r: f"{_pick(r, ['Jægersborggade', 'Istedgade', 'Nørrebrogade'])} {r.randint(1, 120)}, {r.randint(1, 5)}. th., {_pick(r, ['2200 København N', '1620 København V', '8000 Aarhus C'])}")
    A["PL"] = ("pl", lambda r: f"ul. {_pick(r, ['Marszałkowska', 'Długa', 'Piotrkowska', 'Mickiewicza'])} {r.randint(1, 150)}/{r.randint(1, 60)}, {_pick(r, ['00-624 Warszawa', '31-147 Kraków', '90-406 Łódź', '80-831 Gdańsk'])}")
    A["CZ"] = ("en", lambda r: f"{_pick(r, ['Vinohradská', 'Francouzská', 'Korunní'])} {r.randint(100, 2800)}/{r.randint(1, 90)}, {_pick(r, ['120 00 Praha 2', '101 00 Praha 10', '602 00 Brno'])}")
    A["JP"] = ("ja", lambda r: f"〒{_pick(r, ['150-0001 東京都渋谷区神宮前', '530-0012 大阪府大阪市北区芝田', '604-8005 京都府京都市中京区恵比須町'])}{r.randint(1, 6)}-{r.randint(1, 30)}-{r.randint(1, 20)} {_pick(r, ['メゾン青山', 'コーポ桜', 'ハイツ緑'])}{r.randint(101, 805)}号室")
    A["KR"] = ("en", lambda r: f"{_pick(r, ['서울특별시 마포구 월드컵북로', '서울특별시 강남구 테헤란로', '부산광역시 해운대구 해운대로'])} {r.randint(1, 400)}, {r.randint(101, 120)}동 {r.randint(101, 2304)}호")
    A["BR"] = ("pt", lambda r: f"{_pick(r, ['Rua Augusta', 'Av. Paulista', 'Rua Voluntários da Pátria', 'Rua da Bahia'])}, {r.randint(10, 3000)}, {_pick(r, ['apto ' + str(r.randint(11, 184)), 'casa 2', 'bloco B apto 32'])} – {_pick(r, ['Consolação, São Paulo - SP, 01305-000', 'Botafogo, Rio de Janeiro - RJ, 22270-010', 'Lourdes, Belo Horizonte - MG, 30140-071'])}")
    A["MX"] = ("es", lambda r: f"{_pick(r, ['Calle Durango', 'Av. Álvaro Obregón', 'Calle Colima'])} {r.randint(10, 400)}{_pick(r, ['', ' int. ' + str(r.randint(1, 12))])}, {_pick(r, ['Col. Roma Norte, Cuauhtémoc, 06700 Ciudad de México, CDMX', 'Col. Americana, 44160 Guadalajara, Jal.'])}")
    A["AR"] = ("es", lambda r: f"{_pick(r, ['Av. Corrientes', 'Gorriti', 'Av. Santa Fe', 'Thames'])} {r.randint(100, 5900)}, {_pick(r, ['piso 4 depto B', '2º C', 'PB 1'])}, {_pick(r, ['C1414 CABA', 'C1425 Palermo, Buenos Aires', 'X5000 Córdoba'])}")
    A["IN"] = ("en", lambda r: f"{_pick(r, ['Flat 302, Sai Residency', 'House No. 14', 'B-204, Green Park Apartments'])}, {_pick(r, ['12th Main Road, Indiranagar, Bengaluru 560038', 'Linking Road, Bandra West, Mumbai 400050', 'Sector 15, Noida, Uttar Pradesh 201301'])}")
    A["ZA"] = ("en", lambda r: f"{r.randint(1, 120)} {_pick(r, ['Jan Smuts Ave', 'Kloof Street', 'Florida Road'])}, {_pick(r, ['Parkhurst, Johannesburg, 2193', 'Gardens, Cape Town, 8001', 'Morningside, Durban, 4001'])}")
    A["SG"] = ("en", lambda r: f"Blk {r.randint(100, 799)} {_pick(r, ['Tampines Street 21', 'Ang Mo Kio Ave 3', 'Toa Payoh Lorong 1'])}, #{r.randint(2, 25):02d}-{r.randint(1, 400)}, Singapore {_pick(r, ['521123', '560344', '310155'])}")
    A["TR"] = ("tr", lambda r: f"{_pick(r, ['Moda Cad.', 'Bağdat Cad.', 'Atatürk Bulvarı'])} No:{r.randint(1, 200)} D:{r.randint(1, 20)}, {_pick(r, ['Kadıköy/İstanbul', 'Çankaya/Ankara', 'Konak/İzmir'])}")
    return A


ADDR = _addr_factories()

ADDR_CUES = {
    "en": [
        ("{n} moved to {x} last week, update the christmas card list.", "addr_moved_en"),
        ("ship it to {x} — that's {n}'s place, she'll be home after 6", "addr_shipto_en"),
        ("we're at {x} now, buzzer doesn't work so just text when you're outside", "addr_were_at_en"),
        ("{n} said to send the spare keys to her mum's: {x}", "addr_mums_en"),
        ("User's home address for the warranty claim: {x}", "addr_home_label_en"),
        ("Pick up {n} from {x} at 7:15 on Saturday, she's coming to the airport with us.", "addr_pickup_en"),
        ("{n} lives at {x} with her two kids; drop the birthday present there.", "addr_lives_en"),
    ],
    "de": [
        ("{n} ist umgezogen, neue Adresse: {x}", "addr_umzug_de"),
        ("Schick das Paket bitte an {x}, da wohnt meine Schwester.", "addr_schick_de"),
        ("Wir wohnen jetzt in der {x} – Klingel 'Yilmaz/Becker'.", "addr_wohnen_de"),
    ],
    "fr": [
        ("{n} a déménagé au {x}, il faut mettre à jour son dossier.", "addr_demenage_fr"),
        ("Envoie le colis chez moi : {x}, digicode 4B21.", "addr_chez_moi_fr"),
        ("On habite maintenant au {x}, 3e étage sans ascenseur.", "addr_habite_fr"),
    ],
    "es": [
        ("{n} se mudó a {x} en enero.", "addr_mudo_es"),
        ("Mándalo a casa de mi madre: {x}", "addr_casa_madre_es"),
        ("Estamos en {x}, timbre que no funciona, llama al llegar.", "addr_estamos_es"),
    ],
    "it": [
        ("{n} si è trasferita in {x}, aggiorna la rubrica.", "addr_trasferita_it"),
        ("Spediscilo a casa mia, {x}, citofono Rossi.", "addr_spedisci_it"),
    ],
    "pt": [
        ("{n} mudou-se para a {x}.", "addr_mudou_pt"),
        ("Manda entregar na casa da minha avó: {x}", "addr_entregar_pt"),
        ("A gente mora na {x} agora, interfone 32.", "addr_mora_pt"),
    ],
    "nl": [
        ("{n} is verhuisd naar {x}.", "addr_verhuisd_nl"),
        ("Stuur het pakketje maar naar {x}, daar woont mijn zus.", "addr_stuur_nl"),
    ],
    "sv": [
        ("{n} har flyttat till {x}, portkod 2207.", "addr_flyttat_sv"),
        ("Skicka det till mig: {x}", "addr_skicka_sv"),
    ],
    "pl": [
        ("{n} przeprowadziła się na {x}.", "addr_przeprowadzila_pl"),
        ("Wyślij to do mnie do domu: {x}, domofon 27.", "addr_wyslij_pl"),
    ],
    "ja": [
        ("{n}さんの新しい住所は{x}です。年賀状リストを更新して。", "addr_jusho_ja"),
        ("荷物は実家に送って：{x}", "addr_jikka_ja"),
    ],
    "tr": [
        ("{n} {x} adresine taşındı, kargo oraya gitsin.", "addr_tasindi_tr"),
        ("Bizim ev: {x}, zil çalışmıyor, gelince ara.", "addr_ev_tr"),
    ],
}

NAMES = {
    "en": ["Emily", "Grace", "Olivia", "Chloe", "Maya", "Nora", "Zoe", "Ruth"],
    "de": ["Anna", "Lea", "Miriam", "Julia", "Svenja"],
    "fr": ["Léa", "Manon", "Inès", "Camille", "Margaux"],
    "es": ["Lucía", "Paula", "Ximena", "Valeria", "Inés"],
    "it": ["Giulia", "Sara", "Martina", "Alessia"],
    "pt": ["Ana", "Mariana", "Larissa", "Inês"],
    "nl": ["Fenna", "Sanne", "Iris", "Noor"],
    "sv": ["Alva", "Ebba", "Freja", "Linnea"],
    "pl": ["Zofia", "Ola", "Marta", "Julia"],
    "ja": ["山田", "高橋", "中村", "小林"],
    "tr": ["Elif", "Deniz", "Selin", "Ece"],
    "ko": ["Ji-woo", "Min-seo", "Seo-yeon"],
    "zh": ["Wang Fang", "Li Na", "Zhang Wei"],
    "id": ["Putri", "Siti", "Dewi"],
}

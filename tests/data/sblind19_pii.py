# ruff: noqa: E501, E741, E731, E402, SIM108
"""PII templates for the blind19 set. Each entry: (template, locale, value_fn, [formats], check)."""

from stdnum import luhn

import sblind19_values as V
from sblind19_values import D, UP, rs


def nid(scheme):
    return lambda r: V.national_id(r, scheme)


# scheme, locale, formats
NID = [
    ("br.cpf", "pt", ["CPF da §n: §v — usar no contrato de locação.", "Cliente §f pediu 2ª via do boleto, CPF §v, confirmar endereço.", "Cadastro fintech: titular §n, documento §v, conta aberta em §d."]),
    ("mx.curp", "es", ["CURP de §n para el trámite de inscripción: §v", "Ya me pasó su CURP, §v, para darlo de alta en el IMSS."]),
    ("mx.rfc", "es", ["RFC personal de §n (para factura): §v", "§f me mandó su RFC §v por WhatsApp para el recibo de honorarios."]),
    ("ar.dni", "es", ["Che, el DNI de §n es §v, lo necesito para la reserva.", "Intake: cliente §n, DNI §v, consulta por despido."]),
    ("ar.cuit", "es", ["CUIL de §n para el alta en AFIP: §v", "Pasale al contador mi CUIT §v así factura el monotributo."]),
    ("cl.rut", "es", ["RUT del postulante §n: §v", "Para la matrícula de §f en la U usé su RUT §v."]),
    ("co.nit", "es", ["Cédula/NIT de §n para la factura electrónica: §v", "El NIT personal de §f es §v, persona natural, régimen simple."]),
    ("ro.cnp", "ro", ["CNP-ul lui §n este §v, trebuie pus pe cererea de înscriere.", "Client nou la cabinet: §n, CNP §v, dosar de divorț.", "§f mi-a dat CNP §v pentru asigurarea RCA."]),
    ("cz.rc", "cs", ["Rodné číslo §n: §v (potřeba pro přihlášku na VŠ).", "Pojišťovna chce rodné číslo — §f má §v.", "Klient §n, r.č. §v, řeší výpověď z nájmu."]),
    ("gr.amka", "el", ["ΑΜΚΑ του/της §n: §v — για το ραντεβού στο ΙΚΑ.", "Ο §f μου έστειλε το ΑΜΚΑ του, §v, για την εγγραφή."]),
    ("il.idnr", "he", ["תעודת זהות של §n: §v, לצרף לטופס הקבלה.", "הלקוח §n (ת.ז. §v) פנה בעניין תביעת נזיקין."]),
    ("th.pin", "th", ["เลขบัตรประชาชนของ §n คือ §v ใช้สมัครเรียน", "ลูกค้า §n แจ้งเลขประจำตัว §v เพื่อเปิดบัญชี"]),
    ("id.nik", "id", ["NIK §n: §v, buat daftar BPJS minggu depan.", "KTP pelamar §n, NIK §v, sudah diverifikasi admin."]),
    ("ua.rntrc", "uk", ["РНОКПП (ІПН) §n: §v — для договору оренди.", "Ідентифікаційний код §f — §v, потрібен бухгалтеру."]),
    ("vn.mst", "vi", ["Mã số thuế cá nhân của §n là §v, dùng để quyết toán thuế TNCN.", "MST cá nhân chị §f: §v"]),
    ("in_.aadhaar", "en", ["Aadhaar for §n is §v, needed for the KYC re-verification.", "§f shared her Aadhaar §v over WhatsApp for the hostel form."]),
    ("in_.pan", "en", ["PAN of applicant §n: §v", "Remind me: my PAN is §v for the Form 16 upload."]),
    ("za.idnr", "en", ["SA ID number for §n: §v, used on the FICA documents.", "Client §n (ID §v) wants to contest the eviction notice."]),
    ("au.tfn", "en", ["§n's TFN is §v — put it on the payroll onboarding form.", "Tax file number for my super rollover: §v"]),
    ("ca.sin", "en", ["SIN for §n: §v (for the T4 slip).", "Driver onboarding: §n, SIN §v, start date §d."]),
    ("jp.in_", "ja", ["§nさんのマイナンバーは§vです。年末調整で使用。", "マイナンバー §v（本人確認済み）"]),
    ("kr.rrn", "ko", ["§n 주민등록번호: §v, 입학 서류에 기입 필요", "고객 §n님 주민번호 §v 확인 완료"]),
    ("us.ssn", "en", ["SSN for §n is §v — needed for the I-9.", "Intake call: §n, social §v, slip-and-fall at a grocery store.", "my social is §v if the tax guy asks again"]),
    ("es.dni", "es", ["DNI de §n: §v, para la matrícula.", "Mi DNI es §v por si lo pide la gestoría."]),
    ("es.nie", "es", ["NIE de §n: §v (residente, trabaja en Valencia).", "El NIE de §f es §v, pendiente de renovar la TIE."]),
    ("pt.nif", "pt", ["NIF da §n (Portugal): §v — para a fatura do veterinário.", "Contribuinte §v, em nome de §n."]),
    ("se.personnummer", "sv", ["Personnummer för §n: §v", "§f har personnummer §v, behövs till hyresavtalet."]),
    ("no.fodselsnummer", "no", ["Fødselsnummer til §n: §v", "§f oppga fnr §v ved innmelding."]),
    ("fi.hetu", "fi", ["Henkilötunnus §n: §v", "§f:n hetu on §v, tarvitaan vuokrasopimukseen."]),
    ("nl.bsn", "nl", ["BSN van §n: §v, nodig voor de huurtoeslag.", "Mijn BSN is §v (voor de zorgverzekering)."]),
    ("pl.pesel", "pl", ["PESEL §n: §v", "Klientka §n, PESEL §v, sprawa o alimenty."]),
    ("it.codicefiscale", "it", ["Codice fiscale di §n: §v", "Il CF di §f è §v, serve per la ricetta."]),
    ("tr.tckimlik", "tr", ["§n TC kimlik no: §v", "Kargo için TC kimlik numaram §v"]),
    ("cn.ric", "zh", ["§n的身份证号：§v，用于签证材料。", "留学生申请人 §n, Chinese resident ID §v."]),
    ("bg.egn", "bg", ["ЕГН на §n: §v", "Кандидат §n, ЕГН §v, документи за прием."]),
    ("be.nn", "fr", ["Numéro national de §n : §v", "Rijksregisternummer §v, Camille, voor het huurcontract."]),
    ("gb.nhs", "en", ["NHS number for §n: §v, registered at the Leeds surgery.", "§f's NHS no. §v — bring to the fracture clinic."]),
    ("de.idnr", "de", ["Steuer-ID von §n: §v", "Meine Steuer-IdNr. ist §v, für die Lohnabrechnung."]),
    ("my.nric", "ms", ["No. IC §n: §v", "Applicant §n, MyKad §v, for the scholarship."]),
    ("ee.ik", "et", ["Isikukood §n: §v", "§f isikukood on §v."]),
    ("fr.nir", "fr", ["Numéro de sécu de §n : §v", "NIR de §f pour la mutuelle : §v"]),
]


def phone_entries():
    P = lambda reg, kind="mobile", style=None: (lambda r: V.phone(r, reg, kind, style))
    return [
        ("ph_ar_sa", "ar", P("SA"), ["رقم جوال §n: §v", "اتصل بـ§n على §v بعد العصر بخصوص موعد التطعيم"]),
        ("ph_ar_ae", "ar", P("AE"), ["§n's personal mobile in Dubai: §v", "رقم §n الشخصي §v (واتساب)"]),
        ("ph_ar_eg", "ar", P("EG"), ["موبايل §n: §v", "Courier needs to call the consignee §n on §v before delivery."]),
        ("ph_el", "el", P("GR"), ["Το κινητό της §n είναι §v.", "Πάρε τηλέφωνο τον §f στο §v για τον σκύλο."]),
        ("ph_cs", "cs", P("CZ"), ["Mobil na §n: §v", "§f volala z čísla §v, ozvat se zítra ráno."]),
        ("ph_ro", "ro", P("RO"), ["Numărul lui §n: §v", "Sună-l pe §f la §v pentru programarea la veterinar."]),
        ("ph_hu", "hu", P("HU"), ["§n mobilja: §v", "Hívd vissza §f-t a §v számon a felvételi ügyben."]),
        ("ph_he", "he", P("IL"), ["הטלפון של §n: §v", "להתקשר ל§f ב-§v לגבי הפגישה במשרד"]),
        ("ph_th", "th", P("TH"), ["เบอร์ §n: §v", "โทรหา §f ที่ §v ก่อนส่งของ"]),
        ("ph_vi", "vi", P("VN"), ["SĐT của §n: §v", "Gọi cho anh §f số §v để xác nhận lịch hẹn."]),
        ("ph_id", "id", P("ID"), ["Nomor WA §n: §v", "Hubungi Bu §f di §v soal tagihan."]),
        ("ph_uk", "uk", P("UA"), ["Телефон §n: §v", "Передзвонити §f на §v щодо вступу."]),
        ("ph_pt", "pt", P("BR"), ["Zap da §n: §v", "Tutor do §p: §n, cel §v."]),
        ("ph_es_mx", "es", P("MX"), ["Cel de §n: §v", "Márcale a §f al §v para lo del pedimento."]),
        ("ph_es_ar", "es", P("AR"), ["El celu de §n es §v", "Llamar a §f al §v, consulta laboral."]),
        ("ph_es_co", "es", P("CO"), ["Celular de §n: §v", "§f dejó su número §v para que le devuelvan la llamada."]),
        ("ph_en_in", "en", P("IN"), ["§n's mobile: §v", "Call §f on §v re: hostel allotment."]),
        ("ph_en_ng", "en", P("NG"), ["§n's line is §v, she prefers WhatsApp.", "Driver §n reachable on §v."]),
        ("ph_en_za", "en", P("ZA"), ["Cell for §n: §v", "§f asked us to phone §v after 5pm."]),
        ("ph_en_au", "en", P("AU"), ["§n's mobile is §v", "Ring §f on §v about Rocky's desexing."]),
        ("ph_en_ca", "en", P("CA"), ["Home phone for §n: §v", "Player support escalation: parent §n can be reached at §v."]),
        ("ph_ja", "ja", P("JP"), ["§nさんの携帯：§v", "§vに折り返し電話（§n様）"]),
        ("ph_ko", "ko", P("KR"), ["§n 휴대폰 §v", "§f님께 §v로 연락 부탁"]),
        ("ph_tr", "tr", P("TR"), ["§n cep: §v"]),
        ("ph_de_fixed", "de", P("DE", "fixed"), ["Festnetz zu Hause bei §n: §v"]),
        ("ph_kenya", "en", P("KE"), ["M-Pesa line for §n: §v"]),
    ]


EMAIL_DOMAINS = {
    "ar": ["gmail.com", "hotmail.com", "yahoo.com"], "el": ["yahoo.gr", "gmail.com", "otenet.gr"], "cs": ["seznam.cz", "email.cz", "centrum.cz"],
    "ro": ["yahoo.ro", "gmail.com"], "hu": ["freemail.hu", "citromail.hu", "gmail.com"], "he": ["walla.co.il", "gmail.com"], "th": ["hotmail.com", "gmail.com"],
    "vi": ["gmail.com", "yahoo.com.vn"], "id": ["yahoo.co.id", "gmail.com"], "uk": ["ukr.net", "i.ua", "gmail.com"], "pt": ["uol.com.br", "bol.com.br", "gmail.com"],
    "es": ["hotmail.com", "gmail.com", "yahoo.com.mx"], "en": ["gmail.com", "outlook.com", "rediffmail.com", "icloud.com", "bigpond.com"], "ja": ["docomo.ne.jp", "yahoo.co.jp"], "ko": ["naver.com", "daum.net", "hanmail.net"],
}
TRANSLIT = {
    "ar": ["fatima.harbi", "omar.haddad88", "layla.mansour", "y.elsayed", "noura.q"], "el": ["g.papadopoulos", "eleni.konst", "nikos_antoniou"], "cs": ["jana.novakova", "petr.svoboda78", "lucie.dvorakova"],
    "ro": ["ioana.popescu", "andrei_ionescu90", "mihaela.c"], "hu": ["nagy.zsofi", "kovacs.bence", "toth.eszter91"], "he": ["noa.cohen", "itai.levi", "michal.p"], "th": ["somchai.j", "napatsorn.w"],
    "vi": ["nguyenthilan", "tranvanminh92", "lehoanganh"], "id": ["siti.rahayu", "budi_santoso", "dewi.lestari87"], "uk": ["olena.kovalenko", "andrii.shev", "iryna.b"], "pt": ["anabia.souza", "joaopedro.oli", "mari.costa"],
    "es": ["mafer.lopez", "joseluis.hdz", "vale.gomez", "santi.rodriguez"], "en": ["priya.r", "chinedu.okafor", "thandi.mokoena", "liam.oconnor", "em.tremblay", "arjun.mehta93"], "ja": ["misaki.sato", "kenta_suzuki"], "ko": ["minji.kim", "junho0412", "seoyeon.park"],
}


def email_fn(loc):
    return lambda r: r.choice(TRANSLIT[loc]) + (str(r.randint(1, 99)) if r.random() < 0.4 else "") + "@" + r.choice(EMAIL_DOMAINS[loc])


def email_entries():
    E = email_fn
    return [
        ("em_note_ar", "ar", E("ar"), ["البريد الشخصي لـ§n: §v", "Send the boarding invoice to §v (owner's personal mail)."]),
        ("em_el", "el", E("el"), ["Στείλε τα έγγραφα στο §v.", "Το προσωπικό email του §f είναι §v"]),
        ("em_cs", "cs", E("cs"), ["Pošli to §f na §v, pracovní mail nečte.", "E-mail uchazečky: §v"]),
        ("em_ro", "ro", E("ro"), ["Adresa de mail a lui §n: §v"]),
        ("em_hu", "hu", E("hu"), ["§n e-mail címe: §v"]),
        ("em_he", "he", E("he"), ["המייל של §n: §v"]),
        ("em_th", "th", E("th"), ["อีเมลของ §n: §v"]),
        ("em_vi", "vi", E("vi"), ["Email cá nhân của chị §f: §v"]),
        ("em_id", "id", E("id"), ["Kirim hasil seleksi ke §v ya."]),
        ("em_uk", "uk", E("uk"), ["Пошта §n: §v"]),
        ("em_pt", "pt", E("pt"), ["Manda o contrato pra §v (e-mail pessoal da §f)."]),
        ("em_es", "es", E("es"), ["Correo de §n: §v", "Reply-To: §v  — el cliente pidió no usar el del trabajo."]),
        ("em_en", "en", E("en"), ["§n asked us to use her personal address §v for the settlement letters.", "Support ticket #§k: player account recovery, owner says real email is §v.", "Applicant contact: §v"]),
        ("em_ja", "ja", E("ja"), ["§nさんの個人メール: §v"]),
        ("em_ko", "ko", E("ko"), ["§n 개인 메일 §v 로 합격 통지 발송"]),
        ("em_json", "en", E("en"), ['{"customer": "§n", "email": "§v", "tier": "gold"}']),
    ]


def _n(r, a, b):
    return str(r.randint(a, b))


ADDR = {
    "pt": lambda r: f"Rua {r.choice(['Harmonia', 'Augusta', 'dos Pinheiros', 'Bela Cintra', 'Capote Valente'])}, {_n(r, 12, 1999)}, apto {_n(r, 11, 184)} - {r.choice(['Vila Madalena, São Paulo - SP', 'Pinheiros, São Paulo - SP', 'Savassi, Belo Horizonte - MG'])}, {_n(r, 10000, 39999)}-{_n(r, 100, 999)}",
    "es_mx": lambda r: f"Calle {r.choice(['Durango', 'Tonalá', 'Colima', 'Jalapa'])} {_n(r, 10, 320)}, int. {_n(r, 1, 12)}, Col. Roma Norte, {r.choice(['06700', '06760'])} Cuauhtémoc, CDMX",
    "es_ar": lambda r: f"{r.choice(['Av. Corrientes', 'Gurruchaga', 'Thames', 'Av. Cabildo'])} {_n(r, 100, 5999)}, piso {_n(r, 1, 12)} {r.choice('ABCD')}, C{_n(r, 1000, 1499)} CABA",
    "es_co": lambda r: f"Carrera {_n(r, 7, 70)} # {_n(r, 10, 140)}-{_n(r, 10, 99)}, apto {_n(r, 101, 1204)}, {r.choice(['Chapinero, Bogotá', 'El Poblado, Medellín', 'Laureles, Medellín'])}",
    "ro": lambda r: f"Str. {r.choice(['Mihai Eminescu', 'Dorobanți', 'Avram Iancu', 'Lizeanu'])} nr. {_n(r, 1, 120)}, bl. {r.choice(['A2', 'M14', 'C3'])}, sc. {_n(r, 1, 3)}, ap. {_n(r, 1, 60)}, {r.choice(['București, sector 2', 'Cluj-Napoca', 'Iași'])}",
    "hu": lambda r: f"{r.choice(['1134 Budapest, Váci út', '1067 Budapest, Teréz krt.', '6720 Szeged, Kárász u.', '4025 Debrecen, Piac u.'])} {_n(r, 1, 140)}. {_n(r, 1, 6)}/{_n(r, 1, 20)}.",
    "cs": lambda r: f"{r.choice(['Korunní', 'Slezská', 'Vinohradská', 'Masarykova'])} {_n(r, 1, 2400)}/{_n(r, 1, 90)}, {r.choice(['120 00 Praha 2', '130 00 Praha 3', '602 00 Brno'])}",
    "el": lambda r: f"{r.choice(['Πατησίων', 'Αγίου Μελετίου', 'Τσιμισκή', 'Ερμού'])} {_n(r, 1, 250)}, {r.choice(['11257 Αθήνα', '54622 Θεσσαλονίκη', '26221 Πάτρα'])}",
    "he": lambda r: f"רחוב {r.choice(['הרצל', 'ביאליק', 'אבן גבירול', 'ויצמן'])} {_n(r, 1, 180)} דירה {_n(r, 1, 40)}, {r.choice(['תל אביב', 'חיפה', 'רמת גן', 'ירושלים'])}",
    "th": lambda r: f"{_n(r, 1, 199)}/{_n(r, 1, 99)} ซอยสุขุมวิท {_n(r, 2, 101)} แขวงคลองตันเหนือ เขตวัฒนา กรุงเทพฯ 10110",
    "vi": lambda r: f"Số {_n(r, 1, 120)} ngõ {_n(r, 2, 300)} {r.choice(['Phố Huế, quận Hai Bà Trưng, Hà Nội', 'Nguyễn Trãi, Thanh Xuân, Hà Nội', 'Lê Văn Sỹ, phường 13, quận 3, TP.HCM'])}",
    "id": lambda r: f"Jl. {r.choice(['Kemang Raya', 'Cempaka Putih Tengah', 'Dago', 'Kaliurang'])} No. {_n(r, 1, 150)}, RT {_n(r, 1, 15):0>3}/RW {_n(r, 1, 12):0>3}, {r.choice(['Jakarta Selatan 12730', 'Bandung 40135', 'Sleman, Yogyakarta 55581'])}",
    "uk": lambda r: f"вул. {r.choice(['Саксаганського', 'Хрещатик', 'Городоцька', 'Сумська'])}, {_n(r, 1, 150)}, кв. {_n(r, 1, 200)}, {r.choice(['Київ, 01033', 'Львів, 79000', 'Харків, 61002'])}",
    "ja": lambda r: f"〒{_n(r, 100, 199)}-{_n(r, 1000, 9999)} 東京都{r.choice(['世田谷区三軒茶屋', '杉並区高円寺北', '渋谷区広尾'])}{_n(r, 1, 4)}-{_n(r, 1, 30)}-{_n(r, 1, 20)} {r.choice(['メゾン', 'ハイツ', 'コーポ'])}{_n(r, 101, 508)}",
    "ko": lambda r: f"서울특별시 {r.choice(['마포구 월드컵북로', '송파구 올림픽로', '관악구 봉천로'])} {_n(r, 1, 400)}, {_n(r, 101, 115)}동 {_n(r, 101, 1804)}호",
    "en_in": lambda r: f"Flat {_n(r, 101, 904)}, {r.choice(['Sai Krupa Apartments', 'Prestige Lakeside', 'Green Glen Layout'])}, {r.choice(['14th Cross, Indiranagar, Bengaluru 560038', 'Andheri West, Mumbai 400053', 'Sector 62, Noida 201309'])}",
    "en_ng": lambda r: f"{_n(r, 2, 60)} {r.choice(['Ogundana Street, Allen Avenue, Ikeja, Lagos', 'Aminu Kano Crescent, Wuse 2, Abuja', 'Bode Thomas Street, Surulere, Lagos'])}",
    "en_za": lambda r: f"{_n(r, 2, 120)} {r.choice(['Jacaranda Street, Menlo Park, Pretoria, 0081', 'Kloof Nek Road, Tamboerskloof, Cape Town, 8001', 'Jan Smuts Ave, Parktown North, Johannesburg, 2193'])}",
    "en_au": lambda r: f"Unit {_n(r, 1, 20)}/{_n(r, 2, 140)} {r.choice(['Wattle Avenue, Carlton North VIC 3054', 'Bronte Road, Bondi Junction NSW 2022', 'Stanley St, Woolloongabba QLD 4102'])}",
    "en_ca": lambda r: f"{_n(r, 10, 4999)} {r.choice(['Rue Saint-Denis, apt 3, Montréal QC H2X 3J6', 'Maple Cres, Toronto ON M4B 1B3', 'W 12th Ave, Vancouver BC V5Z 1M9'])}",
    "en_us": lambda r: f"{_n(r, 100, 9999)} {r.choice(['Maple Ridge Dr, Apt 2B, Austin, TX 78745', 'N Kedzie Ave, Chicago, IL 60618', 'Elm St, Somerville, MA 02144'])}",
    "ar": lambda r: f"{r.choice(['حي النرجس، شارع', 'حي الملقا، طريق', 'حي الروضة، شارع'])} {_n(r, 3, 60)}، فيلا {_n(r, 1, 40)}، الرياض {_n(r, 11000, 13999)}",
    "ar_eg": lambda r: f"{_n(r, 1, 90)} شارع {r.choice(['مصدق، الدقي، الجيزة', 'شهاب، المهندسين، الجيزة', 'النزهة، مصر الجديدة، القاهرة'])}، شقة {_n(r, 1, 30)}",
    "tr": lambda r: f"{r.choice(['Moda Cad.', 'Bağdat Cad.', 'Atatürk Blv.'])} No:{_n(r, 1, 300)} D:{_n(r, 1, 20)}, {r.choice(['Kadıköy/İstanbul', 'Çankaya/Ankara'])}",
    "pl": lambda r: f"ul. {r.choice(['Marszałkowska', 'Długa', 'Piotrkowska'])} {_n(r, 1, 200)}/{_n(r, 1, 60)}, {r.choice(['00-624 Warszawa', '90-001 Łódź'])}",
}

ADDR_FMT = {
    "pt": ("pt", ["§n mudou para §v.", "Endereço de entrega da §f: §v", "Tutor do §p mora na §v, visita domiciliar às §t."]),
    "es_mx": ("es", ["Nueva dirección de §n: §v", "Me mudé a §v, actualiza mi perfil."]),
    "es_ar": ("es", ["§f vive en §v, mandale la carta documento ahí."]),
    "es_co": ("es", ["Dirección de residencia de §n: §v"]),
    "ro": ("ro", ["§n s-a mutat la §v.", "Adresa de domiciliu a clientului: §v"]),
    "hu": ("hu", ["§n lakcíme: §v", "Új cím: §v (§f elköltözött)"]),
    "cs": ("cs", ["§f se přestěhovala na §v.", "Adresa trvalého bydliště: §v"]),
    "el": ("el", ["Η διεύθυνση του §n: §v", "Μετακόμισε στην §v."]),
    "he": ("he", ["§n עבר לגור ב§v", "כתובת מגורים של הלקוחה: §v"]),
    "th": ("th", ["ที่อยู่ของ §n: §v"]),
    "vi": ("vi", ["Địa chỉ nhà chị §f: §v", "Giao hàng tới §v, người nhận §n."]),
    "id": ("id", ["Alamat rumah §n: §v", "Kirim dokumen ke §v."]),
    "uk": ("uk", ["§n переїхала на §v.", "Адреса проживання: §v"]),
    "ja": ("ja", ["§nさんの自宅住所：§v", "引っ越し先は§vです。"]),
    "ko": ("ko", ["§n 자택 주소: §v"]),
    "en_in": ("en", ["§n's home address: §v", "Courier the admission letter to §v."]),
    "en_ng": ("en", ["§f moved to §v last month.", "Consignee home address: §v"]),
    "en_za": ("en", ["Client resides at §v."]),
    "en_au": ("en", ["§n lives at §v — home visit for the cat on §d."]),
    "en_ca": ("en", ["Mailing address for §n: §v"]),
    "en_us": ("en", ["Intake: §n, residing at §v, tenant dispute.", "Ship the refund check to §v"]),
    "ar": ("ar", ["عنوان سكن §n: §v"]),
    "ar_eg": ("ar", ["§n ساكن في §v"]),
    "tr": ("tr", ["§n'in ev adresi: §v"]),
    "pl": ("pl", ["§f przeprowadziła się na §v."]),
}


def address_entries():
    return [("addr_" + k, ADDR_FMT[k][0], ADDR[k], ADDR_FMT[k][1]) for k in ADDR]


MONTHS_EN = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
MONTHS_PT = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"]
MONTHS_ES = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"]


def dob_fn(style):
    def f(r):
        y, m, d = V.date_parts(r, 1948, 2007)
        return {
            "dmy_dot": f"{d:02d}.{m:02d}.{y}", "dmy_slash": f"{d:02d}/{m:02d}/{y}", "iso": f"{y}-{m:02d}-{d:02d}", "mdy": f"{m:02d}/{d:02d}/{y}",
            "en_long": f"{d} {MONTHS_EN[m - 1]} {y}", "us_long": f"{MONTHS_EN[m - 1]} {d}, {y}", "pt_long": f"{d} de {MONTHS_PT[m - 1]} de {y}",
            "es_long": f"{d} de {MONTHS_ES[m - 1]} de {y}", "ja": f"{y}年{m}月{d}日", "ko": f"{y}년 {m}월 {d}일", "hu": f"{y}. {m:02d}. {d:02d}.",
        }[style]
    return f


def dob_entries():
    return [
        ("dob_en_in", "en", dob_fn("dmy_slash"), ["DOB of applicant §n: §v", "§f was born on §v, per the Class 12 marksheet."]),
        ("dob_en_us", "en", dob_fn("us_long"), ["§n, born §v, called about the will.", "Client DOB §v (§n)."]),
        ("dob_en_au", "en", dob_fn("en_long"), ["§n's birthday is §v — she's turning older than she admits.", "Date of birth: §v"]),
        ("dob_pt", "pt", dob_fn("pt_long"), ["§n nasceu em §v."]),
        ("dob_es", "es", dob_fn("es_long"), ["Fecha de nacimiento de §n: §v"]),
        ("dob_cs", "cs", dob_fn("dmy_dot"), ["§n, nar. §v, Brno."]),
        ("dob_ro", "ro", dob_fn("dmy_dot"), ["Data nașterii lui §n: §v"]),
        ("dob_hu", "hu", dob_fn("hu"), ["§n született: §v"]),
        ("dob_el", "el", dob_fn("dmy_slash"), ["Ημερομηνία γέννησης §n: §v"]),
        ("dob_he", "he", dob_fn("dmy_dot"), ["תאריך לידה של §n: §v"]),
        ("dob_th", "th", dob_fn("dmy_slash"), ["§n เกิดวันที่ §v"]),
        ("dob_vi", "vi", dob_fn("dmy_slash"), ["§n sinh ngày §v"]),
        ("dob_id", "id", dob_fn("dmy_slash"), ["Tanggal lahir §n: §v"]),
        ("dob_uk", "uk", dob_fn("dmy_dot"), ["§n, дата народження §v"]),
        ("dob_ja", "ja", dob_fn("ja"), ["§nさんの生年月日は§v。"]),
        ("dob_ko", "ko", dob_fn("ko"), ["§n 생년월일 §v"]),
        ("dob_ar", "ar", dob_fn("dmy_slash"), ["تاريخ ميلاد §n: §v"]),
        ("dob_json", "en", dob_fn("iso"), ['{"name": "§n", "dob": "§v", "program": "MSc Data Science"}', "applicant=§n dob=§v status=pending"]),
    ]


def clabe(r):
    body = r.choice(["002", "012", "014", "072"]) + r.choice(["180", "320", "580"]) + rs(r, D, 11)
    w = [3, 7, 1] * 6
    s = sum((int(c) * w[i]) % 10 for i, c in enumerate(body))
    return body + str((10 - s % 10) % 10)


def cbu(r):
    from stdnum.ar import cbu as C
    for _ in range(200):
        b1 = r.choice(["0170", "0070", "0140", "2850"]) + rs(r, D, 3)
        b1 += C.calc_check_digit(b1)
        b2 = rs(r, D, 13)
        b2 += C.calc_check_digit(b2)
        if C.is_valid(b1 + b2):
            return b1 + b2
    raise RuntimeError


def czacct(r):
    from stdnum.cz import bankaccount as B
    for _ in range(2000):
        n = rs(r, D, 10).lstrip("0") + "/" + r.choice(["0800", "0100", "0300", "2010", "5500"])
        if B.is_valid(n):
            return n
    raise RuntimeError


def bank_entries():
    I = lambda cc: (lambda r: V.iban(r, cc))
    return [
        ("bank_iban_ro", "ro", I("RO"), ["IBAN-ul lui §n: §v", "Trimite banii pentru chirie în contul §v (§n)."]),
        ("bank_iban_hu", "hu", I("HU"), ["§n számlaszáma (IBAN): §v"]),
        ("bank_iban_cz", "cs", I("CZ"), ["Refundaci poslat §f na účet §v."]),
        ("bank_cz_local", "cs", czacct, ["Číslo účtu §n: §v", "pošli mi to na §v, díky"]),
        ("bank_iban_gr", "el", I("GR"), ["IBAN του §n για την επιστροφή: §v"]),
        ("bank_iban_pt", "pt", I("PT"), ["IBAN da §n (conta em Lisboa): §v"]),
        ("bank_iban_br", "pt", I("BR"), ["IBAN da conta do §f no Itaú: §v"]),
        ("bank_iban_il", "he", I("IL"), ["מספר IBAN של §n: §v"]),
        ("bank_iban_ae", "ar", I("AE"), ["حساب §n البنكي (IBAN): §v"]),
        ("bank_iban_sa", "ar", I("SA"), ["Salary transfer for driver §n to §v"]),
        ("bank_iban_ua", "uk", I("UA"), ["IBAN §n для повернення коштів: §v", "Реквізити: §n, §v, ПриватБанк"]),
        ("bank_iban_es", "es", I("ES"), ["Cuenta de §n para domiciliar: §v"]),
        ("bank_iban_tr", "tr", I("TR"), ["§n IBAN: §v"]),
        ("bank_iban_eg", "ar", I("EG"), ["IBAN §n: §v"]),
        ("bank_iban_de", "de", I("DE"), ["Erstattung an §n, IBAN §v"]),
        ("bank_clabe", "es", clabe, ["CLABE de §n para el reembolso: §v", "Deposítale a §f a la CLABE §v"]),
        ("bank_cbu", "es", cbu, ["CBU de §n: §v", "Pasame a mi CBU §v los honorarios."]),
        ("bank_us_acct", "en", lambda r: rs(r, D, r.randint(9, 12)), ["Direct deposit for §n: routing 021000021, account §v", "§f's checking acct §v at Chase, for the settlement payout."]),
        ("bank_in_acct", "en", lambda r: rs(r, D, 12), ["Refund to §n, A/C no. §v, IFSC HDFC0001234"]),
        ("bank_au_bsb", "en", lambda r: f"{rs(r, D, 3)}-{rs(r, D, 3)} {rs(r, D, 8)}", ["§n's BSB and account: §v (CommBank)"]),
        ("bank_ng_nuban", "en", lambda r: rs(r, D, 10), ["Pay §n into GTBank account §v"]),
    ]


def card_entries():
    C = lambda r: V.card(r)
    return [
        ("card_en", "en", C, ["§n's Visa: §v exp 08/27", "Customer §n read out card §v over the phone for the vet bill.", "card §v, cvv on file, holder §n"]),
        ("card_es", "es", C, ["Tarjeta de §n: §v, vence 11/26"]),
        ("card_pt", "pt", C, ["Cartão da §f: §v"]),
        ("card_ro", "ro", C, ["Cardul lui §n: §v"]),
        ("card_vi", "vi", C, ["Số thẻ của anh §f: §v"]),
        ("card_he", "he", C, ["מספר כרטיס אשראי של §n: §v"]),
        ("card_ja", "ja", C, ["§nさんのカード番号 §v"]),
        ("card_json", "en", lambda r: V.card(r, "plain"), ['{"cardholder": "§n", "pan": "§v", "exp": "09/28"}']),
    ]


HEALTH = [
    ("hl_en", "en", ["type 1 diabetes", "bipolar II disorder", "stage 2 breast cancer", "HIV, on antiretrovirals", "epilepsy", "severe depression", "Crohn's disease", "a peanut anaphylaxis allergy"],
     ["§n has §v and may need extra time in exams.", "Note: §f disclosed §v during the intake call.", "Driver §n was diagnosed with §v; keep off night shifts."]),
    ("hl_pt", "pt", ["diabetes tipo 2", "depressão", "hipertensão", "câncer de tireoide"], ["A §f está com §v e vai faltar ao trabalho.", "§n faz tratamento para §v."]),
    ("hl_es", "es", ["ansiedad generalizada", "diabetes", "cáncer de colon", "VIH"], ["§n tiene §v, pidió reserva absoluta.", "A §f le diagnosticaron §v en marzo."]),
    ("hl_cs", "cs", ["roztroušenou sklerózu", "cukrovku", "depresi"], ["§f má §v, potřebuje bezbariérový přístup."]),
    ("hl_ro", "ro", ["diabet de tip 2", "o tulburare anxioasă", "astm sever"], ["§n suferă de §v."]),
    ("hl_hu", "hu", ["epilepsziás", "cukorbeteg", "depressziós"], ["§n §v, gyógyszert szed."]),
    ("hl_el", "el", ["διαβήτη τύπου 1", "κατάθλιψη", "καρκίνο"], ["Ο/Η §n έχει §v."]),
    ("hl_he", "he", ["סוכרת", "דיכאון", "אפילפסיה"], ["ל§n יש §v."]),
    ("hl_th", "th", ["โรคเบาหวาน", "โรคซึมเศร้า", "มะเร็งเต้านม"], ["§n ป่วยเป็น§v"]),
    ("hl_vi", "vi", ["tiểu đường", "trầm cảm", "ung thư gan"], ["Chị §f bị §v, đang điều trị."]),
    ("hl_id", "id", ["diabetes", "TBC paru", "depresi berat"], ["§n menderita §v."]),
    ("hl_uk", "uk", ["цукровий діабет", "ПТСР", "рак щитоподібної залози"], ["У §n §v."]),
    ("hl_ja", "ja", ["うつ病", "糖尿病", "乳がん"], ["§nさんは§vで通院中。"]),
    ("hl_ko", "ko", ["공황장애", "당뇨병", "갑상선암"], ["§n 씨는 §v 진단을 받았음"]),
    ("hl_ar", "ar", ["السكري", "الاكتئاب", "سرطان الثدي"], ["§n مصاب بـ§v"]),
    ("hl_med", "en", ["sertraline 100 mg", "insulin glargine 20 units", "lithium 600 mg", "methotrexate 15 mg weekly"], ["§n takes §v daily; remind her before the trip.", "Pharmacy note for §f: §v."]),
]


MONEY = [
    ("mn_en", "en", lambda r: f"${r.randint(48, 260)},{r.randint(0, 9)}00", ["§n's base salary is §v a year.", "§f still owes §v on the car loan.", "Offer letter for §n: §v base + equity."]),
    ("mn_in", "en", lambda r: f"₹{r.randint(4, 48)},{r.randint(10, 99)},000", ["§n earns §v per annum (CTC)."]),
    ("mn_pt", "pt", lambda r: f"R$ {r.randint(2, 45)}.{r.randint(100, 999)},00", ["Salário da §f: §v.", "§n tá devendo §v no cartão."]),
    ("mn_es", "es", lambda r: f"${r.randint(12, 95)}.{r.randint(100, 999)} MXN", ["§n gana §v al mes.", "La deuda de §f con el banco es de §v."]),
    ("mn_ro", "ro", lambda r: f"{r.randint(3, 19)}.{r.randint(100, 999)} lei", ["Salariul net al lui §n: §v.", "§f are o datorie de §v la bancă."]),
    ("mn_hu", "hu", lambda r: f"{r.randint(350, 1900)} 000 Ft", ["§n nettó fizetése §v."]),
    ("mn_cs", "cs", lambda r: f"{r.randint(28, 140)} 000 Kč", ["§f má hrubou mzdu §v.", "§n dluží exekutorovi §v."]),
    ("mn_el", "el", lambda r: f"{r.randint(900, 4800)} €", ["Ο μισθός του §n είναι §v τον μήνα."]),
    ("mn_he", "he", lambda r: f"{r.randint(9, 45)},{r.randint(100, 999)} ₪", ["המשכורת של §n: §v"]),
    ("mn_vi", "vi", lambda r: f"{r.randint(8, 95)} triệu đồng", ["Lương của §n là §v mỗi tháng.", "Anh §f đang nợ §v."]),
    ("mn_ja", "ja", lambda r: f"{r.randint(280, 1400)}万円", ["§nさんの年収は§v。"]),
    ("mn_ko", "ko", lambda r: f"{r.randint(3, 15)}천만 원", ["§n 연봉 §v"]),
    ("mn_uk", "uk", lambda r: f"{r.randint(15, 120)} 000 грн", ["Зарплата §n — §v на місяць."]),
    ("mn_id", "id", lambda r: f"Rp{r.randint(4, 60)}.{r.randint(100, 999)}.000", ["Gaji §n §v per bulan.", "Utang §f ke pinjol §v."]),
    ("mn_ar", "ar", lambda r: f"{r.randint(6, 60)},{r.randint(100, 999)} ريال", ["راتب §n الشهري §v"]),
    ("mn_za", "en", lambda r: f"R{r.randint(12, 140)} {r.randint(100, 999)}", ["§n's take-home is §v a month; arrears on the bond."]),
]


PASSPORT = [
    ("pp_us", "en", lambda r: rs(r, D, 9), ["§n's US passport no. §v, expires 2031.", "passport §v (§n) for the conference visa letter"]),
    ("pp_in", "en", lambda r: r.choice("JKLMNPRSTUVWZ") + rs(r, "123456789", 1) + rs(r, D, 6), ["Passport number of applicant §n: §v"]),
    ("pp_br", "pt", lambda r: rs(r, "ABCFGHJ", 2) + rs(r, D, 6), ["Passaporte da §n: §v, validade 2030."]),
    ("pp_mx", "es", lambda r: "G" + rs(r, D, 8), ["Pasaporte de §n: §v"]),
    ("pp_de", "de", lambda r: "C" + rs(r, "CFGHJKLMNPRTVWXYZ0123456789", 8), ["Reisepassnummer §n: §v"]),
    ("pp_jp", "ja", lambda r: r.choice(["TK", "TR", "MU"]) + rs(r, D, 7), ["§nさんの旅券番号 §v"]),
    ("pp_kr", "ko", lambda r: "M" + rs(r, D, 8), ["§n 여권번호 §v"]),
    ("pp_ua", "uk", lambda r: r.choice(["FA", "FE", "GA"]) + rs(r, D, 6), ["Закордонний паспорт §n: §v"]),
    ("pp_hu", "hu", lambda r: rs(r, D, 6) + rs(r, UP, 2), ["§n személyi igazolványa: §v"]),
    ("pp_vn", "vi", lambda r: "C" + rs(r, D, 7), ["Số hộ chiếu của §n: §v"]),
    ("pp_th", "th", lambda r: rs(r, UP, 2) + rs(r, D, 7), ["หนังสือเดินทางของ §n เลขที่ §v"]),
    ("pp_id", "id", lambda r: "X" + rs(r, D, 7), ["Paspor §n: §v"]),
]

LICENCE = [
    ("dl_au", "en", lambda r: rs(r, D, 8), ["§n's NSW licence number §v", "Driver onboarding: §n, licence §v, class HR."]),
    ("dl_ca", "en", lambda r: f"{r.choice(UP)}{rs(r, D, 4)}-{rs(r, D, 5)}-{rs(r, D, 5)}", ["Ontario DL for §n: §v"]),
    ("dl_in", "en", lambda r: f"{r.choice(['MH', 'KA', 'DL', 'TN'])}{rs(r, D, 2)} {r.randint(2005, 2022)}{rs(r, D, 7)}", ["§n's driving licence: §v"]),
    ("dl_us", "en", lambda r: r.choice(UP) + rs(r, D, 7), ["CA driver license §v, §n, for the fleet insurance."]),
    ("dl_za", "en", lambda r: rs(r, D, 10) + rs(r, UP, 2), ["Truck driver §n, licence no. §v, code EC."]),
    ("dl_ro", "ro", lambda r: rs(r, D, 9), ["Permisul de conducere al lui §n: §v"]),
    ("dl_br", "pt", lambda r: rs(r, D, 11), ["CNH do motorista §n: §v"]),
    ("dl_cs", "cs", lambda r: rs(r, UP, 2) + " " + rs(r, D, 6), ["Řidičák §n: §v"]),
]


def entries():
    """kind -> list of (template, loc, value_fn, formats, check)."""
    out = {}
    out["pii.national_id"] = [("nid_" + s.replace(".", "_").rstrip("_") + "_" + loc, loc, nid(s), fmts, ("stdnum", s)) for s, loc, fmts in NID]
    out["pii.phone"] = [(t, loc, f, fm, ("phone",)) for t, loc, f, fm in phone_entries()]
    out["pii.email"] = [(t, loc, f, fm, None) for t, loc, f, fm in email_entries()]
    out["pii.address"] = [(t, loc, f, fm, None) for t, loc, f, fm in address_entries()]
    out["pii.dob"] = [(t, loc, f, fm, None) for t, loc, f, fm in dob_entries()]
    out["pii.bank_account"] = [(t, loc, f, fm, ("iban",) if "iban" in t else None) for t, loc, f, fm in bank_entries()]
    out["pii.card"] = [(t, loc, f, fm, ("luhn",)) for t, loc, f, fm in card_entries()]
    out["pii.health"] = [(t, loc, (lambda vals: (lambda r: r.choice(vals)))(vals), fm, None) for t, loc, vals, fm in HEALTH]
    out["pii.money"] = [(t, loc, f, fm, None) for t, loc, f, fm in MONEY]
    out["pii.passport"] = [(t, loc, f, fm, None) for t, loc, f, fm in PASSPORT]
    out["pii.driver_licence"] = [(t, loc, f, fm, None) for t, loc, f, fm in LICENCE]
    return out


def check_luhn(v):
    return luhn.is_valid(v.replace(" ", "").replace("-", ""))

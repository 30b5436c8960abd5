"""Shared helpers for make_sensitivity_blind18: seeded RNG, names, addresses, phones."""
import random
import phonenumbers
from phonenumbers import PhoneNumberType, PhoneNumberFormat

R = random.Random(1818)


def pick(seq):
    return seq[R.randrange(len(seq))]


def digits(n, first_nonzero=False):
    s = "".join(str(R.randrange(10)) for _ in range(n))
    if first_nonzero and s[0] == "0":
        s = str(R.randrange(1, 10)) + s[1:]
    return s


def alnum(n, alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"):
    return "".join(alphabet[R.randrange(len(alphabet))] for _ in range(n))


def hexs(n):
    return "".join("0123456789abcdef"[R.randrange(16)] for _ in range(n))


FIRST = {
    "kr": ["지훈", "서연", "민준", "하은", "도윤", "수빈", "예준", "지아", "현우", "유진"],
    "kr_sur": ["김", "이", "박", "최", "정", "강", "조", "윤", "장", "임"],
    "de": ["Lukas", "Anna", "Jonas", "Lea", "Felix", "Marie", "Tobias", "Katharina", "Jan", "Sabine"],
    "de_sur": ["Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Becker", "Hoffmann", "Schäfer", "Koch", "Wagner"],
    "fr": ["Camille", "Louis", "Chloé", "Hugo", "Manon", "Julien", "Élodie", "Mathieu", "Inès", "Antoine"],
    "fr_sur": ["Martin", "Bernard", "Dubois", "Lefèvre", "Moreau", "Laurent", "Girard", "Roux", "Fournier", "Mercier"],
    "es": ["Lucía", "Javier", "Carmen", "Alejandro", "Marta", "Pablo", "Nuria", "Sergio", "Elena", "Álvaro"],
    "es_sur": ["García Ruiz", "Fernández López", "Martínez Gil", "Sánchez Vidal", "Romero Díaz", "Navarro Soler", "Torres Pons"],
    "it": ["Giulia", "Marco", "Francesca", "Luca", "Chiara", "Alessandro", "Sara", "Davide", "Elisa", "Matteo"],
    "it_sur": ["Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci", "Greco", "Conti"],
    "nl": ["Daan", "Sanne", "Bram", "Lotte", "Thijs", "Femke", "Ruben", "Anouk", "Joost", "Eva"],
    "nl_sur": ["de Vries", "Jansen", "van den Berg", "Bakker", "Visser", "Smit", "Meijer", "de Boer", "Mulder", "van Dijk"],
    "br": ["João", "Ana Beatriz", "Pedro", "Mariana", "Lucas", "Fernanda", "Rafael", "Juliana", "Gabriel", "Larissa"],
    "br_sur": ["Silva", "Santos", "Oliveira", "Souza", "Pereira", "Costa", "Rodrigues", "Almeida", "Nascimento", "Carvalho"],
    "in": ["Priya", "Rahul", "Ananya", "Arjun", "Sneha", "Vikram", "Kavya", "Rohan", "Deepika", "Aditya"],
    "in_sur": ["Sharma", "Iyer", "Patel", "Reddy", "Nair", "Gupta", "Menon", "Singh", "Kulkarni", "Banerjee"],
    "us": ["Emily", "Michael", "Jessica", "Tyler", "Ashley", "Brandon", "Megan", "Kevin", "Rachel", "Derek"],
    "us_sur": ["Johnson", "Williams", "Brown", "Miller", "Davis", "Thompson", "Anderson", "Ramirez", "Walsh", "Nguyen"],
    "gb": ["Oliver", "Amelia", "Harry", "Isla", "George", "Poppy", "Callum", "Freya", "Rhys", "Imogen"],
    "gb_sur": ["Smith", "Jones", "Taylor", "Evans", "Hughes", "Wright", "Patel", "Clarke", "Robinson", "Hall"],
    "se": ["Erik", "Astrid", "Oskar", "Elsa", "Nils", "Ingrid", "Axel", "Maja", "Gustav", "Linnea"],
    "se_sur": ["Andersson", "Johansson", "Karlsson", "Nilsson", "Eriksson", "Larsson", "Lindqvist", "Berg"],
    "pl": ["Katarzyna", "Piotr", "Agnieszka", "Tomasz", "Magdalena", "Paweł", "Zofia", "Krzysztof"],
    "pl_sur": ["Nowak", "Kowalski", "Wiśniewska", "Wójcik", "Kamińska", "Lewandowski", "Zielińska", "Szymański"],
    "fi": ["Aino", "Mikko", "Eeva", "Juha", "Sanna", "Ville", "Helmi", "Antti"],
    "fi_sur": ["Virtanen", "Korhonen", "Mäkinen", "Nieminen", "Heikkinen", "Laine", "Koskinen"],
    "jp": ["翔太", "美咲", "健一", "陽菜", "大輔", "さくら", "拓也", "由美"],
    "jp_sur": ["佐藤", "鈴木", "高橋", "田中", "渡辺", "伊藤", "山本", "中村"],
    "cn": ["伟", "芳", "娜", "敏", "静", "磊", "洋", "婷"],
    "cn_sur": ["王", "李", "张", "刘", "陈", "杨", "黄", "赵"],
    "mx": ["Guadalupe", "José Luis", "María Fernanda", "Diego", "Ximena", "Carlos", "Valeria", "Emiliano"],
    "mx_sur": ["Hernández Cruz", "González Reyes", "López Morales", "Ramírez Ortiz", "Flores Mendoza", "Jiménez Vargas"],
    "tr": ["Elif", "Mehmet", "Zeynep", "Emre", "Ayşe", "Burak", "Selin", "Can"],
    "tr_sur": ["Yılmaz", "Kaya", "Demir", "Şahin", "Çelik", "Öztürk", "Aydın", "Arslan"],
    "za": ["Thabo", "Naledi", "Sipho", "Lerato", "Johan", "Anri", "Kagiso", "Zanele"],
    "za_sur": ["Nkosi", "Dlamini", "van der Merwe", "Botha", "Mokoena", "Naidoo", "Khumalo"],
    "no": ["Ingrid", "Magnus", "Sigrid", "Henrik", "Kari", "Eirik", "Solveig", "Håkon"],
    "no_sur": ["Hansen", "Johansen", "Olsen", "Larsen", "Andersen", "Pedersen", "Berg", "Haugen"],
    "dk": ["Mette", "Rasmus", "Freja", "Mads", "Ida", "Søren", "Line", "Anders"],
    "dk_sur": ["Jensen", "Nielsen", "Hansen", "Pedersen", "Christensen", "Sørensen", "Rasmussen"],
    "ca": ["Émilie", "Liam", "Noah", "Chloé", "Maxime", "Olivia", "Gabriel", "Sophie"],
    "ca_sur": ["Tremblay", "Gagnon", "Roy", "MacDonald", "Wilson", "Côté", "Bouchard", "Campbell"],
    "au": ["Jack", "Charlotte", "Lachlan", "Matilda", "Cooper", "Ruby", "Hamish", "Zoe"],
    "au_sur": ["Smith", "Kelly", "O'Brien", "Ryan", "Mitchell", "Nguyen", "Murphy", "Cooper"],
    "be": ["Lotte", "Wout", "Amélie", "Pieter", "Louise", "Arne", "Margaux", "Bart"],
    "be_sur": ["Peeters", "Janssens", "Maes", "Dubois", "Lambert", "Claes", "Wouters", "Goossens"],
    "pt": ["Inês", "Tiago", "Beatriz", "Diogo", "Catarina", "Rui", "Mariana", "Nuno"],
    "pt_sur": ["Ferreira", "Pereira", "Costa", "Martins", "Sousa", "Gonçalves", "Lopes", "Marques"],
    "ch": ["Luca", "Noemi", "Reto", "Seraina", "Urs", "Chiara", "Beat", "Nadine"],
    "ch_sur": ["Meier", "Keller", "Brunner", "Baumann", "Frei", "Gerber", "Huber", "Zürcher"],
    "ie": ["Aoife", "Cian", "Siobhán", "Darragh", "Niamh", "Oisín", "Ciara", "Seán"],
    "ie_sur": ["Murphy", "Kelly", "O'Sullivan", "Walsh", "Byrne", "Ryan", "O'Connor", "Doyle"],
}

EAST = ("kr", "jp", "cn")


def name(cc):
    f, s = pick(FIRST[cc]), pick(FIRST[cc + "_sur"])
    if cc in EAST:
        return s + f
    return f + " " + s


STREETS = {
    "de": (["Lindenstraße", "Hauptstraße", "Goethestraße", "Am Mühlbach", "Bahnhofstraße", "Schillerweg"],
           [("10115", "Berlin"), ("80331", "München"), ("50667", "Köln"), ("20095", "Hamburg"), ("04109", "Leipzig")]),
    "fr": (["rue des Lilas", "avenue Jean Jaurès", "boulevard Voltaire", "rue de la République", "impasse des Tilleuls"],
           [("75011", "Paris"), ("69003", "Lyon"), ("13006", "Marseille"), ("31000", "Toulouse"), ("44000", "Nantes")]),
    "es": (["calle Mayor", "avenida de la Constitución", "calle del Olmo", "paseo de Gracia", "calle Alcalá"],
           [("28013", "Madrid"), ("08007", "Barcelona"), ("46002", "Valencia"), ("41001", "Sevilla")]),
    "it": (["via Garibaldi", "corso Vittorio Emanuele II", "via dei Mille", "viale Monza", "via Roma"],
           [("20121", "Milano"), ("00184", "Roma"), ("10121", "Torino"), ("80133", "Napoli"), ("40121", "Bologna")]),
    "nl": (["Prinsengracht", "Kerkstraat", "Dorpsweg", "Beukenlaan", "Molenstraat"],
           [("1016 GV", "Amsterdam"), ("3011 AB", "Rotterdam"), ("3512 JE", "Utrecht"), ("5611 AZ", "Eindhoven")]),
    "us": (["Maple Ave", "Oak Street", "W 34th St", "Sunset Blvd", "Pine Ridge Rd", "Elm Court"],
           [("Austin, TX 78704", ""), ("Portland, OR 97214", ""), ("Columbus, OH 43215", ""), ("Brooklyn, NY 11215", ""), ("Denver, CO 80206", "")]),
    "gb": (["Victoria Road", "Church Lane", "Kingsway", "Albert Street", "Meadow Close"],
           [("M14 5RT", "Manchester"), ("LS6 2AB", "Leeds"), ("BS7 8JT", "Bristol"), ("EH9 1QR", "Edinburgh"), ("SW11 4NN", "London")]),
    "br": (["Rua das Laranjeiras", "Avenida Paulista", "Rua Augusta", "Rua XV de Novembro", "Alameda Santos"],
           [("01310-100", "São Paulo - SP"), ("22240-003", "Rio de Janeiro - RJ"), ("80020-310", "Curitiba - PR"), ("30130-010", "Belo Horizonte - MG")]),
    "se": (["Storgatan", "Drottninggatan", "Björkvägen", "Kungsgatan"],
           [("114 55", "Stockholm"), ("411 03", "Göteborg"), ("211 22", "Malmö"), ("752 20", "Uppsala")]),
    "pl": (["ul. Długa", "ul. Marszałkowska", "ul. Lipowa", "al. Jana Pawła II"],
           [("00-682", "Warszawa"), ("31-042", "Kraków"), ("80-831", "Gdańsk"), ("50-077", "Wrocław")]),
}


def address(cc):
    streets, places = STREETS[cc]
    st = pick(streets)
    n = R.randrange(1, 140)
    pc, city = pick(places)
    if cc in ("fr",):
        return f"{n} {st}, {pc} {city}"
    if cc == "us":
        return f"{n * 10 + R.randrange(10)} {st}, Apt {R.randrange(1, 30)}{pick('ABCD')}, {pc}"
    if cc == "gb":
        return f"{n} {st}, {city} {pc}"
    if cc == "es":
        return f"{st} {n}, {R.randrange(1, 8)}º {pick('ABCD')}, {pc} {city}"
    if cc == "it":
        return f"{st} {n}, {pc} {city}"
    if cc == "br":
        return f"{st}, {n * 10}, apto {R.randrange(11, 180)} – {city}, CEP {pc}"
    if cc == "pl":
        return f"{st} {n}/{R.randrange(1, 60)}, {pc} {city}"
    return f"{st} {n}, {pc} {city}"


def phone(region, fmt="intl", ptype=PhoneNumberType.MOBILE):
    ex = phonenumbers.example_number_for_type(region, ptype)
    nsn = str(ex.national_number)
    for _ in range(2000):
        keep = max(1, len(nsn) - 8)
        cand = nsn[:keep] + digits(len(nsn) - keep)
        num = phonenumbers.parse("+" + str(ex.country_code) + cand)
        if phonenumbers.is_valid_number(num) and phonenumbers.number_type(num) in (ptype, PhoneNumberType.FIXED_LINE_OR_MOBILE):
            if cand == nsn:
                continue
            f = {"intl": PhoneNumberFormat.INTERNATIONAL, "nat": PhoneNumberFormat.NATIONAL,
                 "e164": PhoneNumberFormat.E164}[fmt]
            return phonenumbers.format_number(num, f)
    raise RuntimeError(region)


def date_parts(y0=1955, y1=2004):
    y = R.randrange(y0, y1 + 1)
    m = R.randrange(1, 13)
    d = R.randrange(1, 29)
    return y, m, d


MAILDOM = ["gmail.com", "yahoo.com", "outlook.com", "hotmail.com", "icloud.com", "gmx.de", "web.de", "orange.fr",
           "libero.it", "naver.com", "qq.com", "yahoo.co.jp", "protonmail.com", "wp.pl", "uol.com.br", "free.fr"]

import unicodedata


def ascii_fold(t):
    t = t.replace("ß", "ss").replace("ł", "l").replace("ø", "o").replace("æ", "ae").replace("ı", "i")
    return unicodedata.normalize("NFKD", t).encode("ascii", "ignore").decode()


LOCDOM = {"de": ["gmx.de", "web.de", "t-online.de", "gmail.com"], "fr": ["orange.fr", "free.fr", "laposte.net", "gmail.com"],
          "es": ["gmail.com", "hotmail.es", "yahoo.es"], "it": ["libero.it", "gmail.com", "virgilio.it"],
          "br": ["uol.com.br", "gmail.com", "bol.com.br", "hotmail.com"], "pl": ["wp.pl", "onet.pl", "o2.pl", "gmail.com"],
          "nl": ["ziggo.nl", "gmail.com", "kpnmail.nl", "hotmail.nl"], "tr": ["gmail.com", "hotmail.com", "yandex.com.tr"],
          "in": ["gmail.com", "rediffmail.com", "yahoo.co.in"], "gb": ["btinternet.com", "gmail.com", "yahoo.co.uk", "outlook.com"],
          "ie": ["eircom.net", "gmail.com", "outlook.com"], "au": ["bigpond.com", "gmail.com", "outlook.com"],
          "us": ["gmail.com", "yahoo.com", "icloud.com", "outlook.com", "comcast.net"], "ca": ["gmail.com", "videotron.ca", "rogers.com"],
          "es2": ["gmail.com"]}


def email(person, dom=None, loc=None):
    if dom is None and loc in LOCDOM:
        dom = pick(LOCDOM[loc])
    base = ascii_fold(person.lower())
    parts = [p for p in base.replace("'", "").split() if p.isascii()]
    if not parts:
        parts = [pick(["minjun", "jhkim", "sakura", "tanaka.k", "wanglei", "lihua", "seoyeon", "yuki", "haeun", "zhang.wei"])]
    style = R.randrange(5)
    if style == 0:
        local = ".".join(parts[:2])
    elif style == 1:
        local = parts[0][0] + (parts[-1] if len(parts) > 1 else "")
    elif style == 2:
        local = parts[0] + str(R.randrange(70, 100))
    elif style == 3:
        local = "_".join(parts[:2]) + str(R.randrange(1, 40))
    else:
        local = (parts[-1] + "." + parts[0][0])
    return local + "@" + (dom or pick(MAILDOM))

# ruff: noqa: E501, E741, E731, E402, SIM108
"""Generator for the labelled dev set `sensitivity_tune23` (600 rows, personal-data heavy).

Deterministic: all randomness comes from random.Random(2323); ids are the first 16 hex
chars of sha256(text). Writes sensitivity_tune23.jsonl next to this file.
"""

import base64
import contextlib
import hashlib
import json
import os
import random
import string
import unicodedata
from collections import Counter

import phonenumbers as pn
from stdnum import ean as std_ean
from stdnum import iban as std_iban
from stdnum import luhn, verhoeff
from stdnum.ar import cbu as ar_cbu
from stdnum.ar import cuit as ar_cuit
from stdnum.at import vnr as at_vnr
from stdnum.au import tfn as au_tfn
from stdnum.br import cnpj as br_cnpj
from stdnum.br import cpf as br_cpf
from stdnum.ca import bc_phn as ca_bc_phn
from stdnum.ca import sin as ca_sin
from stdnum.ch import ssn as ch_ssn
from stdnum.cn import ric as cn_ric
from stdnum.de import idnr as de_idnr
from stdnum.es import dni as es_dni
from stdnum.fr import nir as fr_nir
from stdnum.gb import nhs as gb_nhs
from stdnum.id import nik as id_nik
from stdnum.in_ import aadhaar as in_aadhaar
from stdnum.in_ import pan as in_pan
from stdnum.iso7064 import mod_11_10
from stdnum.it import codicefiscale as it_cf
from stdnum.jp import in_ as jp_in
from stdnum.kr import rrn as kr_rrn
from stdnum.mx import curp as mx_curp
from stdnum.nl import bsn as nl_bsn
from stdnum.pl import pesel as pl_pesel
from stdnum.se import personnummer as se_pnr
from stdnum.tr import tckimlik as tr_tck
from stdnum.us import rtn as us_rtn
from stdnum.us import ssn as us_ssn
from stdnum.za import idnr as za_idnr

PROBE = "sensitivity_tune23"
R = random.Random(2323)
DIG = "0123456789"
UP = string.ascii_uppercase
LO = string.ascii_lowercase
ALNUM = string.ascii_letters + DIG


def ch(seq):
    return R.choice(seq)


def rint(a, b):
    return R.randint(a, b)


def rd(n):
    return "".join(R.choice(DIG) for _ in range(n))


def rnz(n):
    """n digits, first one non-zero"""
    return str(rint(1, 9)) + rd(n - 1)


def rs(n, alphabet=ALNUM):
    return "".join(R.choice(alphabet) for _ in range(n))


def grp(n, sep=","):
    """1234567 -> 1,234,567"""
    s = f"{n:,}"
    return s.replace(",", sep)


def lakh(n):
    """Indian digit grouping: 2400000 -> 24,00,000"""
    s = str(n)
    if len(s) <= 3:
        return s
    head, tail = s[:-3], s[-3:]
    parts = []
    while len(head) > 2:
        parts.insert(0, head[-2:])
        head = head[:-2]
    if head:
        parts.insert(0, head)
    return ",".join(parts) + "," + tail


def asciify(s):
    s = s.translate(str.maketrans({"ı": "i", "ł": "l", "Ł": "L", "ø": "o", "ß": "ss", "đ": "d", "Đ": "D", "æ": "ae"}))
    return unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode()


def dob(y0=1958, y1=2003):
    return rint(y0, y1), rint(1, 12), rint(1, 28)


# ---------------------------------------------------------------- names
# locale: (female first names, male first names, surnames)
NAMES = {
    "en_us": (["Emily", "Jessica", "Ashley", "Megan", "Rachel", "Lauren", "Brianna", "Kayla"], ["Tyler", "Brandon", "Kevin", "Marcus", "Derek", "Ryan", "Austin", "Jordan"], ["Miller", "Johnson", "Carter", "Nguyen", "Rivera", "Brooks", "Hayes", "Kowalczyk"]),
    "en_gb": (["Chloe", "Sophie", "Hannah", "Imogen", "Niamh", "Amelia", "Freya", "Bethan"], ["Oliver", "Callum", "Harry", "Jamie", "Rhys", "George", "Alfie", "Declan"], ["Taylor", "Walsh", "Hughes", "Patel", "Clarke", "Evans", "Whitfield", "McAllister"]),
    "de": (["Julia", "Katrin", "Lena", "Sabine", "Anja", "Franziska", "Merle", "Birgit"], ["Jonas", "Tobias", "Markus", "Stefan", "Florian", "Uwe", "Dirk", "Malte"], ["Müller", "Schneider", "Hoffmann", "Becker", "Wagner", "Krüger", "Brandt", "Yıldız"]),
    "fr": (["Camille", "Léa", "Manon", "Élodie", "Chloé", "Sandrine", "Inès", "Margaux"], ["Julien", "Mathieu", "Thomas", "Nicolas", "Karim", "Antoine", "Sébastien", "Yannick"], ["Martin", "Bernard", "Dubois", "Lefèvre", "Moreau", "Benali", "Girard", "Nguyen"]),
    "es": (["Lucía", "Carmen", "María José", "Paula", "Marta", "Elena", "Nerea", "Rocío"], ["Javier", "Sergio", "Álvaro", "Diego", "Pablo", "Raúl", "Iñaki", "Jordi"], ["García", "Fernández", "López", "Martínez", "Sánchez", "Romero", "Navarro", "Ortega"]),
    "es_mx": (["Guadalupe", "Ximena", "Fernanda", "Mariana", "Daniela", "Itzel", "Araceli", "Yesenia"], ["José Luis", "Alejandro", "Emiliano", "Juan Carlos", "Rodrigo", "Iván", "Héctor", "Ulises"], ["Hernández", "González", "Ramírez", "Flores", "Morales", "Castillo", "Cervantes", "Olvera"]),
    "es_ar": (["Florencia", "Agustina", "Camila", "Valentina", "Luciana", "Micaela", "Rocío", "Julieta"], ["Santiago", "Matías", "Facundo", "Nicolás", "Joaquín", "Gonzalo", "Lautaro", "Tomás"], ["Fernández", "Gómez", "Rodríguez", "Pereyra", "Sosa", "Acosta", "Benítez", "Quiroga"]),
    "pt_br": (["Ana Paula", "Juliana", "Fernanda", "Beatriz", "Larissa", "Camila", "Thaís", "Luana"], ["Thiago", "Rafael", "Lucas", "Gustavo", "João Pedro", "Felipe", "Caio", "Wellington"], ["Silva", "Santos", "Oliveira", "Souza", "Pereira", "Costa", "Nascimento", "Albuquerque"]),
    "pt_pt": (["Inês", "Catarina", "Mariana", "Sofia", "Rita", "Joana", "Leonor", "Beatriz"], ["Tiago", "Duarte", "Rui", "Miguel", "Gonçalo", "Nuno", "Diogo", "Henrique"], ["Ferreira", "Rodrigues", "Carvalho", "Gomes", "Martins", "Lopes", "Sousa", "Pinto"]),
    "it": (["Giulia", "Chiara", "Francesca", "Martina", "Alessia", "Valentina", "Federica", "Serena"], ["Marco", "Luca", "Andrea", "Matteo", "Davide", "Giorgio", "Simone", "Riccardo"], ["Rossi", "Russo", "Bianchi", "Romano", "Colombo", "Esposito", "Ferraro", "Galli"]),
    "nl": (["Sanne", "Fleur", "Anouk", "Lotte", "Eva", "Femke", "Iris", "Marloes"], ["Daan", "Bram", "Sander", "Joost", "Thijs", "Ruben", "Jeroen", "Wouter"], ["de Vries", "Jansen", "van den Berg", "Bakker", "Visser", "Smit", "Mulder", "El Amrani"]),
    "pl": (["Agnieszka", "Katarzyna", "Magdalena", "Joanna", "Monika", "Zofia", "Aleksandra", "Ewa"], ["Piotr", "Tomasz", "Krzysztof", "Paweł", "Marcin", "Łukasz", "Grzegorz", "Michał"], ["Kowalski", "Nowak", "Wiśniewski", "Wójcik", "Kamiński", "Zieliński", "Lewandowski", "Dąbrowski"]),
    "sv": (["Elin", "Maja", "Ebba", "Linnea", "Sara", "Ida", "Karin", "Frida"], ["Erik", "Johan", "Oskar", "Anders", "Viktor", "Mattias", "Henrik", "Ali"], ["Andersson", "Johansson", "Lindqvist", "Nilsson", "Berg", "Eriksson", "Sjöberg", "Holm"]),
    "tr": (["Elif", "Zeynep", "Ayşe", "Merve", "Büşra", "Selin", "Gülşen", "Derya"], ["Emre", "Burak", "Mehmet", "Can", "Oğuz", "Murat", "Serkan", "Hakan"], ["Yılmaz", "Kaya", "Demir", "Şahin", "Çelik", "Aydın", "Öztürk", "Arslan"]),
    "hi": (["Priya", "Ananya", "Neha", "Kavya", "Sneha", "Pooja", "Divya", "Shruti"], ["Rahul", "Arjun", "Vikram", "Rohit", "Aditya", "Karthik", "Sandeep", "Manish"], ["Sharma", "Iyer", "Verma", "Reddy", "Nair", "Gupta", "Kulkarni", "Chatterjee"]),
    "hi_dev": (["प्रिया", "नेहा", "सुनीता", "कविता", "अंजलि", "पूजा"], ["राहुल", "अमित", "सुरेश", "विकास", "राजेश", "मनोज"], ["शर्मा", "वर्मा", "यादव", "गुप्ता", "सिंह", "मिश्रा"]),
    "id": (["Siti", "Dewi", "Putri", "Rina", "Ayu", "Intan", "Wulan", "Fitri"], ["Budi", "Agus", "Rizky", "Andi", "Dimas", "Fajar", "Yoga", "Hendra"], ["Santoso", "Wijaya", "Saputra", "Hidayat", "Pratama", "Nugroho", "Siregar", "Kusuma"]),
    "vi": (["Linh", "Trang", "Hương", "Mai", "Thảo", "Ngọc", "Hạnh", "Yến"], ["Minh", "Tuấn", "Hùng", "Dũng", "Quang", "Huy", "Khoa", "Phúc"], ["Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Vũ", "Đặng", "Bùi"]),
    "ja": (["陽子", "美咲", "さくら", "恵", "由美", "彩", "真由美", "千尋"], ["健太", "翔", "大輔", "拓也", "直樹", "誠", "悠斗", "和也"], ["佐藤", "鈴木", "高橋", "田中", "伊藤", "渡辺", "山本", "中村"]),
    "ko": (["지은", "서연", "민지", "수빈", "혜진", "유나", "은정", "소희"], ["민준", "성호", "지훈", "현우", "동현", "재원", "준영", "태민"], ["김", "이", "박", "최", "정", "강", "윤", "한"]),
    "zh": (["丽", "静", "芳", "敏", "婷", "雪", "晓燕", "佳怡"], ["伟", "强", "磊", "军", "洋", "杰", "志明", "浩然"], ["王", "李", "张", "刘", "陈", "杨", "黄", "周"]),
    "ar": (["فاطمة", "مريم", "نور", "سارة", "هبة", "ياسمين", "منى", "رنا"], ["أحمد", "محمد", "عمر", "يوسف", "خالد", "كريم", "طارق", "مصطفى"], ["حسن", "عبد الله", "المصري", "إبراهيم", "سليمان", "الشريف", "عبد الرحمن", "فرج"]),
    "sw": (["Wanjiku", "Akinyi", "Neema", "Zawadi", "Amani", "Mwanaisha", "Achieng", "Nyambura"], ["Otieno", "Kamau", "Baraka", "Juma", "Mwangi", "Omondi", "Kipchoge", "Hassani"], ["Wanjiru", "Ochieng", "Mutua", "Njoroge", "Kiprono", "Odhiambo", "Mwakilema", "Chebet"]),
    "ng": (["Chiamaka", "Ngozi", "Funmilayo", "Aisha", "Blessing", "Adaeze", "Temitope", "Zainab"], ["Chukwuemeka", "Tunde", "Ibrahim", "Olumide", "Emeka", "Segun", "Babatunde", "Usman"], ["Okafor", "Adeyemi", "Balogun", "Eze", "Abubakar", "Okonkwo", "Nwosu", "Adebayo"]),
    "gh": (["Akosua", "Ama", "Efua", "Abena", "Adwoa", "Esi", "Yaa", "Afia"], ["Kwame", "Kofi", "Yaw", "Kwabena", "Kojo", "Nii", "Kwaku", "Fiifi"], ["Mensah", "Owusu", "Boateng", "Asante", "Appiah", "Quaye", "Ofori", "Tetteh"]),
    "za": (["Thandiwe", "Lerato", "Nomvula", "Chantelle", "Zanele", "Anri", "Palesa", "Busisiwe"], ["Sipho", "Thabo", "Pieter", "Themba", "Johan", "Lwazi", "Kagiso", "Riaan"], ["Nkosi", "Dlamini", "van der Merwe", "Botha", "Mokoena", "Naidoo", "Khumalo", "Pillay"]),
    "th": (["Kanya", "Pimchanok", "Siriporn", "Nattaya", "Malee", "Ratana"], ["Somchai", "Nattapong", "Anan", "Kittisak", "Prasert", "Wichai"], ["Srisuk", "Wongsawat", "Chaiyaporn", "Rattanakul", "Boonmee", "Saetang"]),
    "ph": (["Maricel", "Jasmine", "Kristine", "Angelica", "Rowena", "Joy"], ["Jomar", "Mark Anthony", "Rodel", "Jerome", "Paolo", "Ramil"], ["Dela Cruz", "Reyes", "Santos", "Bautista", "Mendoza", "Villanueva"]),
    "ma": (["Salma", "Khadija", "Imane", "Houda", "Meryem", "Ghizlane"], ["Youssef", "Hamza", "Mehdi", "Anouar", "Othmane", "Reda"], ["El Idrissi", "Benjelloun", "Alaoui", "Bennani", "Tazi", "Chraibi"]),
    "ja_r": (["Yoko", "Misaki", "Sakura", "Megumi", "Yumi", "Aya"], ["Kenta", "Sho", "Daisuke", "Takuya", "Naoki", "Makoto"], ["Sato", "Suzuki", "Takahashi", "Tanaka", "Ito", "Watanabe"]),
    "ko_r": (["Jieun", "Seoyeon", "Minji", "Subin", "Hyejin", "Yuna"], ["Minjun", "Sungho", "Jihoon", "Hyunwoo", "Donghyun", "Jaewon"], ["Kim", "Lee", "Park", "Choi", "Jung", "Kang"]),
    "ar_r": (["Fatma", "Mariam", "Nour", "Sara", "Heba", "Yasmin"], ["Ahmed", "Mohamed", "Omar", "Youssef", "Khaled", "Karim"], ["Hassan", "Abdallah", "ElMasry", "Ibrahim", "Soliman", "Farag"]),
    "zh_r": (["Li", "Jing", "Fang", "Min", "Ting", "Xue"], ["Wei", "Qiang", "Lei", "Jun", "Yang", "Jie"], ["Wang", "Li", "Zhang", "Liu", "Chen", "Yang"]),
}


def person(loc, g="x"):
    F, M, L = NAMES[loc]
    if g == "x":
        g = ch("fm")
    first = ch(F if g == "f" else M)
    last = ch(L)
    if loc == "pl" and g == "f":
        if last.endswith("ski"):
            last = last[:-3] + "ska"
        elif last.endswith("cki"):
            last = last[:-3] + "cka"
    if loc == "ja":
        full, short = last + " " + first, last
    elif loc in ("ko", "zh"):
        full, short = last + first, first if loc == "ko" else last + first
    elif loc == "vi":
        mid = "Thị" if g == "f" else ch(["Văn", "Đức", "Minh", "Quốc"])
        full, short = f"{last} {mid} {first}", first
    elif loc in ("ja_r", "ko_r", "zh_r"):
        full, short = f"{first} {last}", first
    else:
        full, short = f"{first} {last}", first
    return {"n": full, "f": short, "l": last, "first": first, "g": g}


# ---------------------------------------------------------------- valid identifiers (stdnum)
def gen_valid(make, check, tries=5000):
    for _ in range(tries):
        c = make()
        if check(c):
            return c
    raise RuntimeError("could not generate valid number")


def ssn_us():
    return gen_valid(lambda: f"{rint(1, 899):03d}-{rint(1, 99):02d}-{rint(1, 9999):04d}", lambda s: us_ssn.is_valid(s) and not s.startswith("666"))


def cpf():
    d = rnz(9)
    return br_cpf.format(d + br_cpf._calc_check_digits(d))


def bsn():
    def mk():
        d8 = rnz(8)
        s = sum((9 - i) * int(c) for i, c in enumerate(d8)) % 11
        return d8 + str(s) if s < 10 else "x"
    return gen_valid(mk, nl_bsn.is_valid)


def bsn_dotted():
    b = bsn()
    return f"{b[:4]}.{b[4:6]}.{b[6:]}"


def steuer_id():
    def mk():
        ds = R.sample(DIG, 9)
        ds.append(ch(ds))
        R.shuffle(ds)
        d = "".join(ds)
        return d + mod_11_10.calc_check_digit(d)
    n = gen_valid(mk, de_idnr.is_valid)
    return f"{n[:2]} {n[2:5]} {n[5:8]} {n[8:]}"


def nir(g="m"):
    y, m, _ = dob()
    dept = ch(["75", "69", "13", "33", "59", "31", "44", "67", "92", "93"])
    body = f"{1 if g == 'm' else 2}{y % 100:02d}{m:02d}{dept}{rint(1, 899):03d}{rint(1, 999):03d}"
    n = body + fr_nir.calc_check_digits(body)
    assert fr_nir.is_valid(n), n
    return f"{n[0]} {n[1:3]} {n[3:5]} {n[5:7]} {n[7:10]} {n[10:13]} {n[13:]}"


def dni_es():
    d = rd(8)
    return d + es_dni.calc_check_digit(d)


def pesel(g="x"):
    def mk():
        y, m, d = dob(1960, 2004)
        mm = m + (20 if y >= 2000 else 0)
        sx = ch("02468") if g == "f" else ch("13579")
        body = f"{y % 100:02d}{mm:02d}{d:02d}{rd(3)}{sx}"
        return body + pl_pesel.calc_check_digit(body)
    return gen_valid(mk, pl_pesel.is_valid)


def personnummer():
    def mk():
        y, m, d = dob(1955, 2002)
        body = f"{y % 100:02d}{m:02d}{d:02d}{rd(3)}"
        return f"{body[:6]}-{body[6:]}{luhn.calc_check_digit(body)}"
    return gen_valid(mk, se_pnr.is_valid)


def tckn():
    def mk():
        d = rnz(9)
        return d + tr_tck.calc_check_digits(d)
    return gen_valid(mk, tr_tck.is_valid)


def aadhaar():
    def mk():
        d = str(rint(2, 9)) + rd(10)
        n = d + verhoeff.calc_check_digit(d)
        return f"{n[:4]} {n[4:8]} {n[8:]}"
    return gen_valid(mk, in_aadhaar.is_valid)


def pan_in(last="Sharma"):
    n = "".join(ch(UP) for _ in range(3)) + "P" + asciify(last)[0].upper() + rd(4) + ch(UP)
    assert in_pan.is_valid(n), n
    return n


def _cons(s):
    return [c for c in s if c in "BCDFGHJKLMNPQRSTVWXYZ"]


def _vow(s):
    return [c for c in s if c in "AEIOU"]


def curp(p):
    """CURP from a Mexican person dict (p['first'], p['l'])"""
    def mk():
        pat = asciify(p["l"]).upper().replace(" ", "")
        mat = asciify(ch(NAMES["es_mx"][2])).upper()
        giv = asciify(p["first"].split()[0]).upper()
        iv = next((c for c in pat[1:] if c in "AEIOU"), "X")
        y, m, d = dob(1965, 1999)
        st = ch(["DF", "JC", "NL", "PL", "VZ", "MC", "GT", "YN", "OC"])
        ic = lambda s: next((c for c in s[1:] if c in "BCDFGHJKLMNPQRSTVWXYZ"), "X")
        body = f"{pat[0]}{iv}{mat[0]}{giv[0]}{y % 100:02d}{m:02d}{d:02d}{'M' if p['g'] == 'f' else 'H'}{st}{ic(pat)}{ic(mat)}{ic(giv)}{rint(0, 9)}"
        return body + mx_curp.calc_check_digit(body)
    return gen_valid(mk, mx_curp.is_valid)


def rrn_kr(g="x"):
    def mk():
        y, m, d = dob(1960, 2003)
        sx = (1 if g != "f" else 2) + (2 if y >= 2000 else 0)
        body = f"{y % 100:02d}{m:02d}{d:02d}{sx}{rd(5)}"
        n = body + kr_rrn.calc_check_digit(body)
        return f"{n[:6]}-{n[6:]}"
    return gen_valid(mk, kr_rrn.is_valid)


def ric_cn():
    def mk():
        y, m, d = dob(1965, 2002)
        body = f"{ch(['110105', '310104', '440305', '330106', '510104', '420106', '320102'])}{y}{m:02d}{d:02d}{rd(3)}"
        return body + cn_ric.calc_check_digit(body)
    return gen_valid(mk, cn_ric.is_valid)


def za_id(g="x"):
    def mk():
        y, m, d = dob(1960, 2002)
        s = rint(0, 4999) if g == "f" else rint(5000, 9999)
        body = f"{y % 100:02d}{m:02d}{d:02d}{s:04d}08"
        return body + luhn.calc_check_digit(body)
    return gen_valid(mk, za_idnr.is_valid)


def nik_id(g="x"):
    def mk():
        y, m, d = dob(1965, 2002)
        dd = d + (40 if g == "f" else 0)
        return f"{ch(['3174', '3273', '3578', '3471', '5171', '1271', '7371'])}{rint(1, 9):02d}{dd:02d}{m:02d}{y % 100:02d}{rint(1, 999):04d}"
    return gen_valid(mk, id_nik.is_valid)


def codice_fiscale(p):
    def code(s, is_name):
        s = asciify(s).upper().replace(" ", "").replace("'", "")
        c, v = _cons(s), _vow(s)
        if is_name and len(c) >= 4:
            c = [c[0], c[2], c[3]]
        return "".join((c + v + ["X", "X", "X"])[:3])
    y, m, d = dob(1960, 2000)
    dd = d + (40 if p["g"] == "f" else 0)
    body = f"{code(p['l'], False)}{code(p['first'], True)}{y % 100:02d}{'ABCDEHLMPRST'[m - 1]}{dd:02d}{ch(['F205', 'H501', 'F839', 'L219', 'D612', 'A944', 'G273'])}"
    n = body + it_cf.calc_check_digit(body)
    assert it_cf.is_valid(n), n
    return n


def sin_ca():
    def mk():
        body = ch("1234567") + rd(7)
        n = body + luhn.calc_check_digit(body)
        return f"{n[:3]} {n[3:6]} {n[6:]}"
    return gen_valid(mk, ca_sin.is_valid)


def mynumber_jp():
    def mk():
        body = rd(11)
        n = body + jp_in.calc_check_digit(body)
        return f"{n[:4]} {n[4:8]} {n[8:]}"
    return gen_valid(mk, jp_in.is_valid)


def tfn_au():
    def mk():
        n = rnz(9)
        return f"{n[:3]} {n[3:6]} {n[6:]}"
    return gen_valid(mk, au_tfn.is_valid)


# health insurance numbers
def kvnr():
    letter = ch(UP)
    digits = f"{ord(letter) - 64:02d}" + rd(8)
    tot = 0
    for i, c in enumerate(digits):
        x = int(c) * (1 if i % 2 == 0 else 2)
        tot += x // 10 + x % 10
    return letter + digits[2:] + str(tot % 10)


def nhs_no():
    def mk():
        n = str(rint(4, 7)) + rd(9)
        return f"{n[:3]} {n[3:6]} {n[6:]}"
    return gen_valid(mk, gb_nhs.is_valid)


def medicare_au():
    d = str(rint(2, 6)) + rd(7)
    c = sum(int(a) * w for a, w in zip(d, (1, 3, 7, 9, 1, 3, 7, 9), strict=True)) % 10
    n = d + str(c) + str(rint(1, 5))
    return f"{n[:4]} {n[4:9]} {n[9]}"


def bc_phn():
    def mk():
        body = "9" + rd(8)
        n = body + ca_bc_phn.calc_check_digit(body)
        return f"{n[:4]} {n[4:7]} {n[7:]}"
    return gen_valid(mk, ca_bc_phn.is_valid)


def ahv():
    def mk():
        body = "756" + rd(9)
        n = body + std_ean.calc_check_digit(body)
        return f"{n[:3]}.{n[3:7]}.{n[7:11]}.{n[11:]}"
    return gen_valid(mk, ch_ssn.is_valid)


def vnr_at():
    def mk():
        y, m, d = dob()
        ser = rnz(3)
        tail = f"{d:02d}{m:02d}{y % 100:02d}"
        c = at_vnr.calc_check_digit(ser + "0" + tail)
        return f"{ser}{c} {tail}"
    return gen_valid(mk, at_vnr.is_valid)


def cns_br():
    def mk():
        d = ch("789") + rd(13)
        s = sum(int(c) * (15 - i) for i, c in enumerate(d))
        last = (-s) % 11
        if last == 10:
            return "x"
        n = d + str(last)
        return f"{n[:3]} {n[3:7]} {n[7:11]} {n[11:]}"
    def ok(n):
        if n == "x":
            return False
        dd = n.replace(" ", "")
        return sum(int(c) * (15 - i) for i, c in enumerate(dd)) % 11 == 0
    return gen_valid(mk, ok)


def mbi_us():
    A = "ACDEFGHJKMNPQRTUVWXY"
    AN = A + DIG
    s = str(rint(1, 9)) + ch(A) + ch(AN) + ch(DIG) + ch(A) + ch(AN) + ch(DIG) + ch(A) + ch(A) + ch(DIG) + ch(DIG)
    return f"{s[:4]}-{s[4:7]}-{s[7:]}"


# bank identifiers
def rtn():
    def mk():
        body = ch(["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "21", "22", "26", "31", "32"]) + rd(6)
        return body + us_rtn.calc_check_digit(body)
    return gen_valid(mk, us_rtn.is_valid)


def cbu(bank=None):
    def mk():
        b = bank or ch(["007", "011", "014", "017", "072", "285", "150"])
        blk1 = (b + rd(7))[:7]
        blk2 = rd(13)
        return blk1 + ar_cbu.calc_check_digit(blk1) + blk2 + ar_cbu.calc_check_digit(blk2)
    return gen_valid(mk, ar_cbu.is_valid)


def clabe(bank=None):
    b = bank or ch(["012", "014", "002", "072", "021", "127", "137"])
    body = b + rd(3) + rd(11)
    w = (3, 7, 1)
    s = sum((int(c) * w[i % 3]) % 10 for i, c in enumerate(body))
    return body + str((10 - s % 10) % 10)


def nuban(bank=None):
    b = bank or ch(["058", "044", "011", "033", "057", "232"])
    ser = rd(9)
    w = (3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3)
    s = sum(int(c) * x for c, x in zip(b + ser, w, strict=True))
    c = (10 - s % 10) % 10
    return ser + str(c)


def iban_for(country, bban):
    chk = std_iban.calc_check_digits(country + "00" + bban)
    n = country + chk + bban
    assert std_iban.is_valid(n), n
    return " ".join(n[i:i + 4] for i in range(0, len(n), 4))


# ---------------------------------------------------------------- phone numbers (valid per phonenumbers)
MOB = {
    "US": lambda: ch(["212", "312", "415", "617", "206", "512", "305", "702", "404", "713", "919"]) + str(rint(2, 9)) + rd(2) + rd(4),
    "CA": lambda: ch(["416", "647", "604", "514", "403", "613"]) + str(rint(2, 9)) + rd(6),
    "GB": lambda: "7" + ch("45789") + rd(8),
    "DE": lambda: ch(["151", "152", "157", "160", "162", "170", "171", "172", "173", "175", "176", "177", "178", "179"]) + rd(ch([7, 8])),
    "FR": lambda: ch("67") + rd(8),
    "ES": lambda: "6" + rd(8),
    "IT": lambda: "3" + ch(["20", "28", "33", "35", "38", "39", "40", "45", "47", "48", "49"]) + rd(7),
    "NL": lambda: "6" + rd(8),
    "PL": lambda: ch(["50", "51", "53", "57", "60", "66", "69", "72", "73", "78", "79", "88"]) + rd(7),
    "SE": lambda: "7" + ch("02369") + rd(7),
    "TR": lambda: "5" + ch(["30", "32", "35", "42", "44", "05", "52", "55"]) + rd(7),
    "IN": lambda: ch("9876") + rd(9),
    "ID": lambda: "8" + ch(["11", "12", "13", "21", "22", "52", "53", "56", "57", "58", "77", "78", "95", "96"]) + rd(ch([7, 8])),
    "VN": lambda: ch(["90", "91", "93", "94", "96", "97", "98", "32", "33", "35", "37", "39", "70", "77", "79", "83", "85"]) + rd(7),
    "JP": lambda: ch(["90", "80", "70"]) + rd(8),
    "KR": lambda: "10" + str(rint(2, 9)) + rd(7),
    "EG": lambda: "1" + ch("0125") + rd(8),
    "KE": lambda: "7" + ch("0129") + rd(7),
    "BR": lambda: ch(["11", "21", "31", "41", "51", "61", "71", "81", "85"]) + "9" + rd(8),
    "MX": lambda: ch(["55", "33", "81"]) + rd(8),
    "NG": lambda: ch(["803", "806", "813", "816", "703", "706", "805", "807", "809", "817", "818", "909", "908"]) + rd(7),
    "ZA": lambda: ch(["72", "73", "74", "76", "78", "79", "81", "82", "83", "84", "60", "61"]) + rd(7),
    "MA": lambda: "6" + rd(8),
    "GH": lambda: ch(["24", "54", "55", "20", "50", "27", "57", "26"]) + rd(7),
    "PH": lambda: "9" + ch(["17", "18", "19", "20", "21", "27", "28", "39", "45", "56", "66", "77", "95", "98"]) + rd(7),
    "AU": lambda: "4" + rd(8),
    "PT": lambda: "9" + ch("1236") + rd(7),
    "AR": lambda: "9" + ch(["11", "351", "341", "261"]) + rd(8),
}


def phone(region):
    for _ in range(5000):
        nat = MOB[region]()
        if region == "AR" and len(nat) > 11:
            nat = nat[:11]
        num = pn.parse("+" + str(pn.country_code_for_region(region)) + nat)
        if pn.is_valid_number(num) and pn.region_code_for_number(num) == region and pn.number_type(num) in (pn.PhoneNumberType.MOBILE, pn.PhoneNumberType.FIXED_LINE_OR_MOBILE):
            return num
    raise RuntimeError(region)


def fmt_phone(num, style):
    if style == "e164":
        return pn.format_number(num, pn.PhoneNumberFormat.E164)
    if style == "intl":
        return pn.format_number(num, pn.PhoneNumberFormat.INTERNATIONAL)
    if style == "nat":
        return pn.format_number(num, pn.PhoneNumberFormat.NATIONAL)
    if style == "digits":
        return pn.format_number(num, pn.PhoneNumberFormat.E164)[1:]
    if style == "natdigits":
        return "".join(c for c in pn.format_number(num, pn.PhoneNumberFormat.NATIONAL) if c.isdigit())
    if style == "urlenc":
        return "%2B" + pn.format_number(num, pn.PhoneNumberFormat.E164)[1:]
    raise ValueError(style)


# ---------------------------------------------------------------- e-mail
EMAIL_DOM = {
    "en_us": ["gmail.com", "yahoo.com", "icloud.com", "outlook.com", "comcast.net"],
    "en_gb": ["gmail.com", "btinternet.com", "hotmail.co.uk", "yahoo.co.uk", "sky.com"],
    "de": ["gmx.de", "web.de", "t-online.de", "gmail.com", "posteo.de"],
    "fr": ["orange.fr", "free.fr", "laposte.net", "gmail.com", "sfr.fr"],
    "es": ["hotmail.es", "gmail.com", "yahoo.es", "telefonica.net"],
    "es_mx": ["hotmail.com", "gmail.com", "prodigy.net.mx", "yahoo.com.mx"],
    "es_ar": ["hotmail.com.ar", "gmail.com", "yahoo.com.ar", "fibertel.com.ar"],
    "pt_br": ["uol.com.br", "bol.com.br", "gmail.com", "hotmail.com", "terra.com.br"],
    "pt_pt": ["sapo.pt", "gmail.com", "hotmail.com"],
    "it": ["libero.it", "virgilio.it", "gmail.com", "alice.it", "tiscali.it"],
    "nl": ["ziggo.nl", "kpnmail.nl", "gmail.com", "hotmail.nl", "planet.nl"],
    "pl": ["wp.pl", "o2.pl", "onet.pl", "interia.pl", "gmail.com"],
    "sv": ["gmail.com", "hotmail.se", "telia.com", "live.se"],
    "tr": ["gmail.com", "hotmail.com", "yandex.com.tr", "outlook.com.tr"],
    "hi": ["gmail.com", "yahoo.co.in", "rediffmail.com", "outlook.com"],
    "id": ["gmail.com", "yahoo.co.id", "ymail.com"],
    "vi": ["gmail.com", "yahoo.com.vn"],
    "ja_r": ["yahoo.co.jp", "docomo.ne.jp", "gmail.com", "icloud.com", "ezweb.ne.jp"],
    "ko_r": ["naver.com", "daum.net", "hanmail.net", "gmail.com", "kakao.com"],
    "ar_r": ["gmail.com", "yahoo.com", "hotmail.com"],
    "sw": ["gmail.com", "yahoo.com"],
    "ng": ["gmail.com", "yahoo.com"],
    "zh_r": ["qq.com", "163.com", "126.com", "gmail.com"],
}


def email_for(p, loc):
    f = asciify(p["first"]).lower().replace(" ", "")
    l = asciify(p["l"]).lower().replace(" ", "")
    if not f or not l or not f.isascii():
        raise ValueError(loc)
    style = rint(0, 6)
    if style == 0:
        local = f"{f}.{l}"
    elif style == 1:
        local = f"{f}{l}{rint(70, 99)}"
    elif style == 2:
        local = f"{f[0]}{l}"
    elif style == 3:
        local = f"{l}.{f}{rint(1, 99)}"
    elif style == 4:
        local = f"{f}_{l}"
    elif style == 5:
        local = f"{f}.{l[0]}{rint(1980, 2004)}"
    else:
        local = f"{f}{rint(100, 999)}"
    return f"{local}@{ch(EMAIL_DOM[loc])}"


# ---------------------------------------------------------------- row machinery
def J(obj):
    return json.dumps(obj, ensure_ascii=False)


class T:
    """A row template. fmt: str.format pattern or callable(slots)->text; val: list (picked) or
    callable(slots)->value, None for clean rows. Extra slots: list (picked) or callable(slots)."""

    def __init__(self, name, kind, loc, gender, fmt, val=None, **extra):
        self.name, self.kind, self.loc, self.g, self.fmt, self.val, self.extra = name, kind, loc, gender, fmt, val, extra

    def render(self):
        s = {}
        if self.loc:
            s.update(person(self.loc, self.g))
        for k, f in self.extra.items():
            s[k] = f(s) if callable(f) else ch(f)
        if self.val is None:
            v = ""
        elif callable(self.val):
            v = self.val(s)
        else:
            v = ch(self.val)
        s["v"] = v
        text = self.fmt(s) if callable(self.fmt) else self.fmt.format(**s)
        return text, v


ROWS = []
SEEN = set()
TEMPLATE_NAMES = []


def emit(label, templates, quota):
    names = [t.name for t in templates]
    assert len(names) == len(set(names)), [n for n in names if names.count(n) > 1]
    TEMPLATE_NAMES.extend(names)
    order = list(templates)
    R.shuffle(order)
    made = misses = i = 0
    while made < quota:
        t = order[i % len(order)]
        i += 1
        text, v = t.render()
        if label == "clean":
            assert v == "", t.name
        else:
            assert v and v in text, (t.name, v, text)
        if text in SEEN:
            misses += 1
            assert misses < 20000, t.name
            continue
        SEEN.add(text)
        ROWS.append({"text": text, "label": label, "kind": t.kind, "template": t.name, "probe": PROBE,
                     "id": hashlib.sha256(text.encode("utf-8")).hexdigest()[:16], "value": v})
        made += 1


# ================================================================ PII: health (~90)
def H(name, loc, g, fmt, vals, **kw):
    return T(name, "pii.health", loc, g, fmt, vals, **kw)


HEALTH = [
    # English
    H("health_chat_direct_en", "en_gb", "m", "fyi {f} has {v} — if he zones out in standup don't panic, he knows the drill and will tell you if he needs anything.", ["epilepsy", "absence seizures", "narcolepsy"]),
    H("health_hr_sick_note_en", "en_gb", "x", "Absence record – {n}: signed off for 3 weeks by GP, reason: {v}. Phased return to be agreed with OH.", ["work-related stress and anxiety", "post-viral fatigue (long COVID)", "lumbar disc herniation", "a severe depressive episode"]),
    H("health_indirect_treatment_en", "en_us", "f", "{f} started {v} last week, so she'll be mostly remote through March. Please keep it between us.", ["chemo", "radiation", "IVF injections", "dialysis"]),
    H("health_device_en", "en_us", "f", "If the beeping in the meeting room is {f}'s {v}, just let her step out — it's a low-glucose alarm.", ["insulin pump", "CGM sensor", "Dexcom"]),
    H("health_assistant_med_en", None, None, "User said they take {v} every morning and asked me to remind them at 8am. Prefers the reminder to just say 'morning pill'.", ["sertraline 50 mg", "levothyroxine 75 mcg", "lisinopril 10 mg", "escitalopram 10mg", "lamotrigine 100 mg"]),
    H("health_pregnancy_en", "en_gb", "f", "Remember: {f} is {v} — no heavy lifting on the warehouse visit, and she'd rather the wider team didn't know yet.", ["14 weeks pregnant", "pregnant with twins", "in her second trimester"]),
    H("health_allergy_travel_en", "en_us", "x", "Booking note for {n}: {v} — request allergy-safe meal and a seat away from the galley; carries two EpiPens.", ["severe peanut allergy", "anaphylactic tree-nut allergy", "shellfish allergy (anaphylaxis)"]),
    H("health_insurance_claim_en", "en_us", "x", "Claim #{c} — member {n}, procedure: {v}, pre-auth approved 03/11, 20% coinsurance applies.", ["laparoscopic cholecystectomy", "ACL reconstruction, left knee", "cataract surgery (right eye)", "spinal fusion L4–L5"], c=lambda s: "CLM-" + rd(7)),
    H("health_lab_results_en", "en_gb", "x", "{n} – bloods back: {v}. GP wants a repeat in 6 weeks.", ["HbA1c 58 mmol/mol", "TSH 8.9 with low T4", "ferritin 6 µg/L", "eGFR 41 (CKD stage 3b)"]),
    H("health_mental_1on1_en", "en_us", "m", "Heads up for 1:1s — {f} disclosed he's being treated for {v} and may need flexibility on deadlines this quarter.", ["bipolar II", "PTSD", "OCD", "major depression"]),
    H("health_therapy_cal_en", "en_us", "f", "{f} can't do Thursdays at 4 — that's her {v}. Don't put it in the shared calendar.", ["weekly therapy session", "EMDR appointment", "CBT session"]),
    H("health_disability_adjust_en", "en_gb", "x", "Reasonable adjustments for {n}: {v}; needs screen-reader compatible docs and large-print handouts.", ["registered blind", "severe sight impairment", "retinitis pigmentosa"]),
    H("health_access_rsvp_en", "en_us", "f", "Gala RSVP — {n} will attend; {v}, so please confirm the venue has step-free access.", ["she uses a wheelchair since her MS diagnosis", "she has cerebral palsy", "she's a below-knee amputee"]),
    H("health_support_ticket_en", "en_us", "x", "Ticket {c} – customer {n} asked to pause the subscription because of {v}. Approved 60-day hold, no fee.", ["cancer treatment", "a kidney transplant", "hip replacement surgery"], c=lambda s: rd(5)),
    H("health_surgery_slack_en", "en_gb", "m", "{f}'s off from Monday — {v}, back in about six weeks. Cover his on-call please.", ["hernia op", "knee replacement", "having his gallbladder out", "heart bypass surgery"]),
    H("health_crm_note_en", "en_us", "f", "CRM note: spoke to {n}, she mentioned {v} so prefers email over phone calls.", ["she's hard of hearing", "severe hearing loss", "a bad stammer"]),
    H("health_mood_diary_en", "en_gb", "f", "Mood diary – {f}, Tue: {v}. Slept 4h, skipped lunch, called Mum.", ["panic attack on the train", "migraine with aura, took sumatriptan 50mg", "bad Crohn's flare-up"]),
    H("health_implant_en", "en_us", "x", "{n}'s {v} was fitted in May — no MRI, and airport scanners need a hand search.", ["pacemaker", "cochlear implant", "ICD (defibrillator)"]),
    H("health_pharmacy_refill_en", "en_us", "x", "Refill reminder for {n}: {v}, 30-day supply, pick up at the Walgreens on Elm after 5.", ["Adderall XR 20 mg", "Xanax 0.5 mg", "Ozempic 0.5 mg pens", "Suboxone 8 mg"]),
    H("health_recovery_en", "en_gb", "m", "{f} is {v}, so book the team dinner somewhere that isn't a pub.", ["18 months sober after rehab", "in recovery from alcohol addiction"]),
    H("health_travel_meds_en", "en_us", "m", "Note for the travel desk: {n} travels with {v}; needs a doctor's letter for customs in Dubai.", ["HIV medication (Biktarvy)", "methotrexate injections for his RA", "codeine for chronic pain"]),
    H("health_school_note_en", "en_gb", "x", "Class 4B: {f} has {v} — inhaler is in the office drawer, not the classroom.", ["asthma", "exercise-induced asthma"]),
    H("health_questionnaire_en", "en_gb", "x", "Pre-employment health questionnaire — {n}\nQ7 Chronic conditions: {v}\nQ8 Regular medication: as prescribed\nQ9 Adjustments needed: no", ["Type 2 diabetes", "hypertension", "rheumatoid arthritis", "coeliac disease"]),
    H("health_neuro_retro_en", "en_us", "f", "{f} mentioned in the retro that her {v} makes open-plan really hard; she's asked for the quiet room on Tuesdays.", ["ADHD", "autism", "sensory processing disorder"]),
    # German
    H("health_whatsapp_de", "de", "f", "Kannst du {f} heute vertreten? Sie hat {v} und ist die ganze Woche krankgeschrieben.", ["eine Gürtelrose", "Pfeiffersches Drüsenfieber", "einen Bandscheibenvorfall", "eine Lungenentzündung"]),
    H("health_hr_gdb_de", "de", "x", "Personalakte {n}: {v} festgestellt, Zusatzurlaub 5 Tage beantragt.", ["GdB 50", "GdB 60 mit Merkzeichen G", "Schwerbehinderung (GdB 80)"]),
    H("health_psych_termin_de", "de", "m", "Erinnerung: {f} hat am Donnerstag seinen Termin beim Psychiater, {v} wird neu eingestellt.", ["Quetiapin 100 mg", "Lithium", "Venlafaxin 150 mg"]),
    H("health_bu_antrag_de", "de", "x", "Leistungsantrag BU-Versicherung, versicherte Person: {n}. Diagnose lt. Attest: {v}.", ["rezidivierende depressive Störung (F33.1)", "Multiple Sklerose", "Morbus Bechterew"]),
    H("health_reha_de", "de", "f", "{f} ist nach der {v} noch bis Ende Mai in der Reha, Blumen schicken wir an ihre Privatadresse.", ["Brust-OP", "Chemo", "Herz-OP"]),
    H("health_schwanger_de", "de", "f", "Bitte {f} nicht für den Messestand einplanen – sie ist {v} und darf nicht lange stehen.", ["schwanger (Risikoschwangerschaft)", "in der 30. SSW"]),
    # French
    H("health_sms_fr", "fr", "f", "{f} ne viendra pas à l'AG, elle est sous {v} depuis son burn-out.", ["antidépresseurs", "Lexomil 6 mg", "Seroplex 10 mg"]),
    H("health_rqth_fr", "fr", "m", "Dossier RH – {n} : reconnaissance RQTH obtenue pour {v}.", ["une sclérose en plaques", "un diabète de type 1", "une surdité partielle"]),
    H("health_mutuelle_fr", "fr", "x", "Demande de remboursement mutuelle : {n}, {v} (10 séances prescrites).", ["kiné après rupture des ligaments croisés", "psychothérapie", "orthophonie pour bégaiement"]),
    H("health_famille_fr", "fr", "m", "Mon frère {f} a recommencé la {v}, on évite d'en parler au repas de dimanche.", ["dialyse", "chimio", "radiothérapie"]),
    H("health_voyage_fr", "fr", "f", "Note voyage pour {n} : {v}, prévoir un certificat médical pour la compagnie aérienne.", ["enceinte de 7 mois", "sous oxygène à domicile", "porteuse d'un pacemaker"]),
    # Spanish
    H("health_whatsapp_es", "es", "f", "Oye, {f} no viene hoy, le han diagnosticado {v} y está fatal.", ["fibromialgia", "una hernia discal", "un trastorno de ansiedad"]),
    H("health_baja_es", "es", "m", "Baja laboral de {n}: {v}, previsión de 8 semanas.", ["fractura de tibia", "depresión mayor", "operación de menisco"]),
    H("health_expediente_mx", "es_mx", "f", "Nota del expediente: la Sra. {n} lleva tratamiento con {v} desde enero.", ["insulina glargina 20 UI", "metformina 850 mg", "losartán 50 mg"]),
    H("health_chat_ar", "es_ar", "m", "Che, {f} arrancó {v} la semana pasada, así que no le ofrezcas birra en el asado.", ["tratamiento por alcoholismo", "la medicación para la hepatitis C", "con antibióticos fuertes"]),
    H("health_seguro_es", "es", "x", "Cuestionario de salud – {n}: antecedentes — {v}.", ["infarto en 2019", "cáncer de tiroides operado", "epilepsia controlada con medicación"]),
    # Portuguese
    H("health_whats_br", "pt_br", "f", "Gente, a {f} tá com {v}, vai ficar afastada uns 15 dias.", ["dengue", "pneumonia", "crise de ansiedade", "hérnia de disco"]),
    H("health_atestado_br", "pt_br", "m", "Atestado de {n}: CID {v}, afastamento de 30 dias.", ["F32.2 (depressão grave)", "M54.5 (lombalgia)", "F41.0 (transtorno de pânico)"]),
    H("health_app_br", "pt_br", "x", "Lembrete do app: {n} – tomar {v} às 22h.", ["Rivotril 2 mg", "fluoxetina 20 mg", "Puran T4 50 mcg"]),
    H("health_plano_br", "pt_br", "f", "Solicitação ao plano de saúde: paciente {n}, {v}, pedido de ultrassom morfológico.", ["gestante de 20 semanas", "gravidez gemelar de 18 semanas"]),
    H("health_baixa_pt", "pt_pt", "m", "O {f} está de baixa médica — foi {v} e só volta em junho.", ["operado ao coração", "operado à coluna"]),
    H("health_nota_pt", "pt_pt", "f", "A {f} tem {v}; evitar marcar reuniões antes das 10h por causa da medicação.", ["esclerose múltipla", "doença de Crohn", "lúpus"]),
    # Italian
    H("health_chat_it", "it", "f", "{f} oggi non c'è, ieri ha fatto {v} e deve stare a riposo.", ["la prima seduta di chemioterapia", "un intervento al menisco", "l'amniocentesi"]),
    H("health_hr_it", "it", "m", "Nota HR: {n} ha comunicato di soffrire di {v}, richiede orario flessibile.", ["disturbo bipolare", "sclerosi multipla", "celiachia"]),
    H("health_farmacia_it", "it", "x", "Promemoria per {n}: ritirare {v} in farmacia sabato mattina.", ["Eutirox 100 mcg", "Xanax 0,25 mg", "l'insulina Lantus"]),
    H("health_crociera_it", "it", "f", "Prenotazione crociera {n}: passeggera {v}, allegare certificato medico.", ["incinta di 22 settimane", "in dialisi"]),
    # Dutch
    H("health_ggz_nl", "nl", "m", "{f} is sinds maart in behandeling voor {v} bij de GGZ.", ["een burn-out", "een eetstoornis", "PTSS"]),
    H("health_verzuim_nl", "nl", "x", "Verzuimmelding {n}: {v}, bedrijfsarts ingeschakeld.", ["hernia, zes weken uit de running", "overspannen", "long-covidklachten"]),
    H("health_school_nl", "nl", "f", "{f} uit groep 6 heeft {v}, dus ze moet om 12 uur even prikken.", ["diabetes type 1", "suikerziekte"]),
    H("health_buurman_nl", "nl", "m", "Buurman {n} is net terug van {v}, dus ik doe deze week zijn boodschappen.", ["zijn tweede hartoperatie", "de bestraling"]),
    # Polish
    H("health_chat_pl", "pl", "f", "{f} jest na zwolnieniu, ma {v}, wraca za dwa tygodnie.", ["zapalenie płuc", "półpasiec", "boreliozę"]),
    H("health_orzeczenie_pl", "pl", "m", "Notatka kadrowa: {n} dostarczył orzeczenie o niepełnosprawności — {v}.", ["stopień umiarkowany, padaczka", "stopień lekki, cukrzyca typu 1"]),
    H("health_skierowanie_pl", "pl", "x", "Skierowanie — pacjent(ka): {n}. Rozpoznanie/badanie: {v}, tryb pilny.", ["podejrzenie nowotworu jelita grubego", "rezonans kręgosłupa lędźwiowego po urazie"]),
    H("health_ciaza_pl", "pl", "f", "{f} jest w {v}, prosi o pracę zdalną do końca roku.", ["ciąży (5. miesiąc)", "zagrożonej ciąży"]),
    # Swedish
    H("health_chat_sv", "sv", "f", "{f} är sjukskriven för {v} resten av månaden.", ["utmattningssyndrom", "ryggskott", "en depression"]),
    H("health_rehab_sv", "sv", "m", "Rehabplan för {n}: {v}, anpassade arbetsuppgifter på 50 %.", ["stroke i januari", "hjärtinfarkt i mars"]),
    H("health_apotek_sv", "sv", "x", "Påminnelse: {n} ska hämta ut {v} på Apoteket i morgon.", ["Elvanse 50 mg", "Sertralin 100 mg", "Waran"]),
    H("health_allergi_sv", "sv", "x", "Inför julbordet: {f} har {v}, inget med nötter i närheten.", ["svår nötallergi", "jordnötsallergi"]),
    # Turkish
    H("health_whatsapp_tr", "tr", "f", "{f} Hanım bu hafta yok, {v} oldu.", ["safra kesesi ameliyatı", "menisküs ameliyatı", "tiroid ameliyatı"]),
    H("health_ik_tr", "tr", "m", "İK notu: {n} {v} tanısıyla tedavi görüyor, gece vardiyasına yazılmasın.", ["epilepsi", "bipolar bozukluk", "kalp yetmezliği"]),
    H("health_ilac_tr", "tr", "x", "{n} için hatırlatma: sabah {v} alacak.", ["Glifor 1000 mg", "Coraspin 100 mg", "Euthyrox 50 mcg"]),
    H("health_hamile_tr", "tr", "f", "{f} {v}, doğum iznine Mayıs'ta çıkacak.", ["7 aylık hamile", "ikiz hamile"]),
    # Hindi / Hinglish
    H("health_hinglish_chat", "hi", "m", "{f} ko {v} hai, isliye woh is hafte field visit pe nahi jayega.", ["TB", "dengue", "typhoid", "jaundice"]),
    H("health_hinglish_hr", "hi", "f", "{f} ne bataya ki usko {v} hai, doctor ne bed rest bola hai.", ["slip disc", "kidney stone", "viral fever with low platelets"]),
    H("health_hindi_dev", "hi_dev", "m", "{f} जी को {v} है, दवाई रोज़ सुबह लेनी है।", ["शुगर (डायबिटीज़)", "हाई ब्लड प्रेशर", "थायराइड"]),
    H("health_hinglish_memory", "hi", "f", "User ki maa {n} ki {v} hui thi last month, abhi recovery chal rahi hai.", ["bypass surgery", "knee replacement", "cataract surgery"]),
    H("health_mediclaim_hinglish", "hi", "x", "Mediclaim form – {n}: pre-existing {v} declare kiya hai.", ["asthma", "hypothyroidism", "type 2 diabetes"]),
    # Indonesian
    H("health_wa_id", "id", "f", "Bu {f} izin seminggu, kena {v}.", ["tifus", "DBD", "usus buntu dan harus operasi"]),
    H("health_hrd_id", "id", "m", "Catatan HRD: Pak {n} rutin cuci darah karena {v}.", ["gagal ginjal kronis", "gagal ginjal"]),
    H("health_bpjs_id", "id", "x", "Rujukan BPJS a.n. {n}: diagnosa {v}, kontrol ke RS tiap bulan.", ["TB paru", "hipertensi", "diabetes melitus tipe 2"]),
    H("health_hamil_id", "id", "f", "{f} lagi {v}, jangan dikasih tugas ke lapangan dulu ya.", ["hamil 6 bulan", "hamil muda"]),
    # Vietnamese
    H("health_zalo_vi", "vi", "f", "Chị {f} xin nghỉ tuần này vì {v}.", ["bị sốt xuất huyết", "mới mổ ruột thừa", "bị viêm phổi"]),
    H("health_hr_vi", "vi", "m", "Ghi chú nhân sự: anh {n} đang điều trị {v} tại Bệnh viện K.", ["ung thư phổi", "ung thư gan"]),
    H("health_thuoc_vi", "vi", "x", "Nhắc {n} uống {v} sau bữa tối.", ["thuốc huyết áp Amlodipin 5mg", "Metformin 500mg"]),
    # Japanese
    H("health_chat_ja", "ja", "f", "{f}さんは{v}のため、今月いっぱい休職です。", ["適応障害", "うつ病", "乳がんの治療"]),
    H("health_hr_ja", "ja", "m", "人事メモ：{n}さん、{v}と診断。産業医面談を設定済み。", ["パニック障害", "2型糖尿病", "椎間板ヘルニア"]),
    H("health_memo_ja", "ja", "f", "{f}さんは{v}なので、重い荷物は持たせないこと。", ["妊娠5か月", "切迫早産で通院中"]),
    H("health_med_ja", "ja", "x", "{n}さんのお薬：{v}（朝食後）", ["ロキソニン60mg", "レクサプロ10mg", "メトホルミン500mg"]),
    # Korean
    H("health_kakao_ko", "ko", "f", "{f} 씨 이번 주 못 나와요, {v} 진단받았대요.", ["공황장애", "대상포진", "갑상선암"]),
    H("health_hr_ko", "ko", "m", "인사 메모: {n} 님 {v} 때문에 병가 3주.", ["허리디스크 수술", "우울증 치료", "맹장 수술"]),
    H("health_med_ko", "ko", "x", "{n} 님 복용약: {v}, 하루 한 번 아침.", ["리피토 10mg", "아빌리파이 5mg", "신지로이드 0.1mg"]),
    H("health_preg_ko", "ko", "f", "{f} 씨가 현재 {v}입니다. 야근에서 빼주세요.", ["임신 12주", "임신 7개월"]),
    # Arabic
    H("health_chat_ar_eg", "ar", "m", "{f} مش هيقدر ييجي الشغل الأسبوع ده، عنده {v}.", ["التهاب رئوي", "حصوة في الكلى", "فيروس سي"]),
    H("health_hr_ar", "ar", "f", "ملاحظة الموارد البشرية: الموظفة {n} في إجازة مرضية بسبب {v}.", ["عملية استئصال الزائدة", "سرطان الثدي", "ولادة قيصرية"]),
    H("health_med_ar", "ar", "m", "تذكير: {n} يأخذ {v} بعد الفطور.", ["جلوكوفاج 500 ملغ", "كونكور 5 ملغ"]),
    # Swahili
    H("health_chat_sw", "sw", "f", "{f} hatakuja kazini leo, ana {v}.", ["malaria", "homa ya matumbo", "kifua kikuu"]),
    H("health_hr_sw", "sw", "m", "Kumbukumbu ya HR: {n} anatumia {v} kila siku, apewe muda wa kwenda kliniki.", ["dawa za ARV", "dawa za kisukari", "insulini"]),
    H("health_preg_sw", "sw", "f", "{f} ni {v}, asipangiwe zamu ya usiku.", ["mjamzito wa miezi sita", "mja mzito"]),
]


# ================================================================ PII: home addresses (~80, 30 countries)
def a_br():
    st, bairro, city, uf, cep = ch([("Rua Domingos de Morais", "Vila Mariana", "São Paulo", "SP", "041"), ("Rua Padre Chagas", "Moinhos de Vento", "Porto Alegre", "RS", "904"),
                                    ("Rua Voluntários da Pátria", "Botafogo", "Rio de Janeiro", "RJ", "222"), ("Rua Alagoas", "Savassi", "Belo Horizonte", "MG", "301")])
    apt = ch(["", f", apto {rint(11, 184)}", f", bloco {ch('ABC')} apto {rint(11, 94)}"])
    return f"{st}, {rint(12, 2200)}{apt} – {bairro}, {city} – {uf}, {cep}{rd(2)}-{rd(3)}"


def a_ar():
    st, cp, city = ch([("Av. Corrientes", "C1043", "CABA"), ("Calle 47", "B1900", "La Plata"), ("Bv. Oroño", "S2000", "Rosario"), ("Av. Colón", "X5000", "Córdoba"), ("Gorriti", "C1414", "CABA")])
    return f"{st} {rint(100, 4800)}, piso {rint(1, 14)}° depto. {ch('ABCDEF')}, {cp}{rs(3, UP)} {city}"


def a_mx():
    st, col, alc, cp, city = ch([("Calle Durango", "Roma Norte", "Cuauhtémoc", "06700", "Ciudad de México"), ("Av. Chapultepec", "Americana", "Guadalajara", "44160", "Jal."),
                                 ("Calle Padre Mier", "Centro", "Monterrey", "64000", "N.L."), ("Calle Mérida", "Roma Norte", "Cuauhtémoc", "06700", "CDMX"), ("Av. Universidad", "Narvarte Poniente", "Benito Juárez", "03020", "CDMX")])
    inte = ch(["", f" int. {rint(1, 12)}", f" depto. {rint(101, 504)}"])
    return f"{st} {rint(10, 950)}{inte}, Col. {col}, {alc}, C.P. {cp}, {city}"


def a_in():
    opt = rint(0, 3)
    if opt == 0:
        return f"Flat {rint(1, 9)}0{rint(1, 8)}, {ch(['Sai Krupa Apartments', 'Prestige Lakeside Habitat', 'Brigade Meadows'])}, {rint(1, 18)}th Cross, {ch(['Indiranagar', 'HSR Layout', 'Koramangala 5th Block'])}, Bengaluru {ch(['560038', '560102', '560095'])}"
    if opt == 1:
        return f"{rint(1, 30)}/{ch('ABCD')}, {ch(['Shanti Niketan CHS', 'Gokul Dham Society', 'Sea Breeze CHS'])}, {ch(['Linking Road, Bandra West', 'Nehru Nagar, Kurla East', 'Veera Desai Rd, Andheri West'])}, Mumbai - {ch(['400050', '400024', '400053'])}"
    if opt == 2:
        return f"House No. {rint(100, 2999)}, Sector {rint(4, 56)}, {ch(['Gurugram, Haryana 1220', 'Faridabad, Haryana 1210', 'Chandigarh 1600'])}{rd(2)}"
    return f"Plot {rint(2, 120)}, Road No. {rint(1, 14)}, {ch(['Banjara Hills', 'Jubilee Hills'])}, Hyderabad, Telangana 5000{ch(['34', '33'])}"


def a_id():
    st, kel, kec, city, kode = ch([("Kebon Jeruk Raya", "Kebon Jeruk", "Kebon Jeruk", "Jakarta Barat", "11530"), ("Dipatiukur", "Lebakgede", "Coblong", "Bandung", "40132"),
                                   ("Kaliurang Km 5", "Caturtunggal", "Depok", "Sleman", "55281"), ("Raya Darmo Permai", "Pradah Kalikendal", "Dukuh Pakis", "Surabaya", "60226")])
    return f"Jl. {st} No. {rint(1, 140)}{ch(['', 'A', 'B'])}, RT {rint(1, 12):03d}/RW {rint(1, 9):03d}, Kel. {kel}, Kec. {kec}, {city} {kode}"


def a_vn():
    st, ph, q, city = ch([("Trần Duy Hưng", "Trung Hòa", "quận Cầu Giấy", "Hà Nội"), ("Nguyễn Thị Minh Khai", "Đa Kao", "Quận 1", "TP. Hồ Chí Minh"),
                          ("Lê Duẩn", "Thạch Thang", "quận Hải Châu", "Đà Nẵng"), ("Kim Mã", "Ngọc Khánh", "quận Ba Đình", "Hà Nội")])
    return f"Số {rint(2, 98)} ngõ {rint(10, 300)} {st}, phường {ph}, {q}, {city}"


def a_th():
    if R.random() < 0.6:
        soi, kh, khet, z = ch([("ลาดพร้าว 64", "วังทองหลาง", "วังทองหลาง", "10310"), ("สุขุมวิท 101/1", "บางจาก", "พระโขนง", "10260"), ("รามคำแหง 24", "หัวหมาก", "บางกะปิ", "10240")])
        return f"{rint(9, 199)}/{rint(1, 80)} ซอย{soi} แขวง{kh} เขต{khet} กรุงเทพมหานคร {z}"
    soi, area, z = ch([("Sukhumvit 101/1", "Bang Chak, Phra Khanong", "10260"), ("Lat Phrao 64", "Wang Thonglang", "10310"), ("Ramkhamhaeng 24", "Hua Mak, Bang Kapi", "10240")])
    return f"{rint(9, 199)}/{rint(1, 80)} Soi {soi}, {area}, Bangkok {z}"


def a_ph():
    if R.random() < 0.5:
        return f"Blk {rint(1, 40)} Lot {rint(1, 30)}, {ch(['Camella Homes Phase 2', 'Villa Verde Subd.', 'Lancaster New City'])}, Brgy. {ch(['Molino III, Bacoor, Cavite 4102', 'San Isidro, Cainta, Rizal 1900', 'Navarro, General Trias, Cavite 4107'])}"
    return f"Unit {rint(3, 38)}{ch('ABCDEF')}, {ch(['Avida Towers', 'SMDC Light Residences', 'The Grove by Rockwell'])}, {ch(['EDSA cor. Madison St., Mandaluyong City 1550', 'E. Rodriguez Jr. Ave., Pasig City 1604', 'Sen. Gil Puyat Ave., Makati City 1200'])}"


def a_jp():
    z, pref, town = ch([("150-0031", "東京都渋谷区", "桜丘町"), ("530-0012", "大阪府大阪市北区", "芝田"), ("060-0061", "北海道札幌市中央区", "南一条西"), ("154-0004", "東京都世田谷区", "太子堂")])
    b = ch(["", f" {ch(['メゾン', 'コーポ', 'パークハイツ'])}{ch(['桜', '緑', '青葉'])}{rint(1, 5)}0{rint(1, 9)}号室"])
    return f"〒{z} {pref}{town}{rint(1, 5)}丁目{rint(1, 30)}-{rint(1, 20)}{b}"


def a_kr():
    city, road, post = ch([("서울특별시 마포구", "월드컵북로21길", "03992"), ("부산광역시 해운대구", "센텀중앙로", "48058"), ("경기도 성남시 분당구", "판교역로", "13529"), ("서울특별시 송파구", "올림픽로", "05551")])
    return f"({post}) {city} {road} {rint(3, 190)}, {rint(101, 112)}동 {rint(2, 25)}0{rint(1, 6)}호"


def a_cn():
    opt = rint(0, 2)
    if opt == 0:
        return f"上海市徐汇区漕溪北路{rint(10, 400)}弄{rint(1, 20)}号{rint(2, 24)}0{rint(1, 4)}室"
    if opt == 1:
        return f"北京市朝阳区望京西路{rint(10, 90)}号院{rint(1, 12)}号楼{rint(1, 4)}单元{rint(2, 18)}0{rint(1, 4)}"
    return f"广东省深圳市南山区科技南十二路{rint(1, 40)}号{ch(['阳光花园', '海岸城', '蔚蓝海岸'])}{rint(1, 9)}栋{rint(2, 30)}0{rint(1, 6)}房"


def a_ng():
    return f"No. {rint(2, 60)} {ch(['Adeniyi Jones Avenue, Ikeja, Lagos', 'Bode Thomas Street, Surulere, Lagos', 'Aminu Kano Crescent, Wuse II, Abuja', 'Ogui Road, Enugu'])}{ch(['', ' State'])}"


def a_ke():
    return f"{ch(['House No. ', 'Apt B', 'Hse '])}{rint(2, 48)}, {ch(['Kindaruma Road, Kilimani', 'off Ngong Road, near Adams Arcade', 'Riverside Drive, Westlands', 'Mombasa Road, South B'])}, Nairobi"


def a_gh():
    gps = f"{ch(['GA', 'GE', 'AK'])}-{rint(100, 999)}-{rint(1000, 9999)}"
    return f"House No. {rint(3, 60)}, {ch(['3rd Close, East Legon', 'Boundary Road, East Legon', 'Osu Badu Street, Dzorwulu', 'Ahodwo Roundabout Rd, Kumasi'])} ({gps})"


def a_eg():
    st, area, city = ch([("عباس العقاد", "مدينة نصر", "القاهرة"), ("الثورة", "مصر الجديدة", "القاهرة"), ("جامعة الدول العربية", "المهندسين", "الجيزة"), ("فؤاد", "محطة الرمل", "الإسكندرية")])
    return f"{rint(3, 140)} شارع {st}، الدور {rint(1, 12)} شقة {rint(2, 40)}، {area}، {city}"


def a_ma():
    st, q, cp, city = ch([("Rue Ibn Battouta", "Maârif", "20330", "Casablanca"), ("Avenue Mohammed V", "Agdal", "10090", "Rabat"), ("Rue de la Liberté", "Guéliz", "40000", "Marrakech")])
    return f"Appt {rint(1, 22)}, Imm. {rint(2, 60)}, {st}, {q}, {cp} {city}"


def a_za():
    st, sub, city, code = ch([("Jacaranda Street", "Menlo Park", "Pretoria", "0081"), ("Kloof Street", "Gardens", "Cape Town", "8001"), ("7th Avenue", "Melville", "Johannesburg", "2092"), ("Florida Road", "Morningside", "Durban", "4001")])
    return f"{rint(2, 140)} {st}, {sub}, {city}, {code}"


def a_tr():
    mah, st, pc, ilce, il = ch([("Caferağa", "Moda Cad.", "34710", "Kadıköy", "İstanbul"), ("Kızılay", "Atatürk Blv.", "06420", "Çankaya", "Ankara"),
                                ("Alsancak", "Kıbrıs Şehitleri Cad.", "35220", "Konak", "İzmir"), ("Cihangir", "Sıraselviler Cad.", "34433", "Beyoğlu", "İstanbul")])
    return f"{mah} Mah. {st} No: {rint(2, 180)} D: {rint(1, 16)}, {pc} {ilce}/{il}"


def a_pl():
    st, pc, city = ch([("Marszałkowska", "00-5", "Warszawa"), ("Długa", "31-1", "Kraków"), ("Piotrkowska", "90-4", "Łódź"), ("Grunwaldzka", "80-2", "Gdańsk")])
    return f"ul. {st} {rint(2, 140)}{ch(['', 'A', 'B'])}/{rint(1, 48)}, {pc}{rd(2)} {city}"


def a_de():
    st, plz, city = ch([("Lindenstraße", "10969", "Berlin"), ("Sendlinger Str.", "80331", "München"), ("Eppendorfer Weg", "20259", "Hamburg"), ("Venloer Straße", "50672", "Köln"), ("Karl-Heine-Straße", "04229", "Leipzig")])
    return f"{st} {rint(1, 160)}{ch(['', 'a', 'b'])}, {ch(['', 'Hinterhaus, ', '3. OG links, '])}{plz} {city}"


def a_fr():
    st, cp, city = ch([("rue des Lilas", "75019", "Paris"), ("avenue Jean Jaurès", "69007", "Lyon"), ("boulevard de la Libération", "13004", "Marseille"), ("rue Sainte-Catherine", "33000", "Bordeaux")])
    return f"{ch(['', 'Bât. B, ', f'Apt {rint(2, 60)}, '])}{rint(1, 180)}{ch(['', ' bis'])} {st}, {cp} {city}"


def a_es():
    st, cp, city = ch([("C/ de Mallorca", "08008", "Barcelona"), ("C/ de Alcalá", "28009", "Madrid"), ("C/ de Colón", "46004", "Valencia"), ("Av. de la Constitución", "41001", "Sevilla")])
    return f"{st}, {rint(2, 420)}, {rint(1, 8)}º {ch(['1ª', '2ª', 'izda.', 'dcha.', 'B'])}, {cp} {city}"


def a_uk():
    st, town, pc = ch([("Elm Grove", "Brighton", "BN2 "), ("Cowley Road", "Oxford", "OX4 "), ("Dalry Road", "Edinburgh", "EH11 "), ("Wilmslow Road", "Manchester", "M14 "), ("Gloucester Road", "Bristol", "BS7 ")])
    return f"{ch(['', f'Flat {rint(1, 9)}, ', f'{rint(1, 4)}F2, '])}{rint(2, 320)} {st}, {town} {pc}{rint(1, 9)}{rs(2, 'ABDEFGHJLNPQRSTUWXYZ')}"


def a_us():
    st, city, state, z = ch([("Maple Ave", "Columbus", "OH", "4321"), ("N Kedzie Blvd", "Chicago", "IL", "6064"), ("SE Belmont St", "Portland", "OR", "9721"), ("Magnolia Dr", "Decatur", "GA", "3003"), ("W 13th St", "Austin", "TX", "7870")])
    return f"{rint(100, 9800)} {st}{ch(['', f' Apt {rint(1, 6)}{ch(string.ascii_uppercase[:4])}', f' #{rint(101, 420)}'])}, {city}, {state} {z}{rint(0, 9)}"


def a_ca():
    st, city, prov, pc = ch([("Harbour St", "Toronto", "ON", "M5J 2L"), ("rue Saint-Denis", "Montréal", "QC", "H2J 2L"), ("Commercial Dr", "Vancouver", "BC", "V5L 3X"), ("Jasper Ave NW", "Edmonton", "AB", "T5J 1N")])
    return f"{rint(101, 2410)}-{rint(10, 990)} {st}, {city}, {prov} {pc}{rint(1, 9)}"


def a_au():
    st, sub, state, pc = ch([("Bondi Rd", "Bondi Junction", "NSW", "2022"), ("Sydney Rd", "Brunswick", "VIC", "3056"), ("Oxford St", "Leederville", "WA", "6007"), ("Given Tce", "Paddington", "QLD", "4064")])
    return f"{ch([f'Unit {rint(1, 12)}/', ''])}{rint(2, 260)} {st}, {sub} {state} {pc}"


def a_it():
    st, cap, city, pr = ch([("Via Giuseppe Verdi", "20121", "Milano", "MI"), ("Via dei Serragli", "50124", "Firenze", "FI"), ("Via Toledo", "80134", "Napoli", "NA"), ("Corso Vittorio Emanuele II", "10128", "Torino", "TO")])
    return f"{st} {rint(1, 210)}{ch(['', '/B', ', int. 7', ', scala C'])}, {cap} {city} ({pr})"


def a_nl():
    st, pc, city = ch([("Kerkstraat", "1017 G", "Amsterdam"), ("Nieuwe Binnenweg", "3014 G", "Rotterdam"), ("Oudegracht", "3511 A", "Utrecht"), ("Stratumseind", "5611 E", "Eindhoven")])
    return f"{st} {rint(2, 320)}{ch(['', '-2', ' bis', 'A', '-III'])}, {pc}{ch('ABCDEGHJKLNPRSTVWXZ')} {city}"


def a_pt():
    st, cp, city = ch([("Rua de Santa Catarina", "4000-", "Porto"), ("Rua Morais Soares", "1900-", "Lisboa"), ("Avenida Fernão de Magalhães", "3000-", "Coimbra")])
    return f"{st} {rint(2, 900)}, {rint(1, 6)}.º {ch(['Esq.', 'Dto.', 'Frente'])}, {cp}{rd(3)} {city}"


def a_se():
    st, pc, city = ch([("Götgatan", "118 26", "Stockholm"), ("Linnégatan", "413 04", "Göteborg"), ("Södra Förstadsgatan", "211 43", "Malmö"), ("Svartbäcksgatan", "753 20", "Uppsala")])
    return f"{st} {rint(2, 110)}, lgh {rint(10, 16)}0{rint(1, 4)}, {pc} {city}"


# country -> (address fn, name locale, wrapper language)
COUNTRIES = {
    "BR": (a_br, "pt_br", "pt_br"), "AR": (a_ar, "es_ar", "es_ar"), "MX": (a_mx, "es_mx", "es_mx"), "IN": (a_in, "hi", "hi|en"),
    "ID": (a_id, "id", "id"), "VN": (a_vn, "vi", "vi"), "TH": (a_th, "th", "en"), "PH": (a_ph, "ph", "en"), "JP": (a_jp, "ja", "ja"),
    "KR": (a_kr, "ko", "ko"), "CN": (a_cn, "zh", "zh"), "NG": (a_ng, "ng", "en"), "KE": (a_ke, "sw", "sw|en"), "GH": (a_gh, "gh", "en"),
    "EG": (a_eg, "ar", "ar"), "MA": (a_ma, "ma", "fr"), "ZA": (a_za, "za", "en"), "TR": (a_tr, "tr", "tr"), "PL": (a_pl, "pl", "pl"),
    "DE": (a_de, "de", "de"), "FR": (a_fr, "fr", "fr"), "ES": (a_es, "es", "es"), "UK": (a_uk, "en_gb", "en"), "US": (a_us, "en_us", "en"),
    "CA": (a_ca, "en_us", "en"), "AU": (a_au, "en_gb", "en"), "IT": (a_it, "it", "it"), "NL": (a_nl, "nl", "nl"), "PT": (a_pt, "pt_pt", "pt_pt"),
    "SE": (a_se, "sv", "sv"),
}

# wrapper templates: (name, language or "*" for any, fmt) -- fmt gets n, f, v, id
ADDR_WRAP = [
    ("addr_csv_row", "*", lambda s: f"customer_id;name;home_address;segment\n{s['id']};{s['n']};\"{s['v']}\";B2C"),
    ("addr_json_profile", "*", lambda s: J({"user_id": int(s["id"]), "full_name": s["n"], "home_address": s["v"], "marketing_opt_in": False})),
    ("addr_form_dump", "*", lambda s: f"Form submission #{s['id']}\nName: {s['n']}\nResidential address: {s['v']}\nPreferred contact: e-mail"),
    ("addr_json_delivery", "*", lambda s: J({"order_id": "SO-" + s["id"], "ship_to": {"name": s["n"], "type": "residential", "address": s["v"]}, "service": "standard"})),
    ("addr_bare_block", "*", lambda s: f"{s['n']}\n{s['v']}"),
    ("addr_lives_at_en", "en", "{f} lives at {v} — the spare key is with the neighbour at no. 3."),
    ("addr_delivery_note_en", "en", "Delivery note: leave the parcel for {n} at {v}, side gate, the dog is friendly."),
    ("addr_assistant_memory_en", "en", "User's home address (for the pharmacy deliveries): {v}"),
    ("addr_moved_en", "en", "{f} moved last month, new place is {v}. Update the Christmas card list."),
    ("addr_hr_change_en", "en", "HR update – {n}, change of home address effective 1 Feb: {v}."),
    ("addr_pickup_en", "en", "Pick up {f} from home ({v}) at 6:15 for the airport run."),
    ("addr_umzug_de", "de", "{f} ist umgezogen, neue Anschrift: {v}."),
    ("addr_paket_de", "de", "Paket für {n} bitte beim Nachbarn abgeben. Wohnadresse: {v}"),
    ("addr_nouvelle_adresse_fr", "fr", "Nouvelle adresse perso de {f} : {v} (code porte 4821B)."),
    ("addr_livraison_fr", "fr", "Livraison à domicile – {n}, {v}, sonner à l'interphone."),
    ("addr_vive_es", "es", "{f} vive en {v}, el timbre no funciona, llámala al llegar."),
    ("addr_envio_es", "es", "Envío a domicilio: {n} — {v}"),
    ("addr_chat_ar", "es_ar", "Che, mandale el regalo a {f} a su casa: {v}."),
    ("addr_domicilio_mx", "es_mx", "Domicilio particular de {n}: {v}. Tocar fuerte, el timbre no sirve."),
    ("addr_entrega_br", "pt_br", "Entregar na casa do(a) {f}: {v} (portaria 24h)."),
    ("addr_cadastro_br", "pt_br", "Cadastro cliente: {n} | Endereço residencial: {v}"),
    ("addr_morada_pt", "pt_pt", "Morada de {n} para envio do contrato: {v}"),
    ("addr_abita_it", "it", "{f} abita in {v}, citofono al secondo campanello."),
    ("addr_spedizione_it", "it", "Spedizione a domicilio per {n}: {v}"),
    ("addr_woont_nl", "nl", "{f} woont op {v}, de bel doet het niet, even appen."),
    ("addr_adres_pl", "pl", "Adres zamieszkania — {n}: {v}"),
    ("addr_kurier_pl", "pl", "Kurier: odbiorca {n}, adres dostawy {v}, domofon nie działa."),
    ("addr_bor_sv", "sv", "{f} bor på {v}, portkod 4512."),
    ("addr_ev_tr", "tr", "{n} ev adresi: {v}"),
    ("addr_kargo_tr", "tr", "Kargo notu: {f} için teslimat adresi {v}, kapıcıya bırakılabilir."),
    ("addr_alamat_id", "id", "Alamat rumah {n}: {v}"),
    ("addr_kurir_id", "id", "Kurir tolong antar ke rumah {f}, {v}, pagar hitam."),
    ("addr_diachi_vi", "vi", "Địa chỉ nhà {n}: {v}"),
    ("addr_giaohang_vi", "vi", "Giao hàng cho {f} tại {v}, gọi trước khi đến."),
    ("addr_jusho_ja", "ja", "{n}様 ご自宅住所：{v}"),
    ("addr_hikkoshi_ja", "ja", "{f}さんの引っ越し先は{v}です。年賀状リスト更新済み。"),
    ("addr_jataek_ko", "ko", "{n} 님 자택 주소: {v}"),
    ("addr_baesong_ko", "ko", "배송 메모: {f} 씨 집 {v}, 문 앞에 놔주세요."),
    ("addr_home_zh", "zh", "{n}家庭住址：{v}"),
    ("addr_kuaidi_zh", "zh", "快递备注：收件人{n}，{v}，放门口即可。"),
    ("addr_sakan_ar", "ar", "عنوان سكن {n}: {v}"),
    ("addr_tawsil_ar", "ar", "توصيل للبيت: {f}، {v}، الاتصال قبل الوصول."),
    ("addr_ghar_hinglish", "hi", "{f} ka ghar ka address: {v}, landmark: opposite the temple."),
    ("addr_anaishi_sw", "sw", "{f} anaishi {v}, karibu na duka la dawa."),
]


class AddrT(T):
    """Address row: picks a country, then a wrapper in that country's language (or generic)."""

    def __init__(self, country):
        self.country = country
        fn, loc, lang = COUNTRIES[country]
        self.fn, self.loc, self.lang, self.kind, self.g = fn, loc, lang, "pii.address", "x"
        self.name = "addr_country_" + country
        self.wrappers = [w for w in ADDR_WRAP if w[1] == "*" or w[1] in lang.split("|")]

    def render(self):
        local = [w for w in self.wrappers if w[1] != "*"]
        generic = [w for w in self.wrappers if w[1] == "*"]
        w = ch(local) if local and R.random() < 0.6 else ch(generic)
        s = dict(person(self.loc, "x"))
        s["v"] = self.fn()
        s["id"] = str(rint(10000, 99999))
        self.used_wrapper = w[0]
        text = w[2](s) if callable(w[2]) else w[2].format(**s)
        return text, s["v"]


def emit_addresses(quota):
    """Addresses: round-robin over countries; template = wrapper name."""
    countries = list(COUNTRIES)
    R.shuffle(countries)
    made = i = misses = 0
    TEMPLATE_NAMES.extend(w[0] for w in ADDR_WRAP)
    while made < quota:
        t = AddrT(countries[i % len(countries)])
        i += 1
        text, v = t.render()
        assert v in text
        if text in SEEN:
            misses += 1
            assert misses < 5000
            continue
        SEEN.add(text)
        ROWS.append({"text": text, "label": "pii", "kind": "pii.address", "template": t.used_wrapper, "probe": PROBE,
                     "id": hashlib.sha256(text.encode("utf-8")).hexdigest()[:16], "value": v})
        made += 1


# ================================================================ PII: salary / debt / credit score (~40)
def amt(lo, hi, step):
    return rint(lo // step, hi // step) * step


def F(name, loc, g, fmt, val, **kw):
    return T(name, "pii.financial", loc, g, fmt, val, **kw)


FIN = [
    F("fin_offer_us", "en_us", "x", "{n} accepted the offer: base {v} plus 0.1% equity, start date Jan 8.", lambda s: f"${grp(amt(95000, 240000, 500))}"),
    F("fin_comp_review_uk", "en_gb", "x", "Comp review – {n}: salary goes up to {v} from April, no change to pension.", lambda s: f"£{grp(amt(32000, 98000, 250))}"),
    F("fin_student_debt_us", "en_us", "f", "{f} told me she still owes {v} on her student loans and is pretty embarrassed about it.", lambda s: f"${grp(amt(18000, 140000, 100))}"),
    F("fin_credit_mortgage_uk", "en_gb", "x", "Mortgage pre-check for {n}: {v}, declined at this stage, re-apply in 6 months.", lambda s: f"Experian score {rint(420, 640)}"),
    F("fin_fico_us", "en_us", "m", "Car loan note — {f}'s {v}, so we're offering the 11.9% APR tier.", lambda s: f"FICO is {rint(560, 660)}"),
    F("fin_bonus_en", "en_us", "x", "Bonus payout for {n} this cycle: {v} (pro-rated for leave).", lambda s: f"${grp(amt(4000, 60000, 250))}"),
    F("fin_gehalt_de", "de", "x", "Gehaltsmitteilung {n}: {v} brutto im Jahr, gültig ab 01.07.", lambda s: f"{grp(amt(42000, 120000, 500), '.')} €"),
    F("fin_schufa_de", "de", "x", "{f} hat einen {v}, deshalb hat die Sparkasse den Ratenkredit abgelehnt.", lambda s: f"negativen SCHUFA-Eintrag über {grp(amt(800, 9000, 10), '.')} €"),
    F("fin_salaire_fr", "fr", "f", "{f} m'a dit qu'elle touche {v} net par mois chez son nouvel employeur.", lambda s: f"{grp(amt(1900, 6500, 50), ' ')} €"),
    F("fin_decouvert_fr", "fr", "x", "{n} a un découvert de {v} et un crédit conso en cours chez Cofidis.", lambda s: f"{grp(amt(600, 4800, 10), ' ')} €"),
    F("fin_nomina_es", "es", "x", "Nómina de {n}: salario bruto anual {v}, 14 pagas.", lambda s: f"{grp(amt(21000, 68000, 500), '.')} €"),
    F("fin_deuda_mx", "es_mx", "f", "{f} debe {v} en la tarjeta y ya le están cobrando intereses moratorios.", lambda s: f"${grp(amt(9000, 120000, 100))} MXN"),
    F("fin_sueldo_ar", "es_ar", "x", "{f} cobra {v} en mano, más bono trimestral.", lambda s: f"ARS {grp(amt(900000, 4500000, 10000), '.')}"),
    F("fin_salario_br", "pt_br", "m", "O {f} ganha {v} por mês na empresa nova, CLT.", lambda s: f"R$ {grp(amt(4500, 32000, 50), '.')},00"),
    F("fin_serasa_br", "pt_br", "x", "{n} está com o nome no Serasa, dívida de {v} com o banco.", lambda s: f"R$ {grp(amt(900, 48000, 1), '.')},{rint(10, 99)}"),
    F("fin_vencimento_pt", "pt_pt", "f", "Vencimento da {f}: {v} líquidos por mês, mais subsídio de alimentação.", lambda s: f"{grp(amt(980, 3400, 10), '.')} €"),
    F("fin_ral_it", "it", "x", "{n} – RAL {v}, 5° livello CCNL commercio.", lambda s: f"{grp(amt(24000, 65000, 500), '.')} €"),
    F("fin_salaris_nl", "nl", "f", "{f} verdient {v} bruto per maand, schaal 10.", lambda s: f"€ {grp(amt(2900, 6800, 25), '.')}"),
    F("fin_bkr_nl", "nl", "x", "{n} heeft een BKR-registratie vanwege een achterstand van {v}.", lambda s: f"€ {grp(amt(700, 9000, 10), '.')}"),
    F("fin_pensja_pl", "pl", "x", "{n} – wynagrodzenie {v} brutto, umowa o pracę na czas nieokreślony.", lambda s: f"{grp(amt(5200, 24000, 100), ' ')} zł"),
    F("fin_lon_sv", "sv", "f", "{f} har {v} i månadslön efter lönerevisionen.", lambda s: f"{grp(amt(29000, 78000, 500), ' ')} kr"),
    F("fin_kronofogden_sv", "sv", "x", "{n} har skulder hos Kronofogden på {v}.", lambda s: f"{grp(amt(8000, 240000, 100), ' ')} kr"),
    F("fin_maas_tr", "tr", "f", "{f}'in maaşı zamdan sonra {v} oldu.", lambda s: f"{grp(amt(32000, 160000, 500), '.')} TL"),
    F("fin_ctc_hinglish", "hi", "x", "{f} ka naya CTC {v} hai, joining next month se.", lambda s: ch([f"{rint(8, 45)}.{rint(1, 9)} LPA", f"₹{lakh(amt(800000, 4500000, 10000))}"])),
    F("fin_cibil_in", "hi", "x", "Loan file – {n}: {v}, two missed EMIs on the HDFC credit card.", lambda s: f"CIBIL score {rint(540, 690)}"),
    F("fin_gaji_id", "id", "x", "Gaji {f} sekarang {v} per bulan, belum termasuk tunjangan.", lambda s: f"Rp {grp(amt(6000000, 38000000, 250000), '.')}"),
    F("fin_pinjol_id", "id", "x", "{n} punya utang pinjol {v}, sudah telat 3 bulan.", lambda s: f"Rp {grp(amt(1500000, 25000000, 50000), '.')}"),
    F("fin_luong_vi", "vi", "m", "Lương của anh {f} là {v}/tháng sau khi tăng.", lambda s: ch([f"{rint(18, 75)} triệu đồng", f"{grp(amt(15000000, 80000000, 500000), '.')} VND"])),
    F("fin_nenshu_ja", "ja", "x", "{n}さんの年収は{v}（賞与込み）。", lambda s: f"{rint(420, 1400)}万円"),
    F("fin_loan_ja", "ja", "x", "{f}さん、住宅ローンの残りが{v}あるらしい。", lambda s: f"{grp(rint(900, 4800))}万円"),
    F("fin_yeonbong_ko", "ko", "x", "{n} 님 연봉 {v}으로 계약 완료.", lambda s: f"{grp(amt(3800, 14000, 100))}만 원"),
    F("fin_cardbit_ko", "ko", "f", "{f} 씨 카드빚이 {v}이나 된대요.", lambda s: f"{grp(amt(300, 6000, 50))}만 원"),
    F("fin_ratib_ar", "ar", "x", "الراتب الشهري لـ{n}: {v}.", lambda s: ch([f"{grp(amt(9000, 60000, 500))} جنيه", f"{grp(amt(12000, 45000, 500))} درهم"])),
    F("fin_mshahara_sw", "sw", "x", "Mshahara wa {f} ni {v} kwa mwezi.", lambda s: f"KSh {grp(amt(35000, 350000, 500))}"),
    F("fin_mkopo_sw", "sw", "x", "{n} ana deni la M-Shwari la {v}, bado hajalipa.", lambda s: f"KSh {grp(amt(2000, 90000, 50))}"),
    F("fin_salary_ng", "ng", "x", "{f} earns {v} monthly at the bank and says it's not enough for Lagos rent.", lambda s: f"₦{grp(amt(250000, 2500000, 5000))}"),
    F("fin_arrears_za", "za", "f", "{n} has {v} outstanding on her vehicle finance; arrears letter sent.", lambda s: f"R{grp(amt(40000, 420000, 100), ' ')}"),
    F("fin_package_au", "en_gb", "x", "{f}'s package is {v} incl. super — don't mention it to the rest of the team.", lambda s: f"AUD {grp(amt(85000, 240000, 1000))}"),
    F("fin_offer_ca", "en_us", "x", "Offer letter draft — {n}: annual salary {v}, 3 weeks vacation.", lambda s: f"CAD {grp(amt(62000, 185000, 500))}"),
    F("fin_payroll_csv", "en_gb", "x", lambda s: f"employee,dept,annual_salary,currency\n{s['n']},Finance,{s['v']},GBP", lambda s: str(amt(28000, 140000, 100))),
]

# ================================================================ PII: non-IBAN bank accounts (~40)
IFSC = ["SBIN0001234", "HDFC0000240", "ICIC0000104", "UTIB0000008", "KKBK0000958"]
UPI_HANDLES = ["okhdfcbank", "okicici", "oksbi", "ybl", "paytm", "axl", "ibl"]


def acct_us():
    return rnz(ch([9, 10, 11, 12]))


def upi(s):
    base = asciify(s["first"]).lower() + ch([".", "", "_"]) + asciify(s["l"]).lower()[:ch([1, 3, 5])]
    return ch([base, base + str(rint(1, 99)), rnz(10)]) + "@" + ch(UPI_HANDLES)


def evp_key():
    h = "".join(ch("0123456789abcdef") for _ in range(32))
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{ch('89ab')}{h[17:20]}-{h[20:]}"


def B(name, loc, g, fmt, val, **kw):
    return T(name, "pii.bank_account", loc, g, fmt, val, **kw)


BANK = [
    B("bank_dd_form_us", "en_us", "x", "Direct deposit for {n}: routing {r}, checking acct {v}. Effective next payroll.", lambda s: acct_us(), r=lambda s: rtn()),
    B("bank_refund_wire_us", "en_us", "x", "{f} wants the refund wired instead — ABA {r}, acct# {v} (Wells Fargo).", lambda s: acct_us(), r=lambda s: rtn()),
    B("bank_rent_split_uk", "en_gb", "x", "{f}'s bank details for the rent split: sort code {sc}, account no. {v}.", lambda s: rd(8), sc=lambda s: f"{rint(1, 99):02d}-{rd(2)}-{rd(2)}"),
    B("bank_payroll_change_uk", "en_gb", "x", "Payroll change request – {n}: new account {v}, sort code {sc} (Monzo).", lambda s: rd(8), sc=lambda s: f"04-00-{rd(2)}"),
    B("bank_neft_in", "hi", "x", "NEFT details for {n}: A/c No. {v}, IFSC {ifsc}.", lambda s: ch(["5010", "3", "0"]) + rd(ch([10, 11])), ifsc=IFSC),
    B("bank_hinglish_in", "hi", "x", "{f} ka account number {v} hai, IFSC {ifsc}, aaj hi transfer kar dena.", lambda s: rnz(ch([11, 12, 14])), ifsc=IFSC),
    B("bank_upi_hinglish", "hi", "x", "{f} ne bola UPI pe bhej do: {v}", upi),
    B("bank_upi_refund_en", "hi", "x", "Refund to customer {n} via UPI ID {v} processed, UTR pending.", upi),
    B("bank_bsb_au", "en_gb", "x", "{f}'s bond refund goes to BSB {bsb}, account {v} (CommBank).", lambda s: rd(ch([8, 9])), bsb=lambda s: f"06{rint(0, 9)}-{rd(3)}"),
    B("bank_conta_br", "pt_br", "f", "Dados bancários da {f}: Banco Itaú (341), agência {ag}, conta corrente {v}.", lambda s: f"{rd(5)}-{rint(0, 9)}", ag=lambda s: rd(4)),
    B("bank_pix_evp_br", "pt_br", "m", "Pix do {f} (chave aleatória): {v}", lambda s: evp_key()),
    B("bank_pix_cpf_br", "pt_br", "f", "Manda o reembolso no Pix da {f}, a chave é o CPF {v}.", lambda s: cpf()),
    B("bank_pix_phone_br", "pt_br", "m", "chave pix do {n}: {v} (celular)", lambda s: fmt_phone(phone("BR"), ch(["e164", "nat"]))),
    B("bank_cbu_ar", "es_ar", "x", "{f}: transferime a mi CBU {v} (Galicia), ¡gracias!", lambda s: cbu("007")),
    B("bank_cvu_ar", "es_ar", "x", "CVU de {n} (Mercado Pago): {v}", lambda s: cbu("0000003")),
    B("bank_alias_ar", "es_ar", "x", "Para la vaquita del asado el alias de {f} es {v}", lambda s: ch(["mate", "sol", "rio", "gato", "luna", "perro", "techo"]) + "." + asciify(s["first"]).lower() + "." + ch(["mp", "tero", "caja", "verde"])),
    B("bank_clabe_mx", "es_mx", "x", "Para el reembolso, {n} dio su CLABE {v} (BBVA).", lambda s: clabe("012")),
    B("bank_clabe_chat_mx", "es_mx", "x", "{f}: depósitame a la CLABE {v} porfa, es de Banorte", lambda s: clabe("072")),
    B("bank_void_cheque_ca", "en_us", "x", "Void cheque on file for {n}: transit {tr}, institution {inst}, account {v}.", lambda s: rd(7), tr=lambda s: rd(5), inst=["001", "002", "003", "004", "006"]),
    B("bank_depot_ca_fr", "fr", "x", "Dépôt direct – {n} : transit {tr}, institution 815 (Desjardins), folio {v}.", lambda s: rd(7), tr=lambda s: rd(5)),
    B("bank_furikomi_ja", "ja", "x", "{n}さんの振込先：三菱UFJ銀行 渋谷支店 普通 {v}", lambda s: rd(7)),
    B("bank_gyejwa_ko", "ko", "x", "{n} 님 급여 계좌: 국민은행 {v}", lambda s: f"{rd(6)}-{rd(2)}-{rd(6)}"),
    B("bank_rekening_id", "id", "x", "No. rekening {f}: BCA {v} a.n. {n}", lambda s: rd(10)),
    B("bank_stk_vi", "vi", "f", "STK của chị {f}: {v} Vietcombank, chuyển tiền cọc giúp em.", lambda s: rd(13)),
    B("bank_nuban_ng", "ng", "x", "{f} said pay the balance into GTBank {v} and send the receipt on WhatsApp.", lambda s: nuban("058")),
    B("bank_json_payout", "en_us", "x", lambda s: J({"payout_id": "po_" + rs(14), "recipient": {"name": s["n"], "routing_number": s["r"], "account_number": s["v"]}, "currency": "USD"}), lambda s: acct_us(), r=lambda s: rtn()),
]

# ================================================================ PII: passports, licences, DOB, plates, national / insurance ids (~80)
MONTHS = {
    "en": ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
    "de": ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
    "fr": ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
    "es": ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
    "pt": ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"],
    "it": ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"],
    "nl": ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"],
    "pl": ["stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września", "października", "listopada", "grudnia"],
    "sv": ["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"],
    "tr": ["Ocak", "Şubat", "Mart", "Nisan", "Mayıs", "Haziran", "Temmuz", "Ağustos", "Eylül", "Ekim", "Kasım", "Aralık"],
    "id": ["Januari", "Februari", "Maret", "April", "Mei", "Juni", "Juli", "Agustus", "September", "Oktober", "November", "Desember"],
}


def dob_fmt(style):
    y, m, d = dob(1950, 2005)
    return {
        "dmy_slash": f"{d:02d}/{m:02d}/{y}", "mdy_slash": f"{m:02d}/{d:02d}/{y}", "iso": f"{y}-{m:02d}-{d:02d}", "dmy_dot": f"{d:02d}.{m:02d}.{y}",
        "dmy_dash": f"{d:02d}-{m:02d}-{y}", "en_long": f"{d} {MONTHS['en'][m - 1]} {y}", "en_us_long": f"{MONTHS['en'][m - 1]} {d}, {y}",
        "de_long": f"{d}. {MONTHS['de'][m - 1]} {y}", "fr_long": f"{d} {MONTHS['fr'][m - 1]} {y}", "es_long": f"{d} de {MONTHS['es'][m - 1]} de {y}",
        "pt_long": f"{d} de {MONTHS['pt'][m - 1]} de {y}", "it_long": f"{d} {MONTHS['it'][m - 1]} {y}", "nl_long": f"{d} {MONTHS['nl'][m - 1]} {y}",
        "pl_long": f"{d} {MONTHS['pl'][m - 1]} {y}", "sv_iso": f"{y}-{m:02d}-{d:02d}", "tr_long": f"{d} {MONTHS['tr'][m - 1]} {y}",
        "id_long": f"{d} {MONTHS['id'][m - 1]} {y}", "ja": f"{y}年{m}月{d}日", "ja_wareki": f"{'昭和' if y < 1989 else '平成'}{y - 1925 if y < 1989 else y - 1988}年{m}月{d}日",
        "ko": f"{y}.{m:02d}.{d:02d}", "ko_long": f"{y}년 {m}월 {d}일", "yymmdd": f"{y % 100:02d}{m:02d}{d:02d}", "vi": f"ngày {d:02d} tháng {m:02d} năm {y}",
    }[style]


def uk_dl(s):
    sur = (asciify(s["l"]).upper().replace(" ", "").replace("'", "") + "99999")[:5]
    y, m, d = dob(1960, 2003)
    mm = m + (50 if s["g"] == "f" else 0)
    ini = (asciify(s["first"])[0].upper() + "9")
    return f"{sur}{str(y)[2]}{mm:02d}{d:02d}{str(y)[3]}{ini}9{rs(2, UP)}"


PASS_FMT = {
    "US": lambda: ch([rnz(9), ch(UP) + rd(8)]), "UK": lambda: rnz(9), "IN": lambda: ch("JKLMNPRSTUVWZ") + rnz(7), "DE": lambda: "C" + rs(8, "CFGHJKLMNPRTVWXYZ0123456789"),
    "FR": lambda: f"{rint(10, 24)}{rs(2, UP)}{rd(5)}", "ES": lambda: rs(3, UP) + rd(6), "IT": lambda: rs(2, UP) + rd(7), "BR": lambda: rs(2, UP) + rd(6),
    "NL": lambda: rs(2, "ABCDEFGHIJKLMNPRSTUVWXYZ") + rs(6, "ABCDEFGHJKLMNPRSTUVWXYZ0123456789") + rint(0, 9).__str__(), "PL": lambda: rs(2, UP) + rd(7), "TR": lambda: "U" + rd(8),
    "JP": lambda: ch(["TK", "TR", "TZ", "MZ"]) + rd(7), "KR": lambda: "M" + rd(3) + ch(UP) + rd(4), "ID": lambda: ch("ABCEX") + rd(7), "VN": lambda: ch("BCN") + rd(7),
    "MX": lambda: ch("GN") + rd(8), "NG": lambda: "B" + rd(8), "EG": lambda: "A" + rd(8), "KE": lambda: "AK" + rd(7), "SE": lambda: rd(8),
}


def P(name, kind, loc, g, fmt, val, **kw):
    return T(name, kind, loc, g, fmt, val, **kw)


PP = "pii.passport"
DL = "pii.driving_licence"
DB = "pii.dob"
PL8 = "pii.vehicle_plate"
NID = "pii.national_id"
HIN = "pii.health_insurance"

IDDOCS = [
    # passports (15)
    P("pp_booking_us", PP, "en_us", "x", "Booking for {n}: passport {v}, exp 2031-04-17, seat 14C, no TSA PreCheck.", lambda s: PASS_FMT["US"]()),
    P("pp_fasttrack_uk", PP, "en_gb", "x", "eVisa application — applicant {n}, UK passport number {v}.", lambda s: PASS_FMT["UK"]()),
    P("pp_visa_hinglish", PP, "hi", "x", "{f} ka passport number {v} hai, Schengen visa ke liye VFS ko bhejna hai.", lambda s: PASS_FMT["IN"]()),
    P("pp_visum_de", PP, "de", "x", "Visumantrag USA für {n}: Reisepassnummer {v}, ESTA bereits beantragt.", lambda s: PASS_FMT["DE"]()),
    P("pp_hotel_fr", PP, "fr", "x", "Fiche de police hôtel : {n}, passeport n° {v}, arrivée le 14/06.", lambda s: PASS_FMT["FR"]()),
    P("pp_viaje_es", PP, "es", "x", "Datos para la agencia: {n}, pasaporte {v}, vuelo a Cancún.", lambda s: PASS_FMT["ES"]()),
    P("pp_viagem_br", PP, "pt_br", "f", "Passaporte da {f}: {v}, validade 2029 — mandar pra agência hoje.", lambda s: PASS_FMT["BR"]()),
    P("pp_reis_nl", PP, "nl", "x", "Reisgegevens {n}: paspoortnummer {v}.", lambda s: PASS_FMT["NL"]()),
    P("pp_wiza_pl", PP, "pl", "x", "Wniosek wizowy — {n}, nr paszportu {v}.", lambda s: PASS_FMT["PL"]()),
    P("pp_tr", PP, "tr", "x", "{n} pasaport no: {v} — vize randevusu 12 Mart.", lambda s: PASS_FMT["TR"]()),
    P("pp_ja", PP, "ja", "x", "{n}さんのパスポート番号：{v}（出張申請用）", lambda s: PASS_FMT["JP"]()),
    P("pp_ko", PP, "ko", "x", "출장자 {n} 여권번호 {v}, 만료일 2030.05.", lambda s: PASS_FMT["KR"]()),
    P("pp_id", PP, "id", "x", "Data jamaah umrah: {n}, no. paspor {v}.", lambda s: PASS_FMT["ID"]()),
    P("pp_embassy_ng", PP, "ng", "x", "Embassy appointment – {n}, passport {v}, biometrics on Tuesday.", lambda s: PASS_FMT["NG"]()),
    P("pp_json_traveler", PP, "es_mx", "x", lambda s: J({"pnr": rs(6, UP), "traveler": {"name": s["n"], "doc_type": "P", "doc_number": s["v"], "nationality": "MEX"}}), lambda s: PASS_FMT["MX"]()),
    P("pp_ar_eg", PP, "ar", "x", "رقم جواز سفر {n}: {v}", lambda s: PASS_FMT["EG"]()),
    # driving licences (12)
    P("dl_hire_uk", DL, "en_gb", "x", "Van hire – driver {n}, licence no. {v}, DVLA check code shared.", uk_dl),
    P("dl_ca_us", DL, "en_us", "x", "Rental agreement: {n}, CA DL {v}, additional driver: none.", lambda s: ch(UP) + rd(7)),
    P("dl_fl_us", DL, "en_us", "x", "Incident report — driver {n}, Florida license {v}.", lambda s: f"{ch(UP)}{rd(3)}-{rd(3)}-{rd(2)}-{rd(3)}-{rd(1)}"),
    P("dl_in", DL, "hi", "x", "{f} ka DL no. {v} hai, insurance claim form me daalna hai.", lambda s: f"{ch(['MH12', 'KA03', 'DL04', 'TN09'])} {rint(2005, 2021)}{rd(7)}"),
    P("dl_fuehrerschein_de", DL, "de", "x", "Carsharing-Verifizierung {n}: Führerscheinnummer {v}.", lambda s: rs(4, UP + DIG) + rd(5) + rs(2, UP + DIG)),
    P("dl_permis_fr", DL, "fr", "x", "Constat amiable – conducteur {n}, permis n° {v}.", lambda s: rd(12)),
    P("dl_cnh_br", DL, "pt_br", "x", "Locação de carro: condutor {n}, CNH nº {v}.", lambda s: rnz(11)),
    P("dl_nsw_au", DL, "en_gb", "x", "Tenant application – {n}, NSW licence number {v}.", lambda s: rd(8)),
    P("dl_menkyo_ja", DL, "ja", "x", "{n}さん 運転免許証番号：第{v}号", lambda s: rnz(12)),
    P("dl_ko", DL, "ko", "x", "{n} 님 운전면허번호 {v}", lambda s: f"{rint(11, 28)}-{rint(15, 23)}-{rd(6)}-{rd(2)}"),
    P("dl_prawo_jazdy_pl", DL, "pl", "x", "{n}, prawo jazdy nr {v}, kategoria B.", lambda s: f"{rd(5)}/{rint(5, 23):02d}/{rd(4)}"),
    # dates of birth (15)
    P("dob_form_en", DB, "en_gb", "x", "New patient registration — {n}, DOB: {v}, GP practice: Elm Tree Surgery.", lambda s: dob_fmt("dmy_slash")),
    P("dob_us_crm", DB, "en_us", "x", "CRM: {n} (born {v}) asked to be removed from the birthday promo list.", lambda s: dob_fmt("en_us_long")),
    P("dob_memory_en", DB, "en_us", "x", "Remember {f}'s date of birth is {v} — needed for the insurance portal login.", lambda s: dob_fmt("mdy_slash")),
    P("dob_geb_de", DB, "de", "x", "Mitgliedsantrag: {n}, geb. {v}, Beitrag ermäßigt.", lambda s: dob_fmt(ch(["dmy_dot", "de_long"]))),
    P("dob_ne_fr", DB, "fr", "x", "{n}, né(e) le {v} à Lyon, demande une attestation.", lambda s: dob_fmt(ch(["fr_long", "dmy_slash"]))),
    P("dob_nacido_es", DB, "es", "x", "Ficha del socio: {n}, fecha de nacimiento {v}.", lambda s: dob_fmt(ch(["es_long", "dmy_slash"]))),
    P("dob_nasc_br", DB, "pt_br", "x", "Cadastro: {n} — data de nascimento: {v}", lambda s: dob_fmt(ch(["dmy_slash", "pt_long"]))),
    P("dob_nato_it", DB, "it", "x", "{n}, nato/a il {v}, iscrizione palestra.", lambda s: dob_fmt(ch(["dmy_slash", "it_long"]))),
    P("dob_geboren_nl", DB, "nl", "x", "{n} (geboren {v}) heeft zich aangemeld voor de lening.", lambda s: dob_fmt(ch(["nl_long", "dmy_dash"]))),
    P("dob_urodz_pl", DB, "pl", "x", "{n}, ur. {v}, zgłoszenie do ubezpieczenia grupowego.", lambda s: dob_fmt(ch(["pl_long", "dmy_dot"]))),
    P("dob_fodd_sv", DB, "sv", "x", "{n}, född {v}, anmäld till kursen.", lambda s: dob_fmt("sv_iso")),
    P("dob_dogum_tr", DB, "tr", "x", "{n} doğum tarihi: {v}", lambda s: dob_fmt(ch(["tr_long", "dmy_dot"]))),
    P("dob_lahir_id", DB, "id", "x", "{n}, lahir di Medan, {v}.", lambda s: dob_fmt("id_long")),
    P("dob_ja", DB, "ja", "x", "{n}　生年月日：{v}", lambda s: dob_fmt(ch(["ja", "ja_wareki"]))),
    P("dob_ko", DB, "ko", "x", "{n} 님 생년월일 {v}, 회원가입 완료.", lambda s: dob_fmt(ch(["ko", "ko_long"]))),
    P("dob_vi", DB, "vi", "x", "{n}, sinh {v} tại Huế.", lambda s: dob_fmt("vi")),
    P("dob_json", DB, "en_us", "x", lambda s: J({"member": {"id": rint(100000, 999999), "name": s["n"], "dob": s["v"]}, "plan": "family"}), lambda s: dob_fmt("iso")),
    # vehicle plates (12)
    P("plate_parking_de", PL8, "de", "x", "Tiefgaragenplatz 14 gehört {n}, Kennzeichen {v}.", lambda s: f"{ch(['B', 'M', 'HH', 'K', 'S'])}-{rs(2, UP)} {rint(1, 9999)}"),
    P("plate_uk", PL8, "en_gb", "x", "Visitor permit for {n}'s car, reg {v}, valid until Sunday.", lambda s: f"{rs(2, 'ABCDEFGHKLMNOPRSVWY')}{ch(['18', '19', '68', '69', '21', '71', '23'])} {rs(3, 'ABCDEFGHJKLMNOPRSTUVWXYZ')}"),
    P("plate_fr", PL8, "fr", "x", "{n} est garé(e) devant le portail, immatriculation {v}.", lambda s: f"{rs(2, 'ABCDEFGHJKLMNPQRSTVWXYZ')}-{rd(3)}-{rs(2, 'ABCDEFGHJKLMNPQRSTVWXYZ')}"),
    P("plate_es", PL8, "es", "x", "La plaza de garaje 22 es de {n}, matrícula {v}.", lambda s: f"{rd(4)} {rs(3, 'BCDFGHJKLMNPRSTVWXYZ')}"),
    P("plate_br", PL8, "pt_br", "m", "Vaga do {n} no condomínio: carro placa {v}.", lambda s: f"{rs(3, UP)}{rint(0, 9)}{ch(UP)}{rd(2)}"),
    P("plate_in", PL8, "hi", "x", "{f} ki bike ka number {v} hai, society gate pass me add karo.", lambda s: f"{ch(['MH 12', 'KA 05', 'DL 3C', 'TN 22'])} {rs(2, UP)} {rd(4)}"),
    P("plate_id", PL8, "id", "x", "Motor {f} plat nomor {v}, parkir di basement.", lambda s: f"{ch(['B', 'D', 'L', 'AB'])} {rint(1000, 9999)} {rs(3, UP)}"),
    P("plate_tr", PL8, "tr", "x", "{n} aracının plakası {v}, site otoparkı.", lambda s: f"{ch(['34', '06', '35', '16'])} {rs(ch([2, 3]), 'ABCDEFGHJKLMNPRSTUVYZ')} {rint(10, 999)}"),
    P("plate_nl", PL8, "nl", "x", "Parkeervergunning {n}: kenteken {v}.", lambda s: f"{rint(1, 99)}-{rs(3, 'BDFGHJKLNPRSTVXZ')}-{rint(1, 9)}"),
    P("plate_pl", PL8, "pl", "x", "{n} zostawia auto na miejscu 7, nr rej. {v}.", lambda s: f"{ch(['WA', 'KR', 'PO', 'GD', 'WX'])} {rd(5)}"),
    P("plate_ko", PL8, "ko", "x", "{n} 님 차량번호 {v} 방문 등록했습니다.", lambda s: f"{rint(12, 389)}{ch(['가', '나', '다', '라', '마', '거', '너', '더'])} {rd(4)}"),
    P("plate_ja", PL8, "ja", "x", "来客用駐車場：{n}様 ナンバー {v}", lambda s: f"{ch(['品川', '練馬', 'なにわ', '横浜'])} {rint(300, 599)} {ch(['あ', 'さ', 'な', 'わ'])} {rint(10, 99)}-{rd(2)}"),
    P("plate_us_ca", PL8, "en_us", "x", "HOA violation: {n}'s truck (CA plate {v}) parked in the fire lane again.", lambda s: f"{rint(4, 9)}{rs(3, UP)}{rd(3)}"),
    # national / social-security ids (16), all stdnum-valid
    P("nid_ssn_us", NID, "en_us", "x", "W-4 on file for {n}, SSN {v}.", lambda s: ssn_us()),
    P("nid_ssn_memory", NID, "en_us", "x", "User asked me to keep their SSN handy for the tax call: {v}.", lambda s: ssn_us()),
    P("nid_cpf_br", NID, "pt_br", "x", "Nota fiscal em nome de {n}, CPF {v}.", lambda s: cpf()),
    P("nid_bsn_nl", NID, "nl", "x", "Loonadministratie: BSN van {n} is {v}.", lambda s: ch([bsn, bsn_dotted])()),
    P("nid_steuerid_de", NID, "de", "x", "Personalstammblatt {n}: steuerliche Identifikationsnummer {v}, Steuerklasse 1.", lambda s: steuer_id()),
    P("nid_nir_fr", NID, "fr", "x", "Numéro de sécurité sociale de {n} : {v}", lambda s: nir(s["g"])),
    P("nid_dni_es", NID, "es", "x", "Contrato de alquiler: inquilino/a {n}, DNI {v}.", lambda s: dni_es()),
    P("nid_cf_it", NID, "it", "x", "Codice fiscale di {n}: {v}", codice_fiscale),
    P("nid_pesel_pl", NID, "pl", "x", "{n}, PESEL {v}, skierowanie na badania okresowe.", lambda s: pesel(s["g"])),
    P("nid_pnr_sv", NID, "sv", "x", "{n} personnummer {v}", lambda s: personnummer()),
    P("nid_tckn_tr", NID, "tr", "x", "{n} TC kimlik no: {v}", lambda s: tckn()),
    P("nid_aadhaar_in", NID, "hi", "x", "{f} ka Aadhaar {v} hai, KYC ke liye.", lambda s: aadhaar()),
    P("nid_curp_mx", NID, "es_mx", "x", "Trámite IMSS de {n}, CURP {v}.", curp),
    P("nid_rrn_ko", NID, "ko", "x", "{n} 주민등록번호 {v}", lambda s: rrn_kr(s["g"])),
    P("nid_ric_cn", NID, "zh", "x", "{n}身份证号：{v}", lambda s: ric_cn()),
    P("nid_za", NID, "za", "x", "FICA docs received for {n}, SA ID {v}.", lambda s: za_id(s["g"])),
    P("nid_nik_id", NID, "id", "x", "KTP {n}, NIK {v}.", lambda s: nik_id(s["g"])),
    P("nid_sin_ca", NID, "en_us", "x", "TD1 form — {n}, SIN {v}.", lambda s: sin_ca()),
    P("nid_mynumber_ja", NID, "ja", "x", "{n}さんのマイナンバー：{v}", lambda s: mynumber_jp()),
    # health insurance numbers (10)
    P("hin_kvnr_de", HIN, "de", "x", "Krankenkassenwechsel {n}: Versichertennummer {v} (TK).", lambda s: kvnr()),
    P("hin_nhs_uk", HIN, "en_gb", "x", "Referral for {n}, NHS number {v}.", lambda s: nhs_no()),
    P("hin_nhs_memory", HIN, "en_gb", "x", "Mum's NHS no. is {v} — keep for the hospital forms ({n}).", lambda s: nhs_no()),
    P("hin_medicare_au", HIN, "en_gb", "x", "Medicare card for {n}: {v}, valid to 11/2028.", lambda s: medicare_au()),
    P("hin_phn_bc", HIN, "en_us", "x", "Clinic intake — {n}, BC PHN {v}.", lambda s: bc_phn()),
    P("hin_ahv_ch", HIN, "de", "x", "Krankenkasse CSS, Versicherte/r {n}, AHV-Nr. {v}.", lambda s: ahv()),
    P("hin_vnr_at", HIN, "de", "x", "e-card von {n}, SV-Nummer {v}.", lambda s: vnr_at()),
    P("hin_vitale_fr", HIN, "fr", "x", "Carte Vitale de {n} : n° {v}, mutuelle à mettre à jour.", lambda s: nir(s["g"])),
    P("hin_cns_br", HIN, "pt_br", "m", "Cartão SUS do {f}: {v}", lambda s: cns_br()),
    P("hin_mbi_us", HIN, "en_us", "x", "Medicare MBI for {n}: {v}, Part B effective 2024-02.", lambda s: mbi_us()),
]


# ================================================================ PII: personal phone numbers and e-mails in logs / CSV / JSON (~50)
REGION_LOC = {"US": "en_us", "GB": "en_gb", "DE": "de", "FR": "fr", "ES": "es", "IT": "it", "NL": "nl", "PL": "pl", "SE": "sv", "TR": "tr", "IN": "hi",
              "ID": "id", "VN": "vi", "JP": "ja_r", "KR": "ko_r", "EG": "ar_r", "KE": "sw", "BR": "pt_br", "MX": "es_mx", "NG": "ng", "AR": "es_ar", "PT": "pt_pt", "CA": "en_us", "AU": "en_gb"}


def ts():
    return f"2024-{rint(1, 12):02d}-{rint(1, 28):02d}T{rint(0, 23):02d}:{rint(0, 59):02d}:{rint(0, 59):02d}Z"


class PhoneT(T):
    def __init__(self, name, regions, styles, fmt):
        self.name, self.kind, self.regions, self.styles, self.fmt_ = name, "pii.phone", regions, styles, fmt

    def render(self):
        reg = ch(self.regions)
        s = dict(person(REGION_LOC[reg], "x"))
        s["v"] = fmt_phone(phone(reg), ch(self.styles))
        s["ts"], s["id"], s["reg"] = ts(), str(rint(10000, 999999)), reg
        return self.fmt_(s), s["v"]


class MailT(T):
    def __init__(self, name, locs, fmt, tf=None):
        self.name, self.kind, self.locs, self.fmt_, self.tf = name, "pii.email", locs, fmt, tf

    def render(self):
        loc = ch(self.locs)
        s = dict(person(loc, "x"))
        s["v"] = email_for(s, loc)
        if self.tf:
            s["v"] = self.tf(s["v"])
        s["ts"], s["id"] = ts(), str(rint(10000, 999999))
        return self.fmt_(s), s["v"]


ALL_REG = list(REGION_LOC)
LATIN_LOCS = ["en_us", "en_gb", "de", "fr", "es", "es_mx", "es_ar", "pt_br", "pt_pt", "it", "nl", "pl", "sv", "tr", "hi", "id", "vi", "ja_r", "ko_r", "ar_r", "sw", "ng", "zh_r"]

PHONES = [
    PhoneT("ph_log_otp", ALL_REG, ["e164"], lambda s: f"{s['ts']} INFO  auth.otp  sent verification code to {s['v']} (channel=sms, attempt={rint(1, 3)})"),
    PhoneT("ph_csv_leads", ALL_REG, ["intl", "nat"], lambda s: f"lead_id,first_name,last_name,mobile,source\n{s['id']},{s['first']},{s['l']},{s['v']},webinar"),
    PhoneT("ph_json_user_update", ALL_REG, ["e164", "intl"], lambda s: J({"event": "user.updated", "user_id": int(s["id"]), "changes": {"phone": {"old": None, "new": s["v"]}}, "at": s["ts"]})),
    PhoneT("ph_twilio_webhook", ["US", "GB", "CA", "AU", "DE"], ["urlenc"], lambda s: f"POST /webhooks/sms/inbound 200 {rint(12, 90)}ms body=Body=STOP&From={s['v']}&MessageSid=SM{rs(32, '0123456789abcdef')}"),
    PhoneT("ph_crm_export_de", ["DE"], ["nat", "intl"], lambda s: f"Kontakt-Export (CRM)\nName;Mobil;Kundennr.\n{s['n']};{s['v']};K-{s['id']}"),
    PhoneT("ph_whatsapp_bridge", ["MX", "BR", "IN", "ID", "ES", "AR", "NG"], ["digits"], lambda s: f"[wa-bridge] {s['ts']} inbound message from {s['v']}@c.us type=text len={rint(8, 140)}"),
    PhoneT("ph_error_trace", ALL_REG, ["e164", "nat"], lambda s: f"Traceback (most recent call last):\n  File \"notify/sms.py\", line 88, in send\nCarrierLookupError: no route for '{s['v']}' (user_id={s['id']})"),
    PhoneT("ph_json_kyc", ["IN", "ID", "VN", "NG", "KE"], ["e164", "natdigits"], lambda s: J({"applicant_id": "APP" + s["id"], "mobile_no": s["v"], "country": s["reg"], "kyc_status": "pending"})),
    PhoneT("ph_sql_insert", ALL_REG, ["intl", "nat"], lambda s: f"INSERT INTO contacts (full_name, phone, created_at) VALUES ('{s['n']}', '{s['v']}', '{s['ts'][:10]}');"),
    PhoneT("ph_sms_gateway_ja", ["JP"], ["nat"], lambda s: f"{s['ts'][:10].replace('-', '/')} {s['ts'][11:19]} [SMS] 送信完了 宛先={s['v']} ステータス=DELIVERED"),
    PhoneT("ph_call_log_ko", ["KR"], ["nat"], lambda s: f"통화기록 | 발신: {s['v']} | 수신: 고객센터 | 통화시간 03:{rint(10, 59)}"),
    PhoneT("ph_delivery_json", ALL_REG, ["intl", "nat"], lambda s: J({"shipment": "SHP" + s["id"], "recipient": s["n"], "recipient_phone": s["v"], "instructions": "call on arrival"})),
    PhoneT("ph_mpesa_sms", ["KE"], ["natdigits"], lambda s: f"{rs(10, UP + DIG)} Confirmed. Ksh{grp(rint(50, 9000))}.00 sent to {s['n'].upper()} {s['v']} on {rint(1, 28)}/{rint(1, 12)}/24 at {rint(1, 12)}:{rint(10, 59)} PM."),
    PhoneT("ph_vcard", ALL_REG, ["intl"], lambda s: f"BEGIN:VCARD\nVERSION:3.0\nFN:{s['n']}\nTEL;TYPE=CELL:{s['v']}\nEND:VCARD"),
    PhoneT("ph_nginx_query", ["US", "GB", "FR", "IT", "ES"], ["urlenc"], lambda s: f"198.51.100.{rint(2, 250)} - - [{rint(1, 28):02d}/Mar/2024:{rint(10, 23)}:{rint(10, 59)}:{rint(10, 59)} +0000] \"GET /api/v2/callback?phone={s['v']}&lang=en HTTP/1.1\" 200 {rint(100, 900)}"),
]

MAILS = [
    MailT("em_postfix_log", LATIN_LOCS, lambda s: f"Mar {rint(1, 28):2d} 04:{rint(10, 59)}:{rint(10, 59)} mx1 postfix/smtp[{rint(1000, 32000)}]: {rs(10, '0123456789ABCDEF')}: to=<{s['v']}>, relay=none, delay=0.3, status=bounced (mailbox full)"),
    MailT("em_pg_unique_error", LATIN_LOCS, lambda s: f"ERROR:  duplicate key value violates unique constraint \"users_email_key\"\nDETAIL:  Key (email)=({s['v']}) already exists."),
    MailT("em_access_log_urlenc", LATIN_LOCS, lambda s: f"203.0.113.{rint(2, 250)} - - [12/Mar/2024:10:{rint(10, 59)}:22 +0000] \"GET /newsletter/unsubscribe?email={s['v']} HTTP/1.1\" 302 0", tf=lambda e: e.replace("@", "%40")),
    MailT("em_csv_export", LATIN_LOCS, lambda s: f"id,name,email,country,signup_date\n{s['id']},{s['n']},{s['v']},{ch(['DE', 'BR', 'IN', 'PL', 'TR', 'US'])},{s['ts'][:10]}"),
    MailT("em_json_webhook", LATIN_LOCS, lambda s: J({"type": "customer.created", "data": {"object": {"id": "cus_" + rs(14), "email": s["v"], "name": None, "livemode": True}}})),
    MailT("em_audit_reset", LATIN_LOCS, lambda s: f"[audit] {s['ts']} password reset requested for {s['v']} from 198.51.100.{rint(2, 250)} (ua=Mobile Safari)"),
    MailT("em_form_json", LATIN_LOCS, lambda s: J({"form": "contact", "fields": {"name": s["n"], "email": s["v"], "message": ch(["Hi, is the flat still available?", "Quiero cancelar mi pedido", "Bitte rufen Sie mich zurück"])}})),
    MailT("em_mailchimp_csv", LATIN_LOCS, lambda s: f"Email Address,First Name,Last Name,MEMBER_RATING\n{s['v']},{s['first']},{s['l']},{rint(1, 5)}"),
    MailT("em_sentry_user", LATIN_LOCS, lambda s: f"User: {s['v']} (id {s['id']}) | Browser: Chrome 123 | TypeError: Cannot read properties of undefined (reading 'total')"),
    MailT("em_login_fail_de", ["de", "tr", "pl"], lambda s: f"{s['ts']} WARN Anmeldung fehlgeschlagen für Benutzer {s['v']} (3 Versuche), Konto gesperrt"),
    MailT("em_jsonl_event_pt", ["pt_br", "pt_pt"], lambda s: J({"evento": "pedido_criado", "cliente_email": s["v"], "valor": f"{rint(20, 900)},{rint(10, 99)}"})),
    MailT("em_queue_ja", ["ja_r"], lambda s: f"[メール配信] {s['ts']} 宛先: {s['v']} 結果: 送信失敗（宛先不明）"),
    MailT("em_ldap_ko", ["ko_r"], lambda s: f"sync warn: 외부 계정 이메일 {s['v']} 가 사내 디렉터리와 불일치 (uid={s['id']})"),
]


# ================================================================ CLEAN look-alikes (170)
def C(name, kind, fmt, **kw):
    return T(name, kind, None, None, fmt, None, **kw)


def fdate(style="dmy_dot"):
    y, m, d = rint(2024, 2026), rint(1, 12), rint(1, 28)
    return {"dmy_dot": f"{d:02d}.{m:02d}.{y}", "iso": f"{y}-{m:02d}-{d:02d}", "dmy_slash": f"{d:02d}/{m:02d}/{y}", "mdy": f"{m}/{d}/{y}",
            "en": f"{d} {MONTHS['en'][m - 1]} {y}", "ja": f"{y}年{m}月{d}日", "de": f"{d}. {MONTHS['de'][m - 1]}", "pl": f"{d} {MONTHS['pl'][m - 1]} {y}",
            "vi": f"{d:02d}/{m:02d}/{y}", "id": f"{d} {MONTHS['id'][m - 1]} {y}", "fr": f"{d} {MONTHS['fr'][m - 1]} {y}"}[style]


CO_EN = ["Northwind", "Brightline Logistics", "Harbor & Finch", "Copperleaf", "Bluewater Analytics", "Redstone Tools"]
CO_DE = ["Müller Logistik", "Schäfer Haustechnik", "Nordlicht Software", "Brandt & Söhne", "Elbtal Medien"]
CO_GEN = ["Solaris", "Vertex", "Andes", "Kirin", "Mawingu", "Lotus", "Atlas", "Nimbus"]


def ean13():
    body = rd(12)
    return body + std_ean.calc_check_digit(body)


def isbn13():
    body = "978" + rd(9)
    return f"{body[:3]}-{body[3]}-{body[4:8]}-{body[8:12]}-{std_ean.calc_check_digit(body)}"


def cnpj():
    def mk():
        b = rd(8) + "0001"
        return b + br_cnpj.calc_check_digits(b)
    n = gen_valid(mk, br_cnpj.is_valid)
    return br_cnpj.format(n)


def cuit_co():
    def mk():
        b = "30" + rd(8)
        return b + ar_cuit.calc_check_digit(b)
    n = gen_valid(mk, ar_cuit.is_valid)
    return f"{n[:2]}-{n[2:10]}-{n[10]}"


CHP = "clean.health_public"
CDR = "clean.drug_info"
CBA = "clean.business_address"
CSB = "clean.salary_band"
CBB = "clean.business_bank"
CSP = "clean.support_phone"
CRN = "clean.reference_number"
CPC = "clean.product_code"
CDT = "clean.date"
CPH = "clean.placeholder"
CMK = "clean.masked"

CLEAN = [
    # public health facts / clinic hours
    C("c_flu_jabs_uk", CHP, "Flu jabs are available for over-65s at the {shop} on {st} from 1 October, no appointment needed.", shop=["Boots", "Lloyds Pharmacy", "Superdrug Pharmacy"], st=["High Street", "Church Road", "Market Square"]),
    C("c_praxis_hours_de", CHP, "Praxis Dr. med. {doc} – Sprechzeiten Mo–Fr 8–12 Uhr, Di+Do 15–18 Uhr. Urlaub vom {d1}. bis {d2}. {mon}, Vertretung: Praxis am Markt.", doc=["Heinemann", "Öztürk", "Lindner", "Weber"], d1=lambda s: str(rint(1, 14)), d2=lambda s: str(int(s["d1"]) + 14), mon=MONTHS["de"]),
    C("c_t2d_fact_en", CHP, "Type 2 diabetes affects roughly {x} in {y} adults worldwide; free NHS Health Checks are offered to 40–74 year olds every five years.", x=["1"], y=["10", "11"]),
    C("c_dengue_id", CHP, "Dinkes {city} mencatat kenaikan kasus DBD sebesar {p}% bulan ini; warga diminta menerapkan 3M Plus.", city=["DKI Jakarta", "Kota Bandung", "Kota Surabaya"], p=lambda s: str(rint(12, 60))),
    C("c_centro_salud_es", CHP, "Recordatorio: el centro de salud de {b} abre de 8:00 a 20:00; urgencias 24 h en el hospital {h}.", b=["Chamberí", "Ruzafa", "Gràcia"], h=["La Paz", "La Fe", "Clínic"]),
    C("c_vacina_br", CHP, "Campanha de vacinação contra a gripe vai até {d} nas UBS de {city}; leve a caderneta.", d=lambda s: fdate("dmy_slash"), city=["São Paulo", "Recife", "Curitiba"]),
    C("c_vacc_centre_fr", CHP, "Centre de vaccination de {ville} : lun–ven 9h–17h, sans rendez-vous le mercredi après-midi.", ville=["Lyon 3e", "Nantes", "Lille-Fives"]),
    C("c_flu_ja", CHP, "【お知らせ】インフルエンザ予防接種は10月{d}日から{city}市内の協力医療機関で実施します。65歳以上は自己負担{y}円。", d=lambda s: str(rint(1, 15)), city=["横浜", "札幌", "福岡"], y=["1,500", "2,000"]),
    C("c_tb_ko", CHP, "보건소 안내: 결핵 검진은 평일 9시~18시, {place} 1층에서 무료로 받을 수 있습니다.", place=["마포구보건소", "강남구보건소", "수원시 영통구보건소"]),
    C("c_bereitschaft_de", CHP, "Ärztlicher Bereitschaftsdienst außerhalb der Sprechzeiten: 116 117 (bundesweit, kostenlos). Im Notfall: {n}.", n=["112"]),
    C("c_who_stats_en", CHP, "WHO: measles cases in {r} rose {p}% in {y} compared to the previous year; vaccination coverage remains below 95%.", r=["Europe", "the Eastern Mediterranean region", "South-East Asia"], p=lambda s: str(rint(20, 300)), y=["2023", "2024"]),
    C("c_eap_wellbeing_en", CHP, "Team wellbeing: Mental Health Awareness Week starts {d}. Our EAP counselling line is free, 24/7 and confidential.", d=lambda s: fdate("en")),
    C("c_blood_drive_en", CHP, "Blood drive in the lobby on {d}, 10:00–15:00. Eat something before donating and bring photo ID.", d=lambda s: fdate("en")),
    C("c_hastane_tr", CHP, "{h} Devlet Hastanesi poliklinikleri hafta içi 08:00–17:00 arası açıktır; randevular MHRS üzerinden alınır.", h=["Antalya Eğitim ve Araştırma", "Kartal Dr. Lütfi Kırdar", "Ankara Etlik Şehir"]),
    C("c_malaria_sw", CHP, "Malaria bado ni tishio kubwa {r}; lala ndani ya chandarua kilichotibiwa na utafute matibabu mapema.", r=["Kenya", "pwani ya Kenya", "Afrika Mashariki"]),
    C("c_przychodnia_pl", CHP, "Przychodnia {n}: pon.–pt. 7:30–18:00, rejestracja telefoniczna od 7:00, szczepienia w środy.", n=["Zdrowie", "Na Woli", "Medicover Mokotów"]),
    C("c_vardcentral_sv", CHP, "Vårdcentralen {n} har drop-in för influensavaccination tisdagar 13–15 under oktober.", n=["Söder", "Centrum", "Västra Hamnen"]),
    C("c_depression_stat_nl", CHP, "Volgens het Trimbos-instituut krijgt ongeveer 1 op de {x} Nederlanders ooit een depressie.", x=["5", "6"]),
    # drug information without a patient
    C("c_ibuprofen_en", CDR, "Ibuprofen {d} mg: adults max {n} tablets a day with food; not suitable for people with stomach ulcers.", d=["200", "400"], n=lambda s: "6" if s["d"] == "200" else "3"),
    C("c_paracetamol_de", CDR, "Paracetamol 500 mg – Erwachsene max. 8 Tabletten pro Tag, Abstand mindestens {h} Stunden.", h=["4", "6"]),
    C("c_sertraline_en", CDR, "Sertraline: common side effects include nausea, insomnia and sweating; don't stop it abruptly — taper with your prescriber.", ),
    C("c_metformin_de", CDR, "Beipackzettel Metformin {d} mg: Einnahme zu oder nach den Mahlzeiten; sehr selten Laktatazidose.", d=["500", "850", "1000"]),
    C("c_amoxicilina_es", CDR, "Amoxicilina 500 mg: la pauta habitual en adultos es cada 8 horas durante {d} días, según prescripción.", d=["5", "7", "10"]),
    C("c_dipirona_br", CDR, "Dipirona 1 g: adultos até 4 vezes ao dia; não usar em caso de alergia ao princípio ativo."),
    C("c_tachipirina_it", CDR, "Tachipirina 1000 mg: non superare i {g} g al giorno negli adulti.", g=["3", "4"]),
    C("c_loxonin_ja", CDR, "ロキソニンS：1回1錠、1日2回まで（再度症状が出た場合は3回目可）。空腹時を避けて服用してください。"),
    C("c_tylenol_ko", CDR, "타이레놀 500mg: 성인 1회 1~2정, {h}시간 간격으로 복용, 하루 최대 8정.", h=["4~6", "4"]),
    C("c_levothyroxine_en", CDR, "Levothyroxine should be taken on an empty stomach, {m} minutes before breakfast, and not with calcium or iron.", m=["30–60", "30"]),
    C("c_warfarin_en", CDR, "Interaction alert: warfarin + {d} increases bleeding risk — ask the pharmacist for alternatives.", d=["ibuprofen", "aspirin", "naproxen"]),
    C("c_ozempic_supply_en", CDR, "Supply update: Ozempic {d} mg pens back in stock at wholesalers from {date}.", d=["0.25", "0.5", "1"], date=lambda s: fdate("en")),
    C("c_panadol_sw", CDR, "Panadol Extra: watu wazima wameze vidonge 2 kila baada ya saa 6; usizidishe vidonge 8 kwa siku."),
    C("c_paracetamol_id", CDR, "Paracetamol 500 mg: dewasa 1–2 tablet, 3–4 kali sehari; jangan melebihi {g} g per hari.", g=["4"]),
    C("c_apap_pl", CDR, "Apap: dorośli i młodzież powyżej 12 lat 1–2 tabletki do {n} razy na dobę.", n=["4"]),
    # business addresses
    C("c_returns_de", CBA, "Retouren bitte an: {co} GmbH, Industriestraße {n}, {plz} {city} – RMA-Nummer außen auf das Paket.", co=CO_DE, n=lambda s: str(rint(2, 90)), plz=["76189", "28197", "44147"], city=["Karlsruhe", "Bremen", "Dortmund"]),
    C("c_office_uk", CBA, "Our new office: {co} Ltd, Unit {n}, {park} Business Park, {town}. Visitors sign in at reception.", co=CO_EN, n=lambda s: str(rint(1, 40)), park=["Aztec West", "Cambridge Science", "Thorpe"], town=["Bristol BS32 4TD", "Cambridge CB4 0WN", "Leeds LS12 6DP"]),
    C("c_siege_fr", CBA, "Siège social : {co} SAS, {n} avenue des Champs-Élysées, 75008 Paris – RCS Paris B {r}.", co=CO_GEN, n=lambda s: str(rint(10, 150)), r=lambda s: f"{rd(3)} {rd(3)} {rd(3)}"),
    C("c_escritorio_br", CBA, "Escritório: {co} Tecnologia Ltda., Av. Paulista, {n} – {a}º andar, Bela Vista, São Paulo – SP, 01311-{c}.", co=CO_GEN, n=lambda s: str(rint(500, 2300)), a=lambda s: str(rint(2, 22)), c=lambda s: rd(3)),
    C("c_oficina_mx", CBA, "{co} S.A. de C.V., Av. Insurgentes Sur {n}, Piso {p}, Col. Del Valle, 03100 CDMX — horario de atención 9 a 18 h.", co=CO_GEN, n=lambda s: str(rint(600, 1900)), p=lambda s: str(rint(2, 15))),
    C("c_warehouse_us", CBA, "Warehouse pickup: {co} Inc., {n} Commerce Blvd, Dock {d}, Reno, NV 89502 (Mon–Fri 8–4).", co=CO_EN, n=lambda s: str(rint(1000, 9000)), d=lambda s: str(rint(1, 9))),
    C("c_kantoor_nl", CBA, "Kantoor: {co} B.V., Herengracht {n}, 1015 BK Amsterdam, KvK {k}.", co=CO_GEN, n=lambda s: str(rint(100, 600)), k=lambda s: rd(8)),
    C("c_regoffice_in", CBA, "Registered office: {co} Technologies Pvt. Ltd., {n}, Outer Ring Road, Bellandur, Bengaluru 560103. CIN U72900KA20{y}PTC{c}.", co=CO_GEN, n=lambda s: f"Tower {ch('ABC')}, {rint(2, 9)}th Floor", y=lambda s: str(rint(10, 22)), c=lambda s: rd(6)),
    C("c_pt_tbk_id", CBA, "PT {co} Indonesia Tbk, Menara {m} Lt. {n}, Jl. Jend. Sudirman Kav. 52–53, Jakarta Selatan 12190.", co=CO_GEN, m=["Astra", "BCA", "Sentraya"], n=lambda s: str(rint(5, 40))),
    C("c_honsha_ja", CBA, "本社：株式会社{co} 〒100-0005 東京都千代田区丸の内{a}-{b}-{c} 丸の内ビルディング{f}F", co=["ミライテック", "サクラ物産", "アオバ商事"], a=lambda s: str(rint(1, 3)), b=lambda s: str(rint(1, 9)), c=lambda s: str(rint(1, 9)), f=lambda s: str(rint(5, 30))),
    C("c_bonsa_ko", CBA, "(주){co} 본사: 서울특별시 강남구 테헤란로 {n}, {f}층 (대표번호 문의는 홈페이지)", co=["한빛소프트웨어", "누리테크", "바른물산"], n=lambda s: str(rint(100, 520)), f=lambda s: str(rint(3, 25))),
    C("c_sede_it", CBA, "Sede legale: {co} S.r.l., Via Roma {n}, 20121 Milano – P.IVA {p}.", co=CO_GEN, n=lambda s: str(rint(1, 120)), p=lambda s: "0" + rd(10)),
    C("c_biuro_pl", CBA, "Biuro: {co} Sp. z o.o., ul. Prosta {n}, 00-838 Warszawa, NIP {nip}.", co=CO_GEN, n=lambda s: str(rint(20, 70)), nip=lambda s: f"{rd(3)}-{rd(3)}-{rd(2)}-{rd(2)}"),
    C("c_genel_mudurluk_tr", CBA, "{co} A.Ş. Genel Müdürlük: Büyükdere Cad. No: {n}, Levent, 34394 Şişli/İstanbul.", co=CO_GEN, n=lambda s: str(rint(100, 250))),
    C("c_sharika_ar", CBA, "شركة {co} للتجارة ش.م.م — المقر الرئيسي: {n} شارع التسعين الشمالي، التجمع الخامس، القاهرة الجديدة.", co=["النيل", "الأهرام", "الدلتا"], n=lambda s: str(rint(10, 90))),
    C("c_store_uk", CBA, "Store locator: {b} Westfield Stratford City, Unit SU{n}, London E20 1EN — open 10:00–21:00.", b=["Uniqlo", "Lego Store", "Apple"], n=lambda s: str(rint(1000, 2999))),
    C("c_ofisi_sw", CBA, "Ofisi zetu mpya: {co} Kenya Ltd, ABC Place, Waiyaki Way, Westlands, Nairobi — saa 2 asubuhi hadi saa 11 jioni.", co=CO_GEN),
    C("c_congty_vi", CBA, "Công ty TNHH {co} Việt Nam, tầng {n}, tòa nhà Bitexco, 2 Hải Triều, Quận 1, TP.HCM.", co=CO_GEN, n=lambda s: str(rint(10, 60))),
    C("c_ab_sv", CBA, "Fakturaadress: {co} AB, Kungsgatan {n}, 111 43 Stockholm, org.nr {o}.", co=CO_GEN, n=lambda s: str(rint(2, 60)), o=lambda s: f"556{rd(3)}-{rd(4)}"),
    C("c_restaurante_es", CBA, "Restaurante {r}, Calle de Fuencarral {n}, 28004 Madrid — reservas solo por la web, cerrado los lunes.", r=["La Tasquita", "Casa Paco", "El Rincón"], n=lambda s: str(rint(10, 160))),
    C("c_clinic_business_za", CBA, "{c} Medical Centre (Pty) Ltd, {n} Main Road, Rondebosch, Cape Town 7700 — practice no. {p}.", c=["Rondebosch", "Claremont", "Kenilworth"], n=lambda s: str(rint(20, 300)), p=lambda s: rd(7)),
    # salary bands
    C("c_band_de_eng", CSB, "Senior Backend Engineer (Berlin, hybrid) – Gehaltsband {a}.000–{b}.000 € + VSOP.", a=lambda s: str(rint(65, 80)), b=lambda s: str(rint(85, 105))),
    C("c_band_tvoed_de", CSB, "Stellenanzeige: Pflegefachkraft (m/w/d), Vergütung nach TVöD P7, ca. {a}–{b} € brutto/Monat.", a=["3.400", "3.550"], b=["4.300", "4.650"]),
    C("c_band_br", CSB, "Vaga: Analista de Dados Pleno – faixa salarial R$ {a}.000 a R$ {b}.000 + VR e plano de saúde.", a=lambda s: str(rint(6, 9)), b=lambda s: str(rint(10, 14))),
    C("c_band_fr", CSB, "Offre : Chargé(e) de clientèle, {a}–{b} k€ brut annuel selon profil, CDI à Nantes.", a=["30", "32"], b=["36", "38"]),
    C("c_band_us", CSB, "Hiring: Product Designer, ${a},000–${b},000 base (posted per NYC pay transparency law).", a=lambda s: str(rint(120, 140)), b=lambda s: str(rint(150, 190))),
    C("c_band_in", CSB, "Opening: SDE-2, {a}–{b} LPA, Bengaluru, hybrid, 3+ yrs experience.", a=lambda s: str(rint(18, 28)), b=lambda s: str(rint(30, 45))),
    C("c_band_ja", CSB, "求人：Webエンジニア（正社員）年収{a}万〜{b}万円、リモート可。", a=["450", "500", "550"], b=["800", "900"]),
    C("c_band_ko", CSB, "채용: 백엔드 개발자 연봉 {a},000만~{b},000만 원 (경력 3년 이상).", a=["4", "5"], b=["7", "8"]),
    C("c_band_pl", CSB, "Oferta: Programista Java, {a} 000–{b} 000 zł netto + VAT (B2B).", a=lambda s: str(rint(16, 20)), b=lambda s: str(rint(22, 28))),
    C("c_band_tr", CSB, "İlan: Muhasebe Uzmanı, {a}.000–{b}.000 TL net maaş, yemek kartı.", a=lambda s: str(rint(40, 50)), b=lambda s: str(rint(55, 70))),
    C("c_band_nl", CSB, "Vacature: Verpleegkundige, schaal {s}, € {a}–€ {b} bruto per maand.", s=["45", "50"], a=["3.200", "3.400"], b=["4.700", "5.000"]),
    C("c_band_id", CSB, "Loker: Staf Admin Gudang, gaji Rp {a}–{b} juta, penempatan Cikarang.", a=["5", "5,5"], b=["7", "7,5"]),
    C("c_band_sw", CSB, "Tangazo la kazi: Mhasibu, mshahara KSh {a},000–{b},000 kwa mwezi, Nairobi.", a=["60", "70"], b=["85", "95"]),
    C("c_levels_uk", CSB, "From the public levels page: L5 £{a}k–£{b}k, L6 £{b}k–£{c}k, plus 8% pension.", a=["55", "58"], b=["70", "72"], c=["90", "95"]),
    # company bank details on invoices
    C("c_inv_iban_de", CBB, "Bankverbindung: {co} GmbH · Sparkasse {bank[0]} · IBAN {iban} · BIC {bank[2]} · USt-IdNr. DE{u}", co=CO_DE, bank=[("Hannover", "25050180", "SPKHDE2HXXX"), ("KölnBonn", "37050198", "COLSDE33XXX"), ("Leipzig", "86055592", "WELADE8LXXX")], iban=lambda s: iban_for("DE", s["bank"][1] + rd(10)), u=lambda s: rd(9)),
    C("c_inv_remit_us", CBB, "Remit to: {co} Inc., Bank of America, ABA {r}, Acct {a} — please include the invoice number.", co=CO_EN, r=lambda s: rtn(), a=lambda s: rnz(12)),
    C("c_inv_sortcode_uk", CBB, "Please pay {co} Ltd, sort code {sc}, account {a}, reference INV-{n}.", co=CO_EN, sc=lambda s: f"{rint(10, 99)}-{rd(2)}-{rd(2)}", a=lambda s: rd(8), n=lambda s: rd(5)),
    C("c_inv_in", CBB, "Company bank details: {co} Technologies Pvt Ltd, ICICI Bank, Current A/c {a}, IFSC ICIC000{i}.", co=CO_GEN, a=lambda s: rnz(12), i=lambda s: rd(4)),
    C("c_inv_clabe_mx", CBB, "Datos para pago: {co} S.A. de C.V., BBVA, CLABE {c}, referencia: número de factura.", co=CO_GEN, c=lambda s: clabe("012")),
    C("c_inv_pix_cnpj_br", CBB, "Pagamento via PIX — chave CNPJ {c} ({co} Comércio Ltda.). Envie o comprovante para o financeiro.", co=CO_GEN, c=lambda s: cnpj()),
    C("c_inv_cbu_ar", CBB, "Para abonar la factura: {co} S.R.L., CUIT {cu}, CBU {cb} (Banco Nación).", co=CO_GEN, cu=lambda s: cuit_co(), cb=lambda s: cbu("011")),
    C("c_inv_ng", CBB, "Kindly pay into {co} Nigeria Ltd, Access Bank, account no. {a}, and quote the invoice number.", co=CO_GEN, a=lambda s: nuban("044")),
    C("c_inv_bsb_au", CBB, "EFT details: {co} Pty Ltd, BSB 06{b}, Account {a}. Terms: 14 days.", co=CO_EN, b=lambda s: f"{rint(0, 9)}-{rd(3)}", a=lambda s: f"{rd(4)} {rd(4)}"),
    C("c_inv_rib_fr", CBB, "RIB : {co} SARL — IBAN {iban} — BIC {bic}", co=CO_GEN, iban=lambda s: iban_for("FR", "30004" + rd(5) + rd(11) + rd(2)), bic=["BNPAFRPPXXX"]),
    C("c_inv_nl", CBB, "Graag binnen 30 dagen overmaken naar {co} B.V., IBAN {iban}, o.v.v. factuurnummer.", co=CO_GEN, iban=lambda s: iban_for("NL", "ABNA0" + rd(9))),
    C("c_inv_ja", CBB, "お振込先：みずほ銀行 本店 当座 {a} カ）{co}　※振込手数料はご負担ください。", a=lambda s: rd(7), co=["ミライテック", "サクラブッサン", "アオバショウジ"]),
    C("c_inv_mpesa_ke", CBB, "Lipa na M-PESA: Paybill {p}, Account No. INV{n} ({co} Ltd).", p=lambda s: rd(6), n=lambda s: rd(5), co=CO_GEN),
    C("c_inv_bca_id", CBB, "Pembayaran invoice ke rekening BCA {a} a.n. PT {co} Indonesia.", a=lambda s: rd(10), co=CO_GEN),
    C("c_donate_charity", CBB, "Donate: {org}, IBAN {iban} — registered charity no. {n}.", org=["Cruz Vermelha Portuguesa", "Médicos Sem Fronteiras"], iban=lambda s: iban_for("PT", "0035" + rd(4) + rd(11) + rd(2)), n=lambda s: rd(6)),
    # toll-free / support phone numbers
    C("c_tollfree_us", CSP, "Questions about your bill? Call our toll-free line 1-800-{a}-{b} (Mon–Fri, 8am–8pm ET).", a=lambda s: rd(3), b=lambda s: rd(4)),
    C("c_hotline_de", CSP, "Kundenservice: 0800 {a} {b} (kostenfrei aus allen deutschen Netzen, Mo–Sa 8–20 Uhr).", a=lambda s: rd(3), b=lambda s: rd(4)),
    C("c_service_fr", CSP, "Service client : 0 800 {a} {b} (service & appel gratuits), du lundi au vendredi.", a=lambda s: rd(2), b=lambda s: f"{rd(2)} {rd(2)}"),
    C("c_sac_br", CSP, "SAC: 0800 {a} {b}, de segunda a sábado das 8h às 20h. Ouvidoria: 0800 {c} {d}.", a=lambda s: rd(3), b=lambda s: rd(4), c=lambda s: rd(3), d=lambda s: rd(4)),
    C("c_customer_care_in", CSP, "Customer care (India): 1800-{a}-{b}, toll free, 24x7.", a=lambda s: rd(3), b=lambda s: rd(4)),
    C("c_helpline_uk", CSP, "Helpline: 0800 {a} {b} — free from mobiles and landlines, open 24 hours.", a=lambda s: rd(3), b=lambda s: rd(4)),
    C("c_halo_id", CSP, "Butuh bantuan? Hubungi call center 1500-{a} atau WhatsApp resmi kami (centang hijau).", a=lambda s: rd(3)),
    C("c_gogaek_ko", CSP, "고객센터 1588-{a} (평일 09:00~18:00, 점심시간 12:00~13:00 제외)", a=lambda s: rd(4)),
    C("c_freedial_ja", CSP, "フリーダイヤル 0120-{a}-{b}（受付時間 9:00〜17:00 土日祝休み）", a=lambda s: rd(3), b=lambda s: rd(3)),
    C("c_atencion_es", CSP, "Atención al cliente: 900 {a} {b} (gratuito) o en cualquiera de nuestras tiendas.", a=lambda s: rd(3), b=lambda s: rd(3)),
    C("c_infolinia_pl", CSP, "Infolinia banku: 801 {a} {b} (opłata wg taryfy operatora), z zagranicy +48 22 {c} {d} {e}.", a=lambda s: rd(3), b=lambda s: rd(3), c=lambda s: rd(3), d=lambda s: rd(2), e=lambda s: rd(2)),
    C("c_musteri_tr", CSP, "Müşteri hizmetleri: 444 {a} {b} — 7/24 ulaşabilirsiniz.", a=lambda s: rd(1), b=lambda s: rd(3)),
    C("c_emergency_public", CSP, "Useful numbers: emergency 112, NHS 111 (non-emergency), Samaritans 116 123 — all free to call."),
    C("c_huduma_sw", CSP, "Huduma kwa wateja: 0800 {a} {b} (bila malipo) au tuma SMS kwa {c}.", a=lambda s: rd(3), b=lambda s: rd(3), c=lambda s: rd(5)),
    C("c_itdesk_en", CSP, "IT helpdesk: ext. 4357 internally or +1 (888) {a}-{b} from outside; ticket portal is faster.", a=lambda s: rd(3), b=lambda s: rd(4)),
    # order / tracking / ticket numbers
    C("c_ups_tracking", CRN, "UPS tracking 1Z{a}: out for delivery, expected by 8pm.", a=lambda s: rs(6, UP + DIG) + rd(10)),
    C("c_dhl_de", CRN, "DHL Sendungsnummer {a} – Zustellung heute zwischen 10 und 14 Uhr.", a=lambda s: "00340434" + rd(12)),
    C("c_order_fedex", CRN, "Order #{a} shipped via FedEx, tracking {b}.", a=lambda s: rd(7), b=lambda s: rd(12)),
    C("c_jira", CRN, "{p}-{a} fixed in release 4.{b}.{c}; closing the duplicate {p}-{d}.", p=["PAY", "CORE", "MOB", "OPS"], a=lambda s: str(rint(100, 9999)), b=lambda s: str(rint(1, 30)), c=lambda s: str(rint(0, 9)), d=lambda s: str(rint(100, 9999))),
    C("c_zendesk", CRN, "Zendesk ticket #{a} closed — customer confirmed the fix, CSAT requested.", a=lambda s: rd(6)),
    C("c_correios_br", CRN, "Pedido nº {a} confirmado, código de rastreio {b}BR.", a=lambda s: rd(8), b=lambda s: rs(2, UP) + rd(9)),
    C("c_colissimo_fr", CRN, "Commande n° {a} expédiée, suivi Colissimo 6A{b}.", a=lambda s: rd(9), b=lambda s: rd(11)),
    C("c_yamato_ja", CRN, "注文番号：{a}、お問い合わせ伝票番号（ヤマト運輸）：{b}-{c}-{d}", a=lambda s: rd(10), b=lambda s: rd(4), c=lambda s: rd(4), d=lambda s: rd(4)),
    C("c_resi_id", CRN, "Resi JNE {a} — paket dalam perjalanan ke gudang Cakung.", a=lambda s: "CGK" + rd(13)),
    C("c_pnr", CRN, "Booking ref {a}, flight {f}, gate B{g}, boarding 09:{m}.", a=lambda s: rs(6, "ABCDEFGHJKLMNPQRSTUVWXYZ"), f=["LH 402 FRA–JFK", "TK 1724 IST–AMS", "QR 8 DOH–LHR"], g=lambda s: str(rint(10, 60)), m=lambda s: str(rint(10, 59))),
    C("c_incident", CRN, "Incident INC{a} — P2, database failover completed, postmortem due Friday.", a=lambda s: rd(7)),
    C("c_inpost_pl", CRN, "Numer przesyłki InPost: {a}, paczkomat WAW{b}M.", a=lambda s: rd(24), b=lambda s: rd(2)),
    C("c_kargo_tr", CRN, "Kargo takip no: {a} (Yurtiçi Kargo), tahmini teslim yarın.", a=lambda s: rd(12)),
    C("c_invoice_due", CRN, "Invoice INV-2024-{a} for {co} Ltd is due in 30 days.", a=lambda s: rd(5), co=CO_EN),
    C("c_amazon_order", CRN, "Amazon order 114-{a}-{b} refunded to the original payment method.", a=lambda s: rd(7), b=lambda s: rd(7)),
    C("c_case_id_es", CRN, "Caso {a} asignado a soporte nivel 2, respuesta en 48 h.", a=lambda s: "CS-" + rd(8)),
    # product codes
    C("c_sku_shoe", CPC, "SKU {a}: men's trail runner, EU 44, colour slate — 3 left in the Leeds store.", a=lambda s: f"TR-{rd(4)}-{rs(3, UP)}"),
    C("c_ean_de", CPC, "EAN {a}: Bio-Haferdrink 1 l, Mindestbestellmenge 12 Stück.", a=lambda s: ean13()),
    C("c_isbn", CPC, "ISBN {a} — reprint ordered for the library, 2 copies.", a=lambda s: isbn13()),
    C("c_partno", CPC, "Part no. {a} supersedes {b}; same fitment, new gasket.", a=lambda s: f"{rd(2)}-{rd(4)}-{rs(2, UP)}", b=lambda s: f"{rd(2)}-{rd(4)}-{rs(2, UP)}"),
    C("c_asin", CPC, "ASIN B0{a} is listed twice in the catalogue; merge with B0{b}.", a=lambda s: rs(8, UP + DIG), b=lambda s: rs(8, UP + DIG)),
    C("c_model_ja", CPC, "型番 {a} の後継機は {b} です（2025年モデル）。", a=lambda s: f"KJ-{rint(43, 85)}X{rint(80, 95)}K", b=lambda s: f"KJ-{rint(43, 85)}X{rint(80, 95)}L"),
    C("c_ndc", CPC, "NDC {a}-{b}-{c} added to the formulary update (generic, 30-count bottle).", a=lambda s: rd(5), b=lambda s: rd(3), c=lambda s: rd(2)),
    C("c_hs_code", CPC, "HS code {a} applies to the laptops in shipment; duty 0%.", a=["8471.30.01", "8471.30.00", "8517.13.00"]),
    C("c_serial_nopers", CPC, "Returned router S/N {a}: fails POST, replace under warranty (RMA stock).", a=lambda s: rs(3, UP) + rd(9)),
    C("c_masp_vi", CPC, "Mã sản phẩm SP-{a}: áo thun cotton, size M, màu trắng — còn 14 cái.", a=lambda s: rd(6)),
    C("c_fw_build", CPC, "Firmware build {a} rolled out to 12% of devices; crash rate unchanged.", a=lambda s: f"{rint(3, 9)}.{rint(0, 20)}.{rint(100, 999)}-{rs(7, '0123456789abcdef')}"),
    # dates that are not birthdays
    C("c_date_invoice", CDT, "Invoice due {d}; late fee applies after 14 days.", d=lambda s: fdate("en")),
    C("c_date_release", CDT, "Release 3.{a} ships on {d}, code freeze the Friday before.", a=lambda s: str(rint(1, 20)), d=lambda s: fdate("iso")),
    C("c_date_kickoff_de", CDT, "Kick-off am {d} um 10:00 im Raum Elbe, bitte Laptop mitbringen.", d=lambda s: fdate("dmy_dot")),
    C("c_date_caducidad_es", CDT, "Lote {a}: fecha de caducidad {d}.", a=lambda s: "L" + rd(6), d=lambda s: fdate("dmy_slash")),
    C("c_date_boleto_br", CDT, "Data de vencimento do boleto: {d}. Após essa data, multa de 2%.", d=lambda s: fdate("dmy_slash")),
    C("c_date_cse_fr", CDT, "La réunion du CSE est reportée au {d}, 14h, salle Rivoli.", d=lambda s: fdate("fr")),
    C("c_date_shimekiri_ja", CDT, "応募締切：{d}（必着）", d=lambda s: fdate("ja")),
    C("c_date_founded", CDT, "{co} was founded on {d} in a garage in Leeds; the anniversary party is on the terrace.", co=CO_EN, d=lambda s: f"{rint(1, 28)} {MONTHS['en'][rint(0, 11)]} {rint(1978, 2012)}"),
    C("c_date_lease", CDT, "Office lease starts {d}; key handover at 9 with the building manager.", d=lambda s: fdate("mdy")),
    C("c_date_libur_id", CDT, "Cuti bersama kantor: {d}, operasional gudang tetap jalan.", d=lambda s: fdate("id")),
    C("c_date_deadline_vi", CDT, "Hạn nộp báo cáo quý: {d}.", d=lambda s: fdate("vi")),
    C("c_date_zgloszenia_pl", CDT, "Ostatni dzień na zgłoszenia do hackathonu: {d}.", d=lambda s: fdate("pl")),
    C("c_date_bday_cake", CDT, "Monthly office cake for everyone with a birthday in {m} — Friday {d} {m} at 3pm in the kitchen.", m=MONTHS["en"], d=lambda s: str(rint(1, 28))),
    # fictional placeholders / documentation examples
    C("c_ph_john_doe", CPH, "Example (docs): John Doe, 123 Main St, Anytown, CA 90210 — replace with the customer's details in the form.", ),
    C("c_ph_mustermann", CPH, "Musterbrief: Max Mustermann, Musterstraße 1, 12345 Musterstadt – bitte Platzhalter ersetzen.", ),
    C("c_ph_dupont", CPH, "Exemple de saisie : Jean Dupont, 1 rue de l'Exemple, 75000 Paris (données fictives).", ),
    C("c_ph_fulano", CPH, "Ejemplo del manual: Fulano de Tal, Calle Falsa 123, Springfield.", ),
    C("c_ph_cpf_zero", CPH, "Exemplo de preenchimento: Fulano da Silva, CPF 000.000.000-00 (campo obrigatório).", ),
    C("c_ph_api_docs", CPH, lambda s: "API docs request body example: " + J({"email": "user@example.com", "phone": "+1 555-0100", "name": "Jane Example"})),
    C("c_ph_test_card", CPH, "Use test card {c} with any future expiry and any CVC (Stripe test mode only).", c=["4242 4242 4242 4242", "4000 0566 5566 5556", "5555 5555 5555 4444"]),
    C("c_ph_ssn_format", CPH, "Field help: SSN format is AAA-GG-SSSS, e.g. 123-45-6789 in our docs (not a real number)."),
    C("c_ph_yamada", CPH, "記入例：山田 太郎、〒100-0001 東京都千代田区千代田1-1、生年月日 昭和○年○月○日"),
    C("c_ph_hong", CPH, "작성 예시: 홍길동, 010-0000-0000, 서울시 ○○구 ○○로 00"),
    C("c_ph_kowalski", CPH, "Dane przykładowe: Jan Kowalski, ul. Przykładowa 1, 00-001 Warszawa."),
    C("c_ph_rossi", CPH, "Dati di esempio nel modulo: Mario Rossi, Via Roma 1, 00100 Roma."),
    C("c_ph_contoh_id", CPH, "Contoh pengisian formulir: Budi, Jl. Contoh No. 1, RT 000/RW 000."),
    C("c_ph_template_vars", CPH, lambda s: "Template: Dear {{first_name}}, your order {{order_id}} ships to {{shipping_address}} on {{ship_date}}."),
    C("c_ph_jane_roe", CPH, "Lorem ipsum dolor sit amet — signed Jane Roe, jane.roe@example.org (fictional persona for the mockup)."),
    C("c_ph_nguyen_van_a", CPH, "Ví dụ điền mẫu: Nguyễn Văn A, số 1 đường ABC, phường X, quận Y."),
    C("c_ph_fixture", CPH, "tests/fixtures/users.yaml: name: 'Test User', email: 'test@example.com', phone: '+44 20 7946 0000'"),
    # masked values
    C("c_mask_card", CMK, "Card ending ****{a} was charged $12.99 for the monthly plan.", a=lambda s: rd(4)),
    C("c_mask_acct", CMK, "Payment received from account ****{a}, thank you.", a=lambda s: rd(4)),
    C("c_mask_phone_de", CMK, "Bestätigungscode wurde an +49 *** *** **{a} gesendet.", a=lambda s: rd(2)),
    C("c_mask_email", CMK, "We sent a verification code to {a}***@{d}***.com.", a=lambda s: ch(LO), d=["g", "o", "y"]),
    C("c_mask_iban", CMK, "IBAN: DE** **** **** **** **{a} (verified)", a=lambda s: rd(2)),
    C("c_mask_ssn", CMK, "SSN on file: ***-**-{a}", a=lambda s: rd(4)),
    C("c_mask_aadhaar", CMK, "Aadhaar: XXXX XXXX {a} — eKYC successful.", a=lambda s: rd(4)),
    C("c_mask_cpf", CMK, "CPF: ***.{a}.***-** confirmado.", a=lambda s: rd(3)),
    C("c_mask_tel_br", CMK, "Código enviado para (11) 9****-{a}.", a=lambda s: rd(4)),
    C("c_mask_card_ko", CMK, "결제 카드 ****-****-****-{a} 승인 완료", a=lambda s: rd(4)),
    C("c_mask_card_ja", CMK, "ご登録カード **** **** **** {a}（有効期限 **/**）", a=lambda s: rd(4)),
    C("c_mask_bca_id", CMK, "Kartu debit BCA xxxx-xxxx-xxxx-{a} berhasil diblokir.", a=lambda s: rd(4)),
]


def clean_by_kind():
    out = {}
    for t in CLEAN:
        out.setdefault(t.kind, []).append(t)
    return out


# ================================================================ SECRETS (50)
B64 = string.ascii_letters + DIG + "+/"
B64U = string.ascii_letters + DIG + "-_"
HEX = "0123456789abcdef"
PW_WORDS = ["Falcon", "Marmalade", "Quartz", "Pepper", "Harbor", "Saturn", "Cobalt", "Maple", "Tiger", "Lemon", "Orbit", "Velvet", "Kiwi", "Granit"]


def password():
    k = rint(0, 2)
    if k == 0:
        return f"{ch(PW_WORDS)}{ch('!#$%&*?')}{ch(PW_WORDS).lower()}{rint(10, 99)}"
    if k == 1:
        return rs(rint(14, 20), string.ascii_letters + DIG + "!#$%&*+-=?@^_")
    return f"{rs(4, LO)}{rint(0, 9)}{ch(UP)}{rs(5, LO)}{ch('!#$%')}{rd(3)}"


def url_pw():
    return rs(rint(16, 24), string.ascii_letters + DIG)


def b64url(raw):
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def jwt():
    h = b64url(J({"alg": "HS256", "typ": "JWT"}).replace(" ", ""))
    p = b64url(J({"sub": str(rint(10000, 99999)), "scope": "admin", "iat": 1710000000 + rint(0, 9999999)}).replace(" ", ""))
    return f"{h}.{p}.{rs(43, B64U)}"


def openssh_key():
    body = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n" + "\n".join(rs(70, B64) for _ in range(3)) + "\n" + rs(32, B64) + "=="
    return f"-----BEGIN OPENSSH PRIVATE KEY-----\n{body}\n-----END OPENSSH PRIVATE KEY-----"


def S(name, kind, fmt, val, **kw):
    return T(name, kind, None, None, fmt, val, **kw)


SK = "secret.api_key"
SP = "secret.password"
SC = "secret.connection_string"
STK = "secret.token"
SPK = "secret.private_key"
SW = "secret.webhook_url"

SECRETS = [
    S("sec_env_aws", SK, "# prod\nAWS_DEFAULT_REGION=eu-central-1\nAWS_SECRET_ACCESS_KEY={v}", lambda s: rs(40, string.ascii_letters + DIG + "+/")),
    S("sec_chat_github_pat", STK, "here's my PAT for the CI runner, rotate it after the demo pls: {v}", lambda s: "ghp_" + rs(36)),
    S("sec_yaml_github_finegrained", STK, "ci:\n  registry: ghcr.io\n  token: {v}", lambda s: "github_pat_" + rs(22, UP + DIG) + "_" + rs(59)),
    S("sec_gitlab_clone_url", STK, "git clone https://oauth2:{v}@gitlab.com/acme/infra.git", lambda s: "glpat-" + rs(20, string.ascii_letters + DIG + "-_")),
    S("sec_stripe_py", SK, "stripe.api_key = \"{v}\"  # TODO move to vault", lambda s: "sk_live_" + rs(rint(24, 99))),
    S("sec_slack_bot_env", STK, "SLACK_BOT_TOKEN={v}\nSLACK_CHANNEL=#alerts-prod", lambda s: f"xoxb-{rd(12)}-{rd(13)}-{rs(24)}"),
    S("sec_slack_webhook", SW, "alertmanager receiver url: {v}", lambda s: f"https://hooks.slack.com/services/T{rs(8, UP + DIG)}/B{rs(10, UP + DIG)}/{rs(24)}"),
    S("sec_openai_env", SK, "export OPENAI_API_KEY={v}", lambda s: "sk-proj-" + rs(rint(48, 120), string.ascii_letters + DIG + "-_")),
    S("sec_anthropic_chat", SK, "pode usar minha chave da Anthropic pro teste: {v} — só não commita", lambda s: "sk-ant-api03-" + rs(93, string.ascii_letters + DIG + "-_") + "AA"),
    S("sec_google_maps_yaml", SK, "maps:\n  api_key: {v}\n  region: ID", lambda s: "AIza" + rs(35, string.ascii_letters + DIG + "-_")),
    S("sec_sendgrid_json", SK, lambda s: J({"mailer": "sendgrid", "api_key": s["v"], "from": "noreply@shop.example"}), lambda s: f"SG.{rs(22, string.ascii_letters + DIG + '-_')}.{rs(43, string.ascii_letters + DIG + '-_')}"),
    S("sec_twilio_env", SK, "TWILIO_ACCOUNT_SID=AC{sid}\nTWILIO_AUTH_TOKEN={v}", lambda s: rs(32, HEX), sid=lambda s: rs(32, HEX)),
    S("sec_hf_token_chat", STK, "HF_TOKEN={v} (read/write, ganti minggu depan)", lambda s: "hf_" + rs(34, string.ascii_letters)),
    S("sec_npmrc", STK, "//registry.npmjs.org/:_authToken={v}", lambda s: "npm_" + rs(36)),
    S("sec_telegram_bot", STK, "bildirim botu için Telegram token: {v}", lambda s: f"{rint(100000000, 7999999999)}:AA{rs(33, string.ascii_letters + DIG + '-_')}"),
    S("sec_discord_webhook", SW, "Discord-Webhook für #deploys: {v}", lambda s: f"https://discord.com/api/webhooks/{rd(19)}/{rs(68, string.ascii_letters + DIG + '-_')}"),
    S("sec_pg_url", SC, "DATABASE_URL={v}", lambda s: f"postgres://{ch(['app', 'orders_rw', 'svc_billing'])}:{url_pw()}@db-prod.internal:5432/{ch(['orders', 'billing', 'core'])}"),
    S("sec_mongo_uri", SC, "mongo:\n  uri: \"{v}\"", lambda s: f"mongodb+srv://svc_reporting:{url_pw()}@cluster0.{rs(5, LO + DIG)}.mongodb.net/analytics?retryWrites=true&w=majority"),
    S("sec_redis_url", SC, "CACHE_URL={v}", lambda s: f"redis://:{url_pw()}@cache-01.internal:6379/0"),
    S("sec_amqp_url", SC, "celery broker = {v}", lambda s: f"amqp://worker:{url_pw()}@rabbitmq.prod:5672/%2F"),
    S("sec_azure_storage", SK, "DefaultEndpointsProtocol=https;AccountName=acmeprod{n};AccountKey={v};EndpointSuffix=core.windows.net", lambda s: rs(86, B64) + "==", n=lambda s: rs(4, LO + DIG)),
    S("sec_bearer_jwt", STK, "curl -H 'Authorization: Bearer {v}' https://api.internal/v1/admin/users", lambda s: jwt()),
    S("sec_curl_basic", SP, "curl -u deploy:{v} https://ci.internal/job/release/build", lambda s: url_pw()),
    S("sec_wlan_de", SP, "Das WLAN-Passwort fürs Büro (Netz 'Kontor-5G') ist jetzt {v}", lambda s: password()),
    S("sec_senha_pt", SP, "a senha do servidor de homologação é {v}, não espalha", lambda s: password()),
    S("sec_password_ja", SP, "管理画面（本番）のパスワードは {v} です。共有禁止。", lambda s: password()),
    S("sec_contrasena_es", SP, "La contraseña del router de la oficina: {v}", lambda s: password()),
    S("sec_sifre_tr", SP, "VPN şifresi değişti: {v}", lambda s: password()),
    S("sec_password_id", SP, "password db staging: {v} jangan dishare ke grup ya", lambda s: password()),
    S("sec_mot_de_passe_fr", SP, "Mot de passe du compte admin WordPress : {v}", lambda s: password()),
    S("sec_haslo_pl", SP, "Hasło do konta root na serwerze backupów: {v}", lambda s: password()),
    S("sec_compose_pg", SP, "services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: {v}", lambda s: password()),
    S("sec_openssh_key", SPK, "{v}", lambda s: openssh_key()),
    S("sec_k8s_literal", SK, "kubectl create secret generic payments-api --from-literal=API_KEY={v}", lambda s: rs(40, HEX)),
    S("sec_mailgun", SK, "MAILGUN_API_KEY={v}", lambda s: "key-" + rs(32, HEX)),
    S("sec_datadog", SK, "datadog:\n  apiKey: {v}\n  site: datadoghq.eu", lambda s: rs(32, HEX)),
    S("sec_jdbc", SC, "spring.datasource.url={v}", lambda s: f"jdbc:mysql://mysql-prod:3306/shop?user=shop_app&password={url_pw()}"),
    S("sec_assistant_memory_pw", SP, "User asked me to remember their Netflix password: {v}", lambda s: password()),
]


# ================================================================ assemble
QUOTA = {"health": 92, "address": 76, "financial": 40, "bank": 36, "iddocs": 86, "phone": 28, "email": 22, "clean": 170, "secret": 50}


def main():
    emit("pii", HEALTH, QUOTA["health"])
    emit_addresses(QUOTA["address"])
    emit("pii", FIN, QUOTA["financial"])
    emit("pii", BANK, QUOTA["bank"])
    emit("pii", IDDOCS, QUOTA["iddocs"])
    emit("pii", PHONES, QUOTA["phone"])
    emit("pii", MAILS, QUOTA["email"])
    emit("clean", CLEAN, QUOTA["clean"])
    emit("secret", SECRETS, QUOTA["secret"])
    R.shuffle(ROWS)

    # invariants
    assert len(ROWS) == 600, len(ROWS)
    ids = [r["id"] for r in ROWS]
    assert len(set(ids)) == len(ids), "duplicate ids"
    assert len({r["text"] for r in ROWS}) == len(ROWS), "duplicate texts"
    for r in ROWS:
        assert r["label"] in ("pii", "clean", "secret")
        assert r["kind"].split(".")[0] == r["label"], r
        if r["label"] == "clean":
            assert r["value"] == "", r
        else:
            assert r["value"] and r["value"] in r["text"], r
    for r in ROWS:  # phone values must be valid per phonenumbers (E.164 / international, or national in some region)
        if r["kind"] == "pii.phone":
            v = r["value"].replace("%2B", "+")
            cands = [(v, None)] if v.startswith("+") else [("+" + v, None)] + [(v, reg) for reg in REGION_LOC]
            ok = False
            for num, reg in cands:
                with contextlib.suppress(pn.NumberParseException):
                    ok = ok or pn.is_valid_number(pn.parse(num, reg))
            assert ok, r

    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sensitivity_tune23.jsonl")
    with open(out, "w", encoding="utf-8", newline="\n") as fh:
        for r in ROWS:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")

    print(f"wrote {len(ROWS)} rows -> {out}")
    print("by label:", dict(sorted(Counter(r["label"] for r in ROWS).items())))
    print("by kind:")
    for k, n in sorted(Counter(r["kind"] for r in ROWS).items()):
        print(f"  {k:28s} {n}")
    print("distinct templates:", len({r["template"] for r in ROWS}))


if __name__ == "__main__":
    main()

# ruff: noqa: E501, E741, E731, E402, SIM108
"""Shared name lists, slot filling and small generators for the blind19 set."""

import re

NAMES = {
    "ar": ["Fatima Al-Harbi", "Omar Haddad", "Layla Mansour", "Youssef El-Sayed", "Noura Al-Qahtani", "Khaled Abdelrahman", "Mariam Nasser", "Tariq Al-Mutairi"],
    "el": ["Γιώργος Παπαδόπουλος", "Ελένη Κωνσταντίνου", "Νίκος Αντωνίου", "Μαρία Γεωργίου", "Δημήτρης Οικονόμου", "Κατερίνα Λάμπρου"],
    "cs": ["Jana Nováková", "Petr Svoboda", "Lucie Dvořáková", "Tomáš Černý", "Kateřina Procházková", "Martin Kučera"],
    "ro": ["Ioana Popescu", "Andrei Ionescu", "Mihaela Constantin", "Radu Stoica", "Elena Dumitrescu", "Cristian Marin"],
    "hu": ["Nagy Zsófia", "Kovács Bence", "Tóth Eszter", "Szabó Gergely", "Horváth Réka", "Varga Dániel"],
    "he": ["נועה כהן", "איתי לוי", "מיכל פרץ", "יוסי אברהם", "שירה מזרחי", "אורי ביטון"],
    "th": ["สมชาย ใจดี", "นภัสสร วงศ์สวัสดิ์", "ธนากร ศรีสุข", "พิมพ์ชนก แสงทอง", "วีรยุทธ บุญมา"],
    "vi": ["Nguyễn Thị Lan", "Trần Văn Minh", "Lê Hoàng Anh", "Phạm Thu Hà", "Võ Quốc Bảo", "Đặng Thanh Tùng"],
    "id": ["Siti Rahayu", "Budi Santoso", "Dewi Lestari", "Agus Prasetyo", "Putri Maharani", "Rizky Hidayat"],
    "uk": ["Олена Коваленко", "Андрій Шевченко", "Ірина Бондаренко", "Дмитро Ткаченко", "Наталія Мельник", "Богдан Кравець"],
    "pt": ["Ana Beatriz Souza", "João Pedro Oliveira", "Mariana Costa", "Lucas Ferreira", "Camila Rodrigues", "Rafael Almeida"],
    "es": ["María Fernanda López", "José Luis Hernández", "Valentina Gómez", "Santiago Rodríguez", "Camila Martínez", "Diego Ramírez", "Lucía Torres", "Martín Acosta"],
    "en": ["Priya Raghunathan", "Chinedu Okafor", "Thandiwe Mokoena", "Liam O'Connor", "Emily Tremblay", "Arjun Mehta", "Ngozi Adeyemi", "Sipho Ndlovu", "Chloe Nguyen", "Jack Harrington", "Aisha Bello", "Rahul Iyer", "Megan Fraser", "Kwame Mensah"],
    "ja": ["佐藤 美咲", "鈴木 健太", "高橋 由美", "田中 翔", "渡辺 さくら", "伊藤 大輔"],
    "ko": ["김민지", "이준호", "박서연", "최동현", "정하은", "강지훈"],
    "tr": ["Ayşe Yılmaz", "Mehmet Demir", "Zeynep Kaya", "Emre Çelik"],
    "pl": ["Agnieszka Nowak", "Piotr Wiśniewski", "Katarzyna Wójcik"],
    "de": ["Anna Schmidt", "Lukas Becker", "Sophie Wagner", "Jonas Hoffmann"],
    "fr": ["Camille Durand", "Hugo Lefebvre", "Manon Girard"],
    "it": ["Giulia Romano", "Marco Ricci", "Chiara Esposito"],
    "nl": ["Sanne de Vries", "Daan Jansen", "Lotte Bakker"],
    "sv": ["Elin Lindqvist", "Oskar Berg", "Maja Holm"],
    "no": ["Ingrid Haugen", "Sindre Solberg"],
    "fi": ["Aino Virtanen", "Mikko Korhonen"],
    "zh": ["王芳", "李伟", "张静", "刘洋"],
    "bg": ["Иван Петров", "Мария Георгиева"],
    "ms": ["Nurul Aisyah binti Ahmad", "Muhammad Faiz bin Razak"],
    "et": ["Kadri Tamm", "Margus Saar"],
}

PETS = ["Bella", "Max", "Luna", "Rocky", "Mochi", "Simba", "Kira", "Bruno", "Nala", "Coco", "Toby", "Pipa"]


def first(n):
    # Hungarian and East Asian names list family name first; keep full name then.
    return n.split()[0] if " " in n else n


class Filler:
    """Fills §x slots in a template. §v is the value; other slots come from the slot table."""

    def __init__(self, r):
        self.r = r

    def fill(self, fmt, v, loc, extra=None):
        r = self.r
        cache = dict(extra or {})

        def slot(m):
            k = m.group(1)
            if k == "v":
                return v
            if k in cache:
                return cache[k]
            if k == "n":
                out = r.choice(NAMES[loc])
            elif k == "m":
                out = r.choice(NAMES[loc])
            elif k == "f":
                out = first(r.choice(NAMES[loc]))
            elif k == "p":
                out = r.choice(PETS)
            elif k == "k":
                out = str(r.randint(1000, 99999))
            elif k == "t":
                out = f"{r.randint(7, 19):02d}:{r.choice(['00', '15', '30', '45'])}"
            elif k == "d":
                out = f"{r.randint(2024, 2026)}-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}"
            elif k == "h":
                out = r.choice(["api-1", "worker-3", "gw-eu-2", "ingest-7", "match-srv-4", "fleet-sync"])
            elif k == "q":
                out = f"{r.randint(0, 0xFFFFFFFF):08x}"
            else:
                raise KeyError(k)
            cache[k] = out
            return out

        return re.sub(r"§(\w)", slot, fmt)

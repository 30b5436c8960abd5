"""PII rows part 1: national / tax / social-security IDs in assistants' and teams' notes, in local languages."""
import sb18_ids as ids
from sb18_common import R, pick, name

# kind -> (name locale, [templates]); {n}=person, {v}=id
NAT = {
    "kr.rrn": ("kr", [
        "{n}님 주민등록번호 {v} — 연말정산 서류에 필요하니 저장해 둬.",
        "내 주민번호 {v} 로 건강보험 자격 조회해줘",
        "[인사팀 메모] 신규 입사자 {n}, 주민등록번호: {v}, 4대보험 취득신고 완료",
        "병원 예약할 때 어머니({n}) 주민번호 {v} 불러주면 돼",
    ]),
    "de.idnr": ("de", [
        "Meine Steuer-ID ist {v}, bitte für die Steuererklärung 2025 merken.",
        "Neue Mitarbeiterin {n} – Steuerliche Identifikationsnummer: {v} (Lohnsteuerklasse {k})",
        "Für den Kindergeldantrag: IdNr. von {n}: {v}",
    ]),
    "fr.nir": ("fr", [
        "Numéro de sécu de {n} : {v} — à mettre sur la feuille de soins.",
        "Mon numéro de sécurité sociale est le {v}, tu peux remplir le formulaire de la mutuelle ?",
        "Onboarding {n} : NIR {v}, RIB reçu, visite médicale à planifier.",
    ]),
    "es.dni": ("es", [
        "Guarda mi DNI: {v}, lo necesito para la reserva del AVE.",
        "Alta en nómina de {n}, DNI {v}, fecha de incorporación el lunes.",
        "El cliente {n} (DNI {v}) pide factura a su nombre.",
    ]),
    "es.nie": ("es", [
        "NIE de {n}: {v} — caduca la TIE en marzo, recordar cita en extranjería.",
        "Contrato de trabajo para {n}, NIE {v}, jornada completa.",
    ]),
    "it.codicefiscale": ("it", [
        "Codice fiscale di {n}: {v} (serve per la detrazione delle spese mediche)",
        "Ricordami il mio codice fiscale, è {v}",
        "Nuovo docente {n}, C.F. {v}, supplenza fino a giugno",
    ]),
    "nl.bsn": ("nl", [
        "BSN van {n} is {v}, nodig voor de zorgverzekering.",
        "Nieuwe collega {n}: BSN {v}, loonheffingskorting ja, start 1 februari.",
        "Onthoud mijn burgerservicenummer: {v}",
    ]),
    "br.cpf": ("br", [
        "Meu CPF é {v}, salva aí pra quando eu for emitir a nota.",
        "Cliente {n}, CPF {v}, quer trocar o tênis por um número maior.",
        "Admissão: {n} — CPF {v} — PIS em análise",
        "CPF da minha mãe ({n}): {v}, para o cadastro no posto de saúde",
    ]),
    "in.aadhaar": ("in", [
        "My Aadhaar number is {v}, please fill it in the KYC form for the mutual fund.",
        "Joining docs received from {n}: Aadhaar {v}, PAN pending.",
        "मेरा आधार नंबर {v} है, इसे गैस कनेक्शन फॉर्म में भर देना।",
    ]),
    "in.pan": ("in", [
        "PAN card of {n}: {v} — needed for Form 16.",
        "Update vendor-free payroll record: employee {n}, PAN {v}, regime: new",
        "Save my PAN {v} for ITR filing this July",
    ]),
    "us.ssn": ("us", [
        "W-4 for {n} came in — SSN {v}, filing status single.",
        "Remind me: my SSN is {v} (for the mortgage application)",
        "Customer {n} called about the store card, verified last name and SSN {v} before unlocking.",
        "I-9 section 2 done for {n}; SSN {v}; List B doc: driver's license",
    ]),
    "gb.nhs": ("gb", [
        "NHS number for {n} is {v} — GP surgery asked for it.",
        "Pupil medical form: {n}, NHS no. {v}, inhaler kept in the office.",
    ]),
    "se.personnummer": ("se", [
        "Mitt personnummer är {v}, fyll i det på anmälan till Försäkringskassan.",
        "Ny lärare {n}, personnummer {v}, börjar i augusti.",
        "Anställd {n} ({v}) har bytt bank, uppdatera lönekontot.",
    ]),
    "pl.pesel": ("pl", [
        "PESEL {n}: {v} — potrzebny do zgłoszenia do ZUS.",
        "Zapamiętaj mój PESEL: {v}",
        "Nowy nauczyciel {n}, PESEL {v}, umowa od września.",
    ]),
    "fi.hetu": ("fi", [
        "Henkilötunnukseni on {v}, tarvitsen sitä Kelan hakemukseen.",
        "Uusi työntekijä {n}, hetu {v}, verokortti saapunut.",
    ]),
    "dk.cpr": ("dk", [
        "Mit CPR-nummer er {v} — husk det til lægen.",
        "Ny medarbejder {n}, CPR {v}, starter 1. marts.",
    ]),
    "jp.mynumber": ("jp", [
        "{n}さんのマイナンバーは {v} です。年末調整の書類に記入してください。",
        "私のマイナンバー {v} を覚えておいて。",
        "扶養家族（{n}）の個人番号：{v}",
    ]),
    "cn.ric": ("cn", [
        "{n}的身份证号是{v}，订高铁票要用。",
        "帮我记一下我的身份证号：{v}",
        "新员工{n}，身份证号码 {v}，社保下月起缴。",
    ]),
    "mx.curp": ("mx", [
        "Mi CURP es {v}, guárdala para el trámite del IMSS.",
        "Alta de {n}, CURP {v}, puesto: auxiliar de almacén.",
    ]),
    "ca.sin": ("ca", [
        "{n}'s SIN is {v} — payroll needs it before the first pay run.",
        "Mon NAS est {v}, c'est pour la déclaration de revenus.",
    ]),
    "au.tfn": ("au", [
        "TFN declaration from {n}: TFN {v}, claiming the tax-free threshold.",
        "my tax file number is {v}, pop it into the super form please",
    ]),
    "za.idnr": ("za", [
        "{n} — SA ID {v} — FICA docs uploaded for the account opening.",
        "My ID number is {v}, use it for the SARS eFiling registration.",
    ]),
    "no.fodselsnummer": ("no", [
        "Fødselsnummeret mitt er {v}, trengs til NAV-søknaden.",
        "Ny ansatt {n}, fnr. {v}, skattekort hentet.",
    ]),
    "be.nn": ("be", [
        "Rijksregisternummer van {n}: {v}",
        "Mon numéro de registre national : {v} — pour la mutuelle.",
    ]),
    "pt.nif": ("pt", [
        "NIF do {n}: {v}, para pôr na fatura.",
        "O meu NIF é {v}, guarda para as compras da farmácia.",
    ]),
    "tr.tckimlik": ("tr", [
        "TC kimlik numaram {v}, e-Devlet başvurusu için lazım.",
        "Yeni personel {n}, T.C. Kimlik No: {v}, SGK girişi yapıldı.",
    ]),
    "ch.ahv": ("ch", [
        "AHV-Nummer von {n}: {v} (für die Lohnabrechnung)",
        "Ma AVS est {v}, à noter pour la caisse de pension.",
    ]),
    "ie.pps": ("ie", [
        "PPS number for {n}: {v} — Revenue needs it for the first payslip.",
        "my PPSN is {v}, add it to the medical card application",
    ]),
}

ROWS_PER = {"kr.rrn": 5, "de.idnr": 4, "fr.nir": 4, "es.dni": 4, "es.nie": 2, "it.codicefiscale": 4, "nl.bsn": 4,
            "br.cpf": 5, "in.aadhaar": 4, "in.pan": 3, "us.ssn": 6, "gb.nhs": 3, "se.personnummer": 3, "pl.pesel": 3,
            "fi.hetu": 2, "dk.cpr": 2, "jp.mynumber": 4, "cn.ric": 4, "mx.curp": 3, "ca.sin": 2, "au.tfn": 2,
            "za.idnr": 2, "no.fodselsnummer": 2, "be.nn": 2, "pt.nif": 2, "tr.tckimlik": 3, "ch.ahv": 2, "ie.pps": 2}


CLASS = {"de.idnr": "pii.tax_id", "in.pan": "pii.tax_id", "pt.nif": "pii.tax_id", "au.tfn": "pii.tax_id",
         "ie.pps": "pii.social_security", "fr.nir": "pii.social_security", "us.ssn": "pii.social_security",
         "ca.sin": "pii.social_security", "ch.ahv": "pii.social_security", "gb.nhs": "pii.health_id"}


def rows():
    out = []
    for kind, (loc, tpls) in NAT.items():
        for i in range(ROWS_PER[kind]):
            t = tpls[i % len(tpls)]
            v = ids.ALL[kind]()
            text = t.format(n=name(loc), v=v, k=pick(["I", "III", "IV", "V"]))
            if R.randrange(4) == 0 and not kind.startswith(("kr", "jp", "cn")):
                text = pick(["> ", "- ", "• ", "note: "]) + text
            out.append((CLASS.get(kind, "pii.national_id") + "." + kind.split(".")[0], "nat_" + kind.replace(".", "_") + f"_{i % len(tpls)}", text, v))
    return out

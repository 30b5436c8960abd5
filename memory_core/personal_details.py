"""Home addresses, dates of birth, named passports, spam-proofed e-mails (issue 12).

Personal data with no checksum to validate: each is found by its shape
*and* a cue that says whose and what it is, in several languages.

- **Home address**: a personal cue (`home address`, `lives at`, `Wohnadresse`,
  `mora na`, `住所`, `deliver to`, an `address`/`residence`/`street` field)
  then a street (a number beside a street name, either order) and more
  digits or a postcode, up to the end of the clause. An address after a
  company's legal form (`GmbH`, `Ltd`, `S.L.`, `株式会社`) or after an office,
  venue or warehouse word is a business's, not a person's: left alone. A
  signature block (a closing line, a name line, a street line, a postcode
  line) and a table's street/address column count too.
- **Date of birth**: a birth cue (`date of birth`, `DOB`, `born`, `geb.`,
  `née le`, `nació el`, `ur.`, `生年月日`, `(* …)`, a `birth_date` field) then
  a date within a few words, or a date then `geboren`/`生まれ`; the year
  within the last 110 (the dead have no data protection: `Goethe … 1749`).
  A birth*day* is a cue only as someone's own (`my birthday is 5 March
  1987`), not `Mickey Mouse's birthday`.
- Both are redacted to typed tokens (`<ADDRESS_1>`, `<DOB_1>`) under a
  normalized value (an address lower-cased with its punctuation folded, a
  date as `YYYY-MM-DD`), so one value keeps one token however written.
- **Passport** numbers named before a person's name (`N° de passeport de
  Antoine Mercier : 13IT35035`, `Passnummer von …:`, `"passport_no": …`).
- **A named person's pay** (S9): a pay word, an amount in a currency and a
  full name on one line, redacted to `<SALARY_n>`; a rate, a range, an
  average or a budget names no one.
- **A vehicle's plate** (S9): after its label, in a national shape, on a
  line naming a person and no fleet.
- **A named person's health** (S11): a condition, a diagnosis or a dosed
  medicine after a full name and a verb of having, being or taking,
  redacted to `<HEALTH_n>` from the condition to the end of its clause.
- **E-mails written to fool harvesters** (`jan (at) posteo (dot) de`,
  `x&#64;y&#46;pl`, `x{at}ziggo.nl`): normalized to the plain address, so
  they share its redaction token.

Each finding is `(kind, start, end, value, normalized)`; the detectors
wrap them as `PiiFinding`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date

from memory_core import person_facts
from memory_core.national_ids import line_around

ADDRESS = "ADDRESS"
DOB = "DOB"

Found = tuple[str, int, int, str, str]

_L = r"[^\W\d_]"  # a letter of any script
_UP = "(?-i:[A-ZÀ-ÖØ-ÞĀ-ŽА-ЯЁΑ-Ω])"  # a Latin, Cyrillic or Greek capital

# -- Addresses ---------------------------------------------------------------

# Where one cue starts another, the longer comes first (`adres
# zamieszkania`, then `adres`): the first alternative that fits wins.
ADDRESS_CUES = (
    # Round 12 (S7): Romanian, Czech, Slovak, Serbo-Croatian `adresa …`,
    # Greek, Hebrew, Arabic, Persian, the Baltic and Caucasian names
    r"adresa(?: de domiciliu| de reședință| bydliště| trvalého pobytu| stanovanja|"
    r" prebivališta)?",
    r"domiciliul",
    r"bydliště",
    r"bydlí (?:v|na|ve)",
    r"διεύθυνση(?: κατοικίας)?",
    r"κατοικεί (?:στην|στο|σε)",
    r"адреса",
    r"адресът",
    r"adresas",
    r"adrese",
    r"aadress",
    r"osoite",
    r"ünvan(?:ı|ım)?",
    r"мекенжай\w*",
    r"כתובת(?: מגורים)?",
    r"العنوان",
    r"عنوان(?:ي|ه)?",
    r"آدرس",
    r"მისამართი",
    r"հասցե\w*",
    r"adres (?:zamieszkania|domowy)",
    # Round 12 (S6): Czech, Slovak, Croatian, Romanian `adresa`, Polish
    # `adresu`, Scandinavian `adressen`; Finnish `osoite`, `kotiosoitteeni`;
    # Czech `bydliště`, Slovak `bydlisko`.
    r"adres[aeu]",
    r"adressen",
    r"(?:koti)?osoit(?:e|teeni|teemme|teensa)",
    # (S11) Finnish `asuu osoitteessa` (lives at the address)
    r"(?:asuu |asun )?osoitteessa",
    r"bydli(?:ště|sko)",
    # Turkish: `ev adresi`, `adresim`, `Emre'nin adresi`
    r"(?:ev )?adres(?:i|im|imiz)",
    # English
    r"home address",
    r"home addr\.?",  # (S11) as notes shorten it
    r"(?:my|his|her|their|our|new|current|private|postal|mailing|residential|"
    r"permanent|street|shipping|delivery) address(?:\s+is)?",
    r"address(?:e|o)?(?:_?line_?\d)?",
    r"(?:i |we )?lives? at",
    # `we moved to 48 Queen's Road`: a person moving (not `the meetup`).
    r"(?:i|we|he|she|they|(?:my |our )?(?:grandma|grandpa|granny|nana|mum|mom|dad|"
    r"parents|sister|brother|aunt|uncle|son|daughter|cousin|friend))"
    r"(?:['’]ve| have| has| just| recently)* moved to",
    # (S9) `has moved to`, whoever moved: Scandinavian, Dutch, German,
    # Polish, Czech, Romance
    r"(?:har |hat |er |is |ist )?(?:flyttat till|flyttet til|flyttede til|"
    r"verhuisd naar|umgezogen nach)",
    r"przeprowadził[aoy]?\w* się (?:na|do)",
    r"přestěhoval[aoi]? se (?:do|na)",
    r"se (?:ha )?mud(?:ó|ado) a",
    r"(?:a |est )?déménagée? (?:au|à|rue)",
    r"si è trasferit[oa] (?:in|a)",
    r"mudou-se para",
    r"living at",
    r"resides at",
    r"residence",
    r"deliver(?:y)? to",
    r"ship (?:it |them |this |the \w+ )?to",
    r"send (?:it|them|the \w+) to",
    r"post (?:it|them) to",
    # German, Dutch, Scandinavian
    r"wohnadresse",
    r"meine adresse(?:\s+lautet|\s+ist)?",
    r"anschrift",
    r"privatanschrift",
    r"wohnhaft(?:\s+in)?",
    r"wohnt(?: jetzt)?(?: in(?: der| dem)?)?",
    r"lieferadresse",
    r"huisadres",
    r"woonadres",
    r"bezorgadres",
    r"(?:mijn )?adres(?:\s+is)?",
    r"woont (?:op|aan|in)(?: de)?",
    r"bor (?:på|i)",
    r"(?:min |hem)?adress(?:\s+är)?",
    r"leveransadress",
    r"bopæl",
    # Romance
    r"adresse(?: de livraison| personnelle| du domicile)?",
    r"domicile",
    r"livraison à",
    r"chez (?:moi|nous|lui|elle|eux|(?:mes|mon|ma) \w+)",
    # `envoyer le colis chez Manon, 8 rue …`: at a person's, named
    r"chez (?-i:[A-ZÀ-Ý])[^\W\d_]+,",
    # Hungarian: `lakcím`, `lakcímem`
    r"lakc[ií]m(?:em|e|ünk)?",
    r"habite(?: au| à| rue)?",
    r"domicilio(?: particular)?",
    r"direcci[oó]n particular",  # (S11) Spanish `home address`
    r"(?:mi )?direcci[oó]n(?:\s+es)?",
    r"vive en",
    r"entregar (?:para|a|en)",
    r"enviar a",
    r"endere[cç]o residencial",
    r"(?:meu )?endere[cç]o(?:\s+é)?",
    r"mora (?:na|no|em)",
    r"morada",
    r"indirizzo(?: di casa)?",
    r"abita (?:in|a)",
    r"spedire a",
    r"residenza",
    # Polish, others
    r"mieszka(?:m|my)? (?:przy|na|w)",
    r"wohne in",
    r"woon (?:op|aan|in)(?: de)?",
    r"j'habite(?: au| à| rue)?",
    r"vivo en",
    r"moro (?:na|no|em)",
    r"abito (?:in|a)",
    r"adres",
    r"адрес",
    r"(?:home_?)?street(?=[\"']?\s*[:=])",
    r"home(?=[\"']?\s*[:=])",
    r"住所",
    r"自宅",
    r"地址",
    r"家住",
    r"住在",
    r"주소",
)
ADDRESS_CUE_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:" + "|".join(ADDRESS_CUES) + r")(?![^\W\d_])"
)
# Addresses that are not a person's home: an e-mail, IP or wallet address,
# a business's office, a venue.
NOT_HOME_BEFORE_RE = re.compile(
    # (a word's start: `shipping_address` holds `ip`, and is a home's)
    r"(?i)(?<![^\W\d_])(?:e-?mail|ip|ipv[46]|mac|wallet|server|web|memory|contract|bitcoin|"
    r"ethereum|url|host|gateway|broadcast|office|company|business|work|venue|"
    r"hq|headquarters|studio|factory|plant|lab|team|clinic|school|"
    r"store|shop|hotel|restaurant|registered|head|warehouse|returns?|vendor|"
    r"pickup|pick-up|event|firm|büro|geschäfts|rechnungs|firmen|bureau|"
    r"entreprise|empresa|oficina|ufficio|kantoor|sede|siedziba|employer|"
    r"arbeitgeber|employeur|empleador|werkgever|pracodawc\w*|bank|supplier|"
    r"customer service|support|kontor\w*|företag\w*|firma\w*|butik\w*)(?:['’]s)?"
    r"[\s_-]*(?:\w+[\s_-]+)?$"
)
LEGAL_FORM_RE = re.compile(
    r"(?<![\w.])(?:GmbH|AG|KG|GbR|Ltd|Ltda|LLC|LLP|Inc|Corp|plc|PLC|S\.A\.S?|"
    r"SAS|S\.L\.U?|S\.r\.l|Srl|S\.p\.A|SpA|B\.V|BV|N\.V|K\.K|Pty|Pvt|SARL|"
    r"EURL|Sp\. z o\.o|ApS|A/S|S\. de R\.L|e\.V|"
    # Round 12 (S7): Romanian, Czech and Slovak, Bulgarian, Russian forms
    r"SRL|S\.R\.L|s\.r\.o|spol\. s r\.o|ЕООД|ООД|ООО|ОАО|ЗАО)(?![\w])|"
    r"株式会社|有限会社|合同会社"
)
# Round 12 (S7): a business named between the cue and the street (`adresa
# firmei:`, `адрес компании:`, `διεύθυνση της εταιρείας:`): its address.
BUSINESS_GAP_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:firm\w*|compan\w*|společnost\w*|spoločnost\w*|"
    r"societ\w*|фирм\w*|компани\w*|организаци\w*|предприяти\w*|εταιρ\w*|"
    r"şirket\w*|office|offices|büro\w*|kancelář\w*|birou\w*|sediu\w*|shop|store|"
    r"magazin\w*|restaurant\w*|hotel\w*|clinic\w*|school|warehouse|"
    # (S11) a shop in Romance, Dutch, Polish, Nordic: `Endereço da loja:`
    r"loja|tienda|negozio|winkel|sklep|butik\w*|boutique)(?![^\W\d_])"
)
STREET_TYPES = (
    r"ul\.|al\.|pl\.|os\.|via|viale|vicolo|piazza|corso|largo|calle|carrer|"
    r"avenida|av\.|avda\.|paseo|plaza|camino|carretera|rua|travessa|alameda|"
    r"estrada|praça|largo|rue|avenue|boulevard|bd|impasse|chemin|allée|place|"
    r"quai|route|cours|strada|ulica|aleja|straße|strasse|gasse|weg|platz|c/|"
    r"ул\.|улица|пр\.|проспект|пер\.|переулок|вул\.|вулиця|"
    # Round 12 (S7): Romanian `Str.`, `Bd.`, `Calea`, `Aleea`, `Șos.`;
    # Bulgarian `ж.к.` (a housing estate), `бул.`; Greek `οδός`, `Λεωφ.`;
    # Hebrew `רחוב`, `שדרות`; Arabic `شارع`
    r"str\.|bd\.|bdul\.|calea|aleea|[șş]os\.|sos\.|ж\.к\.|жк|бул\.|булевард|"
    r"οδός|οδ\.|λεωφ\.|λεωφόρος|רחוב|רח'|שדרות|شارع|"
    r"cad\.|caddesi|sok\.|sokak|sk\.|mah\.|mahallesi|bulvarı|boul\.|rang|montée"
)
# A number's own label inside a street: `ул. Ленина, д. 5`, `Cad. No: 12`.
HOUSE_LABEL = r"(?:д\.|дом|No\.?:?|Nr\.?|n[º°]\.?|#)"
# The small words inside a street's name (`Calle del Pez`, `Rua XV de
# Novembro`, `Via della Spiga`): a name-first street has only these in
# lower case (`Berlin in 2019` is no street).
NAME_PARTICLES = (
    r"(?:de|del|della|dei|degli|delle|di|da|do|dos|das|van|von|der|den|des|la|"
    r"le|les|du|am|an|im|of|the|y|e|i|st\.?|ter|bis)"
)
# Round 10 (S4): street types written after the name in lower case
# (Hungarian `Kossuth Lajos u. 7.`, `Andrássy út 21`).
# Round 12 (S6): and Nordic ones (`Bygdøy allé 2`, `Karl Johans gate 7`).
TYPES_AFTER_NAME = (
    r"(?:u\.|utca|út|útja|tér|körút|krt\.|köz|sor|sétány|fasor|"
    r"allé|gate|gata|gatan|vei|veien|veg|vegen|vej|väg|vägen|gade|stræde|"
    r"plass|torg|torget|tie|katu|kuja)"
)
UNIT = r"(?:flat|apt\.?|apartment|unit|suite|room|lgh|piso|wohnung|apto\.?|box)"
# The start of a street: `22 Beech Close`, `Flat 3, 87 Albert Terrace`,
# `5-22-9 Jingumae`, `7/17 Beach Road`, `27 ter avenue …` (number first) or
# `Vondelstraat 25-2`, `Calle del Pez 125`, `ul. Lipowa 211/16`, `Rua XV de
# Novembro, 44` (name first; a comma only after a street type).
STREET_RE = re.compile(
    # Round 10 (S4): an Indian house number first (`H.No. 8-2-293`, `Plot
    # No. 14/B`, `Door No. 5-3-1`)
    r"(?:(?i:h\.[ \t]?no|house[ \t]no|plot[ \t]no|door[ \t]no|d\.[ \t]?no)\.?:?[ \t]*"
    r"\d{1,5}[A-Za-z]?(?:[/-]\d{1,5}[A-Za-z]?){0,3}(?![\w/-])|"
    rf"(?:(?i:{UNIT})[ \t]*\w{{1,6}},?[ \t]+(?:[^\W\d_][\w'’.-]*[ \t]+){{0,3}})?"
    rf"(?:\d{{1,5}}[A-Za-z]?(?:[ \t]?[/-][ \t]?\d{{1,5}}){{0,2}}"
    rf"(?:[ \t]+(?i:bis|ter))?"
    # (S11) a compass point before the name (`3126 W 38th St`)
    rf"(?:[ \t]+(?:[NSEW]\.?[ \t]+)?{_UP}{_L}|,?[ \t]+(?i:{STREET_TYPES})"
    # `17, 4th Main Road`
    rf"|,?[ \t]+(?:[NSEW]\.?[ \t]+)?\d{{1,3}}(?:st|nd|rd|th)[ \t]+{_UP}{_L})"
    rf"|(?:(?i:{STREET_TYPES})[ \t]*(?:[\w'’׳.-]+[ \t]+){{0,5}}?[\w'’׳.-]+,?"
    rf"(?:[ \t]+{HOUSE_LABEL})?"
    # the street type after the name, then the number's label (`Bağdat Cad.
    # No: 112`, `Atatürk Bulvarı No. 5`)
    rf"|{_UP}[\w'’.-]*(?:[ \t]+{_UP}[\w'’.-]*){{0,3}}?[ \t]+(?i:{STREET_TYPES})"
    rf"[ \t]+{HOUSE_LABEL}"
    rf"|(?!(?i:zip|plz|cep|cap|box|p\.?o\.?|room|floor|gate|hall|building|block|"
    rf"no|nr|order|ticket|tel|fax)\b)(?![A-Z]{{1,3}}\b)"
    rf"{_UP}[\w'’.-]*(?:[ \t]+(?:{_UP}[\w'’.-]*|{NAME_PARTICLES}|{TYPES_AFTER_NAME}))"
    rf"{{0,4}}?)"
    # (a label's colon may touch its number: `Cad. No:214`)
    rf"(?:[ \t]+|(?<=\w:))\d{{1,5}}(?:[ \t]?[A-Za-z](?![\w]))?"
    rf"(?:[ \t]?[/-][ \t]?\d{{1,5}})?(?![\d.:]\d|\w)))"
)
# What follows a street: a postcode or a locality number.
POSTCODE_RE = re.compile(
    r"(?<![\w-])(?:\d{4,6}|\d{2}-\d{3}|\d{4}-\d{3}|\d{3} \d{2}|\d{5}-\d{3}|\d{3}-\d{4}|"
    r"\d{4} ?[A-Z]{2}|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|[A-Z]\d[A-Z] ?\d[A-Z]\d|"
    r"[A-Z]\d{2} ?[A-Z0-9]{4}|[A-Z]{2,3} \d{4}|〒 ?\d{3}-\d{4}"
    # (s14) Argentina's CPA: the province's letter, four digits, three letters
    r"|[A-Z]\d{4}[A-Z]{3})(?![\w-])"
)
PLACE_AFTER_POSTCODE_RE = re.compile(
    rf"(?:(?:[ \t]*[,-]?[ \t]+|/(?={_UP}))(?:{_UP}[\w'’.-]*|\([A-Z]{{2}}\)|"
    rf"(?:de|del|de la|la|le|les|am|an der|sur|upon|on|di|do|da|im|in der)"
    rf"(?=[ \t]+{_UP})))*"
    # a city's district number last (`120 00 Praha 2`, `75016 Paris 16e`) (S6)
    r"(?:(?<=[^\W\d_])[ \t]+\d{1,2}(?:e|er|\.)?(?=[ \t]*(?:$|[,.;)\"'\n])))?"
)
ABBREVIATION_RE = re.compile(
    r"(?i)(?:^|\W)(?:col|av|avda|st|ste|ave|rd|ul|al|pl|os|no|nr|n|int|dr|blvd|"
    r"sq|mt|apt|apto|depto|dpto|izq|dcha|der|esq|bis|ter|co|cad|sok|mah|str|pr|"
    r"jl|gg|kav|blk|"
    r"per|bl|esc|"
    r"pta|lgh|ste|д|кв|ул|пр|пер|вул|sk|boul|bulv|"
    # Round 12 (S7): Bulgarian `ж.к.`, `бл.`, `вх.`, `ап.`, `ет.`; Romanian
    # `bl.`, `sc.`, `ap.`, `et.`, `jud.`, `sect.`; Greek `οδ.`, `λεωφ.`
    r"к|бл|вх|ап|ет|бул|ap|et|sc|jud|sect|bd|bdul|sos|șos|οδ|λεωφ)$"
)
# Where an address ends in prose: a new clause after a comma (`, drop the
# parcel …`, `, cheers`), a dash, a bracket that is not a province.
CLAUSE_AFTER_RE = re.compile(
    r",\s+(?!(?<=\d,\s)(?:rue|avenue|av|boul|boulevard|chemin|rang|route|montée|"
    r"calle|avenida|rua|via|viale|corso|strada|piazza|ulica|ul)\b)"
    r"(?!(?:apto|apt|app|depto|dpto|int|lgh|casa|piso|puerta|esc|bloco|bloque|étage|"
    r"room|flat|unit|suite|bl|bloc|sc|scara|ap|et|etaj|бл|вх|ап|ет)\b)(?-i:[a-zà-ÿ])[^\d,]{0,12}(?![^,]{0,3}\d)"
    r"|\s+[—–]\s|\s+-\s+(?=[a-z])|\s\((?![A-Z]{2}\))"
    # `Montréal (Québec) H2G 1M4`: a province in brackets, then the postcode
    r"(?![A-ZÀ-Ý][^\W\d_]+(?:[ -][A-ZÀ-Ý][^\W\d_]+)?\)[ \t,]*"
    r"(?:[A-Z]\d[A-Z] ?\d[A-Z]\d|\d{4,6}))"
    r"|[.!?](?=\s+[^\W\d_]|\s*$)|;|\||<"
    # prose going on: `5 Main Street in 2019 and …`, `… Lyon et …`
    r"|\s+(?=(?:in|and|but|since|until|from|with|for|when|where|which|who|after|"
    r"before|on|at|to|und|seit|et|depuis|desde|od)\s)"
    # (s14) or when: `… Dublin D13 K2P4 last week`, `… 3065 now`
    r"|\s+(?=(?:(?:last|this|next) (?:week|month|year|weekend)|now|today|"
    r"tonight|tomorrow|yesterday|soon)(?![^\W\d_]))"
)
JP_ADDRESS_RE = re.compile(
    r"〒\s?\d{3}-\d{4}[ \t]*[^\s、。,，]{2,60}?(?:[ \t　][^\s、。,，]{1,30}?)?"
    r"(?=です|。|、|$|\s)"
)
AFTER_CUE_GAP = 48
POSTCODE_WORD_BEFORE_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:zip|zip code|plz|postcode|post code|postal code|cep|cap|"
    r"cp|pincode|pin code|código postal|code postal)\s*[:#]?\s*$"
)


FLOOR_SIDE_RE = re.compile(r"\d\.[ \t]?(?:th|tv|mf)\.?(?![^\W\d_])")


def _is_sentence_end(text: str, index: int) -> bool:
    return not ABBREVIATION_RE.search(text, max(0, index - 6), index)


def _address_end(text: str, start: int, limit: int) -> int:
    """Where the address starting at `start` ends (the end of its clause).

    After its last postcode an address holds only the place's name
    (`75011 Paris`, `03100 Ciudad de México, CDMX`, `80138 Napoli (NA)`):
    `… TR11 2AB with two cats` ends before `with`.
    """
    for match in CLAUSE_AFTER_RE.finditer(text, start, limit):
        if match.group().startswith((".", "!", "?")) and not _is_sentence_end(
            text, match.start()
        ):
            continue
        if FLOOR_SIDE_RE.match(text, match.start() - 1):
            continue  # (s14) a Danish floor and side: `Istedgade 18, 4. th.`
        limit = match.start()
        break
    postcodes = list(POSTCODE_RE.finditer(text, start, limit))
    if postcodes:
        place = PLACE_AFTER_POSTCODE_RE.match(text, postcodes[-1].end(), limit)
        return place.end() if place else postcodes[-1].end()
    return limit


STREET_WORD_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|way|close|"
    r"court|ct|crescent|place|pl|terrace|boulevard|blvd|square|sq|"
    r"straße|str|strasse|weg|gasse|platz|allee|rue|via|calle|rua|ulica|ul|gatan|"
    r"gata|vej|laan|straat|gracht|plein|kade|grove|gardens|gdns|mews|row|walk|"
    r"hill|rise|vale|green|parade|wharf|highway|hwy|parkway|pkwy|trail|alley|"
    r"circle|cir|loop|pike|utca|ulice|iela|katu|gade|vegen|veien|"
    # India: `14th Cross`, `3rd Main`, `2nd Stage`, `Sector 21`, `MG Marg`
    r"marg|salai|layout|colony|nagar|enclave)(?![^\W\d_])|"
    r"\d{1,3}(?:st|nd|rd|th)[ \t]+(?:cross|main|block|stage|phase|sector)"
    r"(?![^\W\d_])|(?-i:Sector)[ \t]+\d{1,3}(?!\d)|"
    r"[^\W\d_]{3,}(?:nagar|puram|halli)(?![^\W\d_])|"
    r"[^\W\d_]{3,}(?:straße|strasse|straat|gatan|gata|vej|weg|gasse|allee|plein|"
    r"gracht|gade|vegen|veien|katu)(?![^\W\d_])"
)


def _plausible_address(value: str) -> bool:
    """A street and more: a second number, a postcode or a street's word."""
    if "@" in value or "://" in value or len(value) < 8:
        return False
    numbers = re.findall(r"\d+", value)
    if len(numbers) >= 2:
        return True
    return len(numbers) == 1 and bool(
        POSTCODE_RE.search(value) or STREET_WORD_RE.search(value)
    )


# What may stand between a cue and the street: nothing, a copula, a
# label's colon after the person's name (`Home address for Callum Fraser:`),
# or the person's name and a comma (`Deliver to: Luca Esposito, Via …`).
# A purpose between the cue and the address (`Lieferadresse für die Möbel:`):
# the gap may then run past AFTER_CUE_GAP.
PURPOSE_WORD_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:for|für|para|pour|per|voor|för|zum|zur|dla|do)\s"
)
CUE_GAP_RE = re.compile(
    r"(?i)(?:[:：=–—>-]?|(?:is|es|ist|lautet|é|è|är|er|jest|est|:)"
    # (S11) an aside before the name (`Lieferadresse (privat): Selin Yılmaz,`),
    # an arrow after it (`home addr for Marcus Johnson ->`)
    rf"|(?:\([^()\n]{{1,30}}\)\s*)?"
    rf"(?:[:：]\s*)?(?:(?:for|of|de|di|da|do|del|van|von|för|für|du|des)\s+)?"
    rf"{_UP}{_L}*(?:[\s'’.-]+{_L}+){{0,3}}\s*(?:[:：,]|->|→|=>)"
    # `send it to my place: 12 …`, `lives at her flat — 4 …`: a short label.
    rf"|{_L}+(?:['’]s)?(?:\s+{_L}+(?:['’]s)?){{0,2}}\s*[:：—–]"
    # `dirección de mis suegros es`, `address of my parents is`: whose, then
    # a copula
    r"|(?:of|de|di|du|des|da|do|van|von)\s+(?:\w+\s+){0,3}?"
    r"(?:is|es|ist|est|è|é|är|er|jest|on|je)"
    # `adressen min er`, `meine Adresse ist`: a possessive, then a copula
    r"|(?:min|mitt|mina|mine|my|mi|mon|ma|mein|meine)\s+"
    r"(?:is|es|ist|est|è|é|är|er|jest|on|je)"
    # `registered address on the lease:`, (S9) `on Rahul Verma's offer letter:`
    r"|(?:on|in|from)\s+(?:the|my|our|his|her|their|"
    rf"{_UP}{_L}*(?:\s+{_UP}{_L}*)?['’]s)\s+\w+(?:\s+\w+)?\s*[:：]"
    # Round 12 (S7): an aside in brackets, then the label's colon (`home
    # address (mine):`, `(needed for the school enrolment form):`)
    rf"|(?:{_L}+\s+)?\([^()\n]{{1,45}}\)\s*[:：—–]"
    # (S9) whose, then what it is for, then the label's colon: `home address
    # for the W-2:`, `Dirección de Lucía Soto para enviar el certificado:`
    rf"|(?:(?:(?:of|de|di|da|do|del|van|von|för|für|du|des)\s+)?{_UP}{_L}*"
    rf"(?:[\s'’-]+{_UP}{_L}*){{0,2}}\s+)?"
    r"(?:for|für|para|pour|per|voor|för|zum|zur|dla|do)\s+[^\n:：\d]{0,50}?"
    r"(?:[A-Z]-?\d{1,4})?\s*[:：])"
    # (S11) Russian and Ukrainian write the city first: `г. Санкт-Петербург, ул. …`
    rf"(?:\s*(?:г|м)\.\s*{_L}[^\d,\n]{{1,30}},)?"
)
# (S9) A gap of that last kind may be longer than a name's.
PURPOSE_GAP = 90


# A home's papers: `registered address on the lease` is where a tenant
# lives, though `registered` alone names a company's seat.
HOME_PAPERS_AFTER_RE = re.compile(
    r"(?i)\s+(?:on|in|from)\s+(?:the|my|our|his|her|their)\s+(?:lease|tenancy|"
    r"rental agreement|rental contract|council tax|voter registration|driver'?s "
    r"licen[cs]e|id card|passport)"
)


def _cue_is_personal(text: str, cue: re.Match[str]) -> bool:
    line_start = max(text.rfind("\n", 0, cue.start()) + 1, cue.start() - 30)
    before = text[line_start : cue.start()]
    if HOME_PAPERS_AFTER_RE.match(text, cue.end()):
        return True
    return not NOT_HOME_BEFORE_RE.search(before)


def _addresses_after_cues(text: str) -> Iterator[tuple[int, int]]:
    for cue in ADDRESS_CUE_RE.finditer(text):
        if not _cue_is_personal(text, cue):
            continue
        line_end = text.find("\n", cue.end())
        line_end = len(text) if line_end < 0 else line_end
        window_end = line_end
        if not text[cue.end() : line_end].strip(" \t:：\"'"):
            # `Ship to:` alone on its line: the address is on the next lines.
            window_end = min(len(text), cue.end() + 200)
        street = STREET_RE.search(text, cue.end(), window_end)
        while street is not None and POSTCODE_WORD_BEFORE_RE.search(
            text, max(0, street.start() - 12), street.start()
        ):
            # `ship to ZIP 30687, box 16`: a postcode's number, no street's
            street = STREET_RE.search(text, street.end(), window_end)
        if street is None:
            continue
        gap = text[cue.end() : street.start()]
        if LEGAL_FORM_RE.search(gap) or BUSINESS_GAP_RE.search(
            re.sub(r"\([^()]*\)", "", gap)  # not an aside: `(for the school form)`
        ):
            continue
        # `chez Manon,` is at a person's; `chez Darty, … pour le retour` at a
        # shop's (S6): a name alone does not say which
        if (
            cue.group().lower().startswith("chez ")
            and cue.group()[5].isupper()
            and NOT_HOME_RE.search(text, cue.start(), line_end)
        ):
            continue
        start = street.start()
        if window_end > line_end:
            # The name line, then the street line: `Ship to:\nChloe Gagnon\n…`.
            if len(gap) <= AFTER_CUE_GAP and not re.search(r"\d", gap):
                yield from _address_block(text, start)
            continue
        if len(gap) > PURPOSE_GAP or not CUE_GAP_RE.fullmatch(gap.strip(" \t\"'")):
            continue
        if len(gap) > AFTER_CUE_GAP and not PURPOSE_WORD_RE.search(gap):
            continue
        quote = text[cue.end() : start]
        stop = line_end
        if quote.rstrip().endswith(('"', "'")):
            closing = text.find(quote.rstrip()[-1], start, line_end)
            stop = closing if closing >= 0 else line_end
        end = _address_end(text, start, stop)
        value = text[start:end].rstrip(" ,")
        if _plausible_address(value) and not LEGAL_FORM_RE.search(value):
            yield start, start + len(value)


# (S9) German puts the verb last: `… bitte an Bergstraße 41, 80469 München
# schicken`. A street, a postcode and a place between `an` and a verb of
# sending is where the papers go (not after an office's or a company's word).
# Every verb of SEND_VERB_LAST_RE holds one of these.
SEND_VERB_STEMS = ("schick", "sende", "zustell", "liefer", "weiterleit")
SEND_VERB_LAST_RE = re.compile(
    r"(?i)(?<![^\W\d_])an[ \t]+(?P<address>[^\n]{8,80}?)[ \t]+(?:zu[ \t]+)?"
    r"(?:schicken|senden|schickt|sendet|geschickt|gesendet|zustellen|liefern|"
    r"weiterleiten)(?![^\W\d_])"
)


def _addresses_before_send_verb(text: str) -> Iterator[tuple[int, int]]:
    for match in SEND_VERB_LAST_RE.finditer(text):
        start, end = match.span("address")
        street = STREET_RE.match(text, start)
        if street is None or not POSTCODE_RE.search(text, street.end(), end):
            continue
        line_start = text.rfind("\n", 0, match.start()) + 1
        before = text[max(line_start, match.start() - 30) : match.start()]
        if NOT_HOME_BEFORE_RE.search(before) or LEGAL_FORM_RE.search(
            text, line_start, end
        ):
            continue
        value = text[start:end].rstrip(" ,")
        if _plausible_address(value):
            yield start, start + len(value)


def _address_block(text: str, start: int) -> Iterator[tuple[int, int]]:
    """A street line and the postcode line under it (`Calle Mayor 104`, `28009 …`)."""
    end = text.find("\n", start)
    end = len(text) if end < 0 else end
    next_end = text.find("\n", end + 1) if end < len(text) else -1
    next_end = len(text) if next_end < 0 else next_end
    following = text[end + 1 : next_end]
    if end < len(text) and POSTCODE_RE.search(following):
        end = next_end
        country_end = text.find("\n", end + 1) if end < len(text) else -1
        country_end = len(text) if country_end < 0 else country_end
        if end < len(text) and COUNTRY_LINE_RE.fullmatch(text[end + 1 : country_end]):
            end = country_end  # `Nederland`, `Canada`: the block's last line
    value = text[start:end].rstrip(" ,")
    if _plausible_address(value) and not LEGAL_FORM_RE.search(value):
        yield start, start + len(value)


COUNTRY_LINE_RE = re.compile(rf"[ \t]*{_UP}{_L}{{3,20}}(?: {_L}{{2,12}})?[ \t]*")
CLOSING_RE = re.compile(
    r"(?i)(?:regards|cheers|thanks|thank you|best|sincerely|yours|cordialement|"
    r"saluti|un saludo|saludos|pozdrawiam|grüßen|grüße|groeten|hälsningar|"
    r"abraços|atenciosamente|cumprimentos|bien à vous|mfg|tschüss|ciao|"
    r"met vriendelijke groet|with love|love|xoxo)\W*$|^\s*(?:--|—|__+)\s*$"
)
CLOSING_LINE_RE = re.compile(CLOSING_RE.pattern, re.MULTILINE)
NAME_LINE_RE = re.compile(
    rf"^[ \t]*{_UP}[\w'’.-]+(?:[ \t]+(?:[\w'’.-]+)){{1,3}}[ \t]*$"
)


# (S11) The first lines of a postal label: a person's name alone on its line
# (first, or after a blank line or a label's colon), a street line, and a
# postcode on it or the next line, or a block and flat there (`bl. A3, ap.
# 24, Sector 2`).
UNIT_LINE_RE = re.compile(
    r"(?i)[ \t]*(?:bl|ap|apt|sc|et|flat|unit|lgh|piso|apto|esc|app)\.?[ \t]*\w"
)
# A postcode line: a postcode and its place, either order (`602 00 Brno`,
# `New Farm QLD 4005`, `Cupertino, CA 95014`).
POSTCODE_LINE_RE = re.compile(
    rf"[ \t]*(?:{_L}[^\d\n]{{0,40}}?[ ,]+)?(?:{POSTCODE_RE.pattern})"
    rf"(?:[ \t,]+{_L}[^\d\n]{{0,40}})?[ \t]*"
)
# A common noun's ending, no name's: an institution or a trade on the name
# line (`Stadtbibliothek Köln`, `Müller Logistik`, `Release Notes`).
NOUN_ENDING_RE = re.compile(
    r"(?i)(?:ung|heit|keit|schaft|thek|tik|tion|ment|haus|amt|zentrum|service|"
    r"notes|features|verein|gruppe|group|team)$"
)


def _label_addresses(text: str) -> Iterator[tuple[int, int]]:
    """A name line, then a street line and a postcode line, as on an envelope."""
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    for i in range(len(lines) - 1):
        if i and lines[i - 1].strip() and not lines[i - 1].rstrip().endswith(":"):
            continue
        name = FULL_NAME_RE.fullmatch(lines[i].strip())
        if name is None or not _full_names(lines[i]) or NOT_HOME_RE.search(lines[i]):
            continue
        if any(NOUN_ENDING_RE.search(word) for word in name.group().split()):
            continue
        street_line = lines[i + 1].strip()
        if STREET_RE.match(street_line) is None or LEGAL_FORM_RE.search(lines[i]):
            continue
        last = i + 1
        if i + 2 < len(lines) and (
            POSTCODE_LINE_RE.fullmatch(lines[i + 2]) or UNIT_LINE_RE.match(lines[i + 2])
        ):
            last = i + 2
        elif not POSTCODE_RE.search(street_line):
            continue
        start = offsets[i + 1] + len(lines[i + 1]) - len(lines[i + 1].lstrip())
        end = offsets[last] + len(lines[last].rstrip())
        if _plausible_address(text[start:end]):
            yield start, end


def _signature_addresses(text: str) -> Iterator[tuple[int, int]]:
    """A closing, a name, then a street line and a postcode line."""
    if not CLOSING_LINE_RE.search(text):
        return
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    for i in range(2, len(lines) - 1):
        street = STREET_RE.match(lines[i].strip())
        if street is None or not NAME_LINE_RE.match(lines[i - 1]):
            continue
        if not CLOSING_RE.search(lines[i - 2]):
            continue
        if LEGAL_FORM_RE.search(lines[i - 1]) or LEGAL_FORM_RE.search(lines[i]):
            continue
        if not POSTCODE_RE.search(lines[i + 1]):
            continue
        start = offsets[i] + len(lines[i]) - len(lines[i].lstrip())
        end = offsets[i + 1] + len(lines[i + 1].rstrip())
        yield start, end


# -- Tables: a header names the column -------------------------------------

ADDRESS_FIELD_RE = re.compile(
    r"(?i)^(?:home_?|private_?|postal_?|mailing_?)?(?:street|address|addr|"
    r"adresse|anschrift|strasse|straße|adres|direcci[oó]n|endere[cç]o|"
    r"indirizzo|residence|domicile|domicilio)(?:_?line_?\d)?$"
)
LOCALITY_FIELD_RE = re.compile(
    r"(?i)^(?:home_?)?(?:city|town|postcode|post_?code|zip|zip_?code|plz|ort|"
    r"cp|cap|city_postcode|postcode_city|locality|ville|ciudad|città|cidade|"
    r"stad|miasto)$"
)
BIRTH_FIELD_RE = re.compile(
    r"(?i)^(?:dob|d\.o\.b\.?|birth_?date|date_?of_?birth|birthdate|born|"
    r"geburtsdatum|geb\.?|date_?de_?naissance|fecha_?(?:de_?)?nacimiento|"
    r"data_?(?:di_?|de_?)?nasci(?:ta|mento)|geboortedatum|födelsedatum|"
    r"data_?urodzenia|生年月日)$"
)
DELIMITERS = (";", "\t", ",", "|")


def _cells(line: str, delimiter: str) -> list[str]:
    """Split a CSV line into its cells as written (quotes kept, `"a, b"` whole)."""
    if '"' not in line:
        return line.split(delimiter)
    cells, start, quoted = [], 0, False
    for i, char in enumerate(line):
        if char == '"':
            quoted = not quoted
        elif char == delimiter and not quoted:
            cells.append(line[start:i])
            start = i + 1
    cells.append(line[start:])
    return cells


def _table_cells(text: str) -> Iterator[tuple[str, int, int]]:
    """Yield `(kind, start, end)` for the address and birth-date columns."""
    lower = text.lower()
    if not any(stem in lower for stem in TABLE_STEMS):
        return
    lines = text.split("\n")
    offset = 0
    header: list[str] | None = None
    delimiter = ""
    for line in lines:
        line_start, offset = offset, offset + len(line) + 1
        cells = _cells(line, delimiter) if header is not None else []
        if header is not None and len(cells) == len(header):
            pos = line_start
            spans: list[tuple[str, int, int]] = []
            for name, cell in zip(header, cells, strict=True):
                inner = cell.strip(" \"'")
                begin = pos + cell.find(inner) if inner else pos
                if inner and ADDRESS_FIELD_RE.match(name) and re.search(r"\d", inner):
                    spans.append((ADDRESS, begin, begin + len(inner)))
                elif (
                    inner
                    and LOCALITY_FIELD_RE.match(name)
                    and spans
                    and spans[-1][0] == ADDRESS
                    and spans[-1][2] >= pos - 2
                ):
                    spans[-1] = (ADDRESS, spans[-1][1], begin + len(inner))
                elif inner and BIRTH_FIELD_RE.match(name):
                    found = _dated(inner)
                    if found:
                        spans.append((DOB, begin + found[0], begin + found[1]))
                pos += len(cell) + 1
            yield from spans
            continue
        header = None
        for candidate in DELIMITERS:
            names = [n.strip(" \"'") for n in line.split(candidate)]
            if len(names) >= 2 and any(
                ADDRESS_FIELD_RE.match(n) or BIRTH_FIELD_RE.match(n) for n in names
            ):
                header, delimiter = names, candidate
                break


# Cheap tests before the patterns: most texts hold none of these stems
# (those outside ASCII are looked for only in texts outside ASCII).
ADDRESS_STEMS = (
    "addr", "adres", "live", "resid", "deliver", "ship to", "send", "post ",
    "moved to", "home",
    "wohn", "anschrift", "liefer", "woon", "bezorg", "bor p", "leverans", "bop",
    "domicil", "livraison", "habite", "direcci", "vive en", "vivo en", "entregar",
    "enviar", "endere", "mora", "moro ", "indirizzo", "abit", "spedire",
    "mieszka", "street", "chez ", "lakc", "ship ", "osoit", "bydl", "ünvan",
    "flytt", "verhuisd", "umgezogen", "przeprowadzi", "přestěhoval", "mud",
    "déménag", "trasferit", "bor i",
)  # fmt: skip
# A number beside a word, as every street has (`22 Beech`, `Lipowa 211`).
# (Led by the digit: the engine skips ahead to digits, few in most texts.)
STREETISH_RE = re.compile(
    r"\d(?:(?=[ \t]+[^\W\d_])|(?<=[^\W\d_][ \t]\d)|(?<=[^\W\d_][.,][ \t]\d))"
)
ADDRESS_STEMS_WIDE = (
    "адрес", "住所", "自宅", "地址", "주소", "家住", "住在",
    # Round 12 (S7): the new cues' stems in other scripts
    "διεύθυνση", "κατοικεί", "мекенжай", "כתובת", "عنوان", "آدرس", "მისამართი",
    "հասցե",
)  # fmt: skip
BIRTH_STEMS = (
    "birth", "dob", "d.o.b", "born", "b.", "geb", "né", "naci", "nat", "nasc",
    "född", "født", "fødsel", "födelse", "ur.", "urodz", "рожд", "родил",
    "doğum", "syntymä", "syntyn", "narozen", "nar.", "生于", "生年月日", "出生",
    "생년월일", "(*",
    "birthday", "lahir", "ngày sinh", "לידה",
    "geburtstag", "geboorte", "naissance", "nascita", "生まれ",
    "γέννησ", "születési", "szül.", "naşterii", "nașterii", "nasterii", "раждане",
    "rođenja", "rodenja", "рођења", "раѓање", "rojstva", "narodenia",
    "народження", "gimimo", "dzimšanas", "sünni", "doğum", "туған", "lindjes",
    "الميلاد", "الولادة", "تولد", "დაბადების", "ծննդյան",
    "ttl",
    "nací",  # (S10) Spanish `nací el …`
)  # fmt: skip
TABLE_STEMS = (
    *ADDRESS_STEMS, "dob", "birth", "geb", "naissance", "nacimiento", "nascita",
    "nascimento", "födelse", "urodzenia", "生年月日",
)  # fmt: skip
BIRTH_AFTER_STEMS = ("生まれ", "geboren", "born", "出生", "生")


# A full address with no cue word: a street with a street's word, then a
# postcode and a place (`Hannah Schmidt, Lindenstraße 12, 10969 Berlin`).
# Whose it is, the words before it say: a person's name and a comma or
# dash, or a short label about a person (`Package for Tom:`, `Mum's place
# is`). An address alone on its line is anyone's (a shop's, a film's). A
# business, venue or event in the sentence makes it no one's home (`Café
# Luna, 12 Rue Oberkampf, 75011 Paris`, `Meeting at Hotel Adlon, …`).
# A street type first, or after the number (round 10: `3120 chemin
# Sainte-Foy`).
STREET_TYPE_IN_HEAD_RE = re.compile(
    rf"(?i)(?:^|(?<=\d[ \t])|(?<=\d,[ \t]))(?:{STREET_TYPES})(?![^\W\d_])"
)
BARE_OWNER_BEFORE_RE = re.compile(
    rf"(?:^|[.!?]\s+|\n)[ \t]*(?:"
    # a person's name: `Hannah Schmidt,`, `Dr. Anna Nowak —`, `Emily
    # Thompson (`, `Hannah Fletcher ·`
    rf"(?:(?:Mr|Mrs|Ms|Dr|Herr|Frau|Sr|Sra|M|Mme|Pan|Pani)\.?[ \t]+)?"
    # (no article: `The White House, 1600 …` is a building's name)
    rf"(?!(?:The|Le|La|Les|Der|Die|Das|El|Los|Las|Il|De|Het)[ \t])"
    rf"{_UP}{_L}+(?:[\s'’-]+(?:{_UP}{_L}+|{NAME_PARTICLES})){{1,3}}[ \t]*[,:—–(·•-]"
    # a label about a person: `Package for Tom:`, `Mum's place is`, `For
    # Grandma —`, `Parents:`, `Birthday card for Daniel Carter,`
    rf"|(?:{_L}+[ \t]+){{0,3}}?(?:for|to|an|à|para|per|voor|für|dla)[ \t]+"
    rf"{_UP}{_L}+(?:[ \t]+{_UP}{_L}+)?[ \t]*[:—–,-]"
    rf"|(?:{_L}+[ \t]+){{0,2}}?{_L}+['’]s[ \t]+(?:place|flat|house|home|apartment|"
    # (a short note in brackets: `Chloe's place (for the party invite):`)
    rf"address)(?:[ \t]+is)?(?:[ \t]*\([^()\n]{{1,40}}\))?[ \t]*:?"
    rf"|(?i:(?:my|our|his|her|their)[ \t]+)?(?i:parents|mum|mom|dad|grandma|"
    rf"grandpa|grandparents|sister|brother|aunt|uncle)(?:['’]s)?[ \t]*[:—–-]"
    rf")[ \t]*$"
)
BARE_OWNER_AFTER_RE = re.compile(
    rf"[ \t]*[:—–-][ \t]*{_UP}{_L}+[ \t]+{_UP}{_L}+[ \t]+(?:is|lives|has|was|will)\b"
)
NOT_HOME_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:office|company|business|headquarters|hq|venue|event|"
    r"conference|meetup|meeting|workshop|café|cafe|coffee|bar|pub|restaurant|"
    r"museo|musée|muzeum|schloss|palace|palast|palacio|palazzo|palais|castle|"
    r"château|castello|cathedral|kathedrale|catedral|basilica|abbey|monument|"
    r"memorial|amtssitz|official residence|residence of|zoo|aquarium|opera|oper|"
    r"teatro|théâtre|theater|landmark|tourist|visitors?|tickets?|admission|"
    r"bistro|hotel|hostel|museum|gallery|theat(?:re|er)|cinema|station|airport|"
    r"hospital|clinic|pharmacy|church|library|stadium|arena|cent(?:re|er)|"
    r"shop|store|boutique|bakery|market|mall|salon|gym|studio|school|university|"
    r"campus|college|bank|branch|warehouse|factory|depot|"
    r"returns?|vendor|supplier|customer service|support|opens?|opening|hours|"
    # (S6) a parcel's return in other languages
    r"retour|rücksendung|retoure|devoluci[óo]n|reso|zwrot|"
    r"reception|embassy|consulate|ministry|town hall|city hall|"
    # (S10) a town's offices in other languages: a public desk, no one's home
    r"rathaus|bürgeramt|bürgerbüro|bürgerservice|bezirksamt|finanzamt|"
    r"standesamt|landratsamt|mairie|préfecture|ayuntamiento|municipio|comune|"
    r"gemeentehuis|stadhuis|prefeitura|urząd|gemeente|"
    # (S10) trades and stations in other languages: a shop's or a
    # station's address (`Boulangerie Paul, 45 rue …`, `Hauptbahnhof …`)
    r"boulangerie|bäckerei|panadería|panetteria|padaria|bakkerij|pizzeria|"
    r"trattoria|ristorante|restaurante|brasserie|apotheke|farmacia|pharmacie|"
    r"garage|werkstatt|autohaus|gare|estación|stazione|estação|"
    r"[^\W\d_]{2,}(?:bahnhof|praxis|werkstatt|apotheke|bäckerei)|"
    r"praxis|büro|firma|geschäft|bureau|magasin|oficina|tienda|ufficio|negozio|"
    r"kantoor|winkel|biuro|sklep|loja|escritório|"
    # Turkish
    r"kafe|kahvecisi|restoran|lokanta|mağaza|dükkan|dükkanı|otel|oteli|şirket|"
    r"şirketi|ofis|ofisi|müze|müzesi|eczane|eczanesi|hastane|hastanesi|okul|"
    r"okulu|fırın|fırını|pastane|pastanesi|kitabevi|şube|şubesi)(?![^\W\d_])"
)


def _bare_addresses(
    text: str, covered: list[tuple[int, int]]
) -> Iterator[tuple[int, int]]:
    """Yield full addresses without a cue word, when the words before say whose."""
    position, tries = 0, 0
    while tries < 40 and (street := STREET_RE.search(text, position)):
        # A street may start inside a failed one (`place is 7 Rowan Avenue`).
        start, tries, position = street.start(), tries + 1, street.start() + 1
        if start and text[start - 1].isalnum():
            continue  # inside a number or word: `44300 Nantes` is no street
        if any(s <= start < e for s, e in covered):
            continue
        line_start = text.rfind("\n", 0, start) + 1
        line_end = text.find("\n", start)
        line_end = len(text) if line_end < 0 else line_end
        end = _address_end(text, start, line_end)
        value = text[start:end].rstrip(" ,")
        head = street.group()
        postcode = POSTCODE_RE.search(value, len(head))
        if postcode is None or not _plausible_address(value):
            continue
        if not (
            STREET_WORD_RE.search(value)
            or STREET_TYPE_IN_HEAD_RE.search(head)
            or re.match(rf"[ \t,]*{_UP}", value[postcode.end() :])
        ):
            continue  # a street's word, or a place after the postcode
        if not (
            BARE_OWNER_BEFORE_RE.search(text, line_start, start)
            or (
                not text[line_start:start].strip()
                and BARE_OWNER_AFTER_RE.match(text, start + len(value))
            )
        ):
            continue
        sentence = text[line_start:line_end]
        if LEGAL_FORM_RE.search(sentence) or NOT_HOME_RE.search(sentence):
            continue
        covered.append((start, start + len(value)))
        position = start + len(value)
        yield start, start + len(value)


# Round 10 (S4): a Korean road-name address, city or province first
# (`부산광역시 해운대구 센텀중앙로 97, 1203호`, `경기도 성남시 분당구 판교로
# 12-3 101동 502호`): a district, a road (`…로`, `…길`), its number, maybe a
# building and a flat. A person's when a name with an honorific (`님`,
# `씨`) or an address word (`주소`, `집`, `사는 곳`) stands just before it;
# not when the sentence names a business.
KO_ADDRESS_RE = re.compile(
    r"(?:(?:[가-힣]{2,}(?:특별시|광역시|특별자치시|특별자치도|도)|서울|부산|대구|인천|"
    r"광주|대전|울산|세종|경기|강원|충북|충남|전북|전남|경북|경남|제주)[ \t]+)?"
    r"(?:[가-힣]{1,}(?:시|군|구)[ \t]+){1,2}(?:[가-힣]{1,}(?:읍|면)[ \t]+)?"
    # a road and its number, or a lot in a neighbourhood (`역삼동 736-12`)
    r"(?:[가-힣0-9]{1,}(?:로|길)(?:[ \t]*\d{1,4}번?길)?|[가-힣0-9]{1,}(?:동|리|가))"
    r"[ \t]*\d{1,5}(?:-\d{1,5})?"
    r"(?:[ \t]*,?[ \t]*(?:\d{1,4}동[ \t]*)?\d{1,5}(?:호|층)(?:[ \t]*\d{1,5}호)?)?"
)
HANGUL_RE = re.compile(r"[가-힣]")
KO_OWNER_BEFORE_RE = re.compile(
    # (S11) or a name alone on the line above, as on an envelope
    r"(?:(?:^|\n)[ \t]*[가-힣]{2,4}[ \t]*\n|"
    r"[가-힣]{2,4}[ \t]*(?:님|씨)(?:의)?|주소(?:는|가|:)?|집(?:은|이|주소는)?|"
    r"사는[ \t]*곳(?:은|이)?|거주지(?:는)?)[ \t]*[(:：,]?[ \t]*$"
)
KO_NOT_HOME_RE = re.compile(
    r"회사|본사|사무실|매장|지점|가게|식당|카페|호텔|병원|학교|센터|공장|창고|"
    r"주식회사|㈜|영업시간|박물관|미술관|역(?:[ \t]|$)"
)


# (S11) A Chinese address after its cue (`家住`, `住在`, `住址：`, `地址是`): a
# province or city, a district, a road (`…路`, `…街`), its number (`124号`),
# a building and a flat (`9栋1616室`).
ZH_ADDRESS_RE = re.compile(
    r"(?:家住|住在|住址|家庭住址|地址)[ \t]*[:：是在]?[ \t]*"
    r"(?P<address>(?:[\u4e00-\u9fff]{2,8}?(?:省|市|自治区))?"
    r"[\u4e00-\u9fff]{1,8}?(?:市|区|县|镇)[\u4e00-\u9fff\d]{1,20}?"
    r"(?:路|街|道|巷|弄|胡同)\d{1,5}号(?:\d{1,5}(?:栋|号楼|幢|单元|楼|层|室))*)"
)


ZH_NOT_HOME_RE = re.compile(
    r"公司|办公|辦公|总部|總部|门店|門市|商店|商场|酒店|饭店|餐厅|医院|醫院|学校|學校|"
    r"中心|工厂|仓库|银行|营业|營業"
)


def _korean_addresses(text: str) -> Iterator[tuple[int, int]]:
    for match in KO_ADDRESS_RE.finditer(text):
        before = text[max(0, match.start() - 20) : match.start()]
        if not KO_OWNER_BEFORE_RE.search(before):
            continue
        line = line_around(text, match.start(), match.end())
        if KO_NOT_HOME_RE.search(line):
            continue
        yield match.span()


# (S10) A line that says its address is made up or a sample (`sample
# address: 123 Main Street … (fictional)`); not a domain (`example.com`).
SAMPLE_LINE_RE = re.compile(
    # (not one denied: `not an example`, `kein Beispiel`)
    r"(?i)(?<![^\W\d_])(?<![@./])(?<!not an )(?<!not a )(?<!no )(?<!kein )"
    r"(?<!keine )(?<!pas un )(?:sample|samples|example|e\.g|fictional|"
    r"fictitious|fake|dummy|placeholder|mock|lorem|beispiel\w*|exemple|ejemplo|"
    r"esempio|exemplo|voorbeeld|przykład\w*|fiktiv\w*|ficticia|ficticio|fittizi[oa])"
    r"(?![^\W\d_])(?!\.\w)"
)


# (S12) A lease's record: a tenant named on a line of their own (`Tenant:
# Oliver Berg`) and the rented home on another (`Property: 5678 Oak Dr, …`).
# The premises of a lease with a named tenant are where that person lives;
# a property alone (a listing, an office) is no one's home.
TENANT_LINE_RE = re.compile(
    r"(?im)^[ \t]*(?:tenants?|lessee|renter|occupant|mieter(?:in)?|"
    r"inquilin[oa]|locataire|huurder|hyresgäst|lejer|leietaker|najemca|"
    r"arrendatari[oa]|conduttore|locat[aá]rio)[ \t]*[:：][ \t]*"
    rf"{_UP}{_L}+(?:[ \t'’-]+{_UP}{_L}+){{1,3}}[ \t]*$"
)
PREMISES_LINE_RE = re.compile(
    r"(?im)^[ \t]*(?:(?:rental|rented|leased)[ \t]+)?(?:property|premises|"
    r"unit|rental address|mietobjekt|mietwohnung|wohnung|inmueble|vivienda|"
    r"logement|bien lou[ée]|woning|huurwoning|immobile|imóvel)[ \t]*[:：][ \t]*"
)


def _tenancy_addresses(text: str) -> Iterator[tuple[int, int]]:
    for label in PREMISES_LINE_RE.finditer(text):
        line_end = text.find("\n", label.end())
        line_end = len(text) if line_end < 0 else line_end
        street = STREET_RE.match(text, label.end(), line_end)
        if street is None:
            continue
        value = text[label.end() : _address_end(text, label.end(), line_end)]
        value = value.rstrip(" ,")
        if _plausible_address(value) and not LEGAL_FORM_RE.search(value):
            yield label.end(), label.end() + len(value)


def addresses(text: str) -> Iterator[Found]:
    """Yield a person's home addresses in `text`."""
    spans: list[tuple[int, int]] = []
    lower = text.lower()
    streetish = bool(STREETISH_RE.search(text))
    if streetish and (
        any(stem in lower for stem in ADDRESS_STEMS)
        or (not lower.isascii() and any(s in lower for s in ADDRESS_STEMS_WIDE))
    ):
        spans += _addresses_after_cues(text)
    if streetish and any(
        not any(s <= m.start() < e for s, e in spans)
        for m in POSTCODE_RE.finditer(text)
    ):
        # a postcode no address found so far holds: a cue-less address?
        spans += list(_bare_addresses(text, list(spans)))
    if streetish and any(verb in lower for verb in SEND_VERB_STEMS):
        spans += [
            span
            for span in _addresses_before_send_verb(text)
            if not any(s < span[1] and span[0] < e for s, e in spans)
        ]
    if streetish and "\n" in text:
        spans += _signature_addresses(text)
        spans += _label_addresses(text)
        if any(
            not LEGAL_FORM_RE.search(m.group()) for m in TENANT_LINE_RE.finditer(text)
        ):  # a company's lease (`Tenant: Acme Logistics GmbH`) is no home
            spans += [
                span
                for span in _tenancy_addresses(text)
                if not any(s < span[1] and span[0] < e for s, e in spans)
            ]
    if streetish and not lower.isascii() and HANGUL_RE.search(text):
        spans += _korean_addresses(text)
    if "住" in text or "地址" in text:
        spans += [
            m.span("address")
            for m in ZH_ADDRESS_RE.finditer(text)
            if not ZH_NOT_HOME_RE.search(line_around(text, m.start(), m.end()))
        ]
    if "〒" in text and any(w in lower for w in ("住所", "自宅", "address")):
        spans += [m.span() for m in JP_ADDRESS_RE.finditer(text)]
    for start, end in sorted(set(spans)):
        if SAMPLE_LINE_RE.search(line_around(text, start, end)):
            continue
        value = text[start:end]
        yield ADDRESS, start, end, value, normalize_address(value)


# (s14) Where someone is, or where their things go, told in passing: `we're
# at …`, `Zoe moved to …`, `pick up Nora from …`, `send the keys to her
# mum's: …`, `Schick das Paket bitte an …`, `Estamos en …`, `a casa mia, …`,
# `Skicka det till mig: …`. The street follows within a few words; the
# words before it name no office, shop or venue.
WHEREABOUTS_CUE_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:"
    r"(?:we|they|i|she|he)['’](?:re|m|s)(?: now| currently| still)? (?:at|in)|"
    r"(?:we|they) are(?: now| currently| still)? (?:at|in)|i am (?:at|in)|"
    r"staying at|(?-i:[A-Z][a-z]+) (?:has |just )?(?:moved|relocated) (?:in)?to|"
    r"(?:pick|collect|fetch)(?: up)?(?: (?-i:[A-Z][a-z]+))?(?: up)? from|"
    r"drop (?:\w+ )?off at|"
    r"come (?:over |round |by )?to (?:ours|mine|my place|our place)|"
    r"(?:at|to) (?:ours|mine)|crash(?:ing)? at|stay(?:ing)? with (?:us|me) at|"
    r"(?:send|ship|post|mail|deliver|forward|bring|take)(?: [\w'’]+){0,4}? to|"
    r"(?:schick|send|liefer|bring)\w*(?: [\w'’]+){0,4}? an|"
    r"(?:wir|ich) (?:wohnen?|sind|bin)(?: jetzt| nun| seit \w+)?"
    r"(?: in der| in| an der| am| auf der)?|"
    r"estamos en|estoy en|vivimos en|nos mudamos a|me mud[ée] a|"
    r"(?:m[aá]nd|env[ií])a(?:lo|la|los|las|me|le|les)? a|"
    r"(?:a|en) (?:su|mi|nuestra) casa|(?:a|en) casa de \w+|"
    r"a casa (?:mia|sua|nostra|di \w+)|siamo (?:in|a)|abitiamo (?:in|a)|"
    r"(?:spedisc|mand)\w* a|ci siamo trasferiti (?:in|a)|"
    r"on est (?:au|à)|nous sommes (?:au|à)|on habite(?: au| à)?|"
    r"envoie(?:-le|-la|-les)? (?:à|au)|"
    r"estamos n[ao]|moramos n[ao]|mudamos para|(?:mand|envi)a (?:pra|para)|"
    r"we wonen(?: nu)? (?:op|aan|in)|stuur(?: \w+){0,2} naar|"
    r"skicka(?: \w+){0,3} till(?: mig| oss)?|vi bor(?: nu)? (?:på|i)|"
    r"send(?: \w+){0,3} til(?: meg| oss| mig| os)?|vi er (?:på|i)|"
    r"wyślij(?: \w+)? (?:na|do)|mieszkamy (?:na|przy|w)|jesteśmy (?:na|przy|w)|"
    r"stau(?: acum)? (?:pe|în|la)|locui(?:esc|m)(?: acum)? (?:pe|în|la)|"
    r"ne-am mutat (?:pe|în|la)|trimite(?:-l|-le|-mi)? (?:pe|la)|"
    r"taşındı\w*|oturuyor\w*|evime|evine|adresime|şu adrese|"
    r"kirim(?: \w+)? ke|tinggal di|pindah ke|gửi(?: \w+)? (?:về|đến|tới)|chuyển đến)"
    r"(?![^\W\d_])"
)
WHEREABOUTS_STEMS = (
    "we're", "we’re", "they're", "i'm", "she's", "he's", "are at", "are in",
    "am at", "staying", "moved", "relocated", "pick", "collect", "fetch",
    "drop", "send", "ship", "post", "mail", "deliver", "forward", "bring",
    "take", "schick", "liefer", "wohne", "wir sind", "ich bin", "estamos",
    "estoy", "vivimos", "mud",
    "manda", "mandá", "envia", "envía", "casa", "siamo", "abitiamo", "spedisc",
    "trasferiti", "on est", "sommes", "habite", "envoie", "moramos", "wonen",
    "stuur", "skicka", "vi bor", "til", "vi er", "wyślij", "mieszkamy",
    "jesteśmy", "come ", "ours", "mine", "crash", "stay", "stau", "locui",
    "mutat", "trimite", "taşın", "oturuyor", "evim", "evin", "adres", "kirim",
    "tinggal", "pindah", "gửi", "chuyển",
)  # fmt: skip
WHEREABOUTS_GAP = 40  # the street starts this near after its cue
WHEREABOUTS_GAP_WORDS = 5
# A Japanese address after a cue of home or sending (`実家に送って：〒…`).
JP_HOME_CUES = (
    "実家",
    "送って",
    "届けて",
    "送り先",
    "住んで",
    "引っ越",
    "自宅",
    "住所",
)
# A Chinese address after a move or a sending (`搬到了…`, `寄到…`).
ZH_WHEREABOUTS_CUES = ("搬到", "搬去", "寄到", "送到", "快递到", "寄给")
ZH_WHEREABOUTS_RE = re.compile(
    r"(?:搬到了?|搬去了?|寄到|送到|快递到|寄给我?)[ \t]*"
    r"(?P<address>(?:[\u4e00-\u9fff]{2,8}?(?:省|市|自治区))?"
    r"[\u4e00-\u9fff]{1,8}?(?:市|区|县|镇)[\u4e00-\u9fff\d]{1,20}?"
    r"(?:路|街|道|巷|弄|胡同)\d{1,5}号(?:[\u4e00-\u9fff]{0,6}?\d{1,5}"
    r"(?:栋|号楼|幢|单元|楼|层|室|房))*)"
)
# A Korean flat: a building's and a flat's number (`107동 1410호`).
KO_FLAT_RE = re.compile(r"\d{1,4}동[ \t]*\d{1,5}호")


NOT_HOME_AFTER_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:office|headquarters|hq|store|shop|restaurant|"
    r"warehouse|reception|hotel|venue|meetup|event|conference|congress|"
    r"example|sample|fictional|clinic|hospital|büro|oficina|ufficio|bureau)"
    r"(?![^\W\d_])"
)


def whereabouts_addresses(text: str) -> Iterator[Found]:
    """Yield an address told as where someone is or where their things go."""
    lower = text.lower()
    spans: list[tuple[int, int]] = []
    if any(stem in lower for stem in WHEREABOUTS_STEMS):
        spans += _addresses_after_whereabouts(text)
    if not text.isascii():
        if any(cue in text for cue in ZH_WHEREABOUTS_CUES):
            spans += [
                m.span("address")
                for m in ZH_WHEREABOUTS_RE.finditer(text)
                if not ZH_NOT_HOME_RE.search(line_around(text, m.start(), m.end()))
            ]
        if "〒" in text and any(cue in text for cue in JP_HOME_CUES):
            spans += [m.span() for m in JP_ADDRESS_RE.finditer(text)]
        if HANGUL_RE.search(text):
            spans += [
                m.span()
                for m in KO_ADDRESS_RE.finditer(text)
                if KO_FLAT_RE.search(m.group())
                and not KO_NOT_HOME_RE.search(line_around(text, m.start(), m.end()))
            ]
    for start, end in spans:
        if SAMPLE_LINE_RE.search(line_around(text, start, end)):
            continue
        value = text[start:end]
        yield ADDRESS, start, end, value, normalize_address(value)


CUE_TRAIL_RE = re.compile(r"[ \t:：,—–-]*")
# (s14) A Japanese address without its postcode: a prefecture, a city or a
# ward, then the block's numbers (`東京都渋谷区渋谷2-21-1`), a flat after.
JP_PLAIN_ADDRESS_RE = re.compile(
    r"(?:東京都|北海道|京都府|大阪府|[\u4e00-\u9fff]{2,3}県)"
    r"[\u4e00-\u9fff\u30a0-\u30ff]{1,12}?[市区町村郡]"
    r"[\u4e00-\u9fff\u30a0-\u30ff]{0,12}?\d{1,4}(?:[-－]\d{1,4}){1,2}"
    r"(?:[ \t　]?[^\s、。,，]{0,20}?\d{1,5}号室?)?"
)


def _addresses_after_whereabouts(text: str) -> Iterator[tuple[int, int]]:
    reach = 0
    for cue in WHEREABOUTS_CUE_RE.finditer(text):
        if cue.end() < reach:
            continue
        line_start = text.rfind("\n", 0, cue.start()) + 1
        line_end = text.find("\n", cue.end())
        line_end = len(text) if line_end < 0 else line_end
        window = min(line_end, cue.end() + WHEREABOUTS_GAP)
        # the street right after the cue first (`Jl. Sudirman No. 5`: its
        # own abbreviation's dot is no sentence's end), else a few words on
        at = CUE_TRAIL_RE.match(text, cue.end()).end()
        # a Korean or Japanese address right after the cue (`Pick up Jun
        # from 부산광역시 …`, `we're at 東京都渋谷区…`): to its own end
        local = KO_ADDRESS_RE.match(text, at) or JP_PLAIN_ADDRESS_RE.match(text, at)
        if local and not (
            KO_NOT_HOME_RE.search(text, line_start, line_end)
            or ZH_NOT_HOME_RE.search(text, line_start, line_end)
        ):
            reach = local.end()
            yield local.span()
            continue
        street = STREET_RE.match(text, at, window) or STREET_RE.search(
            text, cue.end(), window
        )
        if street is None:
            continue
        gap = text[cue.end() : street.start()]
        if (
            re.search(r"\d|[.!?;](?:\s|$)", gap)
            # a name before the street is a place's (`collect from Tesco,
            # 12 High St`, `we're at Hotel Adlon, …`)
            or re.search(rf"(?<![^\W\d_]){_UP}", gap)
            or _words(gap) > WHEREABOUTS_GAP_WORDS
            or (street.start() and text[street.start() - 1].isalnum())
        ):
            continue
        end = _address_end(text, street.start(), line_end)
        value = text[street.start() : end].rstrip(" ,")
        if not _plausible_address(value) or len(value) < 10:
            continue
        # whose: nothing before the street on its line names a business, a
        # venue or a desk (the address's own words may: `Station St`)
        before = text[line_start : street.start()]
        if (
            NOT_HOME_RE.search(before)
            or BUSINESS_GAP_RE.search(before)
            or LEGAL_FORM_RE.search(text, line_start, street.start() + len(value))
            or person_facts.NOT_HOME_RE.search(before)
            # nor after it (`… for the conference`; not `after school`)
            or NOT_HOME_AFTER_RE.search(text, street.start() + len(value), line_end)
        ):
            continue
        reach = street.start() + len(value)
        yield street.start(), reach


def _words(text: str) -> int:
    return sum(1 for w in text.split() if any(c.isalnum() for c in w))


def normalize_address(value: str) -> str:
    """An address as redaction keys it: lower case, punctuation folded."""
    return " ".join(re.sub(r"[^\w]+", " ", value.lower()).split())


# -- Dates of birth ----------------------------------------------------------

BIRTH_CUES = (
    r"date[ _-]?of[ _-]?birth",
    r"birth[ _-]?date",
    r"birthdate",
    r"dob",
    r"d\.o\.b\.?",
    r"born(?: on| in)?",
    r"b\.",
    r"geb\.",
    r"geboren(?: am| op)?",
    r"geburtsdatum",
    r"née?(?: le)?",
    r"date de naissance",
    r"nacid[oa](?: el)?",
    r"naci[oó](?: el)?",
    r"fecha de nacimiento",
    r"(?-i:nat[oa])(?: il)?",
    r"data di nascita",
    r"nascid[oa](?: em| a)?",
    r"nasceu(?: em)?",
    r"nasci(?: em| a)?",  # (S10) the first person: `nasci em …`, `nací el …`
    r"nací(?: el)?",
    r"data de nascimento",
    r"nascimento",  # (S11) `Ana Souza, nascimento 5 de outubro de 1991`
    r"geboortedatum",
    r"född(?: den)?",
    r"födelsedatum",
    r"fødselsdato",
    r"født(?: den)?",
    r"ur\.",
    r"urodzi(?:ł|ła)(?: się)?",
    r"urodzon[ya]",
    r"data urodzenia",
    r"дата рождения",
    r"родил(?:ся|ась)",
    r"doğum tarihi",
    r"syntymäaika",
    r"narozen[aáý]?",
    r"nar\.",  # (S11) Czech and Slovak `nar. 02.04.2002`
    r"datum narození",
    r"生年月日",
    r"出生日期",
    r"出生于",  # (S11) `李强，出生于1992-05-23`
    r"生于",
    r"생년월일",
    r"tanggal lahir",
    r"ngày sinh",
    r"syntynyt",
    r"תאריך(?: ה)?לידה",
    r"\(\*",
    # Round 12 (S7): the labels of Eastern Europe, the Caucasus, Central
    # Asia and the Middle East (a form's field, not prose about a figure)
    r"ημερομηνία γέννησης",
    r"ημ(?:/νία|\.) γέννησης",
    r"születési (?:dátum|idő|ideje)",
    r"szül\.(?: idő| dátum)?",
    r"data na[sșş]terii",
    r"дата на раждане",
    r"datum ro[đd]enja",
    r"датум рођења",
    r"датум на раѓање",
    r"datum rojstva",
    r"dátum narodenia",
    r"дата народження",
    r"gimimo data",
    r"dzimšanas datums",
    r"sünni(?:aeg|kuupäev)",
    r"doğum tarixi",
    r"туған (?:күні|күн)",
    r"tarikh lahir",
    r"data e lindjes",
    r"تاريخ (?:الميلاد|الولادة)",
    r"تاریخ تولد",
    r"დაბადების თარიღი",
    r"ծննդյան (?:ամսաթիվ|օր)",
    r"(?:my|his|her|their|your) birthday(?:\s+is)?",
    r"(?:mein|sein|ihr) geburtstag(?:\s+ist)?(?:\s+am)?",
)
# Cues in prose (`born`, `née le`, `ur.`) take the date right after them;
# labels (`Data de nascimento de Camila Rocha:`) may name the person first.
PROSE_BIRTH_CUE_RE = re.compile(
    r"(?i)(?:born|b\.|geb\.|geboren|née?|naci\w*|nat[oa]|nasc\w*|född|født|ur\.|syntyn\w*|"
    r"urodz\w*|родил\w*|narozen\w*|nar\.|出生于|生于|\(\*|\w+ birthday|\w+ geburtstag)"
    r"(?:\s+\w+)*"
)
PROSE_BIRTH_GAP = 8
# A cue is a word of its own in scripts with spaces; a CJK cue stands
# between other characters (`王芳的出生日期是…`, `…さんの生年月日：`).
BIRTH_CUE_RE = re.compile(
    r"(?i)(?<![^\W\d\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af])(?:"
    + "|".join(sorted(BIRTH_CUES, key=len, reverse=True))
    + r")(?![^\W\d_\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af])"
)
# Round 12 (S7): a form's "place and date of birth" label: the place comes
# first (`Doğum yeri ve tarihi: İzmir, 09/04/2012`, `TTL: Bandung, …`).
PLACE_AND_DATE_CUE_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:doğum yeri ve tarihi|place and date of birth|"
    r"place/date of birth|lieu et date de naissance|lugar y fecha de nacimiento|"
    r"local e data de nascimento|luogo e data di nascita|"
    r"geburtsort und -?datum|miejsce i data urodzenia|место и дата рождения|"
    r"місце та дата народження|tempat(?:,| dan|/) ?tanggal lahir|tempat/tgl\.? lahir|"
    r"(?-i:TTL))(?![^\W\d_])"
)
PLACE_BEFORE_DATE_RE = re.compile(rf"[^\d\n]{{0,30}}{_UP}[^\d\n,]{{1,30}},\s*")
BIRTH_AFTER_RE = re.compile(r"(?i)\s*(?:生まれ|geboren|born|出生|生)")
# `Luca Meier ist am 4.7.1980 geboren.`: the participle a few words later.
BORN_LATER_RE = re.compile(r"(?i)\s*(?:\w+\s+){0,3}?geboren")
MONTHS = (
    "january|february|march|april|may|june|july|august|september|october|"
    "november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|"
    "januar|februar|märz|mai|juni|juli|oktober|dezember|"
    "janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|"
    "décembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|"
    "setiembre|octubre|noviembre|diciembre|gennaio|febbraio|aprile|maggio|"
    "giugno|luglio|settembre|ottobre|dicembre|janeiro|fevereiro|março|maio|"
    "junho|julho|setembro|outubro|novembro|dezembro|januari|februari|maart|"
    "mei|augustus|oktober|augusti|stycznia|lutego|marca|kwietnia|maja|"
    "czerwca|lipca|sierpnia|września|października|listopada|grudnia|"
    # Indonesian (the rest as Dutch), Turkish, Czech
    "maret|agustus|desember|ocak|şubat|mart|nisan|mayıs|haziran|temmuz|ağustos|"
    "eylül|ekim|kasım|aralık|ledna|února|března|dubna|května|června|července|"
    "srpna|září|října|listopadu|prosince"
)
DATE_RE = re.compile(
    r"(?i)(?<![\d/.-])(?:"
    # Hungarian and Lithuanian write `1969. 04. 24.` (S7)
    r"(?P<iso>(?:19|20)\d{2})(?:[-/.]|\. )(?P<im>0?[1-9]|1[0-2])(?:[-/.]|\. )"
    r"(?P<id>0?[1-9]|[12]\d|3[01])"
    # (S6, S7: a space may follow the dots, as Czech, Slovak, Croatian and
    # German write `10. 3. 1939`)
    r"|(?P<a>\d{1,2})(?:[./-]|\. )(?P<b>\d{1,2})(?:[./-]|\. )(?P<y>(?:19|20)\d{2})"
    rf"|(?P<td>\d{{1,2}})(?:st|nd|rd|th|er|º|°|\.)?(?:\s+|-)(?:de\s+)?(?P<tm>{MONTHS})\.?"
    r",?(?:\s+|-)(?:de\s+)?(?P<ty>(?:19|20)\d{2})"
    rf"|(?P<mm>{MONTHS})\.?\s+(?P<md>\d{{1,2}})(?:st|nd|rd|th)?,?\s+"
    r"(?P<my>(?:19|20)\d{2})"
    # Japanese and Chinese `2004年11月3日`, Korean `2004년 11월 3일` (S6)
    r"|(?P<jy>(?:19|20)\d{2})\s*[年년]\s*(?P<jm>\d{1,2})\s*[月월]\s*(?P<jd>\d{1,2})"
    r"\s*[日일]"
    r")(?![\d])"
)
BIRTH_GAP = 45
YEAR_RE = re.compile(r"(?:19|20)\d\d")


def _year(match: re.Match[str]) -> int:
    for group in ("iso", "y", "ty", "my", "jy"):
        if match.group(group):
            return int(match.group(group))
    return 0


# Data protection is for the living: nobody born more than 110 years ago
# is likely to be (`Alan Turing, born 23 June 1912`, `Goethe … 1749`).
OLDEST_LIVING_AGE = 110


def _living(year: int) -> bool:
    today = date.today().year
    return today - OLDEST_LIVING_AGE <= year <= today


def _dated(value: str) -> tuple[int, int] | None:
    match = DATE_RE.search(value)
    if match and _living(_year(match)):
        return match.span()
    return None


SHORT_DATE_STEMS = (
    "dob", "d.o.b", "birth", "geb", "naiss", "nacim", "nasc", "geboorte", "födelse",
    "urodz",
)  # fmt: skip
SHORT_DATE_STEM_RE = re.compile("|".join(map(re.escape, SHORT_DATE_STEMS)))
# After a birth label only, a two-digit year (`DOB: 12/03/90`).
LABELLED_SHORT_DATE_RE = re.compile(
    r"(?i)(?<![^\W\d])(?:dob|d\.o\.b\.?|date of birth|birth ?date|geb\.|"
    r"geburtsdatum|date de naissance|fecha de nacimiento|data di nascita|"
    r"data de nascimento|geboortedatum|födelsedatum|data urodzenia)\s*[:=]?\s*"
    r"(?P<date>(?:0?[1-9]|[12]\d|3[01])[./-](?:0?[1-9]|1[0-2])[./-]\d{2})(?![\d./-])"
)


# A birth in prose about a public or historical figure, or about a thing
# (`The euro was born on 1 January 1999`), is no one's personal data to
# redact: an encyclopaedia's sentence. It takes a marker in the sentence: a
# death or a lifespan, a public role, an encyclopaedic phrase, or a thing as
# the subject; and no sign that the person is the user's or a contact's.
SENTENCE_END_RE = re.compile(r"(?<=[a-z0-9)\]][.!?])\s+(?=[^\W\d_])|\n")
DEATH_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:died|dies|death|passed away|deceased|the late|killed|"
    r"assassinated|executed|gestorben|verstorben|starb|mort|morte|décédée?|"
    r"murió|falleció|morto|morta|morreu|faleceu|overleden|stierf|zmarła?|"
    r"умерл?а?)(?![^\W\d_])|†|\(\s*[^()]{0,30}(?:19|20|1[5-8])\d\d\s*[–—-]\s*"
    r"[^()]{0,30}(?:19|20)\d\d\s*\)"
)
PUBLIC_ROLE_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:president|presidente|président|präsident(?:in)?|"
    r"prezydent|politician|prime minister|chancellor|bundeskanzler(?:in)?|"
    r"senator|governor|minister|king|queen|prince|princess|emperor|empress|"
    r"pope|saint|actor|actress|acteur|actrice|schauspieler(?:in)?|aktor(?:ka)?|"
    r"singer|sänger(?:in)?|chanteu(?:r|se)|cantante|zanger(?:es)?|"
    r"piosenkar(?:z|ka)|songwriter|rapper|musician|composer|guitarist|drummer|"
    r"pianist|violinist|conductor|painter|sculptor|poet|novelist|writer|"
    r"écrivain|escritor(?:a)?|schriftsteller(?:in)?|schrijver|pisarz|author|"
    r"playwright|philosopher|scientist|physicist|chemist|biologist|"
    r"mathematician|astronomer|inventor|explorer|astronaut|cosmonaut|"
    r"footballer|futbolista|athlete|olympic|olympian|champion|tennis|"
    r"cricketer|boxer|racing driver|filmmaker|film director|comedian|"
    r"celebrity|famous|renowned|legendary|iconic|nobel|laureate|grammy|oscar|"
    r"founder|co-?founder|creator of|inventor of|entrepreneur|billionaire|"
    r"businessman|businesswoman|activist|journalist|youtuber|influencer|"
    r"wikipedia|biography|encyclop\w+|(?:best |well[ -])?known for|namesake|"
    r"historian|dynasty|reign|pharaoh|general|admiral|observed|celebrated|"
    r"commemorated|anniversary|international day|national day|"
    # (S6) a quiz's or a trivia night's answer is general knowledge
    r"quiz|trivia|pub quiz|fun fact)(?![^\W\d_])"
)
BORN_THING_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:euro|web|internet|idea|project|company|band|brand|"
    r"movement|concept|festival|tradition|language|format|standard|protocol|"
    r"app|product|startup|platform|bitcoin|linux|game|series|show|genre|style|"
    r"city|nation|republic|state|party|union|club|team|league|magazine|"
    r"newspaper|journal|podcast|blog|channel|network|currency|empire|kingdom|"
    r"church|university|school|museum|orchestra|label|franchise|character)s?"
    r"(?:\s+[\w'’-]+){0,2}\s+(?:was|were|is|got)\s+born(?![^\W\d_])"
)
OWN_PERSON_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:my|our|your|i|i'm|we|me|us|the user|user'?s|client|"
    r"customer|patient|tenant|employee|applicant|candidate|member|colleague|"
    r"neighbou?r|friend|son|daughter|wife|husband|mother|mum|mom|father|dad|"
    r"sister|brother|grand\w*|baby|kid|child|children|cousin|niece|nephew|"
    r"partner|fianc[ée]e?|boyfriend|girlfriend|boss|dob|mein|meine|unser\w*|"
    r"mon|ma|mes|notre|nos|mi|mis|nuestr[oa]s?|meu|minha|mijn|onze|mój|moja|"
    # (S6) Italian possessives, and parents and grandparents in the
    # languages the cues above speak: a family's own
    r"mio|mia|miei|mie|nostr[oaie]|padre|madre|nonn[oa]|pap[àa]|mamma|abuel[oa]|"
    r"pai|mãe|avô|avó|père|mère|vater|mutter|oma|opa|vader|moeder|ojciec|matka|"
    r"contact|kontakt|contacto|contato|e-?mail|phone|tel|mobile|address|"
    r"record|file|form|account|works? (?:as|at|for|in)|working|employed|hired|"
    r"joined|lives|living|moved)(?![^\W\d_])|@"
)


# Born this long ago and told in prose, with no sign of the user's own
# people: history (`García Márquez nació el 6 de marzo de 1927 en …`).
HISTORICAL_AGE = 90


# Two to four capitalised words: a person's full name (`Barack Obama`).
FULL_NAME_RE = re.compile(rf"{_UP}{_L}+(?:[ \t]+{_UP}{_L}+){{1,3}}")


def _encyclopedia_names(sentence: str) -> bool:
    """Tell whether the sentence names a person WordNet lists by name.

    Princeton WordNet holds some thousands of named people (presidents,
    scientists, artists) as instances of "person": a full name it lists
    (`barack_obama`, `marie_curie`) is a public figure's. A first name alone
    (`Victoria`) is not enough, nor a role (`Project Manager`): the synset
    must be an instance (a named individual).
    """
    try:
        from memory_core.pipeline import wordnet
    except Exception:  # noqa: BLE001 - no lexicon (apps not ready): no answer
        return False
    if not wordnet.available():
        return False
    for match in FULL_NAME_RE.finditer(sentence):
        words = match.group().split()
        for size in range(len(words), 1, -1):
            for first in range(len(words) - size + 1):
                lemma = "_".join(words[first : first + size]).lower()
                if any(
                    any(p[0] == "@i" for p in synset.pointers)
                    for synset in wordnet.synsets(lemma, "n")
                ) and wordnet.kind_of(lemma, "person"):
                    return True
    return False


def _public_birth(text: str, start: int, end: int, year: int = 0) -> bool:
    """Tell a birth in an encyclopaedia's sentence from a person's record."""
    begin = 0
    for boundary in SENTENCE_END_RE.finditer(text, 0, start):
        begin = boundary.end()
    stop = SENTENCE_END_RE.search(text, end)
    sentence = text[begin : stop.start() if stop else len(text)]
    if OWN_PERSON_RE.search(sentence):
        return False
    return bool(
        (year and date.today().year - year > HISTORICAL_AGE)
        or DEATH_RE.search(sentence)
        or PUBLIC_ROLE_RE.search(sentence)
        or BORN_THING_RE.search(sentence)
        or _encyclopedia_names(sentence)
    )


def dates_of_birth(text: str) -> Iterator[Found]:
    """Yield dates of birth in `text`: a date beside a birth cue."""
    if not YEAR_RE.search(text):
        # every date here has a year of four digits, but `DOB: 12/03/90`
        lower = text.lower()
        for match in (
            LABELLED_SHORT_DATE_RE.finditer(text)
            if any(stem in lower for stem in SHORT_DATE_STEMS)
            else ()
        ):
            value = match.group("date")
            yield DOB, match.start("date"), match.end("date"), value, value
        return
    spans: set[tuple[int, int]] = set()
    lower = text.lower()
    cued = any(stem in lower for stem in BIRTH_STEMS)
    for cue in BIRTH_CUE_RE.finditer(text) if cued else ():
        window = text[cue.end() : cue.end() + BIRTH_GAP + 30]
        date_match = DATE_RE.search(window)
        if date_match is None or date_match.start() > BIRTH_GAP:
            continue
        gap = window[: date_match.start()]
        if re.search(r"\d|[.!?;,]\s|\n\s*\n", gap) or gap.count("\n") > 1:
            continue
        if PROSE_BIRTH_CUE_RE.fullmatch(cue.group()) and len(gap) > PROSE_BIRTH_GAP:
            continue  # `born at Google and released on 7 June 2014`
        start, end = cue.end() + date_match.start(), cue.end() + date_match.end()
        prose = PROSE_BIRTH_CUE_RE.fullmatch(cue.group())
        if _living(_year(date_match)) and not (
            prose and _public_birth(text, cue.start(), end, _year(date_match))
        ):
            spans.add((start, end))
    dated_before = any(stem in lower for stem in BIRTH_AFTER_STEMS)
    for date_match in DATE_RE.finditer(text) if dated_before else ():
        after = text[date_match.end() : date_match.end() + 40]
        cued = BIRTH_AFTER_RE.match(after) or BORN_LATER_RE.match(after)
        if (
            cued
            and _living(_year(date_match))
            and not _public_birth(
                text, date_match.start(), date_match.end(), _year(date_match)
            )
        ):
            spans.add(date_match.span())
    for kind, start, end in _table_cells(text) if "\n" in text else ():
        if kind == DOB:
            spans.add((start, end))
    for cue in PLACE_AND_DATE_CUE_RE.finditer(text) if cued else ():
        # a place, then the date: `Tempat, tanggal lahir: Bandung, 17-08-1990`
        date_match = DATE_RE.search(text, cue.end(), cue.end() + BIRTH_GAP + 30)
        if (
            date_match
            # the place: a capitalized name and its comma, nothing numeric
            and PLACE_BEFORE_DATE_RE.fullmatch(text, cue.end(), date_match.start())
            and _living(_year(date_match))
        ):
            spans.add(date_match.span())
    for start, end in sorted(spans):
        value = text[start:end]
        yield DOB, start, end, value, normalize_date(value)


MONTH_NUMBERS = {
    name: number
    for number, names in enumerate(
        (
            "january jan januar janvier enero gennaio janeiro januari stycznia "
            "ocak ledna",
            "february feb februar février febrero febbraio fevereiro februari "
            "lutego şubat února",
            "march mar märz mars marzo março maart marca maret mart března",
            "april apr avril abril aprile kwietnia nisan dubna",
            "may mai mayo maggio maio mei maja mayıs května",
            "june jun juni juin junio giugno junho czerwca haziran června",
            "july jul juli juillet julio luglio julho lipca temmuz července",
            "august aug août agosto augustus augusti sierpnia agustus ağustos srpna",
            "september sep sept septembre septiembre setiembre settembre setembro "
            "września eylül září",
            "october oct oktober octobre octubre ottobre outubro października "
            "ekim října",
            "november nov novembre noviembre novembro listopada kasım listopadu",
            "december dec dezember décembre diciembre dicembre dezembro grudnia "
            "desember aralık prosince",
        ),
        start=1,
    )
    for name in names.split()
}


def normalize_date(value: str) -> str:
    """The date as `YYYY-MM-DD` (day before month when both could be either)."""
    match = DATE_RE.fullmatch(value)
    parts: tuple[str | None, str | int | None, str | None] = (None, None, None)
    if match and match.group("iso"):
        parts = (match.group("iso"), match.group("im"), match.group("id"))
    elif match and match.group("y"):
        first, second = int(match.group("a")), int(match.group("b"))
        day, month = (second, first) if second > 12 else (first, second)
        parts = (match.group("y"), month, day)
    elif match and match.group("ty"):
        month_name = match.group("tm").lower()
        parts = (match.group("ty"), MONTH_NUMBERS.get(month_name), match.group("td"))
    elif match and match.group("my"):
        month_name = match.group("mm").lower()
        parts = (match.group("my"), MONTH_NUMBERS.get(month_name), match.group("md"))
    elif match and match.group("jy"):
        parts = (match.group("jy"), match.group("jm"), match.group("jd"))
    year, month, day = parts
    if year and month and day:
        return f"{year}-{int(month):02d}-{int(day):02d}"
    return " ".join(re.sub(r"[^\w]+", " ", value.lower()).split())


def table_addresses(text: str) -> Iterator[Found]:
    """Yield the cells of a table's address columns (street, then city)."""
    if "\n" not in text:
        return
    for kind, start, end in _table_cells(text):
        if kind == ADDRESS:
            value = text[start:end]
            yield ADDRESS, start, end, value, normalize_address(value)


# -- Passports named before their holder ------------------------------------

PASSPORT_NAMED_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:reise)?(?:passport|passeport|pasaporte|passaporto|"
    r"passaporte|paszport|pasaport|paspoort|pass|(?:загран)?паспорт|"
    # (S11) Indonesian, Malay, Thai (`เลขที่หนังสือเดินทางของ…`)
    r"paspor|pasport|หนังสือเดินทาง)"
    r"(?:[ _-]?(?:no\.?|nos|number|"
    r"num|nr|nummer|numéro|número|numero|numer|id))?"
    # (S9) and a bracketed note after it: `für das Visum (Dienstreise Rom):`
    r"(?P<gap>[^\d\n.!?:：=]{0,40}?)(?P<note>\s*\([^()\d\n.!?:：=]{1,30}\))?"
    r"[\"']?\s*[:：=]\s*[\"']?"
    r"(?-i:(?P<value>(?=[A-Z0-9]*\d)(?=[0-9]*[A-Z]|[0-9]{8,9}(?![0-9]))"
    r"[A-Z0-9]{6,9}|\d{2} \d{7}|\d{4} \d{6}))(?![\w-]|[.,/]\d)"
)


# (S11) `pass` is a passport in the Nordic languages and German: a number
# followed by how long it is valid (`pass: 33321838, giltigt t.o.m. …`).
PASSPORT_VALIDITY_RE = re.compile(
    r"(?i)[,;]?\s*\(?(?:valid|giltig|gyldig|gültig|geldig|voimassa|válido|valable|"
    r"valido|ważny|platný|expires?|exp\.|utløper|udløber|löper ut)"
)


# (S11) A number a passport is set or changed to, a few words after its name:
# `update the passport number on the booking to BB517994`.
PASSPORT_TO_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:passport|passeport|pasaporte|passaporto|passaporte|"
    r"paszport|pasaport|paspoort|reisepass)(?:[ _-]?(?:no\.?|number|num|nr|nummer|"
    r"numéro|número|numero|numer))?(?:\s+[^\W\d_]+){0,5}?\s+"
    r"(?:to|is|as|auf|à|en|naar|na|på|till|para|per)\s+"
    r"(?-i:(?P<value>(?=[A-Z0-9]*\d)(?=[0-9]*[A-Z]|[0-9]{8,9}(?![0-9]))"
    r"[A-Z0-9]{6,9}))(?![\w-]|[.,/]\d)"
)


def passports(text: str) -> Iterator[Found]:
    """Yield passport numbers after `passport … of <name>:`."""
    lower = text.lower()
    if "pas" not in lower and "паспорт" not in lower and "หนังสือเดินทาง" not in text:
        return
    for match in PASSPORT_NAMED_RE.finditer(text):
        gap = match.group("gap").strip(" \"'")
        # Round 11 (S5): `(mine)`, `(my son's)` after the gap
        gap = re.sub(r"\s*\([^()]{1,20}\)$", "", gap)
        # (S11) Thai writes `of` (`ของ`) joined to the name, with marks
        gap = re.sub(r"^ของ|[\u0e31\u0e34-\u0e3a\u0e47-\u0e4e]", "", gap)
        if gap and not re.match(
            r"(?i)(?:of|de|du|da|do|del|di|von|för|för|van|für|for|des)?\s*"
            r"[^\W\d_][\w'’.-]*(?:\s+[\w'’.-]+){0,4}$",
            gap,
        ):
            continue
        if re.match(r"(?i)pass(?![a-z])", match.group()) and not (
            match.group("value").isdigit()
            and PASSPORT_VALIDITY_RE.match(text, match.end())
        ):
            continue  # `pass: Hunter22`: a password, not a passport
        value = match.group("value")
        yield "NATIONAL_ID", match.start("value"), match.end("value"), value, value
    for match in PASSPORT_TO_RE.finditer(text):
        value = match.group("value")
        yield "NATIONAL_ID", match.start("value"), match.end("value"), value, value


# -- Machine-readable zones of passports and ID cards ------------------------

# Round 12 (S7): the two or three lines printed at the foot of a passport or
# an ID card (ICAO 9303), copied into a form. Each holds the document
# number, the birth date and the expiry, each followed by its check digit;
# three valid check digits (one random line in a thousand) and the zone's
# exact shape are taken as personal data without a name: no one else writes
# such lines. The name line above or below belongs to the zone.
MRZ_TD3_RE = re.compile(
    r"(?m)(?:^|(?<=\s))(?:(?P<names>[PV][A-Z<][A-Z<]{3}[A-Z<]{39})[ \t]*\r?\n[ \t]*)?"
    r"(?P<data>(?P<doc>[A-Z0-9<]{9})(?P<doc_check>\d)[A-Z<]{3}"
    r"(?P<birth>\d{6})(?P<birth_check>\d)[MFX<](?P<expiry>\d{6})(?P<expiry_check>\d)"
    r"[A-Z0-9<]{14}[\d<]\d)(?![A-Z0-9<])"
)
MRZ_TD2_RE = re.compile(
    r"(?m)(?:^|(?<=\s))(?:(?P<names>[ACIV][A-Z<][A-Z<]{3}[A-Z<]{31})[ \t]*\r?\n[ \t]*)?"
    r"(?P<data>(?P<doc>[A-Z0-9<]{9})(?P<doc_check>\d)[A-Z<]{3}"
    r"(?P<birth>\d{6})(?P<birth_check>\d)[MFX<](?P<expiry>\d{6})(?P<expiry_check>\d)"
    r"[A-Z0-9<]{7}\d)(?![A-Z0-9<])"
)
MRZ_TD1_RE = re.compile(
    r"(?m)(?:^|(?<=\s))(?P<data>[ACI][A-Z<][A-Z<]{3}(?P<doc>[A-Z0-9<]{9})"
    r"(?P<doc_check>\d)[A-Z0-9<]{15}[ \t]*\r?\n[ \t]*"
    r"(?P<birth>\d{6})(?P<birth_check>\d)[MFX<](?P<expiry>\d{6})(?P<expiry_check>\d)"
    r"[A-Z<]{3}[A-Z0-9<]{11}\d)(?:[ \t]*\r?\n[ \t]*(?P<names>[A-Z<]{30}))?"
    r"(?![A-Z0-9<])"
)


def _mrz_check(field: str) -> int:
    """ICAO 9303's check digit: weights 7 3 1, letters A=10, filler 0."""
    total = 0
    for i, char in enumerate(field):
        value = int(char) if char.isdigit() else 0 if char == "<" else ord(char) - 55
        total += value * (7, 3, 1)[i % 3]
    return total % 10


def machine_readable_zones(text: str) -> Iterator[Found]:
    """Yield a passport's or ID card's machine-readable zone, whole."""
    if "<" not in text:
        return
    for pattern in (MRZ_TD3_RE, MRZ_TD2_RE, MRZ_TD1_RE):
        for match in pattern.finditer(text):
            data = match.group("data")
            state = data[2:5] if pattern is MRZ_TD1_RE else data[10:13]
            if state == "UTO":
                continue  # Utopia: ICAO's specimen state, a documentation example
            if all(
                _mrz_check(match.group(field)) == int(match.group(f"{field}_check"))
                for field in ("doc", "birth", "expiry")
            ):
                parts = [match.span("data")]
                if match.group("names"):
                    parts.append(match.span("names"))
                start, end = min(a for a, _ in parts), max(b for _, b in parts)
                value = text[start:end]
                yield "NATIONAL_ID", start, end, value, re.sub(r"\s", "", value)


# -- E-mails spelled out -------------------------------------------------------

_AT = (
    r"(?:\s*(?:\[\s*at\s*\]|\(\s*(?:at|ät|arroba|chez|apenstaartje|małpa)\s*\)|"
    r"\{\s*at\s*\}|<\s*at\s*>)\s*|&#0*64;|&#x0*40;|\s+(?:at|AT)\s+|"
    r"\s+(?:arroba|arobase|chiocciola|małpa|malpa|apenstaartje|chez|klammeraffe|"
    r"snabel-a|kukac|zavináč|zavinac|собака|собачка)\s+)"
)
_DOT = (
    r"(?:\s*(?:\[\s*dot\s*\]|\(\s*(?:dot|punkt|punto|ponto|point|kropka|"
    r"punt)\s*\)|\{\s*dot\s*\}|<\s*dot\s*>)\s*|&#0*46;|&#x0*2e;|\s+(?:dot|DOT)\s+|"
    r"\s+(?:punto|punt|ponto|point|kropka|punkt|prik|piste|точка)\s+|\.)"
)
OBFUSCATED_EMAIL_RE = re.compile(
    r"(?<![\w.%+-])(?P<local>[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,62}[A-Za-z0-9_])?"
    r"(?:(?:\s+(?:dot|DOT|punto|punt|ponto|point|kropka|punkt)\s+|"
    r"\s*[\[({]\s*dot\s*[\])}]\s*)[A-Za-z0-9_]+){0,4})"
    rf"(?P<at>{_AT})"
    rf"(?P<domain>(?:[A-Za-z0-9](?:[A-Za-z0-9-]{{0,61}}[A-Za-z0-9])?{_DOT}){{1,6}}"
    r"(?P<tld>[A-Za-z]{2,24}))(?![\w-])"
)
PLAIN_DOT_RE = re.compile(_DOT)
SPELLED_AT_STEMS = (
    "at)", "at )", "at]", "at ]", "at}", "at }", "at>", "at >", "ät", "&#",
    "arroba", "chez", "małpa", "malpa", "apenstaartje", "chiocciola", "klammeraffe",
    "snabel-a", "arobase", "kukac", "zavin", "собак",
)  # fmt: skip
# Round 10 (S4): `tobi punkt krause at gmx punkt de`: `at` with any
# language's spoken dot.
SPOKEN_DOT_RE = re.compile(
    r" (?:dot|punkt|punto|punt|ponto|point|kropka|prik|piste|точка) "
)
EMAIL_CUE_RE = re.compile(
    r"(?i)mail|write|reach|contact|kontakt|schreib|écri|escrib|scriv|escrev|"
    r"correo|pisz|napisz|schrijf|skriv|"
    # Round 11 (S5): an address named (`Meine Adresse:`), Russian `напиши`
    r"adress|address|adres|direcci|endereço|indirizzo|напиш|пиш|почт"
)


# The same test as one pattern (the door's gate: a regex scan is cheaper
# than a dozen substring tests).
SPELLED_AT_RE = re.compile(
    r"at ?[)\]}>]|ät|&#|arroba|chez|małpa|malpa|apenstaartje|chiocciola|"
    r"klammeraffe|snabel-a|arobase|kukac|zavin|собак"
)


def spelled_emails(text: str) -> Iterator[Found]:
    """Yield e-mail addresses written with `(at)`, `[dot]`, `&#64;` and the like."""
    lower = text.lower()
    if not (
        any(stem in lower for stem in SPELLED_AT_STEMS)
        or (" at " in lower and SPOKEN_DOT_RE.search(lower))
    ):
        return
    for match in OBFUSCATED_EMAIL_RE.finditer(text):
        at, domain = match.group("at"), match.group("domain")
        spelled_dot = domain.count(".") < len(PLAIN_DOT_RE.findall(domain))
        worded = at.strip().isalpha() or at.strip() == "snabel-a"
        if worded and not spelled_dot:
            continue  # `met him at home.com`: `at` and a real dot is prose
        if worded and len(match.group("tld")) > 4:
            continue  # `write to me at home point blank`: no domain's ending
        if (
            worded
            and not EMAIL_CUE_RE.search(text, max(0, match.start() - 60), match.start())
            # (s14) or the address named after it (`…, the work address
            # bounces`), or a mailbox provider's domain spelled out
            and not EMAIL_CUE_RE.search(text, match.end(), match.end() + 40)
            and not SPOKEN_PROVIDER_RE.match(match.group("domain"))
        ):
            continue
        parts = [p for p in re.split(PLAIN_DOT_RE.pattern, domain) if p and p.strip()]
        local = ".".join(re.split(PLAIN_DOT_RE.pattern, match.group("local")))
        plain = f"{local}@{'.'.join(parts)}".lower()
        yield "EMAIL", match.start(), match.end(), match.group(), plain


# (s14) The mailbox providers people hold their own addresses at, as a
# domain starts, its dot spelled (`icloud dot com`, `libero dot it`) or not.
PROVIDERS = (
    r"(?:g(?:oogle)?mail|outlook|hotmail|yahoo|ymail|rocketmail|icloud|me|mac|"
    r"live|msn|aol|aim|gmx|web|t-online|freenet|proton(?:mail)?|pm|tutanota|"
    r"tuta|fastmail|hey|zoho|yandex|rambler|mail|inbox|ukr|abv|centrum|qq|163|"
    r"126|sina|yeah|naver|daum|hanmail|nate|libero|virgilio|alice|tiscali|"
    r"orange|free|sfr|laposte|wanadoo|bluewin|telenet|ziggo|kpnmail|seznam|wp|"
    r"o2|interia|onet|rediffmail|uol|bol|terra|ig|posteo|btinternet|sky|"
    r"comcast|verizon|att|shaw|rogers|bigpond|xtra|docomo|ezweb|softbank|"
    r"telefonica)"
)
SPOKEN_PROVIDER_RE = re.compile(
    rf"(?i){PROVIDERS}(?:\s+(?:dot|punkt|punto|punt|ponto|point|"
    r"kropka)\s+|\s*[\[({]\s*dot\s*[\])}]\s*)"
)
PROVIDER_DOMAIN_RE = re.compile(rf"(?i){PROVIDERS}\.")
# (s14) An address with spaces around its `@` (`tanaka.chloe96 @ icloud.com`),
# as a chat's autocorrect or a writer hiding it from scrapers leaves it.
SPACED_EMAIL_RE = re.compile(
    r"(?<![\w.%+@-])(?P<local>[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,62}[A-Za-z0-9_])?)"
    r"(?:[ \t]+[@＠][ \t]*|[@＠][ \t]+|＠)"
    # (a dot may be spaced too: `wp . pl`)
    r"(?P<domain>(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?[ \t]?\.[ \t]?){1,4}"
    r"[A-Za-z]{2,12})(?![\w-]|\.\w)"
)
NOT_MAILBOX_DOMAIN_RE = re.compile(r"(?i)(?:^|\.)(?:example|test|invalid|localhost)\.")


def spaced_emails(text: str) -> Iterator[Found]:
    """Yield e-mail addresses written with spaces around the `@`."""
    for match in SPACED_EMAIL_RE.finditer(text):
        domain = re.sub(r"[ \t]", "", match.group("domain"))
        if NOT_MAILBOX_DOMAIN_RE.search(domain + ".") or not re.search(
            r"[A-Za-z]", match.group("local")
        ):
            continue
        # someone's mailbox: at a provider people hold theirs at, or named
        # as an address before it (`docs @ readthedocs.io` is a site)
        if not PROVIDER_DOMAIN_RE.match(domain) and not EMAIL_CUE_RE.search(
            text, max(0, match.start() - 60), match.start()
        ):
            continue
        plain = f"{match.group('local')}@{domain}".lower()
        yield "EMAIL", match.start(), match.end(), match.group(), plain


# (s14) A phone in a link that opens a chat with someone (`wa.me/46701831422`,
# `api.whatsapp.com/send?phone=…`, `viber://chat?number=…`): the number is
# international without its `+`, which the matcher does not read (a `tel:`
# link keeps its `+` and is found as a number).
PHONE_LINK_RE = re.compile(
    r"(?i)(?:https?://)?(?:wa\.me/|api\.whatsapp\.com/send/?\?phone=|"
    r"viber://chat\?number=)(?P<number>(?:\+|%2B)?\d{7,15})(?!\d)"
)
# A number as written in its country (`(11) 96188-6872`, `010-2065-4179`,
# `0905-139-0745`), after a verb of calling or a name and an arrow.
NATIONAL_PHONE_RE = re.compile(
    r"(?<![\w+(./-])(?:(?:\(\d{2,4}\)[ \t]?|0\d{1,4}[ \t.-])\d{3,5}[ \t.-]\d{3,4}"
    r"(?:[ \t.-]\d{2,4})?|0[1-9]\d{8,9}"
    # ten digits in three groups, no trunk `0` (`55 1234 5678`, `300 123 4567`)
    r"|[1-9]\d{1,2}[ \t.-]\d{3,4}[ \t.-]\d{4})(?![\w#-]|[.,/]\d)"
)
PHONE_BEFORE_RE = re.compile(
    r"(?i)(?:(?<![^\W\d_])(?:ligar|liga|ligue|llamar|llama|llámale|chiamare|chiama|"
    r"anrufen|ruf|appeler|appelle|bellen|bel|ring|call|text|sms|whatsapp|zap|"
    r"celular|móvil|movil|cellulare|portable|handy|mobiel|mobil|cell|mobile)"
    rf"(?![^\W\d_]|-)[^\n]{{0,30}}|(?-i:{_UP}{_L}+)[ \t]*(?:→|->|=>)"
    # a call log's caller, a phone word in scripts without spaces
    r"|(?:발신|수신|전화|휴대폰|핸드폰|연락처|電話|携帯|ケータイ|手机|电话)[^\n\d]{0,6}"
    # a mobile-money receipt's payee (`sent to AKINYI OCHIENG 07…`)
    r"|(?:sent to|received from|paid to)[ \t]+(?-i:[A-Z][A-Za-z'’-]+)"
    r"(?:[ \t]+(?-i:[A-Z][A-Za-z'’-]+)){0,3})[ \t]*$"
)
# A desk's line, free or premium, or a number made up: no one's own.
SERVICE_LINE_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:[^\W\d_]*(?:service|support|hotline|helpline|büro)"
    r"[^\W\d_]*|help|sac|ouvidoria|atención|atendimento|kostenlos|free|"
    r"toll-free|gratuit|gratis|fiction\w*|demo|drama|example|sample|company|"
    r"office|oficina|reception|desk|hours|uhr|horas|"
    # a meeting's dial-in: its code, its room, its bridge
    r"code|pin|passcode|meeting|bridge|dial-in|call-in|conference|room)"
    r"(?![^\W\d_])"
    r"|(?<!\d)(?:0800|0808|0900|1800|0120|0570|080)[ \t.-]?\d"
    r"|株式会社|本社|代表|会社|公司|总部|客服|본사|대표|㈜|\(주\)"
)
# Where a national number is read: the countries whose mobiles are written
# with a trunk `0` or an area code in brackets.
NATIONAL_PHONE_REGIONS = (
    "BR", "KR", "PH", "JP", "IN", "MX", "AR", "CO", "ZA", "NG", "KE", "ID",
    "VN", "TR", "TH", "MY", "PE", "CL", "EG", "PK", "TW", "CN", "IT", "ES",
)  # fmt: skip


def _found_by_matcher(text: str, start: int, end: int) -> bool:
    """Tell whether the door's phone scan finds a number at `start:end`."""
    from memory_core.detectors import _phones  # imports this module

    return any(f.start < end and start < f.end for f in _phones(text))


def written_phones(text: str) -> Iterator[Found]:
    """Yield phone numbers in call links, or as their country writes them."""
    import phonenumbers

    for match in PHONE_LINK_RE.finditer(text):
        digits = re.sub(r"\D", "", match.group("number").replace("%2B", ""))
        if not SERVICE_LINE_RE.search(line_around(text, match.start())):
            yield "PHONE", match.start(), match.end(), match.group(), "+" + digits
    for match in NATIONAL_PHONE_RE.finditer(text):
        line_start = text.rfind("\n", 0, match.start()) + 1
        if not PHONE_BEFORE_RE.search(
            text, max(line_start, match.start() - 48), match.start()
        ) or SERVICE_LINE_RE.search(line_around(text, match.start())):
            continue
        raw = match.group()
        if _found_by_matcher(text, match.start(), match.end()):
            continue  # the door's matcher reads it, and keys its token
        for region in NATIONAL_PHONE_REGIONS:
            try:
                number = phonenumbers.parse(raw, region)
            except phonenumbers.NumberParseException:
                continue
            if phonenumbers.is_valid_number(number):
                e164 = phonenumbers.format_number(
                    number, phonenumbers.PhoneNumberFormat.E164
                )
                yield "PHONE", match.start(), match.end(), raw, e164
                break


# -- Salaries -----------------------------------------------------------------

SALARY = "SALARY"
# (S9) A named person's pay: a pay word, an amount in a currency and a full
# name (two capitalised words) in one sentence. What one person earns is
# theirs to keep private; a rate, a budget, an average or a job's range
# names no one (`The user's salary is 64 000 EUR` names no one either).
PAY_WORDS = (
    # English
    "salary", "salaries", "base pay", "annual gross", "gross pay", "ctc",
    "compensation", "wage", "pay rise", "pay raise", "earns", "bonus",
    "hourly rate", "day rate", "stundenlohn", "taux horaire",
    # `earns` in Nordic, Italian, Portuguese, Czech
    "tjener", "tjänar", "guadagna", "ganha", "vydělává",
    # German, Dutch, Nordic
    "gehalt", "jahresgehalt", "monatsgehalt", "gehaltserhöhung", "lohn",
    "brutto", "verdient", "salaris", "bruto", "loon", "lön", "løn", "lønn",
    # French, Spanish, Portuguese, Italian
    "salaire", "brut", "gagne", "rémunération", "sueldo", "gana",
    "salario", "cobra", "salário", "remuneração", "stipendio", "retribuzione",
    "lordo", "lordi",
    # Polish, Czech
    "pensja", "wynagrodzenie", "zarabia", "mzda", "plat",
)  # fmt: skip
# A pay word's letters as `lower` has them: a cheap test before the scan.
PAY_STEMS = tuple(sorted({w.lower() for w in PAY_WORDS}))
PAY_WORD_RE = re.compile(
    r"(?i)(?<![\w-])(?:" + "|".join(map(re.escape, PAY_WORDS)) + r")\w{0,3}(?!\w)"
)
_CURRENCY = (
    r"(?:[$€£¥₹₩₺₽₦₱₪₴₸฿₫]|R\$|zł|zl|kr|Kč|Ft|CHF|EUR|USD|GBP|INR|PLN|SEK|NOK|DKK|"
    r"CZK|HUF|RON|AUD|CAD|NZD|JPY|CNY|HKD|SGD|ZAR|NGN|KES|BRL|MXN|TRY|AED|SAR)"
)
_AMOUNT = r"\d{1,3}(?:[,.' \u00a0\u202f]\d{2,3})+|\d{4,7}"
SALARY_AMOUNT_RE = re.compile(
    rf"(?<![\w.,])(?:{_CURRENCY}\s?(?P<a>{_AMOUNT})|(?P<b>{_AMOUNT})\s?{_CURRENCY}"
    # (S11) India's lakhs and crores a year: `24 LPA`, `18.5 lakhs`
    r"|(?P<c>\d{1,3}(?:\.\d{1,2})?)\s?(?:LPA|lakhs?|lacs?|crores?|cr))"
    r"(?![\w])"
)
# (S11) Japanese and Chinese: a name, its possessive, the pay word, an
# amount in yen or yuan (`佐藤美咲の年収は650万円`); not a company's, a
# country's or an average (`平均年収`).
CJK_SALARY_RE = re.compile(
    r"(?P<name>[\u4e00-\u9fff\u30a0-\u30ff]{2,5})(?:さん|様|氏)?(?:の|的)"
    r"(?:年収|月収|給与|給料|年俸|月給|年薪|月薪|工资|薪水)[はが是为：:]?\s*"
    r"(?P<amount>\d[\d,.]*(?:万|億|亿|千)?(?:円|元|人民币))"
)
CJK_NOT_ONES_RE = re.compile(r"社|会|業|国|日本|中国|平均|全体|部|公司|企业|行业")
FULL_NAME_RE = re.compile(
    rf"(?<![\w'’-]){_UP}{_L}+(?:-{_UP}{_L}+)?(?:[ \u00a0](?:de |van |von |da |di |"
    rf"O'|O’|Mc)?{_UP}(?:{_L}|['’]{_UP}){{1,}}(?:-{_UP}{_L}+)?){{1,2}}(?![\w-])"
)
# A sum that is no one's pay: a budget, an average, a range, a rate.
NOT_ONES_PAY_RE = re.compile(
    r"(?i)\b(?:average|median|mean|budget|pool|range|band|total|minimum|maximum|"
    r"cap|per employee|per head|headcount|benchmark|market rate|job (?:ad|post)|"
    r"vacanc\w*|opening|position|role|we offer|"
    r"durchschnitt\w*|mindestlohn|budget\w*|moyen\w*|médian\w*|promedio|"
    r"presupuesto|mínimo|medio|średni\w*|gemiddeld\w*)\b"
)
NOT_NAME_WORDS = {
    "the", "our", "new", "neu", "neues", "neue", "base", "annual", "gross",
    "payroll", "salary", "memory", "note", "team", "department", "senior",
    "junior", "lead", "head", "engineer", "manager", "director", "developer",
    "analyst", "officer", "chief", "april", "may", "june", "july", "march",
    "january", "february", "august", "september", "october", "november",
    "december", "monday", "friday", "hr", "ceo", "cfo", "cto", "vp",
    # a job or a department is no one: `Data Scientist salary $130,000`
    "scientist", "specialist", "consultant", "coordinator", "assistant",
    "associate", "accountant", "administrator", "architect", "designer",
    "intern", "advisor", "adviser", "representative", "executive", "partner",
    "controller", "clerk", "technician", "nurse", "teacher", "driver",
    "finance", "sales", "marketing", "operations", "engineering", "support",
    "legal", "product", "data", "software", "staff", "employee", "employees",
}  # fmt: skip


def _full_name_matches(sentence: str) -> Iterator[re.Match[str]]:
    """Yield the full names (two capitalised words) in `sentence`."""
    at = 0
    while match := FULL_NAME_RE.search(sentence, at):
        words = re.split(r"[ \u00a0]", match.group())
        # `Gehaltserhöhung Emre Yıldız`: the name may start at the next word
        at = match.start() + len(words[0]) + 1
        if any(w.lower() in NOT_NAME_WORDS or PAY_WORD_RE.fullmatch(w) for w in words):
            continue
        if LEGAL_FORM_RE.search(sentence, match.start(), match.end() + 12):
            continue  # `Acme Logistics GmbH`: a company's
        yield match


def _full_names(sentence: str) -> bool:
    """Tell whether `sentence` names a person by two capitalised words."""
    return next(_full_name_matches(sentence), None) is not None


def salaries(text: str) -> Iterator[Found]:
    """A named person's pay: a pay word, an amount and a full name together."""
    for line_match in re.finditer(r"[^\n]+", text):
        line = line_match.group()
        if not PAY_WORD_RE.search(line) or NOT_ONES_PAY_RE.search(line):
            continue
        for match in SALARY_AMOUNT_RE.finditer(line):
            if re.search(r"\s?(?:%|[–—-]\s?[$€£]?\d)", line[match.end() :][:3]):
                continue  # `18,6 %`, a range `$90,000–$110,000`
            if not _full_names(line):
                break
            start = line_match.start() + match.start()
            end = line_match.start() + match.end()
            value = match.group()
            amount = match.group("a") or match.group("b") or match.group("c")
            currency = value.replace(amount, "").strip().upper()
            # `$98,500` and `$98 500` one value; `98.500 €` another
            digits = re.sub(r"\D", "", amount)
            yield SALARY, start, end, value, f"{currency}:{digits}"
    for match in CJK_SALARY_RE.finditer(text):
        if CJK_NOT_ONES_RE.search(match.group("name")):
            continue
        value = match.group("amount")
        yield SALARY, match.start("amount"), match.end("amount"), value, value


# -- Vehicle plates -----------------------------------------------------------

# (S9) A person's car: a plate's label, then a plate in one of the national
# shapes (the UK's `BD51 SMR`, Germany's `M-AB 1234`, France's and Italy's
# `AB-123-CD`, Spain's `1234 BCD`, the Netherlands' sidecodes), and a full
# name on the line. A plate names its keeper; without a person's name it is
# a fleet's (`license plate B-MW 4412 (company car)`). Reported as a
# NATIONAL_ID, a register's number as a bank account is.
PLATE_LABEL_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:licen[cs]e plate|number plate|plate(?: number| no\.?)?|"
    r"(?:vehicle|car) reg(?:istration)?(?: number| no\.?| mark)?|registered vehicle|"
    r"reg(?:istration)?(?: no\.?| number| mark)?|(?:kfz-|amtliches )?kennzeichen|"
    r"nummernschild|immatriculation|plaque(?: d['’]immatriculation)?|"
    r"matr[ií]cula|targa|kenteken|registreringsnummer|rekisterinumero|"
    r"numer rejestracyjny|tablica rejestracyjna)(?![^\W\d_])"
    # whose, between the label and the plate: `kenteken van Sanne de Jong:`
    r"[^\n\d]{0,30}?(?:[:：]\s*|\s+)"
)
# Every label of PLATE_LABEL_RE holds one of these (lowered).
PLATE_LABEL_STEMS = (
    "plate",
    "reg",
    "kennzeichen",
    "nummernschild",
    "immatriculation",
    "plaque",
    "matr",
    "targa",
    "kenteken",
    "rekisterinumero",
    "rejestracyjn",
)
PLATE_RE = re.compile(
    r"(?-i:[A-Z]{2}\d{2} ?[A-Z]{3}"  # United Kingdom
    r"|[A-ZÄÖÜ]{1,3}[- ][A-Z]{1,2} ?\d{1,4}[EH]?"  # Germany
    r"|[A-Z]{2}-\d{3}-[A-Z]{2}|[A-Z]{2} ?\d{3} ?[A-Z]{2}"  # France, Italy
    r"|\d{4} ?[BCDFGHJKLMNPRSTVWXYZ]{3}"  # Spain
    # the Netherlands: three groups of letters and digits, both present
    r"|(?=[A-Z0-9-]{6,8}(?![\w-]))(?=[A-Z-]*\d)(?=[0-9-]*[A-Z])"
    r"[A-Z0-9]{1,3}-[A-Z0-9]{2,3}-[A-Z0-9]{1,2})(?![\w-])"
)
PLATE_AFTER_LABEL_RE = re.compile(
    PLATE_LABEL_RE.pattern + "(?P<plate>" + PLATE_RE.pattern + ")"
)
FLEET_RE = re.compile(
    r"(?i)company car|pool car|fleet|firmenwagen|dienstwagen|firmenfahrzeug|"
    r"voiture de (?:société|fonction)|coche de empresa|auto aziendale|"
    r"leaseauto van de zaak|rental|hire car|mietwagen"
)


# A person's own car without a name: `my car`, `Mein Auto:`, `mijn auto`,
# `mi coche`, `la voiture de Julie` (the lead, from S10's report).
OWNED_CAR_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:(?:my|our|his|her|their)\s+(?:\w+['’]s\s+)?"
    r"(?:car|vehicle|van|motorbike|motorcycle|pickup|truck|suv)|"
    r"mein(?:e|em|en)?\s+(?:auto|wagen|fahrzeug|motorrad)|"
    r"mijn\s+(?:auto|wagen|motor)|(?:mi|su)\s+(?:coche|carro|auto|moto)|"
    r"(?:ma|sa)\s+(?:voiture|moto)|la\s+(?:mia|sua)\s+(?:auto|macchina|moto)|"
    r"(?:min|mitt|sin)\s+bil|mój\s+samochód|meu\s+carro|"
    r"(?:voiture|coche|auto|carro)\s+(?:de|di|van|von)\s+(?-i:[A-Z])\w+)(?![^\W\d_])"
)


def vehicle_plates(text: str) -> Iterator[Found]:
    """A plate after its label, on a line that names a person or their car."""
    for match in PLATE_AFTER_LABEL_RE.finditer(text):
        start, end = match.span("plate")
        line = line_around(text, match.start(), end)
        if FLEET_RE.search(line) or not (
            _full_names(line) or OWNED_CAR_RE.search(line)
        ):
            continue
        value = match.group("plate")
        yield "NATIONAL_ID", start, end, value, re.sub(r"\W", "", value)


def find_personal_details(text: str, digits: int) -> list[Found]:
    """Every finding above in `text` (which holds `digits` digits).

    The door calls this once per text: the cheap tests come first, so most
    texts (prose with a few digits) leave after a handful of substring tests.
    """
    lower = text.lower()
    found: list[Found] = []
    if SPELLED_AT_RE.search(lower) or (" at " in lower and SPOKEN_DOT_RE.search(lower)):
        found += spelled_emails(text)
    if " @" in text or "@ " in text or "＠" in text:
        found += spaced_emails(text)
    if (
        any(w in lower for w in HEALTH_STEMS)
        or any(w in text for w in HEALTH_CAPITALS)
        or (digits and DOSE_UNIT_RE.search(text))
    ):
        found += health_details(text)
    found += person_facts.health_statements(text)
    if digits or "@" in text or "alias" in lower:
        found += person_facts.bank_accounts(text)
    if not digits:
        return found
    if digits >= 7:
        found += written_phones(text)
    if "pas" in lower or "паспорт" in lower or "หนังสือเดินทาง" in text:
        found += passports(text)
    # a zone holds two dates and four check digits at least (S11: not 20)
    if digits >= 16 and "<" in text:
        found += machine_readable_zones(text)
    if (
        "\n" in text
        or "〒" in text
        or STREETISH_RE.search(text)
        or ("住" in text or "地址" in text)
    ):
        found += addresses(text)
        if "\n" in text:
            found += table_addresses(text)
    # (S13) local formats the rules above miss; where they found an address
    # already, theirs stands (its end is the better)
    found += [
        f
        for f in person_facts.home_addresses(text)
        if not any(g[0] == ADDRESS and g[1] < f[2] and f[1] < g[2] for g in found)
        and not LEGAL_FORM_RE.search(line_around(text, f[1]))
        and not BUSINESS_GAP_RE.search(line_around(text, f[1]))
    ]
    # (s14) an address told as where someone is: a number beside a word
    # first, as every street has (scripts without spaces go on)
    if not text.isascii() or STREETISH_RE.search(text):
        found += [
            f
            for f in whereabouts_addresses(text)
            if not any(g[0] == ADDRESS and g[1] < f[2] and f[1] < g[2] for g in found)
        ]
    if digits >= 4 and (YEAR_RE.search(text) or SHORT_DATE_STEM_RE.search(lower)):
        found += dates_of_birth(text)
    if (
        digits >= 2 and any(w in lower for w in PAY_STEMS) and PAY_WORD_RE.search(text)
    ) or (digits and not lower.isascii() and CJK_SALARY_RE.search(text)):
        found += salaries(text)
    found += person_facts.money_of_person(text)
    if "\n" in text:
        found += person_facts.money_columns(text)
    if any(w in lower for w in PLATE_LABEL_STEMS):
        found += vehicle_plates(text)
    return found


# -- Health ---------------------------------------------------------------------

HEALTH = "HEALTH"
# (S11) A named person's health: a diagnosis, a condition or a medicine
# with its dose, in the sentence that names them (two capitalised words, or a
# Japanese or Korean name with its honorific). Health is a special category
# of personal data (GDPR art. 9): `Tobias Wagner hat Diabetes Typ 2` is
# redacted from the condition on, `<HEALTH_1>`; a condition no one has
# (`diabetes is common after 60`) or the user's own (`I have asthma`, no
# name) stays as written.
HEALTH_TERMS = (
    # a diagnosis, a sick note, a doctor's letter
    # (not `diagnostics`: a program's self-test)
    r"diagnos(?:is|es|ed|e|en|i|iert\w*|ticad[ao]s?|ticou|tiqué\w*)|diagnóstic\w*|"
    r"diagnoz\w*|sick note|"
    r"krankschreibung|krankgeschrieben|krankgemeldet|arbeitsunfähig\w*|"
    r"arrêt maladie|baja médica|"
    r"sjukskriv\w*|ziekmelding|"
    # conditions, by stems shared across languages
    r"diabet\w*|diabète|cukrzyc\w*|insulin\w*|cancer\w*|cáncer|câncer|krebs\w*|kanker|tumou?r\w*|"
    r"leuk[aä]?emi\w*|lymphom\w*|chemo\w*|quimioterapia|radiotherap\w*|"
    r"dialys\w*|diálise|epilep\w*|epiless\w*|asthma\w*|asthme|astma\w*|asma|"
    r"depressi\w*|depresj\w*|depresión|dépression|anxiety|angststörung|"
    r"anxiété|ansiedad|ansiedade|bipolar\w*|schizophren\w*|esquizofren\w*|"
    r"autis\w*|dementia|demenz|démence|alzheimer\w*|parkinson\w*|"
    r"scler\w*|sklero\w*|esclerosis|stwardnienie|crohn\w*|colitis|"
    r"arthritis|artrite|artritis|lupus|hypothyro\w*|hipotiroid\w*|"
    r"hyperthyro\w*|hypertens\w*|hipertensi\w*|bluthochdruck|migrain\w*|"
    r"migräne|endometrio\w*|hepatitis|cirrho\w*|infarkt\w*|infarct\w*|"
    r"heart attack|schlaganfall|burn-?out|eating disorder|anorexi\w*|"
    r"bulimi\w*|ptsd|ocd|adhd|adhs|tdah|copd|"
    r"allerg\w*|alérgic\w*|alergi\w*|"
    r"pregnan\w*|schwanger\w*|enceinte|embarazada|grávida|incinta|zwanger|"
    r"gravid|w ciąży"
)
# Japanese, Chinese, Korean: a condition, a disorder, a medicine taken (no
# spaces between words: no word boundary either)
HEALTH_TERMS_CJK = (
    r"糖尿病|がん|癌|うつ病|抑郁|障害|障碍|妊娠|アレルギー|インスリン|"
    r"당뇨|우울증|공황장애|장애|임신|복용|服用|투약|診断|诊断|진단"
)
HEALTH_TERM_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:" + HEALTH_TERMS + r")(?![^\W\d_])|" + HEALTH_TERMS_CJK + ""
    # Swedish, Danish `KOL` (COPD) and the acronyms, in capitals as written
    r"|(?<![^\W\d_])(?-i:KOL|BPCO|EPOC|HIV|AIDS)(?![^\W\d_])"
)
# A medicine's dose (`Metformin 1000 mg`, `Levothyrox 75 µg`), the medicine
# before it.
DOSE_RE = re.compile(
    r"(?i)(?:(?<![\w-])[^\W\d_][\w-]{2,}\s+)?(?<![\w.,+/])\d+(?:[.,]\d+)?\s?"
    r"(?:mg|µg|μg|mcg|i\.e\.|iu|ie)(?![\w+/])"
)
# The cheap test before DOSE_RE (led by a digit: the engine skips to digits).
DOSE_UNIT_RE = re.compile(r"(?i)\d\s?(?:mg|µg|μg|mcg|i\.e\.|iu|ie)(?![\w+/])")
HEALTH_NAME_RE = re.compile(
    r"[\u4e00-\u9fff\u30a0-\u30ff]{2,5}(?:さん|様|さま|氏)|[가-힣]{2,4}\s?(?:님|씨)"
)
HEALTH_CLAUSE_END_RE = re.compile(r"[.!?](?=\s|$)|[,;(]|\s[-–—]\s|。|、|\n")
HEALTH_STEMS = (
    "diagn", "sick", "krank", "arbeitsunf", "arrêt", "baja", "sjuk",
    "ziek", "diabet", "diabè", "cukrzyc", "insulin", "cancer", "cáncer",
    "câncer", "krebs", "kanker", "tumo",
    "leuk", "lymph", "chemo", "quimio", "radioth", "dialys", "diális", "epilep",
    "epiless", "asthm", "astma", "asma", "depres", "dépres", "anxi", "angst",
    "ansied", "bipolar", "schizo", "esquizo", "autis", "demen", "démen",
    "alzheim", "parkinson", "scler", "sklero", "escler", "stwardn", "crohn",
    "colitis", "artri", "arthri", "lupus", "thyro", "tiroid", "hypert",
    "hipert", "bluthoch", "migrain", "migrän", "endometri", "hepatit", "cirrh",
    "infar", "heart attack", "schlaganf", "burnout", "burn-out", "eating dis",
    "anorex", "bulimi", "allerg", "alérg", "alerg", "pregnan", "schwanger",
    "enceinte", "embaraz", "grávid", "incinta", "zwanger", "gravid", "ciąży",
    "診断", "诊断", "진단", "糖尿病", "がん", "癌", "うつ病", "抑郁", "障害",
    "障碍", "妊娠", "アレルギー", "インスリン", "당뇨", "우울증", "장애",
    "임신", "복용", "服用", "투약",
)  # fmt: skip
# The acronyms, in capitals as written (`archive` holds `hiv`).
HEALTH_CAPITALS = (
    "PTSD", "OCD", "ADHD", "ADHS", "TDAH", "COPD", "KOL", "BPCO", "EPOC", "HIV",
    "AIDS",
)  # fmt: skip


# A condition that is a subject of work, not someone's: a study, a month of
# awareness, a specialist's field, a test offered to all.
NOT_ONES_HEALTH_RE = re.compile(
    r"(?i)(?<![^\W\d_])(?:stud(?:y|ies)|studie\w*|étude|estudio|research|"
    r"forschung|trial|conference|congress|kongress|awareness|charity|"
    r"foundation|stiftung|association|society|gesellschaft|testing|screening|"
    r"specialist|physician|fachärzt\w*|facharzt\w*|lecture|vortrag|webinar|"
    r"campaign|kampagne|fundraiser)(?![^\W\d_])"
)
# `Great Depression`, `Breast Cancer Awareness Month`: a capitalised word
# right before makes the condition part of a name or a title.
TITLE_WORD_BEFORE_RE = re.compile(rf"{_UP}{_L}+ $")


def _health_cue(body: str, match: re.Match[str]) -> bool:
    """Tell a condition someone has from a word in a name or a compound."""
    term = match.group()
    if "olog" in term.lower() or body[match.end() : match.end() + 1] == "-":
        return False  # `Allergologie`, `ADHD-tracker`
    return not (
        term[:1].isupper()
        and not term.isupper()
        and TITLE_WORD_BEFORE_RE.search(body, 0, match.start())
    )


# (S11) What stands between a person's name and their condition: a verb of
# having, being, taking or suffering (`hat`, `is`, `tiene`, `choruje na`,
# `est sous`, `har fått`), then a few words (`a severe peanut`); or only a
# colon, a dash, a possessive (`Chloe Nguyen's sick note`). Not a verb of
# work (`presented`, `will migrate`, `reviewed`): a subject, not a state.
HEALTH_LINK_RE = re.compile(
    r"(?i)(?:['’]s?)?(?:\s*\([^()\n]{1,30}\))?[ \t]*[:—–-]?[ \t]*"
    r"(?:(?:(?:also|still|now|currently|recently|just|auch|noch|jetzt|aussi|"
    r"también|ook|också|też|ainda|ancora)\s+)?"
    r"(?:has|had|have|is|was|gets|got|takes|took|uses|suffers|suffered|"
    r"hat|hatte|ist|war|nimmt|bekommt|leidet|"
    r"est|a|souffre|prend|"
    r"es|está|tiene|toma|sufre|padece|"
    r"è|ha|prende|soffre|"
    r"é|tem|toma|foi|sofre|"
    r"heeft|is|neemt|krijgt|gebruikt|"
    r"har|hade|är|var|tar|använder|får|"
    r"ma|miał[ao]?|jest|choruje|cierpi|bierze|przyjmuje|"
    r"asuu|sairastaa|käyttää)"
    r"(?![^\W\d_])[^\n]{0,40})?"
)
# After a Japanese or Korean name and its honorific: a particle, a few signs.
HEALTH_LINK_CJK_RE = re.compile(r"[^\n]{0,8}")


def _health_starts(sentence: str, cues: list[tuple[int, int]]) -> Iterator[int]:
    """Yield where a named person's condition starts in `sentence`."""
    blanked = HEALTH_TERM_RE.sub(lambda m: "x" * len(m.group()), sentence)
    names = [m.end() for m in HEALTH_NAME_RE.finditer(sentence)]
    links = [HEALTH_LINK_CJK_RE] * len(names)
    names += [m.end() for m in _full_name_matches(blanked)]
    links += [HEALTH_LINK_RE] * (len(names) - len(links))
    for name_end, link in zip(names, links, strict=True):
        after = [a for a, _ in cues if a >= name_end]
        if after and link.fullmatch(sentence, name_end, min(after)):
            yield min(after)


def health_details(text: str) -> Iterator[Found]:
    """A condition, a diagnosis or a dosed medicine of a person named before it."""
    if not (FULL_NAME_RE.search(text) or HEALTH_NAME_RE.search(text)):
        return  # no one named: `I'm allergic to peanuts` is the user's own
    for sentence in re.finditer(r"[^\n.!?。]+(?:[.!?。](?!\s|$)[^\n.!?。]*)*", text):
        body = sentence.group()
        cues = [m.span() for m in HEALTH_TERM_RE.finditer(body) if _health_cue(body, m)]
        cues += [m.span() for m in DOSE_RE.finditer(body)]
        if not cues or NOT_ONES_HEALTH_RE.search(body):
            continue
        start = min(_health_starts(body, cues), default=-1)
        if start < 0:
            continue
        last = max(b for _, b in cues)
        stop = HEALTH_CLAUSE_END_RE.search(body, last)
        end = stop.start() if stop else len(body)
        value = body[start:end].rstrip()
        at = sentence.start() + start
        yield HEALTH, at, at + len(value), value, value.lower()

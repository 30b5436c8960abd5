"""Curated word lists for the slot comparison (`slots.py`, QUALITY.md).

Value classes: a word of a class is a value of that class wherever it
stands ("the user's favourite colour is *green*", "*Berlin* is where the
user lives"), and two values clash only within one class. A capitalised word
outside every class is a name (class "name"), which may be of any
capitalised class (an unknown city, a product). Lowercase words outside every
class are unknown: they may name another subject ("the *staging* database"),
so they block a clash.

Concepts: words and phrases that say the same attribute in other words
("commute" / "get to work", "TTL" / "expire", "wedding anniversary" /
"got married") are read as one frame word.

No package on PyPI ships a synonym lexicon in its wheel without a download
at run time, so the lists live here.
"""

from __future__ import annotations


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# -- Lowercase value classes -------------------------------------------------

COLOURS = _words(
    """
    red orange yellow green blue purple violet pink brown black white grey gray
    beige navy teal turquoise maroon crimson lilac lavender indigo cyan magenta
    burgundy olive
    """
)
DRINKS = _words(
    """
    coffee tea espresso latte cappuccino americano macchiato mocha juice
    smoothie water milk beer wine cider kombucha matcha cocoa chai soda lemonade
    """
)
# Drinks of two words, read as one ("green tea" → "greentea").
COMPOUND_DRINKS = (
    ("green", "tea"),
    ("black", "tea"),
    ("herbal", "tea"),
    ("iced", "tea"),
    ("black", "coffee"),
    ("iced", "coffee"),
    ("orange", "juice"),
    ("apple", "juice"),
    ("hot", "chocolate"),
    ("sparkling", "water"),
    ("flat", "white"),
)
DRINKS = DRINKS | frozenset("".join(words) for words in COMPOUND_DRINKS)
SPORTS = _words(
    """
    tennis football soccer basketball baseball cricket rugby golf hockey
    volleyball badminton squash handball swimming running cycling climbing
    bouldering skiing snowboarding surfing boxing rowing karate judo fencing
    """
)
TRANSPORT = _words(
    """
    bike bicycle car bus train tram metro subway foot scooter motorbike
    motorcycle ferry plane taxi
    """
)
SEASONS = _words("spring summer autumn winter")
BIRTH_ORDER = _words("eldest oldest youngest middle")
INSTRUMENTS = _words(
    """
    guitar piano violin drums cello flute saxophone trumpet ukulele harp
    clarinet keyboard accordion viola trombone
    """
)
GENRES = _words(
    """
    jazz rock pop classical hiphop rap metal blues country folk techno reggae
    punk soul funk opera
    """
)
OCCUPATIONS = _words(
    """
    nurse teacher doctor engineer lawyer designer developer architect
    accountant chef pilot pharmacist dentist plumber electrician journalist
    scientist researcher programmer consultant librarian firefighter farmer
    """
)
DIETS = _words("vegetarian vegan pescatarian carnivore omnivore")
FOODS = _words(
    """
    mango papaya apple banana orange pear peach plum cherry strawberry grape
    pineapple kiwi watermelon melon lemon porridge oatmeal pancakes waffles
    toast cereal granola yoghurt yogurt eggs pizza pasta sushi ramen curry
    tacos burgers salad soup steak chicken fish rice noodles chocolate
    cheesecake tiramisu icecream popcorn
    """
)

LOWER_CLASSES: dict[str, frozenset[str]] = {
    "colour": COLOURS,
    "drink": DRINKS,
    "sport": SPORTS,
    "transport": TRANSPORT,
    "season": SEASONS,
    "birth_order": BIRTH_ORDER,
    "instrument": INSTRUMENTS,
    "genre": GENRES,
    "occupation": OCCUPATIONS,
    "diet": DIETS,
    "food": FOODS,
}

# Words that qualify which one is meant ("the *morning* run", "in the
# *evening*"): another one names another subject, not another value.
QUALIFIERS = _words(
    """
    morning afternoon evening night weekday weekend weekdays weekends
    staging production prod dev development test testing primary secondary
    backup replica internal external public private personal
    """
)

# -- Capitalised value classes -----------------------------------------------

CITIES = _words(
    """
    lisbon porto madrid barcelona valencia seville paris lyon marseille nice
    toulouse bordeaux berlin munich hamburg frankfurt cologne stuttgart
    dusseldorf leipzig dresden vienna zurich geneva basel bern amsterdam
    rotterdam utrecht brussels antwerp ghent dublin cork london manchester
    birmingham edinburgh glasgow liverpool bristol leeds oxford cambridge
    rome milan naples turin florence venice bologna athens istanbul ankara
    warsaw krakow prague budapest bucharest sofia belgrade zagreb ljubljana
    copenhagen stockholm oslo helsinki reykjavik tallinn riga vilnius kyiv
    moscow tokyo osaka kyoto seoul busan beijing shanghai shenzhen guangzhou
    hong kong taipei singapore bangkok hanoi manila jakarta kuala lumpur mumbai
    delhi bangalore bengaluru chennai hyderabad kolkata pune karachi lahore
    dubai doha riyadh cairo nairobi lagos accra johannesburg cape town sydney
    melbourne brisbane perth auckland wellington toronto vancouver montreal
    ottawa calgary chicago boston seattle austin denver miami atlanta dallas
    houston phoenix portland philadelphia detroit minneapolis nashville
    washington york angeles francisco diego jose mexico guadalajara bogota
    lima santiago quito caracas montevideo aires paulo rio janeiro brasilia
    havana
    """
)
COUNTRIES = _words(
    """
    portugal spain france germany austria switzerland netherlands belgium
    ireland uk britain england scotland wales italy greece turkey poland
    czechia hungary romania bulgaria serbia croatia slovenia denmark sweden
    norway finland iceland estonia latvia lithuania ukraine russia japan korea
    china taiwan singapore thailand vietnam philippines indonesia malaysia
    india pakistan bangladesh israel egypt kenya nigeria ghana morocco
    australia zealand canada usa america mexico brazil argentina chile peru
    colombia venezuela uruguay cuba
    """
)
LANGUAGES = _words(
    """
    english spanish portuguese french german italian dutch polish swedish
    norwegian danish finnish icelandic russian ukrainian czech slovak
    hungarian romanian bulgarian serbian croatian greek turkish arabic hebrew
    persian farsi hindi urdu bengali tamil telugu punjabi japanese chinese
    mandarin cantonese korean thai vietnamese indonesian malay tagalog swahili
    catalan basque galician welsh irish
    """
)
PROGRAMMING = _words(
    """
    python r go rust java javascript typescript kotlin swift scala c cpp
    csharp ruby php elixir erlang haskell julia matlab perl lua dart elm
    clojure ocaml fsharp zig nim crystal fortran cobol groovy bash
    """
)
# Common given names: a person is who a statement is about, not a value it
# states, so a shared one does not make two statements the same fact.
FIRST_NAMES = _words(
    """
    aaron adam adrian aisha alan albert alex alexander alice alicia amanda amelia
    amir amy ana andrea andrew angela ann anna anne anthony antonio arjun arthur
    ben benjamin beth bob brian bruno carl carla carlos caroline catherine charles
    charlie chen chloe chris christina christopher claire clara daniel david deborah
    diana diego dmitri elena elizabeth ella emily emma eric erik eva evan fatima
    felix fernando frank gabriel george gina grace greta hannah harry helen henry
    hiro hugo ian ines isabel isabella ivan jack jacob james jane jason javier
    jean jennifer jessica jim joanna joe john jon jonas jordan jose joseph joshua
    julia julian karen kate katie kenji kevin laura lauren lena leo liam lily linda
    lisa lucas lucy luis luke maria mariana mark marco martin mary matt matthew
    max mei melanie mia michael michelle miguel mike mohammed nadia nate nathan
    nick nicole noah nora olga oliver olivia omar oscar pablo patrick paul paulo
    pedro peter philip priya rachel rahul raj ravi rebecca richard robert rosa
    ryan sam samuel sara sarah sean sebastian simon sofia sophie stephen steve
    susan tariq thomas tiago tim tom tomasz victor vincent william yuki zoe
    """
)
# A nationality and its country, as COUNTRIES and COUNTRY_ALIASES name it:
# "a British citizen" / "UK citizenship" name one country; "is Austrian" /
# "lives in Munich" fill two slots (a nationality is no city).
NATIONALITIES = {
    "portuguese": "portugal", "spanish": "spain", "french": "france",
    "german": "germany", "austrian": "austria", "swiss": "switzerland",
    "dutch": "netherlands", "belgian": "belgium", "irish": "ireland",
    "british": "uk", "english": "uk", "scottish": "uk", "welsh": "uk",
    "italian": "italy", "greek": "greece", "turkish": "turkey",
    "polish": "poland", "czech": "czechia", "hungarian": "hungary",
    "romanian": "romania", "bulgarian": "bulgaria", "serbian": "serbia",
    "croatian": "croatia", "slovenian": "slovenia", "danish": "denmark",
    "swedish": "sweden", "norwegian": "norway", "finnish": "finland",
    "icelandic": "iceland", "estonian": "estonia", "latvian": "latvia",
    "lithuanian": "lithuania", "ukrainian": "ukraine", "russian": "russia",
    "japanese": "japan", "korean": "korea", "chinese": "china",
    "taiwanese": "taiwan", "singaporean": "singapore", "thai": "thailand",
    "vietnamese": "vietnam", "filipino": "philippines",
    "indonesian": "indonesia", "malaysian": "malaysia", "indian": "india",
    "pakistani": "pakistan", "bangladeshi": "bangladesh", "israeli": "israel",
    "egyptian": "egypt", "kenyan": "kenya", "nigerian": "nigeria",
    "ghanaian": "ghana", "moroccan": "morocco", "australian": "australia",
    "canadian": "canada", "american": "usa", "mexican": "mexico",
    "brazilian": "brazil", "argentinian": "argentina", "argentine": "argentina",
    "chilean": "chile", "peruvian": "peru", "colombian": "colombia",
    "venezuelan": "venezuela", "uruguayan": "uruguay", "cuban": "cuba",
}  # fmt: skip

UPPER_CLASSES: dict[str, frozenset[str]] = {
    "person": FIRST_NAMES,
    "city": CITIES,
    "country": COUNTRIES,
    "language": LANGUAGES,
    "programming": PROGRAMMING,
    "nationality": frozenset(NATIONALITIES),
}

# -- Concepts: one attribute said in other words -----------------------------

# Phrases read as one frame word before anything else (lower case, regex
# alternatives; the replacement is the concept's word).
CONCEPT_PHRASES: tuple[tuple[str, str], ...] = (
    (r"gets? to work|goes to work|travel(?:s|ling)? to work", "commute"),
    (r"(?:spends?|takes?) (?=\S+ \S+ commuting)", "commute "),
    (r"time[- ]to[- ]live", "ttl"),
    (r"lives? for(?= Q)", "ttl"),
    (r"wedding anniversary|got married|gets married|were married", "married"),
    (r"editor of choice|text editor|code editor", "editor"),
    (r"write code in|writes code in|codes in|coding in", "editor in"),
    (r"mother tongue|native language|first language", "native language"),
    (r"birth year|year of birth", "born"),
    (r"is able to|are able to", "can"),
    (r"likes? to use|loves? to use", "prefers to use"),
    (r"headquartered in|has (?:its|their) headquarters in", "headquarters in"),
    (r"gets? up|wakes? up", "wakes"),
    (r"is employed by|is employed at|works for|employer is", "works at"),
    (r"birthplace is|place of birth is", "was born in"),
    (r"grew up in|was raised in|were raised in", "is hometown in"),
    # Experience ("has been to Japan", "has lived in Rome") holds many.
    (r"(?:has|have|had) (?:been|travell?ed) to|(?:has|have|had) lived in", "visited"),
    (r"went to (?:university|college|school) (?:at|in)", "studied at"),
    (r"attended (?:university|college) (?:at|in)", "studied at"),
)
# Words read as another (after stemming): the first of each group.
CONCEPT_WORDS: tuple[tuple[str, ...], ...] = (
    ("commute", "commuting", "commutes"),
    ("ttl", "expire", "expires", "expiry", "expiration", "cached", "cache"),
    ("married", "marry", "wedding", "anniversary", "wed"),
    ("employees", "employ", "employs", "staff", "headcount", "people"),
    ("depart", "departs", "leave", "leaves", "departure"),
    ("begin", "begins", "start", "starts", "kick", "kicks"),
    ("hometown", "grew", "raised", "grow"),
    ("headquarters", "hq", "headquartered"),
    ("salary", "earn", "earns", "paid", "pay", "income", "payday"),
    ("deadline", "due"),
    ("rotation", "rotate", "rotates"),
    ("children", "child", "kids", "kid"),
    ("born", "birth", "birthday"),
    ("lead", "leads", "led", "heads", "headed", "manages", "managed"),
    ("retain", "retained", "retention", "kept", "keep", "kept", "stored"),
    ("located", "sits", "sit", "based", "situated"),
    ("weight", "weigh", "weighs"),
    ("height", "tall", "measure", "measures"),
    ("cap", "capped", "limit", "limited", "max", "maximum"),
    ("cost", "costs", "price", "priced", "premium", "fee", "fees"),
)
# Possessors that name the default owner rather than another subject ("the
# team's daily stand-up" is the stand-up, "the shop's financial year" the
# financial year of the business whose notes these are).
GENERIC_POSSESSORS = _words(
    "team company org organisation organization our shop store lab business firm"
)
# The person an assistant's notes are about when it is not "the user": a
# tutor's student, a clinic's patient ("the student's GPA" / "GPA: 3.8").
ASSISTED_PEOPLE = _words("student pupil learner client patient customer")
# The country of each city above, for "grew up in Vienna" vs "in the UK".
CITY_COUNTRIES = dict(
    pair.split(":")
    for pair in """
    lisbon:portugal porto:portugal madrid:spain barcelona:spain valencia:spain
    seville:spain paris:france lyon:france marseille:france nice:france
    toulouse:france bordeaux:france berlin:germany munich:germany
    hamburg:germany frankfurt:germany cologne:germany stuttgart:germany
    dusseldorf:germany leipzig:germany dresden:germany vienna:austria
    zurich:switzerland geneva:switzerland basel:switzerland bern:switzerland
    amsterdam:netherlands rotterdam:netherlands utrecht:netherlands
    brussels:belgium antwerp:belgium ghent:belgium dublin:ireland cork:ireland
    london:uk manchester:uk birmingham:uk edinburgh:uk glasgow:uk liverpool:uk
    bristol:uk leeds:uk oxford:uk cambridge:uk rome:italy milan:italy
    naples:italy turin:italy florence:italy venice:italy bologna:italy
    athens:greece istanbul:turkey ankara:turkey warsaw:poland krakow:poland
    prague:czechia budapest:hungary bucharest:romania sofia:bulgaria
    belgrade:serbia zagreb:croatia ljubljana:slovenia copenhagen:denmark
    stockholm:sweden oslo:norway helsinki:finland reykjavik:iceland
    tallinn:estonia riga:latvia vilnius:lithuania kyiv:ukraine moscow:russia
    tokyo:japan osaka:japan kyoto:japan seoul:korea busan:korea beijing:china
    shanghai:china shenzhen:china guangzhou:china taipei:taiwan
    singapore:singapore bangkok:thailand hanoi:vietnam manila:philippines
    jakarta:indonesia mumbai:india delhi:india bangalore:india bengaluru:india
    chennai:india hyderabad:india kolkata:india pune:india karachi:pakistan
    lahore:pakistan cairo:egypt nairobi:kenya lagos:nigeria accra:ghana
    sydney:australia melbourne:australia brisbane:australia perth:australia
    auckland:zealand wellington:zealand toronto:canada vancouver:canada
    montreal:canada ottawa:canada calgary:canada chicago:usa boston:usa
    seattle:usa austin:usa denver:usa miami:usa atlanta:usa dallas:usa
    houston:usa phoenix:usa portland:usa philadelphia:usa detroit:usa
    minneapolis:usa nashville:usa washington:usa new_york:usa
    los_angeles:usa san_francisco:usa san_diego:usa san_jose:usa
    guadalajara:mexico bogota:colombia lima:peru santiago:chile quito:ecuador
    caracas:venezuela montevideo:uruguay buenos_aires:argentina
    sao_paulo:brazil rio_de_janeiro:brazil brasilia:brazil havana:cuba
    """.split()
)
# Countries said in other words.
COUNTRY_ALIASES = {
    "britain": "uk",
    "england": "uk",
    "scotland": "uk",
    "wales": "uk",
    "america": "usa",
    "us": "usa",
}

# Common verbs, to find where a statement's subject ends ("The shop *opens*
# at 9", "We *keep* the backups …"), and their irregular past forms.
VERBS = _words(
    """
    open close start begin end finish run walk drive ride fly go come leave
    arrive return stay live work study teach learn read write speak talk say
    tell ask answer call meet visit see watch look find keep hold store host
    serve deploy ship send receive get give take make build create use need
    want like love hate prefer enjoy play sing dance cook eat drink sleep wake
    buy sell pay cost spend earn save own rent share move travel commute cycle
    swim climb hike train practise practice teach lead manage head report join
    belong attend celebrate expire time timeout last take wear carry bring
    cover support handle process sync fail pass win lose score rank place
    finish complete weigh measure grow raise marry date employ hire fire
    consist comprise include contain browse cook bake jog renew expire
    """
)
IRREGULAR_PAST = _words(
    """
    came went took kept found spent made got gave ran won lost met left wrote had
    did
    grew saw said told bought sold brought held began became drove flew rode
    ate drank slept woke paid built sent taught read led sat stood wore
    """
)

# Words that tie a statement to a moment its text does not name: "walked
# 8000 steps today" and "… 12000 steps today" may be two days.
DEICTIC = _words("today yesterday tonight tomorrow recently lately")
DEICTIC_PHRASE = (
    r"\b(?:this|last|next) (?:week|weekend|month|year|morning|evening|night)\b"
)
# Past events that happen once in a life: another date is another claim.
LIFE_EVENTS = _words(
    """
    born birth birthday married marry wedding grew raised hometown died
    graduated founded moved relocated
    """
)

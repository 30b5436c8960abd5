# ruff: noqa: E501
"""Pairs set tune19: HARD PARAPHRASES.

Duplicates whose wording differs a lot from the stored memory (synonyms, verb turned
into a noun, passive/active, "X's Y is Z" vs "Z is the Y of X", another unit or notation
for the same value, abbreviations, terse note vs full sentence, reordered clauses, added
hedges or filler). Compatible pairs are the near-misses such paraphrases must not swallow
(same words with one value changed but on another subject / attribute / time frame, and
additions). Contradictions are value swaps, negations, replacements, ~20 % implied.

Domains: ecommerce_shop, research_lab, personal_finance.
"""

import json
import random
from collections import Counter
from pathlib import Path

OUT = Path(__file__).with_name("pairs_tune19.jsonl")

# Each entry: (a = stored memory, b = new memory, note)

SHOP_DUP = [
    (
        "Harbor Pottery is our main supplier of ceramic mugs.",
        "ceramic mugs: sourced mainly from Harbor Pottery",
        "supplier fact, terse note",
    ),
    (
        "Free shipping applies to orders over €50.",
        "anything above 50 EUR ships for free",
        "currency notation, reworded",
    ),
    (
        "The max parcel weight for the Royal Mail small parcel service is 2 kg.",
        "royal mail small parcel caps out at 2000 g",
        "kg vs g",
    ),
    (
        "Dana works the Saturday morning shift, 9:00 to 13:00.",
        "sat AM shift (9am-1pm) is covered by Dana",
        "24h vs 12h clock, passive",
    ),
    (
        "The warehouse is on the 3rd floor of the Brickworks building.",
        "stock room: Brickworks bldg, floor three",
        "ordinal spelled out, abbreviation",
    ),
    (
        "We reorder linen tea towels when stock drops below 40 units.",
        "reorder point for the linen tea towels = 40",
        "verb turned into key:value",
    ),
    (
        "Returns are accepted within 30 days of delivery.",
        "customers may send items back up to thirty days after they receive them",
        "passive to active, spelled number",
    ),
    ("Priya is our product manager.", "PM: Priya", "abbreviation, terse"),
    (
        "The shop's Shopify plan renews on 1 March 2025.",
        "shopify subscription renewal date - 2025-03-01",
        "date notation",
    ),
    (
        "Orders placed before 2 pm ship the same day.",
        "same-day dispatch cutoff is 14:00",
        "12h vs 24h, clause turned into noun",
    ),
    (
        "The oak chopping board sells for $34.99.",
        "retail price of the oak chopping board: USD 34.99",
        "currency code",
    ),
    (
        "Shipping to the US is handled by DHL Express.",
        "DHL Express carries our US-bound parcels",
        "passive to active",
    ),
    (
        "The large tote bag measures 40 cm across.",
        "large tote width is about 15.75 in",
        "cm vs inches",
    ),
    (
        "Our customer support inbox is answered Monday to Friday.",
        "support emails get replies on weekdays",
        "Mon-Fri = weekdays",
    ),
    (
        "Lena handles all wholesale enquiries.",
        "wholesale questions go to Lena",
        "reworded",
    ),
    (
        "Candles must be stored at no more than 25 °C.",
        "candle storage has to stay at or below 77°F",
        "°C vs °F",
    ),
    (
        "Stock counts are done on the first Monday of every month.",
        "monthly inventory count happens the 1st Monday of each month",
        "synonyms, ordinal notation",
    ),
    (
        "The standard VAT rate we charge on most goods is 20%.",
        "standard VAT on the majority of our products: twenty percent",
        "spelled number, reordered",
    ),
    (
        "Express delivery within the UK takes one business day.",
        "UK express = next working day",
        "terse equivalent",
    ),
    (
        "Mateo is Dana's brother and covers her shifts when she is away.",
        "When Dana is off, her brother Mateo fills in on her shifts.",
        "clauses reordered",
    ),
    (
        "We do not ship to PO boxes.",
        "P.O. boxes are excluded from delivery",
        "negation rephrased",
    ),
    (
        "The bulk discount is 10% for 12 or more of the same item.",
        "buy a dozen or more of one item and get ten percent off",
        "dozen, spelled percent",
    ),
    (
        "The discount code WELCOME15 gives 15% off a first order.",
        "WELCOME15 = 15 percent off for first-time buyers",
        "terse equivalent",
    ),
    (
        "Our Etsy shop went live on 14 February 2022.",
        "etsy storefront launch: 02/14/2022",
        "date notation",
    ),
    (
        "Packing tape comes from Uline in cases of 36 rolls.",
        "Uline sells us packing tape by the case, three dozen rolls each",
        "36 = three dozen",
    ),
    (
        "Customer service hours are 9:30 to 17:30 CET.",
        "support is open half past nine till half five, Central European Time",
        "spoken times, tz spelled out",
    ),
    (
        "The owner is allergic to latex, so we use nitrile gloves for packing.",
        "Nitrile gloves only when packing -- the owner has a latex allergy.",
        "clauses reversed",
    ),
    (
        "The café table sample weighs 12 lb.",
        "sample café table: approx 5.4 kg",
        "lb vs kg",
    ),
    (
        "Holiday orders must be placed by 18 December to arrive before Christmas.",
        "last order date for Christmas delivery: Dec 18th",
        "date notation, noun phrase",
    ),
    (
        "Wrapping paper stock is kept in bin C-14.",
        "bin C-14 holds the wrapping paper",
        "subject/object swapped",
    ),
    (
        "Instagram posts go out every Tuesday and Friday.",
        "we post on IG twice a week, Tue & Fri",
        "abbreviations",
    ),
    (
        "The minimum order for the Lisbon soap supplier is 200 bars.",
        "Lisbon soap maker won't take orders under 200 bars",
        "minimum as negation",
    ),
    (
        "The storage unit rent is £180 a month.",
        "monthly cost of the storage unit: GBP 180",
        "currency code",
    ),
    (
        "Ines shoots the product photos on Wednesdays.",
        "product photography is done by Ines, Wednesday is shoot day",
        "passive",
    ),
    (
        "International orders are always shipped with tracking.",
        "every overseas parcel goes out tracked",
        "synonyms",
    ),
    (
        "Tom prefers to work late shifts rather than early ones.",
        "tom would rather take evening shifts than mornings",
        "preference reworded",
    ),
    (
        "Our returns address is the Leeds warehouse.",
        "returned items should be sent to the warehouse in Leeds",
        "reworded",
    ),
    ("Gift wrapping costs an extra $4.", "gift wrap add-on: +4 USD", "terse"),
    (
        "The brass candle holder was our best-selling item last quarter.",
        "last quarter's top seller: brass candle holder",
        "X's Y is Z",
    ),
    (
        "The shop is closed on public holidays.",
        "no trading on bank holidays",
        "synonyms",
    ),
    (
        "The inventory spreadsheet is updated daily at 6 pm.",
        "stock sheet refresh: every day 18:00",
        "12h vs 24h",
    ),
    (
        "We pay suppliers 30 days after the invoice date.",
        "supplier payment terms: net 30",
        "jargon",
    ),
    (
        "The shipping box for mugs is 20 x 20 x 15 cm.",
        "mug mailer: 200 × 200 × 150 mm",
        "cm vs mm",
    ),
    (
        "Kenji is the warehouse lead.",
        "the person leading the warehouse team is Kenji",
        "reworded",
    ),
    (
        "The Shopify store uses the Dawn theme.",
        "Dawn is the theme on our Shopify storefront",
        "Z is the Y of X",
    ),
    (
        "Product images are limited to 2 MB each.",
        "per-image upload cap for product photos: 2000 KB",
        "MB vs KB",
    ),
    (
        "The newsletter goes out on the last Friday of each month.",
        "monthly newsletter send: final Friday of the month",
        "synonyms",
    ),
    (
        "The label printer is a Zebra ZD420.",
        "we print labels on a ZD420 from Zebra",
        "reordered",
    ),
    (
        "Standard delivery to Ireland costs €7.50.",
        "IE standard shipping -> 7.50 euro",
        "country code, currency word",
    ),
    (
        "Rosa was promoted to assistant manager in May.",
        "In May, Rosa got her promotion to assistant manager.",
        "clause reordered",
    ),
    (
        "Staff get a 25% discount on all products.",
        "employees receive a quarter off everything in the shop",
        "25% = a quarter",
    ),
    (
        "Hazardous items like lamp oil cannot be shipped by air.",
        "lamp oil and other dangerous goods: no air freight",
        "terse",
    ),
    (
        "The Berlin pop-up runs from 5 to 9 June.",
        "pop-up in Berlin: June 5–9",
        "date notation",
    ),
    (
        "Our returns rate last year was 4%.",
        "4 percent of last year's orders came back as returns",
        "noun to clause",
    ),
    (
        "Pallets delivered to the warehouse must weigh under 1,000 kg.",
        "the warehouse won't accept pallets of one tonne or more",
        "kg vs tonne, negated",
    ),
    ("We use Xero for bookkeeping.", "the books are kept in Xero", "passive"),
    (
        "Two-factor authentication is enabled for the admin panel.",
        "admin panel: 2FA switched on",
        "abbreviation, enabled = switched on",
    ),
    (
        "The courier picks up at 4:30 pm on weekdays.",
        "weekday collection by the courier is at 16:30",
        "12h vs 24h, nominalised",
    ),
    (
        "Ana only works Tuesdays and Thursdays.",
        "Ana's working days are Tue and Thu, nothing else",
        "only = nothing else",
    ),
    (
        "Prices on the site include VAT.",
        "all listed prices are VAT-inclusive",
        "adjective form",
    ),
    (
        "Orders to Australia take 10-14 business days.",
        "AU shipping time: between ten and fourteen working days",
        "spelled numbers, country code",
    ),
    (
        "The website is hosted in AWS eu-west-1.",
        "our site's hosting region is AWS Ireland (eu-west-1)",
        "region name added",
    ),
    (
        "Marta answers the shop phone.",
        "the shop's phone line is handled by Marta",
        "passive",
    ),
    (
        "Green Leaf Farms delivers fresh stock every Thursday morning.",
        "thursday AM: weekly drop-off from Green Leaf Farms",
        "terse",
    ),
    ("The ceramic vase is 30 cm tall.", "ceramic vase height - 300 mm", "cm vs mm"),
    (
        "We have 120 units of the blue scarf in stock.",
        "blue scarf inventory stands at a hundred and twenty",
        "spelled number",
    ),
    (
        "Our abandoned-cart email is sent 3 hours after checkout is left.",
        "cart recovery email fires 180 minutes after abandonment",
        "hours vs minutes",
    ),
    (
        "Free samples are limited to three per order.",
        "max 3 free samples in any one order",
        "spelled vs digit",
    ),
    (
        "Jonas is on parental leave until the end of August.",
        "Jonas's parental leave runs through 31 August",
        "end of month as date",
    ),
    (
        "Northwind Textiles is the owner's favourite supplier to deal with.",
        "of all the suppliers, the owner likes working with Northwind Textiles most",
        "reworded preference",
    ),
    (
        "The loyalty programme gives 1 point per £1 spent.",
        "customers earn a point for every pound they spend",
        "spelled currency",
    ),
    (
        "Our inventory system syncs with Shopify every 15 minutes.",
        "shopify <-> inventory sync runs four times an hour",
        "interval vs frequency",
    ),
    (
        "All of our packaging is 100% recyclable.",
        "every bit of the packaging we use can be fully recycled",
        "reworded",
    ),
    (
        "Delivery to the Scottish Highlands carries a £6 surcharge.",
        "there's a six pound extra charge for Highlands deliveries",
        "spelled currency",
    ),
    (
        "Customer data is backed up nightly at 02:00 UTC.",
        "customer DB backup: every night 2am UTC",
        "24h vs 12h",
    ),
    (
        "The shop was founded by Clara Mendes in 2016.",
        "Clara Mendes started the business back in 2016",
        "passive to active",
    ),
    (
        "Only Kenji and Rosa have keys to the warehouse.",
        "warehouse keys are held by Rosa and Kenji, nobody else",
        "order swapped, passive",
    ),
    (
        "UK parcels under 1 kg go with Evri.",
        "we ship UK parcels lighter than a kilo via Evri",
        "kg vs kilo",
    ),
    (
        "The shop's financial year ends on 31 March.",
        "FY close: end of March",
        "abbreviation, date wording",
    ),
    (
        "i think the warehouse alarm code gets changed every quarter, if I remember right",
        "the warehouse alarm code is changed quarterly",
        "hedge and filler added",
    ),
]

SHOP_CON = [
    (
        "Harbor Pottery supplies our ceramic mugs.",
        "We switched our mug supplier from Harbor Pottery to Kilnworks.",
        "supplier replaced",
    ),
    (
        "Free shipping applies to orders over €50.",
        "free shipping threshold is now €75",
        "threshold changed",
    ),
    (
        "Dana works the Saturday morning shift.",
        "Dana no longer works Saturdays.",
        "negation",
    ),
    (
        "Same-day dispatch cutoff is 14:00.",
        "orders placed before noon ship same day; anything after 12:00 goes next day",
        "cutoff changed",
    ),
    (
        "The oak chopping board sells for $34.99.",
        "oak chopping board price raised to $39.99",
        "price update",
    ),
    (
        "Returns are accepted within 30 days of delivery.",
        "return window: 14 days",
        "value swap",
    ),
    ("We ship to PO boxes.", "we don't deliver to PO boxes", "negation"),
    (
        "Kenji is the warehouse lead.",
        "Kenji left the company last month; Sam now leads the warehouse.",
        "role replaced",
    ),
    (
        "The Shopify store uses the Dawn theme.",
        "storefront theme switched from Dawn to Sense",
        "replacement",
    ),
    (
        "2FA on the admin panel: enabled",
        "two-factor auth on the admin panel is currently turned off",
        "enabled vs disabled",
    ),
    (
        "The courier picks up at 16:30 on weekdays.",
        "weekday courier collection moved to 11 am",
        "time changed",
    ),
    (
        "Prices on the site include VAT.",
        "prices shown on the site are ex-VAT",
        "incl vs excl",
    ),
    (
        "The storage unit rent is £180 a month.",
        "the storage unit now costs £210 per month",
        "price update",
    ),
    (
        "We use Xero for bookkeeping.",
        "we moved our books from Xero to QuickBooks",
        "replacement",
    ),
    (
        "Standard delivery to Ireland costs €7.50.",
        "IE standard shipping: €9",
        "value swap",
    ),
    (
        "Ana only works Tuesdays and Thursdays.",
        "Ana works Monday, Wednesday and Friday only.",
        "days swapped",
    ),
    (
        "The newsletter goes out on the last Friday of each month.",
        "newsletter is sent on the first Monday of each month",
        "schedule changed",
    ),
    (
        "The shop is closed on public holidays.",
        "we're open on bank holidays, 10 to 4",
        "closed vs open",
    ),
    (
        "All our packaging is 100% recyclable.",
        "the bubble wrap in our parcels can't be recycled",
        "negates 'all'",
    ),
    (
        "Rosa is the assistant manager.",
        "Rosa stepped down as assistant manager and is back on the shop floor",
        "role ended",
    ),
    (
        "Only Kenji and Rosa have keys to the warehouse.",
        "Marta was given a warehouse key as well",
        "negates 'only'",
    ),
    (
        "We have 120 units of the blue scarf in stock.",
        "blue scarf: sold out, 0 left",
        "stock changed",
    ),
    (
        "The label printer is a Zebra ZD420.",
        "we replaced the Zebra with a Rollo label printer",
        "replacement",
    ),
    (
        "Staff get a 25% discount on all products.",
        "staff discount cut to 15%",
        "value changed",
    ),
    (
        "Lena handles all wholesale enquiries.",
        "wholesale enquiries now go to Priya instead of Lena",
        "owner replaced",
    ),
    (
        "Express delivery within the UK takes one business day.",
        "UK express now takes 2-3 working days",
        "value changed",
    ),
    (
        "The site runs WooCommerce 8.4.",
        "site upgraded to WooCommerce 9.1 yesterday",
        "version update",
    ),
    (
        "The warehouse is on the 3rd floor of the Brickworks building.",
        "warehouse moved down to the ground floor of Brickworks",
        "location changed",
    ),
    (
        "Instagram posts go out every Tuesday and Friday.",
        "we only post to Instagram on Mondays now",
        "schedule changed",
    ),
    (
        "The minimum order for the Lisbon soap supplier is 200 bars.",
        "Lisbon soap supplier's MOQ dropped to 100 bars",
        "value changed",
    ),
    (
        "US orders ship with DHL Express.",
        "US parcels go with FedEx now, not DHL",
        "carrier replaced",
    ),
    (
        "We reorder linen tea towels when stock drops below 40.",
        "tea towel reorder point raised to 60",
        "value changed",
    ),
    (
        "The Berlin pop-up runs from 5 to 9 June.",
        "Berlin pop-up postponed to July",
        "date moved",
    ),
    (
        "Marta answers the shop phone.",
        "nobody answers the shop phone anymore, all calls go to voicemail",
        "negation",
    ),
    (
        "Gift wrapping costs an extra $4.",
        "gift wrapping is free from now on",
        "price removed",
    ),
    (
        "Stripe payouts arrive every two days.",
        "stripe payouts switched to weekly, every Monday",
        "schedule changed",
    ),
    (
        "Our Etsy shop is open and taking orders.",
        "we closed the Etsy shop in January",
        "open vs closed",
    ),
    (
        "Tom prefers late shifts.",
        "tom says he'd rather do early shifts from now on",
        "preference reversed",
    ),
    (
        "Inventory syncs with Shopify every 15 minutes.",
        "shopify inventory sync now runs once an hour",
        "interval changed",
    ),
    (
        "Green Leaf Farms delivers on Thursday mornings.",
        "green leaf deliveries moved to Monday afternoons",
        "day changed",
    ),
    (
        "The loyalty programme gives 1 point per £1 spent.",
        "loyalty: 2 points per £1 from this month",
        "rate changed",
    ),
    (
        "Customer data is backed up nightly.",
        "customer DB backups run weekly on Sundays",
        "frequency changed",
    ),
    (
        "The discount code WELCOME15 gives 15% off a first order.",
        "WELCOME15 has been deactivated",
        "code no longer valid",
    ),
    (
        "Mateo covers Dana's shifts when she is away.",
        "Mateo doesn't cover anyone's shifts anymore",
        "negation",
    ),
    (
        "Ines shoots our product photos.",
        "we outsourced product photography to Studio Nove; Ines no longer does it",
        "replacement",
    ),
    (
        "The website is hosted in AWS eu-west-1.",
        "site migrated to us-east-1 last week",
        "region changed",
    ),
    (
        "Clara Mendes owns the shop.",
        "Clara sold the shop to Farid Aziz in 2024",
        "owner changed",
    ),
    (
        "Jonas is on parental leave until the end of August.",
        "Jonas came back from parental leave on 1 July",
        "leave ended early",
    ),
    (
        "Customer service hours are 9:30 to 17:30 CET.",
        "support closes at 3:30 pm UK time",
        "implied: 17:30 CET is 16:30 UK time",
    ),
    (
        "The ceramic vase is 30 cm tall.",
        "the ceramic vase stands about 8 inches tall",
        "implied: 30 cm is about 11.8 in",
    ),
    (
        "Candles must be stored at no more than 25 °C.",
        "candles are fine stored up to 86°F",
        "implied: 86°F = 30°C, above the 25°C limit",
    ),
    (
        "Pallets delivered to the warehouse must weigh under 1,000 kg.",
        "the warehouse accepts pallets up to 1.5 tonnes",
        "implied: 1.5 t = 1500 kg",
    ),
    (
        "Ana only works Tuesdays and Thursdays.",
        "Ana works every weekday",
        "implied: weekdays include Mon/Wed/Fri",
    ),
    (
        "The shop was founded in 2016.",
        "we celebrated our 10th anniversary in 2024",
        "implied: founded 2016 means 10 years in 2026",
    ),
    (
        "Returns are accepted within 30 days.",
        "customers have two weeks to return items",
        "implied: two weeks is 14 days",
    ),
    (
        "Our abandoned-cart email is sent 3 hours after checkout is left.",
        "cart recovery email goes out after 90 minutes",
        "implied: 90 min is 1.5 h",
    ),
    (
        "The storage unit rent is £180 a month.",
        "the storage unit costs us £2,400 a year",
        "implied: 180 x 12 = 2,160",
    ),
    (
        "Product images are limited to 2 MB each.",
        "product images may be up to 5,000 KB",
        "implied: 5000 KB = 5 MB",
    ),
    (
        "Standard VAT on most goods is 20%.",
        "on a £100 standard-rated item we add £5 VAT",
        "implied: 20% of £100 is £20",
    ),
    (
        "The large tote bag measures 40 cm across.",
        "the large tote is 12 inches wide",
        "implied: 40 cm is about 15.7 in",
    ),
]

SHOP_COM = [
    (
        "Free shipping within the EU applies to orders over €50.",
        "Orders to Switzerland ship free above CHF 80.",
        "other region",
    ),
    (
        "Dana works the Saturday morning shift, 9:00 to 13:00.",
        "Mateo works the Saturday afternoon shift, 13:00 to 17:00.",
        "other person, other shift",
    ),
    (
        "The oak chopping board sells for $34.99.",
        "the walnut chopping board sells for $44.99",
        "other product",
    ),
    (
        "Harbor Pottery supplies our ceramic mugs.",
        "Harbor Pottery also makes our ceramic plates",
        "addition",
    ),
    (
        "Kenji is the warehouse lead.",
        "Kenji's deputy in the warehouse is Sam",
        "related role, other person",
    ),
    (
        "On weekdays, orders placed before 14:00 ship the same day.",
        "on Saturdays the same-day cutoff is 11:00",
        "other day",
    ),
    (
        "Returns are accepted within 30 days of delivery.",
        "refunds are processed within 5 business days of getting the return back",
        "other attribute",
    ),
    ("Priya is our product manager.", "Priya reports to Clara", "other attribute"),
    (
        "The shop's Shopify plan renews on 1 March 2025.",
        "the domain name renews on 1 March 2025 too",
        "same value, other fact",
    ),
    (
        "The large tote bag measures 40 cm across.",
        "the small tote bag measures 30 cm across",
        "other product",
    ),
    (
        "We reorder linen tea towels when stock drops below 40 units.",
        "cotton tea towels get reordered below 25 units",
        "other product",
    ),
    (
        "Staff get a 25% discount on all products.",
        "friends of staff get 10% off with the FRIENDS10 code",
        "other subject",
    ),
    (
        "Standard delivery to Ireland costs €7.50.",
        "express delivery to Ireland costs €15",
        "other service",
    ),
    (
        "Lena handles all wholesale enquiries.",
        "Lena works from home on Fridays",
        "other attribute",
    ),
    (
        "We use Xero for bookkeeping.",
        "payroll runs through Gusto",
        "other tool, other task",
    ),
    (
        "The courier picks up at 16:30 on weekdays.",
        "on Saturdays the courier comes at 12:00",
        "other day",
    ),
    (
        "Lamp oil cannot be shipped by air.",
        "lamp oil can go by road within the UK",
        "other mode, not a conflict",
    ),
    (
        "Customer service phone hours are 9:30 to 17:30 CET.",
        "live chat is staffed 10:00 to 16:00 CET",
        "other channel",
    ),
    (
        "The ceramic vase is 30 cm tall.",
        "the ceramic vase weighs 1.2 kg",
        "same subject, other attribute",
    ),
    (
        "The warehouse is on the 3rd floor of the Brickworks building.",
        "the photo studio is on the 2nd floor of Brickworks",
        "other room",
    ),
    (
        "Tom prefers late shifts.",
        "Tom would rather not work Sundays",
        "other preference",
    ),
    (
        "We do not ship to PO boxes.",
        "we do ship to parcel lockers",
        "other delivery point",
    ),
    (
        "Gift wrapping costs an extra $4.",
        "a handwritten gift note costs $2 extra",
        "other add-on",
    ),
    (
        "The minimum order for the Lisbon soap supplier is 200 bars.",
        "the Lisbon soap supplier's lead time is three weeks",
        "other attribute",
    ),
    (
        "UK holiday orders must be placed by 18 December to arrive before Christmas.",
        "international holiday orders must be in by 10 December",
        "other region",
    ),
    (
        "Stripe payouts arrive every two days.",
        "PayPal payouts land daily",
        "other provider",
    ),
    (
        "Instagram posts go out every Tuesday and Friday.",
        "TikTok videos go up on Sundays",
        "other channel",
    ),
    (
        "We have 120 units of the blue scarf in stock.",
        "we have 120 units of the red scarf in stock",
        "same value, other item",
    ),
    (
        "Our returns rate last year was 4%.",
        "returns rate so far this year: 6%",
        "other time frame",
    ),
    (
        "Ana only works Tuesdays and Thursdays.",
        "Ana is studying textile design part-time",
        "addition",
    ),
    (
        "Rosa was promoted to assistant manager in May.",
        "Rosa started with us in 2019 as a sales assistant",
        "earlier history, no conflict",
    ),
    (
        "The Berlin pop-up runs from 5 to 9 June.",
        "the Hamburg pop-up runs from 5 to 9 July",
        "other event",
    ),
    (
        "The label printer is a Zebra ZD420.",
        "the receipt printer is an Epson TM-m30",
        "other device",
    ),
    ("The site runs WooCommerce 8.4.", "the site runs on PHP 8.2", "other software"),
    (
        "Only Kenji and Rosa have keys to the warehouse.",
        "Marta has a key to the shop front",
        "other building",
    ),
    (
        "The owner is allergic to latex.",
        "the owner can't stand the smell of lavender, so no lavender samples in the office",
        "other dislike",
    ),
    (
        "Green Leaf Farms delivers on Thursday mornings.",
        "Green Leaf Farms invoices us on the 1st of each month",
        "same supplier, other attribute",
    ),
    (
        "The oak chopping board sells for $34.99.",
        "the oak chopping board costs us $14 from the maker",
        "cost price vs retail price",
    ),
    (
        "The standard VAT rate on most goods is 20%.",
        "children's clothing is zero-rated for VAT",
        "exception to 'most'",
    ),
    (
        "UK parcels under 1 kg go with Evri.",
        "UK parcels over 1 kg go with DPD",
        "other weight band",
    ),
    (
        "The newsletter goes out on the last Friday of each month.",
        "the wholesale newsletter goes out quarterly",
        "other newsletter",
    ),
    (
        "Jonas is on parental leave until the end of August.",
        "Jonas's partner is due in early June",
        "related fact",
    ),
    (
        "The shop was founded by Clara Mendes in 2016.",
        "Clara opened a second shop in Bristol in 2021",
        "addition",
    ),
    (
        "The loyalty programme gives 1 point per £1 spent.",
        "100 loyalty points can be redeemed for £5 off",
        "other attribute",
    ),
    (
        "Our inventory system syncs with Shopify every 15 minutes.",
        "the inventory system syncs with Amazon every hour",
        "other channel",
    ),
    (
        "Delivery to the Scottish Highlands carries a £6 surcharge.",
        "delivery to Northern Ireland carries a £4 surcharge",
        "other region",
    ),
    (
        "Customer data is backed up nightly at 02:00 UTC.",
        "product images are backed up weekly on Sundays",
        "other data",
    ),
    (
        "The max parcel weight for Royal Mail small parcel is 2 kg.",
        "royal mail medium parcel: up to 20 kg",
        "other service",
    ),
    (
        "Stock counts are done on the first Monday of every month.",
        "the full annual stocktake is on 31 March",
        "other count",
    ),
    (
        "Express delivery within the UK takes one business day.",
        "standard UK delivery takes 2-4 business days",
        "other service",
    ),
    (
        "Candles must be stored at no more than 25 °C.",
        "keep candles out of direct sunlight",
        "addition",
    ),
    (
        "Packing tape comes from Uline in cases of 36 rolls.",
        "bubble wrap also comes from Uline, in 50 m rolls",
        "other product, same supplier",
    ),
    (
        "The shop's financial year ends on 31 March.",
        "the current VAT quarter ends on 30 June",
        "other period",
    ),
    (
        "The discount code WELCOME15 gives 15% off a first order.",
        "code SUMMER15 gives 15% off sandals until August",
        "other code, same value",
    ),
    (
        "Marta answers the shop phone.",
        "Marta takes calls in both Spanish and English",
        "added detail",
    ),
    (
        "Orders to Australia take 10-14 business days.",
        "orders to New Zealand take 12-16 business days",
        "other country",
    ),
    (
        "The café table sample weighs 12 lb.",
        "the café chair sample weighs 12 lb",
        "same value, other item",
    ),
    (
        "Harbor Pottery is based in Stoke-on-Trent.",
        "our account manager at Harbor Pottery is Gwen Ellis",
        "same supplier, other attribute",
    ),
    (
        "Prices on the site include VAT.",
        "the wholesale price list is shown ex-VAT",
        "other price list",
    ),
    ("Mateo is Dana's brother.", "Mateo is studying engineering in Leeds", "addition"),
]

LAB_DUP = [
    (
        "The -80 °C freezer is in room B214.",
        "ultra-low freezer (minus eighty) sits in B214",
        "spelled temperature, synonym",
    ),
    (
        "Cell cultures are incubated at 37 °C with 5% CO2.",
        "culture incubator setting: 98.6°F, CO₂ at five percent",
        "°C vs °F, spelled percent",
    ),
    (
        "The Zeiss LSM 980 confocal is booked through the core facility calendar.",
        "bookings for the confocal (Zeiss LSM 980) go via the core's calendar",
        "verb to noun",
    ),
    (
        "Dr. Amara Okafor is the PI of the lab.",
        "principal investigator: Dr Okafor (Amara)",
        "abbreviation expanded, name order",
    ),
    (
        "The NIH R01 grant ends on 31 August 2026.",
        "R01 funding end date: 2026-08-31",
        "date notation",
    ),
    (
        "Samples are centrifuged at 4,000 rpm for 10 minutes.",
        "spin samples 10 min @ 4k rpm",
        "terse lab note",
    ),
    (
        "The lab meeting is every Monday at 10:00.",
        "weekly group meeting: Mondays, 10 am",
        "synonym, 12h clock",
    ),
    (
        "Liang manages the mouse colony.",
        "the mouse colony is looked after by Liang",
        "passive",
    ),
    (
        "PCR master mix is stored at -20 °C.",
        "PCR mastermix lives in the minus-twenty freezer",
        "spelled temperature",
    ),
    (
        "The HPLC column was replaced on 3 February.",
        "new HPLC column installed Feb 3",
        "replaced = new installed",
    ),
    (
        "The abstract deadline for ASM Microbe is 15 January.",
        "ASM Microbe abstracts are due Jan 15th",
        "date notation",
    ),
    (
        "Sofia is a second-year PhD student.",
        "Sofia is in year two of her doctorate",
        "ordinal spelled, synonym",
    ),
    (
        "Buffer A is 50 mM Tris-HCl, pH 7.5.",
        "buffer A = Tris-HCl at 50 millimolar, pH 7.5",
        "unit spelled out",
    ),
    (
        "The lab is approved for BSL-2 work.",
        "we're cleared to work at biosafety level 2",
        "abbreviation expanded",
    ),
    (
        "Tissue slides are kept in box 7 of the cold room.",
        "cold room box #7 holds the tissue slides",
        "subject/object swapped",
    ),
    (
        "The mass spec service contract is with Thermo Fisher.",
        "Thermo Fisher holds the service contract on our mass spectrometer",
        "abbreviation, Z is the Y of X",
    ),
    (
        "Ethan left the lab in June to join a biotech startup.",
        "In June Ethan departed for a biotech start-up.",
        "clause reordered",
    ),
    (
        "The cryostat chamber is set to -22 °C.",
        "cryostat chamber temp: minus 22 C",
        "spelled sign",
    ),
    (
        "Reagent orders over $5,000 need approval from the PI.",
        "any reagent purchase above 5k USD requires the PI's sign-off",
        "k notation, synonym",
    ),
    (
        "The field samples were collected at Lake Tahoe on 12 July 2024.",
        "Lake Tahoe sampling date: 07/12/2024",
        "US date notation",
    ),
    (
        "Gowning is required before entering the cleanroom.",
        "gown up before you go into the cleanroom",
        "noun to imperative",
    ),
    (
        "The lab's shared drive quota is 2 TB.",
        "shared drive storage cap: 2000 GB",
        "TB vs GB",
    ),
    (
        "The scope's objective is a 63x oil immersion lens.",
        "63× oil objective on the microscope",
        "notation",
    ),
    (
        "After hours, freezer alarms go to Liang's phone.",
        "freezer alarm notifications outside working hours are sent to Liang's phone",
        "synonym, clause moved",
    ),
    (
        "Protocol v3.2 of the RNA extraction is the current one.",
        "current RNA extraction protocol: version 3.2",
        "v vs version",
    ),
    (
        "The ERC Starting Grant is worth €1.5 million.",
        "ERC StG budget: EUR 1,500,000",
        "abbreviation, full number",
    ),
    (
        "Annual safety training must be completed by 30 September.",
        "yearly safety training deadline: end of September",
        "date wording",
    ),
    (
        "Western blots are imaged on the ChemiDoc.",
        "we image westerns with the ChemiDoc",
        "passive to active",
    ),
    (
        "The autoclave runs at 121 °C for 20 minutes.",
        "autoclave cycle: 20 min at 250°F",
        "°C vs °F",
    ),
    ("Mei is the lab manager.", "lab mgr: Mei", "abbreviation"),
    (
        "Liquid nitrogen is delivered every other Wednesday.",
        "LN2 top-up comes on alternate Wednesdays",
        "chemical formula, synonym",
    ),
    (
        "The flow cytometer needs 30 minutes to warm up.",
        "give the flow cytometer half an hour of warm-up",
        "minutes vs half an hour",
    ),
    (
        "Sample S-0412 is contaminated and must not be used.",
        "do not use S-0412: contamination detected",
        "reworded",
    ),
    (
        "The lab is in room 4.12 of the Crick Building.",
        "lab address: Crick Bldg, rm 4.12",
        "abbreviations",
    ),
    (
        "Amara prefers to review manuscripts on paper.",
        "Amara likes manuscripts printed out when she reviews them",
        "reworded preference",
    ),
    (
        "The paper was submitted to Nature Methods on 2 May.",
        "we sent the manuscript to Nat Methods on May 2",
        "journal abbreviation, date",
    ),
    (
        "Each mouse cage holds at most 5 animals.",
        "max five mice per cage",
        "spelled number",
    ),
    (
        "Antibodies are aliquoted into 10 µL portions.",
        "antibody aliquots are 10 microlitres each",
        "unit spelled",
    ),
    (
        "The rotation student Omar starts on 6 January.",
        "Omar (rotation student) joins Jan 6",
        "date notation",
    ),
    (
        "The fume hood face velocity is certified at 100 fpm.",
        "fume hood face velocity: ~0.5 m/s",
        "fpm vs m/s",
    ),
    (
        "Sequencing is outsourced to Genewiz.",
        "Genewiz does our sequencing",
        "passive to active",
    ),
    (
        "Sofia is allergic to mice, so she does not handle the colony.",
        "Sofia's mouse allergy keeps her away from colony work.",
        "clause to noun phrase",
    ),
    (
        "The pH meter is calibrated every morning.",
        "daily calibration of the pH meter, first thing",
        "verb to noun",
    ),
    (
        "The departmental seminar is on Thursdays at 4 pm.",
        "dept seminar: Thu 16:00",
        "abbreviations, 24h",
    ),
    (
        "The samples going to Heidelberg must travel on dry ice.",
        "ship the Heidelberg samples packed in dry ice",
        "reworded",
    ),
    (
        "Instrument issues are reported in the #instruments Slack channel.",
        "instrument problems get posted in #instruments on Slack",
        "synonym",
    ),
    (
        "The NSF annual report is due on 1 November.",
        "NSF report deadline: Nov 1",
        "date notation",
    ),
    ("Primers are ordered from IDT.", "IDT is our primer supplier", "verb to noun"),
    (
        "Our Python analysis pipeline requires pandas 2.1.",
        "the analysis pipeline is pinned to pandas v2.1",
        "synonym",
    ),
    (
        "The lab retreat is in the last week of April.",
        "lab retreat: final week of April",
        "synonym",
    ),
    (
        "The spectrophotometer reads from 190 to 1100 nm.",
        "spectrophotometer wavelength range: 0.19–1.1 µm",
        "nm vs µm",
    ),
    (
        "Agar plates are poured on Tuesday afternoons.",
        "Tuesday PM = plate pouring",
        "terse",
    ),
    (
        "The incubator shaker runs at 200 rpm.",
        "shaker incubator speed is two hundred rpm",
        "spelled number",
    ),
    (
        "Raj is a postdoc in Amara's group and co-supervises Sofia.",
        "Sofia is co-supervised by Raj, a postdoc in Amara's group",
        "passive, reordered",
    ),
    (
        "The chemical inventory is audited twice a year.",
        "chem inventory audit: every six months",
        "frequency rewritten",
    ),
    (
        "We bought the Leica cryostat in 2019.",
        "the Leica cryostat's purchase year is 2019",
        "X's Y is Z",
    ),
    (
        "Mice are kept on a 12-hour light/dark cycle.",
        "animal room lighting: 12h on, 12h off",
        "reworded",
    ),
    ("The cold room is kept at 4 °C.", "cold room setpoint: 39°F", "°C vs °F"),
    (
        "Raw imaging data is kept for 10 years.",
        "retention period for raw imaging data: a decade",
        "decade",
    ),
    (
        "The lab uses Benchling as its electronic lab notebook.",
        "our ELN is Benchling",
        "abbreviation",
    ),
    (
        "Amara is on sabbatical in Kyoto until March.",
        "Until March, Amara is away on sabbatical (Kyoto).",
        "clause reordered",
    ),
    (
        "Lab coats must be worn in room B214.",
        "B214 is a lab-coat-required area",
        "reworded",
    ),
    (
        "Hazardous waste pickup is on the first Friday of the month.",
        "hazwaste collection: 1st Fri monthly",
        "abbreviations",
    ),
    (
        "The qPCR machine is a Bio-Rad CFX96.",
        "we run qPCR on a CFX96 from Bio-Rad",
        "reordered",
    ),
    (
        "Glycerol stocks are stored in rack 3 of the -80.",
        "glycerol stocks: minus 80 freezer, third rack",
        "ordinal spelled",
    ),
    ("The lab has 12 members.", "there are a dozen people in the lab", "dozen"),
    (
        "The confocal costs £45 per hour for internal users.",
        "internal rate for the confocal: 45 GBP/h",
        "currency code",
    ),
    (
        "The bioinformatics server has 512 GB of RAM.",
        "bioinfo server memory: half a terabyte",
        "GB vs TB",
    ),
    (
        "We only ship samples Monday to Wednesday to avoid weekend delays.",
        "samples go out early in the week (Mon–Wed) only, so they don't sit over a weekend",
        "reworded",
    ),
    (
        "Mei orders consumables every Friday.",
        "consumable orders are placed by Mei each Friday",
        "passive",
    ),
    ("Ampicillin stock solutions are 100 mg/mL.", "amp stock: 100 g/L", "mg/mL vs g/L"),
    ("The cleanroom is ISO class 7.", "cleanroom classification: ISO 7", "terse"),
    (
        "The visiting scientist from Lyon arrives on 3 March and stays two weeks.",
        "Lyon visitor here 3–17 March",
        "duration vs date range",
    ),
    (
        "Centrifuge tubes must be balanced to within 0.1 g.",
        "balance rotor tubes to within 100 mg",
        "g vs mg",
    ),
    (
        "Gloves and pipette tips are bought from Fisher.",
        "Fisher supplies our tips and gloves",
        "active, order swapped",
    ),
    (
        "Prof. Haruki Sato is the seminar speaker on 14 March.",
        "Haruki Sato (Prof.) gives the 3/14 seminar",
        "date notation, reworded",
    ),
    ("Liang is Mei's husband.", "Mei is married to Liang", "kinship turned around"),
    (
        "The NMR spectrometer is on the ground floor.",
        "NMR: ground level, floor 0",
        "floor notation",
    ),
    (
        "The gel doc PC runs Windows 10.",
        "gel documentation computer: Win10",
        "abbreviations",
    ),
    (
        "so basically the lab's DNA ladder is the 1 kb one from NEB, I think",
        "we use NEB's 1 kb DNA ladder",
        "filler and hedge added",
    ),
]

LAB_CON = [
    (
        "The -80 °C freezer is in room B214.",
        "the -80 freezer was moved to B220",
        "location changed",
    ),
    (
        "Cell cultures are incubated at 37 °C.",
        "we now incubate the cell cultures at 33 °C",
        "temperature changed",
    ),
    (
        "Dr. Amara Okafor is the PI of the lab.",
        "after Amara moved institutions, Prof. Daniel Weiss became PI",
        "role replaced",
    ),
    (
        "The NIH R01 grant ends on 31 August 2026.",
        "the R01 got a no-cost extension to 31 August 2027",
        "end date changed",
    ),
    (
        "The lab meeting is every Monday at 10:00.",
        "lab meeting moved to Wednesdays at 14:00",
        "schedule changed",
    ),
    (
        "Liang manages the mouse colony.",
        "Mei has taken over the mouse colony from Liang",
        "replacement",
    ),
    (
        "The ASM Microbe abstract deadline is 15 January.",
        "ASM Microbe deadline extended to 22 January",
        "date changed",
    ),
    (
        "Sofia is a second-year PhD student.",
        "Sofia is a master's student, not a PhD candidate",
        "status swap",
    ),
    (
        "The lab is approved for BSL-2 work.",
        "our biosafety approval covers BSL-1 work only",
        "level changed",
    ),
    (
        "The lab's shared drive quota is 2 TB.",
        "shared drive quota increased to 5 TB",
        "value changed",
    ),
    (
        "Protocol v3.2 of the RNA extraction is the current one.",
        "RNA extraction protocol v3.3 supersedes 3.2",
        "version replaced",
    ),
    (
        "Ethan left the lab in June.",
        "Ethan is still in the lab finishing his experiments",
        "negation",
    ),
    (
        "Sequencing is outsourced to Genewiz.",
        "we brought sequencing in-house on our own NextSeq; no more Genewiz",
        "replacement",
    ),
    (
        "The cryostat chamber is set to -22 °C.",
        "cryostat chamber setpoint changed to -18 °C",
        "value changed",
    ),
    (
        "Primers are ordered from IDT.",
        "we order primers from Sigma now, not IDT",
        "supplier replaced",
    ),
    (
        "Our analysis pipeline requires pandas 2.1.",
        "pipeline pinned to pandas 1.5",
        "version swap",
    ),
    (
        "The lab retreat is in the last week of April.",
        "lab retreat moved to mid-May",
        "date changed",
    ),
    (
        "The incubator shaker runs at 200 rpm.",
        "shaker speed set to 250 rpm",
        "value changed",
    ),
    (
        "Raw imaging data is kept for 10 years.",
        "raw imaging data is deleted after 5 years",
        "retention changed",
    ),
    (
        "The lab uses Benchling as its ELN.",
        "we switched our electronic notebook from Benchling to LabArchives",
        "replacement",
    ),
    (
        "Amara is on sabbatical in Kyoto until March.",
        "Amara cut her sabbatical short and is back in the lab",
        "status changed",
    ),
    (
        "The qPCR machine is a Bio-Rad CFX96.",
        "qPCR runs on a QuantStudio 5 now",
        "instrument replaced",
    ),
    ("The lab has 12 members.", "we're 15 people in the lab now", "count changed"),
    (
        "The confocal costs £45 per hour for internal users.",
        "internal confocal rate rose to £52/h",
        "price changed",
    ),
    (
        "Mei orders consumables every Friday.",
        "consumables are ordered on Mondays now",
        "day changed",
    ),
    ("The cleanroom is ISO class 7.", "cleanroom is ISO 5", "class changed"),
    (
        "The Heidelberg samples must travel on dry ice.",
        "Heidelberg samples should travel at room temperature",
        "condition swap",
    ),
    (
        "The mass spec service contract is with Thermo Fisher.",
        "the mass spec service contract wasn't renewed; we pay per call-out now",
        "contract ended",
    ),
    (
        "The paper is under review at Nature Methods.",
        "Nature Methods accepted the paper last week",
        "status changed",
    ),
    (
        "The rotation student Omar starts on 6 January.",
        "Omar's start date pushed back to 20 January",
        "date changed",
    ),
    (
        "Each mouse cage holds at most 5 animals.",
        "cage limit is 4 mice",
        "value changed",
    ),
    (
        "Agar plates are poured on Tuesday afternoons.",
        "plate pouring day is Thursday",
        "day changed",
    ),
    (
        "The NMR spectrometer is on the ground floor.",
        "the NMR is in the basement",
        "location changed",
    ),
    (
        "The departmental seminar is on Thursdays at 4 pm.",
        "departmental seminar is now on Fridays at noon",
        "schedule changed",
    ),
    (
        "Liquid nitrogen is delivered every other Wednesday.",
        "LN2 is delivered every Monday",
        "schedule changed",
    ),
    (
        "Hazardous waste pickup is on the first Friday of the month.",
        "hazardous waste pickup: last Tuesday of the month",
        "schedule changed",
    ),
    (
        "The lab is in room 4.12 of the Crick Building.",
        "the lab relocated to the Franklin Building over the summer",
        "location changed",
    ),
    (
        "Western blots are imaged on the ChemiDoc.",
        "ChemiDoc is broken for good; westerns are imaged on the iBright",
        "instrument replaced",
    ),
    (
        "Antibodies are aliquoted into 10 µL portions.",
        "antibody aliquots are now 25 µL",
        "value changed",
    ),
    (
        "The NSF annual report is due on 1 November.",
        "NSF report deadline is 15 December",
        "date changed",
    ),
    (
        "Amara prefers to review manuscripts on paper.",
        "Amara only wants manuscripts as PDFs now, no printouts",
        "preference reversed",
    ),
    (
        "After hours, freezer alarms go to Liang's phone.",
        "after-hours freezer alarms go to the security desk, not Liang",
        "recipient replaced",
    ),
    (
        "Raj co-supervises Sofia.",
        "Amara is Sofia's sole supervisor",
        "negates co-supervision",
    ),
    (
        "Pipette tips are bought from Fisher.",
        "we buy pipette tips from Starlab now",
        "supplier replaced",
    ),
    (
        "The flow cytometer needs 30 minutes to warm up.",
        "the flow cytometer is ready after a 10-minute warm-up",
        "value changed",
    ),
    (
        "Mei is the lab manager.",
        "Mei left; the lab manager position is vacant",
        "role ended",
    ),
    (
        "Sample S-0412 is contaminated and must not be used.",
        "S-0412 was re-tested: clean, OK to use",
        "status reversed",
    ),
    (
        "Cell cultures are incubated at 37 °C.",
        "the culture incubator is set to 86 °F",
        "implied: 86°F = 30°C",
    ),
    (
        "The cold room is kept at 4 °C.",
        "the cold room runs at 50°F",
        "implied: 50°F = 10°C",
    ),
    (
        "The autoclave cycle is 20 minutes at 121 °C.",
        "autoclave cycle: 0.5 h at 121 °C",
        "implied: 0.5 h is 30 min",
    ),
    (
        "The spectrophotometer reads from 190 to 1100 nm.",
        "the spectrophotometer can't measure below 300 nm",
        "implied: its lower limit is 190 nm",
    ),
    (
        "The lab's shared drive quota is 2 TB.",
        "shared drive tops out at 500 GB",
        "implied: 2 TB = 2000 GB",
    ),
    (
        "Samples are centrifuged for 10 minutes.",
        "centrifuge step: 1,200 seconds",
        "implied: 1200 s = 20 min",
    ),
    (
        "The lab has 12 members.",
        "with Omar joining, the lab reaches 10 people",
        "implied: already 12 before Omar",
    ),
    (
        "The ERC Starting Grant is worth €1.5 million.",
        "the ERC grant is worth about $800k",
        "implied: €1.5M is roughly $1.6M",
    ),
    (
        "Mice are kept on a 12-hour light/dark cycle.",
        "animal room lights are on from 6:00 to 20:00",
        "implied: that is 14 h of light",
    ),
    (
        "Amara is on sabbatical in Kyoto until March.",
        "Amara will chair the lab meeting in person in Oxford on 10 February",
        "implied: she is in Kyoto until March",
    ),
    (
        "The visiting scientist from Lyon arrives on 3 March and stays two weeks.",
        "the Lyon visitor leaves on 31 March",
        "implied: 3 March + 2 weeks = 17 March",
    ),
    (
        "Ampicillin stock solutions are 100 mg/mL.",
        "amp stock is 50 g/L",
        "implied: 50 g/L = 50 mg/mL",
    ),
    (
        "We bought the Leica cryostat in 2019.",
        "the Leica cryostat is two years old (as of 2025)",
        "implied: bought 2019 means six years old",
    ),
]

LAB_COM = [
    (
        "The -80 °C freezer is in room B214.",
        "the -20 °C freezer is in room B214",
        "other freezer",
    ),
    (
        "Cell cultures are incubated at 37 °C with 5% CO2.",
        "bacterial cultures are grown at 30 °C",
        "other cultures",
    ),
    (
        "Dr. Amara Okafor is the PI of the lab.",
        "Amara Okafor is also associate dean for research",
        "added role",
    ),
    (
        "The NIH R01 grant ends on 31 August 2026.",
        "the R21 grant ends on 31 August 2025",
        "other grant",
    ),
    (
        "The lab meeting is every Monday at 10:00.",
        "journal club is on Mondays at 16:00",
        "other meeting",
    ),
    (
        "Liang manages the mouse colony.",
        "Liang also runs the zebrafish facility",
        "addition",
    ),
    (
        "PCR master mix is stored at -20 °C.",
        "the Taq polymerase is stored at -20 °C as well",
        "same value, other reagent",
    ),
    (
        "The HPLC column was replaced on 3 February.",
        "HPLC pump seals replaced on 3 March",
        "other part",
    ),
    (
        "The abstract deadline for ASM Microbe is 15 January.",
        "ASM Microbe early registration closes 1 March",
        "other deadline",
    ),
    (
        "Sofia is a second-year PhD student.",
        "Sofia's thesis is on biofilm formation in Pseudomonas",
        "other attribute",
    ),
    (
        "Buffer A is 50 mM Tris-HCl, pH 7.5.",
        "Buffer B is 50 mM Tris-HCl, pH 7.5, plus 1 M NaCl",
        "other buffer",
    ),
    (
        "Tissue slides are kept in box 7 of the cold room.",
        "tissue blocks are in box 8 of the cold room",
        "other material",
    ),
    (
        "Ethan left the lab in June.",
        "Ethan's final data are on the shared drive under /ethan",
        "related fact",
    ),
    (
        "The cryostat chamber is set to -22 °C.",
        "the cryostat specimen head is set to -18 °C",
        "other part of instrument",
    ),
    (
        "Reagent orders over $5,000 need approval from the PI.",
        "equipment orders over $5,000 also need department approval",
        "other order type",
    ),
    (
        "The field samples were collected at Lake Tahoe on 12 July 2024.",
        "Mono Lake samples were collected on 14 July 2024",
        "other site",
    ),
    (
        "The lab's shared drive quota is 2 TB.",
        "each user's home folder is limited to 50 GB",
        "other storage",
    ),
    (
        "After hours, freezer alarms go to Liang's phone.",
        "during working hours, freezer alarms go to Mei",
        "other time frame",
    ),
    (
        "Protocol v3.2 of the RNA extraction is the current one.",
        "the DNA extraction protocol is at version 2.0",
        "other protocol",
    ),
    (
        "The ERC Starting Grant is worth €1.5 million.",
        "the ERC grant pays for two postdocs",
        "other attribute",
    ),
    (
        "Annual safety training must be completed by 30 September.",
        "fire warden training is due by 31 October",
        "other training",
    ),
    (
        "The autoclave's dry-goods cycle is 121 °C for 20 minutes.",
        "the liquid cycle on the autoclave runs 45 minutes",
        "other cycle",
    ),
    ("Mei is the lab manager.", "Mei is also the lab's safety officer", "added role"),
    (
        "The flow cytometer needs 30 minutes to warm up.",
        "the flow cytometer needs a daily bead QC check",
        "other attribute",
    ),
    (
        "Amara prefers to review manuscripts on paper.",
        "Amara wants figures in vector format (PDF or SVG)",
        "other preference",
    ),
    (
        "The paper was submitted to Nature Methods on 2 May.",
        "the review article went to Trends in Microbiology on 2 May",
        "other paper",
    ),
    (
        "Each mouse cage holds at most 5 animals.",
        "rat cages hold at most 2 animals",
        "other species",
    ),
    (
        "The rotation student Omar starts on 6 January.",
        "Omar's rotation lasts ten weeks",
        "added detail",
    ),
    (
        "Sequencing is outsourced to Genewiz.",
        "the Genewiz courier collects from our building at 3 pm",
        "related detail",
    ),
    ("Sofia is allergic to mice.", "Sofia is vegetarian", "other attribute"),
    (
        "The pH meter is calibrated every morning.",
        "the analytical balance is calibrated weekly",
        "other instrument",
    ),
    (
        "The departmental seminar is on Thursdays at 4 pm.",
        "the seminar is followed by drinks in the common room",
        "addition",
    ),
    (
        "The samples going to Heidelberg must travel on dry ice.",
        "the Boston shipment goes on wet ice",
        "other shipment",
    ),
    (
        "Primers are ordered from IDT.",
        "gene fragments are ordered from Twist",
        "other product",
    ),
    (
        "Our Python analysis pipeline requires pandas 2.1.",
        "the pipeline requires Python 3.11",
        "other dependency",
    ),
    (
        "The lab retreat is in the last week of April.",
        "the retreat will be in the Lake District",
        "added detail",
    ),
    (
        "The spectrophotometer reads from 190 to 1100 nm.",
        "the plate reader covers 230 to 1000 nm",
        "other instrument",
    ),
    (
        "Agar plates are poured on Tuesday afternoons.",
        "media is autoclaved on Tuesday mornings",
        "other task",
    ),
    (
        "The incubator shaker runs at 200 rpm.",
        "the incubator shaker is set to 37 °C",
        "same instrument, other setting",
    ),
    (
        "Raj is a postdoc in Amara's group.",
        "Raj's fellowship is funded by EMBO",
        "added detail",
    ),
    (
        "The chemical inventory is audited twice a year.",
        "the radioactive materials log is audited monthly",
        "other audit",
    ),
    ("The cold room is kept at 4 °C.", "the warm room is kept at 37 °C", "other room"),
    (
        "Raw imaging data is kept for 10 years.",
        "processed imaging data is kept for 5 years",
        "other data",
    ),
    (
        "The lab uses Benchling as its ELN.",
        "the Benchling licence renews in September",
        "added detail",
    ),
    (
        "Amara is on sabbatical in Kyoto until March.",
        "Raj covers Amara's teaching while she is away",
        "related fact",
    ),
    (
        "Hazardous waste pickup is on the first Friday of the month.",
        "biological waste is picked up every Wednesday",
        "other waste stream",
    ),
    (
        "The qPCR machine is a Bio-Rad CFX96.",
        "the CFX96 was last serviced in January",
        "added detail",
    ),
    (
        "Glycerol stocks are stored in rack 3 of the -80.",
        "plasmid minipreps are in rack 3 of the -20",
        "other material, other freezer",
    ),
    (
        "The lab has 12 members.",
        "the Weiss lab next door has 12 members",
        "other lab, same value",
    ),
    (
        "The confocal costs £45 per hour for internal users.",
        "the confocal costs £90 per hour for external users",
        "other user group",
    ),
    (
        "The bioinformatics server has 512 GB of RAM.",
        "the bioinformatics server has 64 CPU cores",
        "other attribute",
    ),
    (
        "Mei orders consumables every Friday.",
        "Mei orders antibodies once a month",
        "other order type",
    ),
    ("The cleanroom is ISO class 7.", "the gowning room is ISO class 8", "other room"),
    (
        "The visiting scientist from Lyon arrives on 3 March.",
        "a second visitor from Lyon comes in May",
        "other visitor",
    ),
    (
        "Gloves and pipette tips are bought from Fisher.",
        "the Fisher rep visits every other month",
        "related detail",
    ),
    (
        "Prof. Haruki Sato is the seminar speaker on 14 March.",
        "Prof. Sato also runs a workshop on 15 March",
        "addition",
    ),
    (
        "The NMR spectrometer is on the ground floor.",
        "the NMR's helium fill is due in April",
        "other attribute",
    ),
    (
        "Mice are kept on a 12-hour light/dark cycle.",
        "the zebrafish room runs a 14/10 light cycle",
        "other room",
    ),
    (
        "Liquid nitrogen is delivered every other Wednesday.",
        "dry ice is delivered every Friday",
        "other delivery",
    ),
    (
        "The lab is in room 4.12 of the Crick Building.",
        "the student office is room 4.14",
        "other room",
    ),
    (
        "The fume hood face velocity is certified at 100 fpm.",
        "the fume hood was last certified on 2 April",
        "same hood, other attribute",
    ),
]

FIN_DUP = [
    (
        "My checking account is with Chase.",
        "I bank with Chase for checking",
        "reworded",
    ),
    (
        "Rent is $1,850 a month, due on the 1st.",
        "monthly rent: 1850 USD, payable the first of each month",
        "currency code, ordinal spelled",
    ),
    (
        "The Netflix subscription costs $15.49/month.",
        "netflix = 15.49 dollars monthly",
        "terse",
    ),
    (
        "I'm saving $500 a month toward a house deposit.",
        "putting five hundred bucks away every month for the down payment on a house",
        "spelled number, synonyms",
    ),
    (
        "The emergency fund goal is 6 months of expenses.",
        "target for the rainy-day fund: half a year of spending",
        "synonyms, 6 months = half a year",
    ),
    (
        "Car insurance is with GEICO and renews on 15 April.",
        "GEICO auto policy renews Apr 15",
        "abbreviations, date",
    ),
    (
        "The electricity bill is paid by direct debit on the 20th.",
        "power bill: auto-debited on the 20th of each month",
        "synonyms",
    ),
    (
        "My credit card statement closes on the 25th.",
        "statement closing date for the credit card: 25th",
        "verb to noun",
    ),
    (
        "I spend about £300 a month on groceries.",
        "groceries run me around three hundred pounds per month",
        "spelled currency",
    ),
    (
        "The user's partner, Sam, handles the utility bills.",
        "utilities are Sam's job (the user's partner)",
        "reworded",
    ),
    (
        "My sister is on my Spotify Family plan.",
        "I share Spotify Family with my sister",
        "reworded",
    ),
    (
        "The student loan balance is $23,400.",
        "I still owe twenty-three thousand four hundred dollars on my student loans",
        "spelled number, verb form",
    ),
    (
        "The mortgage rate is fixed at 4.25% until 2028.",
        "4.25% fixed rate on the mortgage, locked in until 2028",
        "reordered",
    ),
    (
        "I contribute 6% of my salary to my 401(k).",
        "six percent of each paycheck goes into the 401k",
        "spelled percent",
    ),
    (
        "My employer matches 401(k) contributions up to 3%.",
        "company match on the 401(k) caps at three percent",
        "verb to noun",
    ),
    (
        "My FitLab gym membership is €39 a month.",
        "FitLab membership: 39 EUR per month",
        "currency code",
    ),
    (
        "The water bill comes quarterly.",
        "I get billed for water every three months",
        "quarterly = every three months",
    ),
    (
        "Home insurance is with Aviva.",
        "Aviva covers the house (home insurance)",
        "Z is the Y of X",
    ),
    (
        "I pay my credit card in full every month.",
        "I never carry a balance on the credit card; full payment monthly",
        "negation form",
    ),
    (
        "The budget for eating out is $200 a month.",
        "dining out: capped at 200/month",
        "synonym, terse",
    ),
    (
        "The user wants to retire at 60.",
        "retirement target age: sixty",
        "spelled number",
    ),
    ("I get paid every other Friday.", "payday is on alternate Fridays", "synonym"),
    (
        "My phone plan with Mint Mobile costs $30 a month.",
        "Mint Mobile: $30/mo",
        "terse",
    ),
    (
        "I have a Roth IRA at Vanguard.",
        "Vanguard holds my Roth IRA",
        "active/passive swap",
    ),
    (
        "Council tax is £1,920 a year, paid over 10 months.",
        "council tax: 10 monthly instalments of £192",
        "arithmetic notation",
    ),
    (
        "The vacation fund goal is $3,000 by June.",
        "saving three grand for the trip, deadline June",
        "slang number",
    ),
    (
        "The user's daughter Mia gets $10 a week in allowance.",
        "Mia (daughter): weekly pocket money of ten dollars",
        "synonyms",
    ),
    (
        "Amazon Prime renews every year on 9 November.",
        "prime membership renews annually on Nov 9th",
        "date notation",
    ),
    (
        "My car loan payment is $412, due on the 5th.",
        "auto loan instalment: 412 dollars, due every 5th",
        "synonyms",
    ),
    (
        "I use YNAB for budgeting.",
        "budgeting app: You Need A Budget",
        "abbreviation expanded",
    ),
    (
        "My credit card has a $5,000 limit.",
        "credit limit on my card is 5k",
        "k notation",
    ),
    (
        "Health insurance is through my employer with Blue Cross.",
        "Blue Cross covers my health, via work",
        "reworded",
    ),
    (
        "Internet is $60 a month from Comcast Xfinity.",
        "xfinity broadband: sixty bucks monthly",
        "slang, spelled number",
    ),
    (
        "I want to pay off the credit card debt before buying a car.",
        "goal: clear the card debt first, then get a car",
        "reworded",
    ),
    (
        "My savings account earns 4.1% APY.",
        "the savings account pays four point one percent annual yield",
        "spelled percent, APY expanded",
    ),
    (
        "The user's landlord is Mr. Patel.",
        "Mr Patel is who I rent from",
        "X's Y is Z turned",
    ),
    (
        "Rent increases by 3% every July.",
        "each July the rent goes up three percent",
        "reordered",
    ),
    (
        "I split the streaming subscriptions with my roommate 50/50.",
        "my roommate and I go halves on streaming",
        "50/50 = halves",
    ),
    (
        "I usually file my tax return in February.",
        "I normally do my taxes in Feb",
        "synonyms",
    ),
    (
        "I have $12,000 in the high-yield savings account.",
        "HYSA balance: 12k",
        "abbreviation, k notation",
    ),
    (
        "The user's accountant is Lorraine Voss.",
        "Lorraine Voss does my accounts",
        "role as verb",
    ),
    (
        "I'm saving for a wedding in September 2026.",
        "wedding fund target date: Sep 2026",
        "terse",
    ),
    (
        "Pet insurance for the dog costs £28 per month.",
        "dog's insurance premium: 28 GBP/month",
        "currency code",
    ),
    (
        "The user prefers paper statements for the mortgage.",
        "mortgage statements: user wants them printed and posted, not e-statements",
        "reworded",
    ),
    (
        "My annual bonus is paid in March.",
        "the yearly bonus lands in March",
        "synonyms",
    ),
    ("I don't have a car.", "user doesn't own a car", "person shift"),
    (
        "The budget for Christmas gifts this year is €400.",
        "xmas presents budget: four hundred euro",
        "abbreviation, spelled number",
    ),
    (
        "The Disney+ subscription was cancelled.",
        "I've cancelled Disney+",
        "passive to active",
    ),
    (
        "My partner and I have a joint account at Monzo.",
        "Monzo joint account, shared with my partner",
        "terse",
    ),
    (
        "The user transfers £250 to Premium Bonds on payday.",
        "every payday £250 goes into Premium Bonds",
        "reordered",
    ),
    (
        "The life insurance payout is $500,000.",
        "life policy death benefit: half a million dollars",
        "spelled number",
    ),
    (
        "My credit score is 780.",
        "credit score currently sits at seven hundred eighty",
        "spelled number",
    ),
    (
        "I only withdraw cash from Chase ATMs to avoid fees.",
        "to dodge fees I only use Chase cash machines",
        "synonyms, reordered",
    ),
    ("We pay the nanny $22 an hour.", "nanny's hourly rate: 22 USD", "X's Y is Z"),
    (
        "The dentist bill of $180 is due on 3/15.",
        "dentist invoice, $180, due March 15",
        "date notation",
    ),
    (
        "The user is saving to buy a house in Denver.",
        "house savings goal, location: Denver",
        "terse",
    ),
    (
        "My renters insurance deductible is $500.",
        "deductible on the renters policy: 500 dollars",
        "reordered",
    ),
    (
        "The user is married and files taxes jointly.",
        "tax filing status: married filing jointly",
        "status notation",
    ),
    (
        "I budget 10% of my income for charity.",
        "a tenth of my income is set aside for donations",
        "10% = a tenth",
    ),
    (
        "The storage unit is paid annually in advance.",
        "storage unit: billed once a year, upfront",
        "synonyms",
    ),
    (
        "The user's HSA is with Fidelity.",
        "Fidelity holds my health savings account",
        "abbreviation expanded",
    ),
    (
        "Our monthly budget review is on the first Sunday.",
        "we go over the budget on the 1st Sunday of each month",
        "verb vs noun",
    ),
    ("The car is leased, not owned.", "the car's a lease", "terse"),
    (
        "My travel card has no foreign transaction fees.",
        "zero FX fees on the travel card",
        "abbreviation",
    ),
    (
        "I check my accounts every morning at 7:30.",
        "daily account check at half past seven a.m.",
        "spoken time",
    ),
    ("My workplace pension is with Nest.", "Nest runs my workplace pension", "active"),
    (
        "The gas bill averages €85 in winter.",
        "in winter the gas bill is about 85 euros on average",
        "reordered",
    ),
    (
        "Annual travel insurance with Staysure costs £95.",
        "Staysure annual travel cover: £95 a year",
        "terse",
    ),
    ("My take-home pay is $4,200 a month.", "net monthly pay: 4.2k", "k notation"),
    (
        "The user's brother Leo owes them $600.",
        "Leo (user's brother) still owes the user six hundred dollars",
        "spelled number",
    ),
    (
        "My iCloud plan is the 200 GB tier at $2.99 a month.",
        "iCloud+ storage: 200GB for 2.99 monthly",
        "terse",
    ),
    (
        "Every card purchase is rounded up and the change goes to savings.",
        "spare change from card purchases gets saved via round-ups",
        "reworded",
    ),
    (
        "The user's bank branch is on Elm Street.",
        "the branch I use is on Elm St.",
        "abbreviation",
    ),
    (
        "The user wants alerts for any transaction over $100.",
        "notify me on transactions above 100 dollars",
        "imperative",
    ),
    (
        "The kids' college fund is an Ohio 529 plan.",
        "529 college savings plan (Ohio) for the kids",
        "reordered",
    ),
    (
        "The emergency fund is kept in a separate Ally savings account.",
        "Ally savings account = emergency fund, kept apart",
        "terse",
    ),
    (
        "The car insurance premium is $1,140 a year.",
        "car insurance works out to $95 a month",
        "annual vs monthly, same total",
    ),
    (
        "The user dislikes putting groceries on a credit card.",
        "user would rather not use a credit card for groceries",
        "preference reworded",
    ),
    (
        "I think my phone bill is paid on the 12th? pretty sure it is",
        "phone bill is paid on the 12th",
        "hedge and filler added",
    ),
    (
        "Our joint savings goal is £10,000 by the end of 2025.",
        "by 31/12/2025 we want ten grand in joint savings",
        "date notation, slang number",
    ),
]

FIN_CON = [
    (
        "My checking account is with Chase.",
        "I moved my checking from Chase to a credit union",
        "bank replaced",
    ),
    ("Rent is $1,850 a month.", "rent went up to $1,950 this year", "value changed"),
    (
        "The Netflix subscription costs $15.49/month.",
        "netflix now charges me 17.99 a month",
        "price changed",
    ),
    (
        "I'm saving $500 a month toward a house deposit.",
        "I've paused the house savings, nothing going in for now",
        "negation",
    ),
    (
        "Car insurance is with GEICO.",
        "switched car insurance to Progressive",
        "insurer replaced",
    ),
    (
        "The electricity bill is paid by direct debit on the 20th.",
        "electricity direct debit moved to the 5th",
        "date changed",
    ),
    (
        "My credit card statement closes on the 25th.",
        "card statement now closes on the 10th",
        "date changed",
    ),
    (
        "The user's partner, Sam, handles the utility bills.",
        "I handle the utility bills myself now; Sam doesn't",
        "responsibility changed",
    ),
    (
        "The student loan balance is $23,400.",
        "student loans are fully paid off",
        "balance zero",
    ),
    (
        "The mortgage rate is fixed at 4.25%.",
        "we remortgaged at a 3.9% fixed rate",
        "rate replaced",
    ),
    (
        "I contribute 6% of my salary to my 401(k).",
        "I raised my 401k contribution to 10%",
        "value changed",
    ),
    (
        "My FitLab gym membership is €39 a month.",
        "I cancelled my FitLab membership",
        "ended",
    ),
    (
        "Home insurance is with Aviva.",
        "home insurance moved to Direct Line at renewal",
        "insurer replaced",
    ),
    (
        "I pay my credit card in full every month.",
        "I've been carrying a balance on my credit card since spring",
        "negation",
    ),
    (
        "The budget for eating out is $200 a month.",
        "dining out budget cut to $120",
        "value changed",
    ),
    (
        "The user wants to retire at 60.",
        "user now plans to retire at 67",
        "value changed",
    ),
    (
        "My phone plan is with Mint Mobile.",
        "I switched my phone plan to Verizon",
        "provider replaced",
    ),
    (
        "I have a Roth IRA at Vanguard.",
        "my Roth IRA was transferred to Schwab",
        "custodian replaced",
    ),
    (
        "Mia gets $10 a week in allowance.",
        "Mia's allowance is $15 a week now",
        "value changed",
    ),
    (
        "I use YNAB for budgeting.",
        "I stopped using YNAB and budget in a spreadsheet",
        "tool replaced",
    ),
    (
        "My credit card has a $5,000 limit.",
        "card limit raised to $8,000",
        "value changed",
    ),
    (
        "Internet is from Comcast Xfinity.",
        "changed internet provider to AT&T Fiber",
        "provider replaced",
    ),
    (
        "My savings account earns 4.1% APY.",
        "savings APY dropped to 3.6%",
        "rate changed",
    ),
    (
        "The user's landlord is Mr. Patel.",
        "the building was sold; our landlord is now Greenway Properties",
        "landlord replaced",
    ),
    (
        "The user's accountant is Lorraine Voss.",
        "I do my taxes myself now, no accountant",
        "negation",
    ),
    (
        "I'm saving for a wedding in September 2026.",
        "the wedding is now in May 2027",
        "date changed",
    ),
    (
        "Pet insurance for the dog costs £28 per month.",
        "the dog's insurance premium went up to £34 a month",
        "value changed",
    ),
    (
        "The user prefers paper statements for the mortgage.",
        "user opted into paperless statements for the mortgage",
        "preference reversed",
    ),
    (
        "My annual bonus is paid in March.",
        "the bonus is paid in December now",
        "month changed",
    ),
    ("I don't have a car.", "I bought a used Honda Civic last week", "now owns a car"),
    (
        "The Disney+ subscription was cancelled.",
        "I resubscribed to Disney+",
        "reversed",
    ),
    (
        "My partner and I have a joint account at Monzo.",
        "we closed the Monzo joint account",
        "closed",
    ),
    ("My credit score is 780.", "credit score fell to 720", "value changed"),
    (
        "We pay the nanny $22 an hour.",
        "the nanny's rate is $25/hour from this month",
        "value changed",
    ),
    (
        "The user files taxes jointly with their spouse.",
        "this year the user is filing separately from their spouse",
        "status changed",
    ),
    ("The car is leased, not owned.", "I own the car outright", "lease vs own"),
    (
        "My workplace pension is with Nest.",
        "my workplace pension moved to Scottish Widows",
        "provider replaced",
    ),
    (
        "Annual travel insurance is with Staysure.",
        "renewed the annual travel insurance with the Post Office instead of Staysure",
        "insurer replaced",
    ),
    (
        "My take-home pay is $4,200 a month.",
        "take-home is $4,650 a month after the raise",
        "value changed",
    ),
    (
        "The user's brother Leo owes them $600.",
        "Leo paid back everything he owed",
        "debt cleared",
    ),
    (
        "My iCloud plan is the 200 GB tier.",
        "I upgraded iCloud to the 2 TB plan",
        "tier changed",
    ),
    (
        "The user wants alerts for any transaction over $100.",
        "only alert me for transactions over $500",
        "threshold changed",
    ),
    (
        "The emergency fund is kept in an Ally savings account.",
        "emergency fund now sits in Marcus, not Ally",
        "bank replaced",
    ),
    (
        "Our monthly budget review is on the first Sunday.",
        "budget review moved to the last Sunday of the month",
        "schedule changed",
    ),
    (
        "The user dislikes putting groceries on a credit card.",
        "user now puts all groceries on the credit card for the points",
        "preference reversed",
    ),
    (
        "Rent is due on the 1st of the month.",
        "rent is due on the 15th",
        "due date changed",
    ),
    (
        "My sister is on my Spotify Family plan.",
        "my sister left my Spotify family plan",
        "removed",
    ),
    (
        "Rent is $1,850 a month.",
        "we pay $24,000 a year in rent",
        "implied: 1,850 x 12 = 22,200",
    ),
    (
        "The car insurance premium is $1,140 a year.",
        "car insurance is $120 a month",
        "implied: 120 x 12 = 1,440",
    ),
    (
        "Council tax is £1,920 a year, paid over 10 months.",
        "council tax: ten payments of £210",
        "implied: 10 x 210 = 2,100",
    ),
    (
        "The water bill comes quarterly.",
        "I pay the water bill twelve times a year",
        "implied: quarterly means 4 times a year",
    ),
    (
        "The user is single.",
        "the user's wife, Dana, manages the family budget",
        "implied: having a wife means not single",
    ),
    (
        "My FitLab gym membership is €39 a month.",
        "FitLab costs me €540 a year",
        "implied: 39 x 12 = 468",
    ),
    (
        "I put 6% of my $80,000 salary into the 401(k).",
        "I contribute about $6,400 a year to my 401(k)",
        "implied: 6% of 80k is 4,800",
    ),
    (
        "The mortgage rate is fixed until 2028.",
        "the mortgage has been on the variable rate since January",
        "implied: a fix until 2028 means not variable now",
    ),
    (
        "We pay the nanny $22 an hour for 40 hours a week.",
        "we pay the nanny $800 a week",
        "implied: 22 x 40 = 880",
    ),
    (
        "Mia gets $10 a week in allowance.",
        "Mia gets $80 a month in allowance",
        "implied: $10/week is about $43/month",
    ),
    (
        "My annual bonus is paid in March.",
        "the bonus always arrives in Q4",
        "implied: March is in Q1",
    ),
    (
        "Amazon Prime is billed annually.",
        "I pay for Prime every month",
        "implied: monthly billing is not annual",
    ),
    (
        "My credit card has a $5,000 limit.",
        "I've put $5,600 on the card this month and I'm still under my limit",
        "implied: 5,600 exceeds 5,000",
    ),
    (
        "My iCloud plan is the 200 GB tier.",
        "my iCloud storage is full at 50 GB",
        "implied: full at 50 GB means a 50 GB plan",
    ),
]

FIN_COM = [
    (
        "My checking account is with Chase.",
        "my credit card is from Capital One",
        "other account",
    ),
    (
        "Rent is $1,850 a month, due on the 1st.",
        "the parking space costs $150 a month, also due on the 1st",
        "other bill",
    ),
    (
        "The Netflix subscription costs $15.49/month.",
        "Hulu costs $7.99 a month",
        "other subscription",
    ),
    (
        "I'm saving $500 a month toward a house deposit.",
        "I'm saving $200 a month for a new car",
        "other goal",
    ),
    (
        "The emergency fund goal is 6 months of expenses.",
        "the emergency fund currently covers 4 months",
        "goal vs progress",
    ),
    (
        "Car insurance is with GEICO and renews on 15 April.",
        "GEICO also insures my motorcycle",
        "addition",
    ),
    (
        "The electricity bill is paid by direct debit on the 20th.",
        "the gas bill is paid by direct debit on the 22nd",
        "other bill",
    ),
    (
        "My credit card statement closes on the 25th.",
        "the credit card payment is due on the 20th of the following month",
        "other date attribute",
    ),
    (
        "The user's partner, Sam, handles the utility bills.",
        "Sam's paycheck goes into the joint account",
        "other attribute",
    ),
    (
        "My sister is on my Spotify Family plan.",
        "my sister pays me $3 a month for her share",
        "added detail",
    ),
    (
        "The student loan balance is $23,400.",
        "the student loan interest rate is 5.5%",
        "other attribute",
    ),
    (
        "I contribute 6% of my salary to my 401(k).",
        "my wife contributes 8% to her 403(b)",
        "other person",
    ),
    (
        "My employer matches 401(k) contributions up to 3%.",
        "the employer match vests after two years",
        "added detail",
    ),
    (
        "My FitLab gym membership is €39 a month.",
        "my partner's gym costs €45 a month",
        "other person",
    ),
    (
        "The water bill comes quarterly.",
        "sewer charges are included in the water bill",
        "added detail",
    ),
    (
        "Home insurance is with Aviva.",
        "the home insurance renews every October",
        "other attribute",
    ),
    (
        "I pay my credit card in full every month.",
        "the card is paid automatically from my Chase checking",
        "added detail",
    ),
    (
        "The budget for eating out is $200 a month.",
        "I spent $230 eating out last month",
        "budget vs actual spend",
    ),
    (
        "The user wants to retire at 60.",
        "the user's husband wants to retire at 62",
        "other person",
    ),
    (
        "I get paid every other Friday.",
        "my partner is paid monthly on the 28th",
        "other person",
    ),
    (
        "My phone plan with Mint Mobile costs $30 a month.",
        "my daughter's Mint plan is $15 a month",
        "other person",
    ),
    (
        "I have a Roth IRA at Vanguard.",
        "the Roth IRA is invested in a target-date 2055 fund",
        "added detail",
    ),
    (
        "Council tax is £1,920 a year.",
        "the house is in council tax band D",
        "other attribute",
    ),
    (
        "The vacation fund goal is $3,000 by June.",
        "the trip is to Portugal",
        "added detail",
    ),
    (
        "The user's daughter Mia gets $10 a week in allowance.",
        "her brother Theo gets $5 a week",
        "other child",
    ),
    (
        "Amazon Prime renews every year on 9 November.",
        "Audible renews on 9 November too",
        "same date, other subscription",
    ),
    (
        "My car loan payment is $412, due on the 5th.",
        "the car loan ends in March 2027",
        "other attribute",
    ),
    (
        "I use YNAB for budgeting.",
        "the YNAB subscription costs $99 a year",
        "added detail",
    ),
    (
        "My credit card has a $5,000 limit.",
        "my second card has a $2,000 limit",
        "other card",
    ),
    (
        "Health insurance is through my employer with Blue Cross.",
        "dental insurance is with Delta Dental",
        "other insurance",
    ),
    (
        "Internet is $60 a month from Comcast Xfinity.",
        "the internet plan is 300 Mbps",
        "other attribute",
    ),
    (
        "My savings account earns 4.1% APY.",
        "the 12-month CD pays 4.5% APY",
        "other account",
    ),
    (
        "The user's landlord is Mr. Patel.",
        "Mr. Patel prefers rent by bank transfer",
        "added detail",
    ),
    (
        "Rent increases by 3% every July.",
        "the parking fee goes up 5% every January",
        "other fee",
    ),
    (
        "I split the streaming subscriptions with my roommate 50/50.",
        "my roommate and I split groceries 60/40",
        "other expense",
    ),
    (
        "I usually file my tax return in February.",
        "the state tax refund usually arrives in April",
        "related, other event",
    ),
    (
        "I have $12,000 in the high-yield savings account.",
        "the HYSA target is $20,000",
        "balance vs goal",
    ),
    (
        "The user's accountant is Lorraine Voss.",
        "Lorraine charges $350 for a tax return",
        "added detail",
    ),
    (
        "I'm saving for a wedding in September 2026.",
        "the wedding budget is $25,000",
        "added detail",
    ),
    (
        "Pet insurance for the dog costs £28 per month.",
        "the cat isn't insured",
        "other pet",
    ),
    (
        "My annual bonus is paid in March.",
        "last year's bonus was 8% of salary",
        "other attribute",
    ),
    (
        "The budget for Christmas gifts this year is €400.",
        "the birthday gifts budget is €150 a year",
        "other budget",
    ),
    (
        "The Disney+ subscription was cancelled.",
        "Apple TV+ is still active",
        "other subscription",
    ),
    (
        "My partner and I have a joint account at Monzo.",
        "I also have a personal Monzo account",
        "addition",
    ),
    (
        "The user transfers £250 to Premium Bonds on payday.",
        "the Premium Bonds won £50 in May",
        "related event",
    ),
    (
        "The life insurance payout is $500,000.",
        "my husband's life policy is $250,000",
        "other person",
    ),
    ("My credit score is 780.", "Sam's credit score is 810", "other person"),
    (
        "We pay the nanny $22 an hour.",
        "the nanny works 30 hours a week",
        "other attribute",
    ),
    (
        "The dentist bill of $180 is due on 3/15.",
        "the optician bill of $180 is due on 4/15",
        "other bill, same amount",
    ),
    (
        "The user is saving to buy a house in Denver.",
        "the user's budget for the house is up to $550,000",
        "added detail",
    ),
    (
        "My renters insurance deductible is $500.",
        "the renters insurance premium is $14 a month",
        "other attribute",
    ),
    (
        "I budget 10% of my income for charity.",
        "this year's donations go to the local food bank",
        "added detail",
    ),
    (
        "The user's HSA is with Fidelity.",
        "HSA contributions are $300 a month",
        "added detail",
    ),
    (
        "The car is leased, not owned.",
        "the car lease ends in October 2026",
        "added detail",
    ),
    (
        "My travel card has no foreign transaction fees.",
        "the travel card has a $95 annual fee",
        "other fee",
    ),
    (
        "I check my accounts every morning at 7:30.",
        "my partner checks our accounts on Sunday evenings",
        "other person",
    ),
    (
        "My workplace pension is with Nest.",
        "I also have an old pension with Aegon from a previous job",
        "other pension",
    ),
    (
        "The gas bill averages €85 in winter.",
        "the gas bill averages €30 in summer",
        "other season",
    ),
    (
        "Annual travel insurance with Staysure costs £95.",
        "the Staysure policy excess is £100",
        "other attribute",
    ),
    (
        "The kids' college fund is an Ohio 529 plan.",
        "the grandparents add $100 a month to the 529",
        "added detail",
    ),
    (
        "The user wants alerts for any transaction over $100.",
        "also alert on any international transaction, whatever the amount",
        "addition",
    ),
]

DOMAINS = {
    "ecommerce_shop": {
        "duplicate": SHOP_DUP,
        "contradiction": SHOP_CON,
        "compatible": SHOP_COM,
    },
    "research_lab": {
        "duplicate": LAB_DUP,
        "contradiction": LAB_CON,
        "compatible": LAB_COM,
    },
    "personal_finance": {
        "duplicate": FIN_DUP,
        "contradiction": FIN_CON,
        "compatible": FIN_COM,
    },
}


def main() -> None:
    rng = random.Random(19)
    rows = []
    seen = set()
    for domain, by_label in DOMAINS.items():
        for label, items in by_label.items():
            for a, b, note in items:
                # a paraphrase is symmetric: sometimes store the terse/odd form first
                if label == "duplicate" and rng.random() < 0.4:
                    a, b = b, a
                assert a.strip() and b.strip() and a != b, (a, b)
                key = (a, b)
                assert key not in seen, key
                seen.add(key)
                rows.append(
                    {"a": a, "b": b, "label": label, "domain": domain, "note": note}
                )
    rng.shuffle(rows)
    with OUT.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} rows to {OUT}")
    print("by label:", dict(sorted(Counter(r["label"] for r in rows).items())))
    print("by domain:", dict(sorted(Counter(r["domain"] for r in rows).items())))
    print(
        "by domain/label:",
        dict(sorted(Counter(f"{r['domain']}/{r['label']}" for r in rows).items())),
    )
    implied = sum(
        1
        for r in rows
        if r["label"] == "contradiction" and r["note"].startswith("implied:")
    )
    print(f"implied contradictions: {implied}")


if __name__ == "__main__":
    main()

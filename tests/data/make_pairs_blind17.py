# ruff: noqa: E501
"""Pairs set blind17: contradiction / duplicate / compatible pairs of stored vs new memories.

Emphasis: three everyday agent domains written by hand -
  * real_estate_agent: clients, listings, viewings, budgets, rents, mortgages, leases;
  * devops_oncall: services, hosts, regions, versions, ports, limits, runbooks, escalation;
  * family_calendar: kids' schools and activities, birthdays, relatives, pets, appointments, carpools.
Hard duplicates carry the value in another notation (units, currencies, time zones, cron,
byte counts, spelled numbers, yearly vs monthly sums); about a fifth of contradictions are
implied (one step of arithmetic or world knowledge, note starts with "implied:"); compatible
pairs are mostly near-misses (same subject other attribute, same attribute other subject,
same value other fact, consistent additions and other time frames).
"""

import json
import random
from collections import Counter
from pathlib import Path

SEED = 17

# ---------------------------------------------------------------- real_estate_agent
RE_CONTRA = [
    (
        "Priya Nair: purchase budget capped at £450,000.",
        "priya's top budget is now £480k, she got her bonus",
        "budget raised 450k -> 480k",
    ),
    (
        "The Hendersons want a 3-bedroom house in Didsbury.",
        "Hendersons have changed their brief: they now need four bedrooms, still Didsbury.",
        "bedrooms 3 -> 4",
    ),
    (
        "Viewing of 14 Alder Road booked for Saturday 10:30.",
        "14 Alder Rd viewing moved to Saturday 2pm.",
        "viewing time changed",
    ),
    (
        "Unit 5B at Harbour View is still available.",
        "5B Harbour View went under offer yesterday - no longer available.",
        "availability flipped",
    ),
    (
        "Marco Ruiz is a cash buyer, no mortgage needed.",
        "Marco Ruiz will finance the purchase with a Santander mortgage.",
        "cash vs mortgage",
    ),
    (
        "Listing: 22 Quay Street, asking price €395,000.",
        "22 Quay St asking price reduced to €375,000.",
        "price reduced",
    ),
    (
        "Ms. Okafor rents her current flat.",
        "Ms Okafor owns her current flat outright.",
        "rents vs owns",
    ),
    (
        "Tenant at Flat 2, 9 Mill Lane pays $1,850/month.",
        "Flat 2, 9 Mill Lane - rent is $1,950 per month",
        "rent value differs",
    ),
    (
        "The Lees need to move in by 1 September 2025.",
        "Lee family move-in deadline: 2025-10-15",
        "deadline replaced",
    ),
    (
        "David Chen prefers to be contacted by email only.",
        "david chen asked us to phone him, not email",
        "contact preference swapped",
    ),
    (
        "Sara Bianchi's mortgage is fixed at 4.25% for 5 years.",
        "sara bianchi mortgage: 2-year fix @ 4.25%",
        "fix term 5y vs 2y",
    ),
    (
        "The flat at 31 Rue Victor Hugo is on the 3rd floor.",
        "31 Rue Victor Hugo apartment is on the fifth floor.",
        "floor differs",
    ),
    (
        "Lease for 8 Birch Court ends 30 June 2025.",
        "8 Birch Court lease was extended and now runs until 31 December 2025.",
        "end date replaced",
    ),
    (
        "Tom and Ellie Grant are looking only in the Bristol area.",
        "The Grants have dropped Bristol and are searching in Bath only.",
        "search area replaced",
    ),
    (
        "Keys for 17 Elm Grove are held at the office.",
        "17 Elm Grove keys are with the landlord, not at our office.",
        "key location",
    ),
    (
        "Pets are allowed at the Maple Towers rental.",
        "Maple Towers: strictly no pets.",
        "negation",
    ),
    (
        "Ananya Rao is pre-approved for a $600,000 mortgage with Chase.",
        "Ananya Rao's Chase pre-approval came in at $550,000.",
        "pre-approval amount",
    ),
    (
        "Listing for 4 Orchard Way is exclusive to our agency.",
        "4 Orchard Way is now also listed with Foxtons - no longer a sole agency.",
        "exclusivity ended",
    ),
    (
        "Buyer Klaus Weber insists on a garden.",
        "klaus weber doesn't want a garden any more, prefers a flat with a balcony",
        "preference reversed",
    ),
    (
        "The 2-bed at Canal Wharf is let furnished.",
        "Canal Wharf 2-bed is being offered unfurnished.",
        "furnished vs unfurnished",
    ),
    (
        "Offer of £312,000 on 6 Park Crescent has been accepted.",
        "Vendor of 6 Park Crescent rejected the £312k offer.",
        "accepted vs rejected",
    ),
    (
        "Jamal Harris is single and buying alone.",
        "Jamal Harris is buying jointly with his wife Nadia.",
        "single vs married, joint",
    ),
    (
        "Council tax band for 12 Rowan Close: C.",
        "12 Rowan Close sits in council tax band E.",
        "band differs",
    ),
    (
        "Open house at 88 Pine Street on Sunday 2-4 pm.",
        "88 Pine St open house this Sunday is cancelled.",
        "event cancelled",
    ),
    (
        "Deposit for the Kingsley Road flat is five weeks' rent.",
        "kingsley rd flat deposit = 6 weeks rent",
        "deposit weeks differ",
    ),
    (
        "Mr. Alvarez's mortgage broker is Helen Price at Habito.",
        "Alvarez switched brokers - now using Raj Patel at L&C.",
        "broker replaced",
    ),
    (
        "The Nguyens' agreed completion date is 14 March.",
        "Nguyen completion pushed back to 28 March.",
        "completion date moved",
    ),
    (
        "Studio at 5 Bell Yard: 32 m², ground floor.",
        "5 Bell Yard studio measures 45 sq m.",
        "size differs",
    ),
    (
        "Fatima Zahra wants parking for two cars.",
        "Fatima Zahra only needs one parking space now, she sold the second car.",
        "parking count changed",
    ),
    (
        "Service charge at Riverside Lofts is £2,400 a year.",
        "Riverside Lofts service charge: £3,100 per annum",
        "service charge differs",
    ),
    (
        "Survey for 19 Hawthorn Drive booked with Rightsurv.",
        "hawthorn dr survey instructed with Countrywide instead of Rightsurv",
        "surveyor replaced",
    ),
    (
        "Landlord of 3 Queens Walk is Mrs. Patel.",
        "3 Queens Walk was sold; the landlord is now Mr. Osei.",
        "landlord replaced",
    ),
    (
        "Listing photos for 10 Fern Lane scheduled for Tuesday.",
        "Photographer for 10 Fern Lane rebooked to Thursday.",
        "shoot day moved",
    ),
    (
        "The boiler at 7 Cedar Mews was replaced in 2023.",
        "7 Cedar Mews still has the original 2009 boiler.",
        "boiler age conflicts",
    ),
    (
        "Rent at 44 High St is due on the 1st of each month.",
        "44 High Street rent due date changed to the 15th.",
        "due day changed",
    ),
    (
        "Lucy Park is going to offer on 2 Willow Row.",
        "Lucy Park has decided not to put in an offer on 2 Willow Row.",
        "negation",
    ),
    (
        "Ground rent at Ashdown House: £250/yr.",
        "Ashdown House has no ground rent at all - share of freehold.",
        "ground rent none vs 250",
    ),
    (
        "The Moores are in a chain: they must sell their Leeds house first.",
        "The Moores are chain-free, the Leeds house already sold.",
        "chain status",
    ),
    (
        "EPC rating for 21 Linden Ave is B.",
        "21 Linden Avenue EPC came back as a D.",
        "EPC differs",
    ),
    (
        "Mr. Sato can only view at weekends.",
        "Mr Sato is only available for viewings on weekday evenings.",
        "availability swapped",
    ),
    (
        "Apartment 12C at Lakeshore has 2 bathrooms.",
        "Lakeshore 12C has a single bathroom.",
        "bathroom count",
    ),
    (
        "Our commission on the Fairview sale is 1.5% + VAT.",
        "Fairview sale: commission agreed at 1.2% plus VAT",
        "commission rate",
    ),
    (
        "Holding deposit for 9 Mill Lane received from applicant Jo Kim.",
        "Still waiting on Jo Kim's holding deposit for 9 Mill Lane.",
        "received vs outstanding",
    ),
    (
        "Gabriel Costa's lease at Vista Apartments is month-to-month.",
        "Gabriel Costa signed a 12-month fixed lease at Vista Apartments.",
        "lease type",
    ),
    (
        "Listing 16 Harbour Rd: freehold.",
        "16 Harbour Road is leasehold with 89 years remaining.",
        "tenure",
    ),
    (
        "Mrs Ivanova wants a top-floor flat for the views.",
        "Mrs Ivanova now insists on a ground-floor flat.",
        "floor preference",
    ),
    (
        "3 Queens Walk gets a routine inspection every 6 months.",
        "inspection schedule for 3 queens walk: quarterly",
        "frequency differs",
    ),
    (
        "Greg Howard's solicitor: Lisa Tran at Brookes & Co.",
        "greg howard changed solicitor -> Pinsent Law, contact Mark Ede",
        "solicitor replaced",
    ),
    (
        "Broadband at Canal Wharf: full fibre, 900 Mbps.",
        "Canal Wharf only gets ADSL, about 15 Mb down.",
        "broadband type",
    ),
    (
        "Parking at 28 Victoria Sq is included in the rent.",
        "28 Victoria Square parking costs an extra £120/month on top of rent.",
        "included vs extra",
    ),
    (
        "The Okonkwo family's agreed rent is €1,600/month.",
        "Okonkwo rent renegotiated down to €1.500 per month.",
        "rent changed",
    ),
    (
        "Contracts exchanged on the sale of 15 Briar Lane.",
        "15 Briar Lane hasn't exchanged yet; buyer's solicitor still waiting on searches.",
        "exchange status",
    ),
    (
        "Hannah Fischer wants move-in ready, no renovation projects.",
        "Hannah Fischer is now keen on a doer-upper she can renovate.",
        "preference reversed",
    ),
    (
        "Rahul Mehta's employer (for referencing) is Deloitte.",
        "Rahul Mehta left Deloitte and now works at KPMG.",
        "employer replaced",
    ),
    (
        "70 Castle St has 2 reception rooms.",
        "70 Castle Street: just the one reception room.",
        "count differs",
    ),
    # implied
    (
        "Aylin Demir is a first-time buyer.",
        "Aylin Demir sold her previous flat in 2021.",
        "implied: a first-time buyer has never owned",
    ),
    (
        "The Walsh family want a place within 5 km of Bristol Temple Meads.",
        "Walshes are fine with anywhere up to 10 miles from Temple Meads.",
        "implied: 10 mi ≈ 16 km, not 5 km",
    ),
    (
        "Amit Shah's budget is ₹1.2 crore.",
        "amit shah: budget 95 lakh max",
        "implied: 1.2 crore = 120 lakh",
    ),
    (
        "The Rossis want at least 120 m² of living space.",
        "Rossis have capped the size at 1,000 sq ft - anything bigger is too much upkeep.",
        "implied: 1,000 sq ft ≈ 93 m² < 120",
    ),
    (
        "Lease on Flat 7, Brook House starts 1 April 2025 for 12 months.",
        "Flat 7 Brook House tenancy ends on 31 January 2026.",
        "implied: 12 months from 1 Apr ends 31 Mar 2026",
    ),
    (
        "Mortgage for the Bakers: £240,000 on a £300,000 purchase.",
        "Bakers are borrowing at 90% LTV on the £300k purchase.",
        "implied: 240/300 = 80% LTV",
    ),
    (
        "The Fosters are putting down 10% of the £520,000 price.",
        "Fosters' deposit on the £520k house: £78,000.",
        "implied: 10% would be £52,000",
    ),
    (
        "Apartment 9A at The Meridian faces south.",
        "Meridian 9A only gets the sunrise, no sun after midday.",
        "implied: morning-only sun means east-facing",
    ),
    (
        "Rent for 12 Station Rd is $2,100 per month.",
        "12 Station Rd rent totals $21,600 a year.",
        "implied: 2,100 x 12 = 25,200",
    ),
    (
        "Call with the vendor of 40 Lake Dr at 17:00 GMT on 12 Feb.",
        "Vendor call for 40 Lake Dr: 12 Feb at 5 pm New York time.",
        "implied: 17:00 GMT is 12:00 in New York",
    ),
    (
        "Thabo Nkosi's lease on Unit 4, Greenpoint is in his name only.",
        "Thabo Nkosi and his partner are joint tenants at Unit 4 Greenpoint.",
        "implied: joint tenancy means both are named",
    ),
    (
        "The flat at 2 Harbour Row is on the top floor.",
        "2 Harbour Row flat has two more floors of flats above it.",
        "implied: top floor has nothing above",
    ),
    (
        "House at 9 Heath Lane was built in 1932.",
        "9 Heath Lane is a new-build, completed last year.",
        "implied: a new-build cannot date from 1932",
    ),
    (
        "Olu Adeyemi wants to complete before the school year starts in September.",
        "Olu Adeyemi is happy to complete in November.",
        "implied: November is after September",
    ),
    (
        "Mr. Dubois offered €410,000 on 11 Rue Lafayette, €15,000 under asking.",
        "11 Rue Lafayette is on the market at €420,000.",
        "implied: 410k + 15k = 425k asking",
    ),
]

RE_DUP = [
    (
        "Client Jonas Berg wants a two-bedroom flat with a balcony.",
        "jonas berg - 2-bed apartment, must have balcony",
        "same brief, terse",
    ),
    (
        "The Whitfields' maximum budget is $750,000.",
        "Whitfields can spend up to three quarters of a million dollars.",
        "750k spelled out",
    ),
    (
        "Viewing at 33 Sycamore Ave on 03/14/2025 at 4:30 pm.",
        "33 Sycamore Avenue viewing: March 14, 2025, 16:30",
        "date and time notation",
    ),
    (
        "Flat at 8 Long Acre is 70 m².",
        "8 Long Acre flat: approx. 753 sq ft",
        "70 m² = 753 sq ft",
    ),
    (
        "Mr. Kowalski rents; he does not own his current home.",
        "Kowalski is currently a tenant.",
        "rents = tenant",
    ),
    (
        "Rent for 19 Dock St is £1,300 pcm.",
        "19 Dock Street lets at thirteen hundred pounds per calendar month.",
        "number spelled, pcm expanded",
    ),
    (
        "Ines Duarte is pre-approved for a €280k mortgage with Millennium BCP.",
        "Millennium BCP gave Ines Duarte an approval in principle for 280,000 euros.",
        "same pre-approval reworded",
    ),
    (
        "The apartment at 5 Via Roma is on the 4th floor.",
        "Via Roma 5 - the flat sits on floor four.",
        "ordinal notation",
    ),
    (
        "The Parkers want to be within 30 minutes of Manchester Piccadilly by train.",
        "Parkers: max half-hour rail commute into Manchester Piccadilly",
        "30 min = half hour",
    ),
    (
        "No pets allowed at Grove Court.",
        "Grove Court lettings are pet-free; animals not permitted.",
        "paraphrase",
    ),
    (
        "The lease on Unit 3, Bank Chambers expires 2025-08-31.",
        "Bank Chambers unit 3 tenancy runs out at the end of August 2025.",
        "date notation",
    ),
    (
        "Emily Zhou is a first-time buyer.",
        "Emily Zhou has never owned a property before.",
        "definition paraphrase",
    ),
    (
        "Offer of £285,000 on 12 Kiln Lane accepted by the vendor.",
        "Vendor of 12 Kiln Lane said yes to our buyer's £285k bid.",
        "clause turned around",
    ),
    (
        "Deposit at Harbour Lofts is six weeks' rent.",
        "harbour lofts deposit = 6 wks rent",
        "terse note",
    ),
    (
        "Viewing for the Osei family at 10:00 Saturday, 4 Larch Close.",
        "Saturday 10am - Oseis viewing 4 Larch Close",
        "word order, time notation",
    ),
    (
        "The Moreau apartment has gas central heating.",
        "Moreau flat is heated by a gas boiler and radiators.",
        "synonym",
    ),
    (
        "Ahmed Karim prefers WhatsApp for updates.",
        "Send Ahmed Karim his updates over WhatsApp - that's what he likes.",
        "paraphrase",
    ),
    (
        "Completion for 6 Ferry Rd is set for 1 July 2025.",
        "6 Ferry Road completes 2025-07-01.",
        "ISO date",
    ),
    (
        "The Garcias need a house with at least 3 bedrooms.",
        "Garcias: minimum three bedrooms",
        "terse, spelled number",
    ),
    (
        "Broker for the Singh purchase: Alan Reed at Mortgage Advice Bureau.",
        "Alan Reed (MAB) is handling the Singhs' mortgage.",
        "abbreviation, turned around",
    ),
    (
        "Property at 2 Cliff Top has sea views from the master bedroom.",
        "From the main bedroom at 2 Cliff Top you can see the sea.",
        "clause turned around",
    ),
    (
        "Garden at 41 Acacia Ave is south-facing, about 15 m long.",
        "41 Acacia Avenue: garden faces south, ~49 ft in length",
        "15 m = 49 ft",
    ),
    (
        "Service charge at The Forge: £1,800 per year.",
        "The Forge service charge works out at £150 a month.",
        "1,800/12 = 150",
    ),
    (
        "Anna Schmidt is relocating from Berlin for a job in Amsterdam.",
        "Anna Schmidt moving Berlin -> Amsterdam for work",
        "terse note",
    ),
    (
        "Rent at Flat 3, 27 Quay Rd is $2,400/month.",
        "27 Quay Rd flat 3 rent: $28,800 per year",
        "2,400 x 12 = 28,800",
    ),
    (
        "Keys for 9 Church Lane can be collected from the branch on Market St.",
        "Pick up the 9 Church Lane keys at our Market Street office.",
        "paraphrase",
    ),
    (
        "Max commute for Lars Nilsen: 45 minutes.",
        "Lars Nilsen won't commute longer than three-quarters of an hour.",
        "45 min spelled",
    ),
    (
        "The Tremblays are cash buyers.",
        "Tremblays don't need a mortgage, they're paying cash.",
        "paraphrase",
    ),
    (
        "Open house at 12 Orchard Rd on Sunday 1-3 pm.",
        "12 Orchard Road open house Sunday from 13:00 to 15:00",
        "24h time",
    ),
    (
        "EPC for 60 Ridge Way: band C.",
        "60 Ridge Way's energy performance rating is C.",
        "abbreviation expanded",
    ),
    (
        "Kenji Watanabe wants to be in NYC, Manhattan below 59th St.",
        "Kenji Watanabe's search area: Manhattan south of 59th Street, New York City.",
        "NYC expanded, below = south of",
    ),
    (
        "Apartment 4F at Lexington Tower has a doorman.",
        "Lexington Tower 4F - building is staffed with a doorman.",
        "paraphrase",
    ),
    (
        "The vendor of 23 Mill Rise is motivated and wants a quick sale.",
        "23 Mill Rise seller is keen to sell fast.",
        "synonyms",
    ),
    (
        "Tenancy at 5 Granary Wharf: 12-month AST starting 1 Oct 2024.",
        "5 Granary Wharf - assured shorthold tenancy, one year from October 1st 2024",
        "AST expanded, 12 months = one year",
    ),
    (
        "Carmen Vidal's max rent is 1.200 € al mes.",
        "Carmen Vidal budget: €1,200 monthly rent max",
        "European notation, translation",
    ),
    (
        "Raj and Meena Iyer have a dog, a Labrador.",
        "The Iyers' pet: one labrador retriever.",
        "paraphrase",
    ),
    (
        "Viewing of 8 Long Acre cancelled by the client.",
        "Client called off the 8 Long Acre viewing.",
        "synonym",
    ),
    (
        "Stamp duty estimate for the Clarke purchase: £12,500.",
        "Clarkes' SDLT estimate is 12.5k GBP",
        "abbreviations",
    ),
    (
        "Sofia Rossi is married and buying with her husband Luca.",
        "Sofia Rossi and her husband Luca are purchasing together.",
        "paraphrase",
    ),
    (
        "The 3-bed at 11 Thorn Way is listed at €1.1 million.",
        "11 Thorn Way three-bedroom: asking €1,100,000",
        "number notation",
    ),
    (
        "Parking space at Kingfisher Court costs £95 per month extra.",
        "Kingfisher Court: parking bay available for an additional £95 pcm",
        "paraphrase",
    ),
    (
        "Noah Levi's mortgage: 25-year term, 4.1% fixed for 2 years.",
        "Noah Levi - 2yr fix @ 4.1%, 25 yr term",
        "terse, reordered",
    ),
    (
        "Penthouse at Skyline Point: 1,500 sq ft, 3 beds.",
        "Skyline Point penthouse - three bedrooms, about 139 m²",
        "1,500 sq ft = 139 m²",
    ),
    (
        "Mr. Brown's viewing at 7:15 pm on Thursday, 2 Bridge St.",
        "Thursday 19:15 - Mr Brown viewing 2 Bridge Street",
        "24h time",
    ),
    (
        "Rental inspection for 50 Harbour St every three months.",
        "50 Harbour St gets a quarterly inspection.",
        "every 3 months = quarterly",
    ),
    (
        "Oliver Grant dislikes new-builds.",
        "Oliver Grant isn't keen on new-build properties.",
        "paraphrase",
    ),
    (
        "The Yamamotos need to be within walking distance of Greenfield International School.",
        "Yamamotos: must be walkable to Greenfield Intl School",
        "abbreviation",
    ),
    (
        "Lift at Beacon House is out of order until further notice.",
        "Beacon House elevator broken, no repair date yet.",
        "lift = elevator",
    ),
    (
        "Budget for Lena Kovac: up to 1.5M SEK.",
        "Lena Kovac can spend max 1 500 000 kronor.",
        "number and currency notation",
    ),
    (
        "Ms. Adebayo's preferred neighborhoods are Brooklyn Heights and DUMBO.",
        "Adebayo wants DUMBO or Brooklyn Heights.",
        "reordered",
    ),
    (
        "Signing appointment for the Ortiz lease at 9.30 on Monday.",
        "Ortiz lease signing: Monday, half past nine",
        "time spelled",
    ),
    (
        "Listing 3 Poplar Row withdrawn from the market.",
        "3 Poplar Row has been taken off the market.",
        "synonym",
    ),
    (
        "The Hills' home report valuation: £265k.",
        "Home Report values the Hill property at two hundred and sixty-five thousand pounds.",
        "number spelled",
    ),
    (
        "Fiona Walsh works nights and can only view after 2 pm.",
        "Only afternoon viewings (post-14:00) for Fiona Walsh - she's on night shifts",
        "reordered, 24h",
    ),
    (
        "Bathroom at 17 Elm Grove was refitted in 2022.",
        "17 Elm Grove: new bathroom fitted in 2022",
        "terse",
    ),
    (
        "Samuel Owusu's lease renewal: rent stays at £1,150.",
        "Owusu renewal agreed with no change to rent - still £1,150 pcm",
        "paraphrase",
    ),
    (
        "The Duval villa pool is heated to 28 °C.",
        "Duval villa: pool kept at about 82 °F",
        "28 °C = 82 °F",
    ),
    (
        "House at 4 Windmill Hill sits on a 0.5-acre plot.",
        "4 Windmill Hill - half-acre plot",
        "0.5 = half",
    ),
    (
        "Asking price on 14 Juniper St: $1.25M.",
        "14 Juniper Street asks one and a quarter million dollars.",
        "number spelled",
    ),
    (
        "Distance from 9 Meadow Rd to the station: 1.6 km.",
        "9 Meadow Rd is about a mile from the station.",
        "1.6 km = 1 mile",
    ),
    (
        "Move-in for the Brennans is 2025-06-16.",
        "Brennans move in on Monday 16 June 2025.",
        "date notation",
    ),
    (
        "Tenant at 6 Ash Rd gave two months' notice, leaving 31 May.",
        "6 Ash Road tenant moving out end of May (2 months' notice given)",
        "reordered",
    ),
    (
        "Mia Jensen hates carpets and wants hardwood floors.",
        "Mia Jensen: wooden floors only, no carpet",
        "terse paraphrase",
    ),
    (
        "Mortgage offer for the Reids expires on 30 Sep.",
        "Reids' mortgage offer is valid until the end of September.",
        "paraphrase",
    ),
    (
        "We manage 14 units at Riverside Lofts.",
        "Riverside Lofts: fourteen flats under our management",
        "spelled number",
    ),
    (
        "Agent Claire handles all viewings for Oak House.",
        "Oak House viewings are all done by Claire.",
        "clause turned around",
    ),
]

RE_COMPAT = [
    (
        "Priya Nair: purchase budget capped at £450,000.",
        "Priya Nair's sister Anjali is also looking, budget £300k.",
        "different person",
    ),
    (
        "The Hendersons want a 3-bedroom house in Didsbury.",
        "Hendersons would also consider Chorlton.",
        "added area",
    ),
    (
        "Viewing of 14 Alder Road booked for Saturday 10:30.",
        "Second viewing of 14 Alder Road pencilled for the Saturday after, 10:30.",
        "different event",
    ),
    (
        "Listing: 22 Quay Street, asking price €395,000.",
        "22 Quay Street last sold in 2018 for €310,000.",
        "different time frame",
    ),
    (
        "Marco Ruiz is a cash buyer, no mortgage needed.",
        "Marco Ruiz's brother needs a mortgage for his own flat.",
        "different person",
    ),
    (
        "Tenant at Flat 2, 9 Mill Lane pays $1,850/month.",
        "Flat 3 at 9 Mill Lane rents for $1,950/month.",
        "same attribute, other unit",
    ),
    (
        "Ms. Okafor rents her current flat.",
        "Ms Okafor owns a holiday cottage in Cornwall.",
        "owns a different property",
    ),
    (
        "The Lees need to move in by 1 September 2025.",
        "The Lees' current lease ends 31 August 2025.",
        "consistent related date",
    ),
    (
        "David Chen prefers to be contacted by email only.",
        "David Chen's wife prefers phone calls.",
        "different person",
    ),
    (
        "Sara Bianchi's mortgage is fixed at 4.25% for 5 years.",
        "Sara Bianchi's buy-to-let mortgage is a tracker at base + 1%.",
        "different mortgage",
    ),
    (
        "The flat at 31 Rue Victor Hugo is on the 3rd floor.",
        "31 Rue Victor Hugo has no lift.",
        "other attribute",
    ),
    (
        "Lease for 8 Birch Court ends 30 June 2025.",
        "Landlord of 8 Birch Court would like to renew with the current tenant.",
        "intent, no conflict",
    ),
    (
        "Tom and Ellie Grant are looking only in the Bristol area.",
        "Tom Grant works in Bath two days a week.",
        "related fact, no conflict",
    ),
    (
        "Pets are allowed at the Maple Towers rental.",
        "Maple Towers charges a £200 pet deposit.",
        "added detail",
    ),
    (
        "Ananya Rao is pre-approved for a $600,000 mortgage with Chase.",
        "Ananya Rao is looking at homes around $650,000 with $100k down.",
        "loan 550k fits 600k approval",
    ),
    (
        "The 2-bed at Canal Wharf is let furnished.",
        "The 1-bed at Canal Wharf is unfurnished.",
        "other unit",
    ),
    (
        "Offer of £312,000 on 6 Park Crescent has been accepted.",
        "A second buyer bid £318,000 on 6 Park Crescent; vendor declined to reopen.",
        "consistent later event",
    ),
    (
        "Council tax band for 12 Rowan Close: C.",
        "12 Rowan Close council tax for 2025/26 is £1,890.",
        "amount, not band",
    ),
    (
        "Open house at 88 Pine Street on Sunday 2-4 pm.",
        "88 Pine Street private viewings available Monday 5-7 pm.",
        "different event",
    ),
    (
        "The Nguyens' agreed completion date is 14 March.",
        "Nguyens' exchange of contracts is 28 February.",
        "different milestone",
    ),
    (
        "Studio at 5 Bell Yard: 32 m², ground floor.",
        "5 Bell Yard studio has its own 6 m² courtyard.",
        "added detail",
    ),
    (
        "Service charge at Riverside Lofts is £2,400 a year.",
        "Ground rent at Riverside Lofts is £350 a year.",
        "other charge",
    ),
    (
        "Aylin Demir is a first-time buyer.",
        "Aylin Demir's parents are gifting £20,000 towards her deposit.",
        "added detail",
    ),
    (
        "Rent at 44 High St is due on the 1st of each month.",
        "Rent at 46 High St is due on the 15th.",
        "other property",
    ),
    (
        "The Moores are in a chain: they must sell their Leeds house first.",
        "Moores' Leeds house had two viewings this week.",
        "consistent progress",
    ),
    (
        "EPC rating for 21 Linden Ave is B.",
        "21 Linden Ave had solar panels fitted in 2022.",
        "added detail",
    ),
    (
        "Mr. Sato can only view at weekends.",
        "Mr Sato prefers morning viewings.",
        "weekend mornings fit",
    ),
    (
        "Apartment 12C at Lakeshore has 2 bathrooms.",
        "Apartment 12C at Lakeshore has 2 bedrooms.",
        "same value, other attribute",
    ),
    (
        "Our commission on the Fairview sale is 1.5% + VAT.",
        "Commission on the Hillcrest sale is 1.2% + VAT.",
        "other sale",
    ),
    (
        "Gabriel Costa's lease at Vista Apartments is month-to-month.",
        "Gabriel Costa pays $1,400 a month at Vista Apartments.",
        "other attribute",
    ),
    (
        "Listing 16 Harbour Rd: freehold.",
        "16 Harbour Rd shares a driveway with number 18.",
        "other attribute",
    ),
    (
        "The Walsh family want a place within 5 km of Bristol Temple Meads.",
        "Walshes would like a house with a garage.",
        "added requirement",
    ),
    (
        "Amit Shah's budget is ₹1.2 crore.",
        "Amit Shah will take a home loan of ₹80 lakh.",
        "loan within budget",
    ),
    (
        "The Rossis want at least 120 m² of living space.",
        "Rossis were shown a 150 m² house in Monteverde yesterday.",
        "consistent viewing",
    ),
    (
        "Lease on Flat 7, Brook House starts 1 April 2025 for 12 months.",
        "Flat 7 Brook House lease has a 6-month break clause.",
        "added term",
    ),
    (
        "The Fosters are putting down 10% of the £520,000 price.",
        "Fosters' mortgage will be £468,000.",
        "520k - 52k = 468k, consistent",
    ),
    (
        "Rent for 12 Station Rd is $2,100 per month.",
        "12 Station Rd security deposit: $2,100.",
        "same value, other fact",
    ),
    (
        "Client Hiro Tanaka is relocating from Osaka and arrives in London on 3 June.",
        "Hiro Tanaka's family will follow him to London in August.",
        "different people, later date",
    ),
    (
        "Maria Lopez wants to be within a 20-minute walk of her office on Main St.",
        "Maria Lopez also wants to be near a gym.",
        "added preference",
    ),
    (
        "Olu Adeyemi wants to complete before the school year starts in September.",
        "Olu Adeyemi's kids start at St Mary's in September.",
        "consistent reason",
    ),
    (
        "Mr. Dubois offered €410,000 on 11 Rue Lafayette, €15,000 under asking.",
        "Vendor of 11 Rue Lafayette is asking €425k.",
        "410k + 15k = 425k, consistent",
    ),
    (
        "Greg Howard's solicitor: Lisa Tran at Brookes & Co.",
        "The vendor's solicitor on Greg Howard's purchase is Tom Ng at Ellis Law.",
        "other party's solicitor",
    ),
    (
        "Broadband at Canal Wharf: full fibre, 900 Mbps.",
        "Canal Wharf has good 5G coverage on Vodafone.",
        "other attribute",
    ),
    (
        "Parking at 28 Victoria Sq is included in the rent.",
        "28 Victoria Square has bike storage in the basement.",
        "other amenity",
    ),
    (
        "Hannah Fischer wants move-in ready, no renovation projects.",
        "Hannah Fischer needs a room she can use as a home office.",
        "added requirement",
    ),
    (
        "Rahul Mehta's employer (for referencing) is Deloitte.",
        "Rahul Mehta's guarantor is his father, Vikram Mehta.",
        "other attribute",
    ),
    (
        "Client Jonas Berg wants a two-bedroom flat with a balcony.",
        "Jonas Berg viewed a 2-bed with a terrace on Friday.",
        "event, no conflict",
    ),
    (
        "The Whitfields' maximum budget is $750,000.",
        "The Whitfields' current home is valued at $750,000.",
        "same value, other fact",
    ),
    (
        "Viewing at 33 Sycamore Ave on 03/14/2025 at 4:30 pm.",
        "Viewing at 35 Sycamore Ave on 03/14/2025 at 5:30 pm.",
        "other property",
    ),
    (
        "Flat at 8 Long Acre is 70 m².",
        "The balcony at 8 Long Acre is 7 m².",
        "other measurement",
    ),
    (
        "Mr. Kowalski rents; he does not own his current home.",
        "Mr Kowalski plans to buy within two years.",
        "future plan",
    ),
    (
        "Rent for 19 Dock St is £1,300 pcm.",
        "Rent at 19 Dock St was £1,200 pcm back in 2022.",
        "past time frame",
    ),
    (
        "Ines Duarte is pre-approved for a €280k mortgage with Millennium BCP.",
        "Ines Duarte also applied to Caixa Geral to compare rates.",
        "added fact",
    ),
    (
        "The apartment at 5 Via Roma is on the 4th floor.",
        "The building at 5 Via Roma has six floors and a lift.",
        "consistent building detail",
    ),
    (
        "No pets allowed at Grove Court.",
        "Grove Court does not allow smoking.",
        "other rule",
    ),
    (
        "Emily Zhou is a first-time buyer.",
        "Emily Zhou has rented in Leeds for six years.",
        "consistent history",
    ),
    (
        "Deposit at Harbour Lofts is six weeks' rent.",
        "Holding deposit at Harbour Lofts is one week's rent.",
        "other kind of deposit",
    ),
    (
        "Ahmed Karim prefers WhatsApp for updates.",
        "Ahmed Karim wants the contracts sent by email.",
        "different item",
    ),
    (
        "The Garcias need a house with at least 3 bedrooms.",
        "Garcias are viewing a 4-bed on Friday.",
        "satisfies minimum",
    ),
    (
        "Anna Schmidt is relocating from Berlin for a job in Amsterdam.",
        "Anna Schmidt starts the Amsterdam job on 1 May.",
        "added date",
    ),
    (
        "Kenji Watanabe wants to be in NYC, Manhattan below 59th St.",
        "Kenji Watanabe's office is at 5th Ave and 42nd St.",
        "related fact",
    ),
    (
        "Sofia Rossi is married and buying with her husband Luca.",
        "Luca Rossi is self-employed; the lender wants two years of accounts.",
        "detail on spouse",
    ),
    (
        "Noah Levi's mortgage: 25-year term, 4.1% fixed for 2 years.",
        "Noah Levi's previous mortgage ran on a 30-year term.",
        "past mortgage",
    ),
    (
        "Penthouse at Skyline Point: 1,500 sq ft, 3 beds.",
        "Skyline Point 2-bed on floor 12: 950 sq ft.",
        "other unit",
    ),
    (
        "Distance from 9 Meadow Rd to the station: 1.6 km.",
        "9 Meadow Rd is 1.6 km from the primary school.",
        "same value, other place",
    ),
    (
        "Oliver Grant dislikes new-builds.",
        "Oliver Grant loves Victorian terraces.",
        "consistent preference",
    ),
    (
        "The Hills' home report valuation: £265k.",
        "The Hills have accepted an offer of £270,000.",
        "offer above valuation, no conflict",
    ),
]

# ---------------------------------------------------------------- devops_oncall
DO_CONTRA = [
    (
        "payments-api runs on port 8443.",
        "payments-api listens on 9443 now (changed in the TLS rollout)",
        "port changed",
    ),
    (
        "Primary region for checkout is us-east-1.",
        "checkout primary moved to us-west-2 after the failover drill; us-east-1 is standby now",
        "primary region replaced",
    ),
    (
        "Postgres on db-prod-01: 14.9.",
        "db-prod-01 upgraded to PostgreSQL 16.2 last night.",
        "version upgraded",
    ),
    (
        "Rate limit for the public API: 100 requests per second per key.",
        "public API rate limit per key is 50 rps",
        "limit differs",
    ),
    (
        "On-call escalation: page Maya Lin first, then Ravi.",
        "escalation order this week: Ravi first, Maya Lin second",
        "order swapped",
    ),
    (
        "Feature flag new_checkout is enabled in production.",
        "new_checkout flag turned off in prod after the 5xx spike",
        "enabled -> disabled",
    ),
    (
        "Redis TTL for session data is 30 minutes.",
        "session cache TTL = 2h",
        "TTL differs",
    ),
    (
        "The search cluster runs Elasticsearch 7.17.",
        "search cluster is on OpenSearch 2.11 now, we migrated off Elasticsearch",
        "engine replaced",
    ),
    (
        "Log retention in Loki is 30 days.",
        "Loki retention was cut to 14 days to save storage.",
        "retention reduced",
    ),
    (
        "Staging k8s cluster runs Kubernetes 1.28.",
        "staging cluster version: v1.30",
        "version differs",
    ),
    (
        "auth-service has 6 replicas in prod.",
        "auth-service prod replicas scaled down to 3.",
        "replica count",
    ),
    (
        "Deploy freeze is in effect until Monday.",
        "Deploy freeze lifted early - deploys are open again.",
        "freeze ended",
    ),
    (
        "Backups for orders-db run nightly at 02:00 UTC.",
        "orders-db backup cron moved to 04:30 UTC.",
        "backup time changed",
    ),
    (
        "Max upload size for the media service is 25 MB.",
        "media service max upload bumped to 100 MB",
        "limit raised",
    ),
    (
        "Incident commander for INC-4412 is Jordan Blake.",
        "INC-4412: IC handed over to Sam Ortiz.",
        "IC replaced",
    ),
    (
        "Billing alerts go to #billing-alerts in Slack.",
        "billing alerts now route to #billing-oncall; #billing-alerts was archived",
        "channel replaced",
    ),
    (
        "Grafana is reachable at grafana.internal:3000.",
        "grafana moved behind the ingress on :443, port 3000 is closed",
        "port changed",
    ),
    (
        "Node pool gpu-a uses n1-standard-8 machines.",
        "gpu-a node pool machine type is a2-highgpu-1g.",
        "machine type differs",
    ),
    (
        "TLS certs for api.example.com are managed by cert-manager.",
        "api.example.com cert is uploaded by hand to the ALB, not via cert-manager.",
        "cert management",
    ),
    (
        "nginx worker_connections is set to 4096.",
        "nginx: worker_connections 1024;",
        "value differs",
    ),
    (
        "Kafka topic orders.v1 has 12 partitions.",
        "orders.v1 was repartitioned to 24 partitions.",
        "partition count",
    ),
    (
        "DNS for the app is hosted on Route 53.",
        "App DNS is served by Cloudflare now, the Route 53 zone was deleted.",
        "provider replaced",
    ),
    (
        "The CI runner pool is self-hosted on bare metal.",
        "CI uses GitHub-hosted runners only; no self-hosted runners left.",
        "runner type",
    ),
    (
        "PagerDuty primary on-call rotates weekly on Mondays.",
        "primary rotation handoff is on Wednesdays now",
        "handoff day",
    ),
    (
        "Java version for the ledger service is 17.",
        "ledger service runs on Java 21.",
        "version differs",
    ),
    (
        "SLO for checkout availability: 99.9% monthly.",
        "checkout availability SLO raised to 99.95%",
        "target changed",
    ),
    (
        "db-replica-2 is in the read pool.",
        "db-replica-2 pulled from the read pool for a disk swap.",
        "membership removed",
    ),
    (
        "Cron job cleanup-tmp runs every 15 minutes.",
        "cleanup-tmp schedule: hourly",
        "frequency differs",
    ),
    (
        "HPA for web-frontend: min 4, max 20 pods.",
        "web-frontend HPA maxReplicas is 12.",
        "max differs",
    ),
    (
        "The VPN endpoint is vpn.corp.example.net.",
        "VPN moved to vpn2.corp.example.net - the old hostname no longer resolves.",
        "endpoint replaced",
    ),
    (
        "Queue backlog runbook: scale consumers first, then purge the DLQ.",
        "queue backlog runbook: never purge the DLQ, replay it instead",
        "runbook step reversed",
    ),
    (
        "Terraform state lives in S3 bucket tf-state-prod.",
        "Terraform state migrated to Terraform Cloud; tf-state-prod is just a read-only archive.",
        "state backend replaced",
    ),
    (
        "Memory limit for worker pods: 2 GiB.",
        "worker pods memory limit raised to 4Gi",
        "limit raised",
    ),
    (
        "The status page is hosted on Statuspage.io.",
        "We self-host the status page on Cachet now.",
        "provider replaced",
    ),
    (
        "Service mesh is Istio 1.20.",
        "Mesh is Linkerd; Istio was removed in Q2.",
        "mesh replaced",
    ),
    (
        "Alert threshold for disk usage: page at 90%.",
        "disk usage paging threshold lowered to 80%",
        "threshold changed",
    ),
    (
        "api-gateway timeout to upstreams is 30 s.",
        "api-gateway upstream timeout: 10s",
        "timeout differs",
    ),
    (
        "The on-call secondary this week is Priya.",
        "Secondary on-call this week: Tomás (swapped with Priya).",
        "person replaced",
    ),
    (
        "Blue is live for the storefront.",
        "storefront traffic has been switched to green",
        "live colour swapped",
    ),
    (
        "MySQL max_connections on db-legacy is 500.",
        "db-legacy max_connections = 1500",
        "value differs",
    ),
    (
        "The data pipeline runs in eu-west-1 (Ireland).",
        "data pipeline relocated to eu-central-1 (Frankfurt)",
        "region replaced",
    ),
    (
        "Maintenance window: Sundays 01:00-03:00 UTC.",
        "maintenance window moved to Tuesdays 22:00-00:00 UTC",
        "window moved",
    ),
    (
        "notifications-svc is written in Go.",
        "notifications-svc was rewritten in Rust; the Go version is retired.",
        "language replaced",
    ),
    (
        "Prometheus scrape interval: 15s.",
        "scrape interval bumped to 60s to cut load on Prometheus",
        "interval changed",
    ),
    (
        "Vault is unsealed automatically via AWS KMS.",
        "Vault needs a manual unseal with 3 of 5 key shares.",
        "auto vs manual unseal",
    ),
    (
        "SSH to the bastion is allowed from the office IP range only.",
        "bastion SSH is open to 0.0.0.0/0 right now while we debug",
        "access restriction removed",
    ),
    (
        "legacy-reports host is still running.",
        "legacy-reports was decommissioned on Friday.",
        "running vs decommissioned",
    ),
    ("Canary gets 5% of traffic.", "canary weight set to 25%", "weight differs"),
    (
        "Error budget for search is exhausted.",
        "search still has 60% of its error budget left this month",
        "budget state",
    ),
    (
        "Database incidents escalate to the DBA team (Ines).",
        "DB incidents now escalate to the platform team, not the DBAs.",
        "escalation target replaced",
    ),
    (
        "The ingress controller is ingress-nginx.",
        "We switched ingress to Traefik.",
        "controller replaced",
    ),
    (
        "Merges to main deploy automatically to staging.",
        "staging deploys are manual now (sync button in Argo)",
        "auto vs manual",
    ),
    ("JVM heap for ledger: -Xmx4g.", "ledger heap set to -Xmx8g", "heap differs"),
    # implied
    (
        "Memory limit for the cache pods is 512 MiB.",
        "cache pods: limits.memory 1Gi",
        "implied: 1 GiB = 1024 MiB, not 512",
    ),
    (
        "Session timeout on the admin console: 90 minutes.",
        "admin console sessions expire after an hour",
        "implied: an hour is 60 min, not 90",
    ),
    (
        "Weekly DB maintenance happens Sunday 02:00 UTC.",
        "weekly DB maintenance starts 2 am Sunday New York time",
        "implied: 02:00 New York is 06:00/07:00 UTC",
    ),
    (
        "TLS cert for shop.example.com expires 2025-09-30.",
        "shop.example.com cert was issued 1 Sep 2025 and is good for 90 days.",
        "implied: expiry would be 30 Nov 2025",
    ),
    (
        "payments-api: 3 replicas, CPU request 2 cores each.",
        "payments-api total CPU request across replicas is 12 cores",
        "implied: 3 x 2 = 6 cores",
    ),
    (
        "Primary DB is in Frankfurt.",
        "Primary DB lives in us-east-1.",
        "implied: us-east-1 is N. Virginia",
    ),
    (
        "The API supports TLS 1.2 and 1.3.",
        "API gateway minimum TLS version is 1.3.",
        "implied: min 1.3 drops 1.2",
    ),
    (
        "The edge cluster runs on ARM (Graviton) instances.",
        "edge cluster nodes are c5.2xlarge",
        "implied: c5 is Intel x86",
    ),
    (
        "log-01 has a 2 TB disk, 40% used.",
        "log-01 has about 200 GB free.",
        "implied: 60% of 2 TB is ~1.2 TB free",
    ),
    (
        "On-call hand-off happens at 09:00 Europe/Berlin.",
        "on-call handoff is at 9 am UTC",
        "implied: Berlin is UTC+1/+2",
    ),
    (
        "Retention for audit logs: 400 days.",
        "audit logs are purged after one year",
        "implied: a year is 365 days, not 400",
    ),
    (
        "Heartbeat check interval: every 30 seconds.",
        "heartbeat runs 6 times per minute",
        "implied: 6/min = every 10 s",
    ),
    (
        "The weekly report job runs every Monday at 08:00 UTC.",
        "weekly report cron: `0 8 * * 5` (UTC)",
        "implied: day-of-week 5 is Friday",
    ),
    (
        "Bandwidth on the office uplink: 1 Gbps.",
        "office uplink is a 100 Mbit line",
        "implied: 100 Mbit is a tenth of 1 Gbps",
    ),
    (
        "Max request body for the upload API is 10 MiB.",
        "upload API rejects anything above 5,242,880 bytes",
        "implied: 5,242,880 B = 5 MiB",
    ),
]

DO_DUP = [
    ("payments-api listens on port 8443.", "port for payments-api: 8443/tcp", "terse"),
    (
        "Weekly DB maintenance happens Sunday 02:00 UTC.",
        "DB maintenance is at 10:00 on Sundays, Singapore time.",
        "02:00 UTC = 10:00 SGT",
    ),
    (
        "Memory limit for worker pods: 2 GiB.",
        "worker pods limits.memory = 2048Mi",
        "2 GiB = 2048 MiB",
    ),
    (
        "The staging cluster runs Kubernetes 1.29.",
        "stg k8s is on v1.29",
        "abbreviations",
    ),
    (
        "Log retention in Loki is 30 days.",
        "Loki keeps logs for a month (retention_period: 720h).",
        "720 h = 30 days",
    ),
    (
        "Feature flag dark_mode is disabled in production.",
        "dark_mode: off in prod",
        "disabled = off",
    ),
    (
        "Primary region for checkout is us-east-1.",
        "checkout's primary lives in AWS's Northern Virginia region.",
        "region code = name",
    ),
    (
        "Escalation path for payments: on-call engineer -> Maya Lin (EM) -> VP Eng.",
        "payments escalation: first the on-call, then engineering manager Maya Lin, then the VP of Engineering.",
        "abbreviations expanded",
    ),
    (
        "Rate limit for the public API: 6,000 requests per minute per key.",
        "public API per-key limit is 100 req/s",
        "6,000/min = 100/s",
    ),
    (
        "Heartbeat check interval: every 30 seconds.",
        "heartbeat fires twice a minute",
        "30 s = twice a minute",
    ),
    (
        "Alertmanager repeat_interval for critical alerts: 4h.",
        "critical alerts re-notify every 240 minutes until acked",
        "4 h = 240 min",
    ),
    (
        "Backups for orders-db run nightly at 02:00 UTC and are kept 14 days.",
        "orders-db: daily backup 02:00Z, two-week retention",
        "notation",
    ),
    (
        "Incident INC-5120 is resolved.",
        "INC-5120 is fixed and marked resolved.",
        "paraphrase",
    ),
    (
        "auth-service runs 6 replicas in prod.",
        "prod auth-service: replicas: 6",
        "yaml-ish",
    ),
    (
        "Ingest tier daily cap: 500 GB.",
        "ingest tier caps at half a terabyte per day",
        "500 GB = 0.5 TB",
    ),
    (
        "The k8s ingress controller is ingress-nginx.",
        "We use the NGINX Ingress Controller (kubernetes/ingress-nginx) for cluster ingress.",
        "expanded name",
    ),
    (
        "Max upload size for the media service is 25 MB.",
        "media svc: uploads capped at 25 megabytes",
        "abbreviation",
    ),
    (
        "The on-call primary this week is Jordan Blake.",
        "Jordan Blake holds the primary pager this week.",
        "paraphrase",
    ),
    (
        "Deploys to prod require two approvals.",
        "prod deploys need sign-off from 2 reviewers",
        "paraphrase",
    ),
    ("Postgres on db-prod-01 is version 15.4.", "db-prod-01: PG 15.4", "abbreviation"),
    (
        "Canary receives 5% of traffic for 30 minutes before full rollout.",
        "rollouts send one in twenty requests to the canary for half an hour first",
        "5% = 1 in 20",
    ),
    (
        "Prometheus scrape interval is 15s.",
        "Prometheus scrapes its targets every fifteen seconds.",
        "spelled",
    ),
    (
        "SSH to the bastion is allowed only from 10.20.0.0/16.",
        "bastion ssh: source restricted to the 10.20.x.x network",
        "CIDR notation",
    ),
    (
        "Kafka topic orders.v1 has 12 partitions, replication factor 3.",
        "orders.v1: RF=3, partitions=12",
        "abbreviated, reordered",
    ),
    (
        "Terraform state is in S3 bucket tf-state-prod with DynamoDB locking.",
        "tf-state-prod (S3) holds the Terraform state; locks via a DynamoDB table",
        "paraphrase",
    ),
    (
        "Node pool gpu-a uses NVIDIA A100 40GB cards.",
        "gpu-a nodes have A100s (the 40 GB variant)",
        "paraphrase",
    ),
    (
        "The status page is on Statuspage.io, managed by the support team.",
        "Support team owns our Atlassian Statuspage status page.",
        "turned around",
    ),
    (
        "Disk alert pages when usage exceeds 90%.",
        "page fires if a disk has less than 10% free",
        "90% used = 10% free",
    ),
    (
        "api-gateway upstream timeout is 30 s.",
        "gateway -> upstream timeout: 30000 ms",
        "s = ms",
    ),
    (
        "The ledger service runs on Java 21 (Temurin).",
        "ledger: Eclipse Temurin JDK 21",
        "notation",
    ),
    (
        "HPA for web-frontend: min 4, max 20 pods.",
        "web-frontend autoscaler ranges between four and twenty pods.",
        "spelled",
    ),
    (
        "Maintenance window: Sundays 01:00-03:00 UTC.",
        "maint window = Sun 01-03Z",
        "terse",
    ),
    (
        "The VPN endpoint is vpn.corp.example.net on UDP 51820 (WireGuard).",
        "WireGuard VPN: vpn.corp.example.net, port 51820/udp",
        "reordered",
    ),
    (
        "db-replica-2 was removed from the read pool.",
        "read pool no longer includes db-replica-2",
        "turned around",
    ),
    (
        "Retention for audit logs: 400 days.",
        "audit log retention is four hundred days",
        "spelled",
    ),
    (
        "cleanup-tmp cron runs every 15 minutes.",
        "cleanup-tmp: */15 * * * *",
        "cron notation",
    ),
    (
        "The weekly report job runs every Monday at 08:00 UTC.",
        "weekly report: cron expression 0 8 * * MON, timezone UTC",
        "cron notation",
    ),
    (
        "Max request body for the upload API is 10 MiB.",
        "upload API rejects bodies larger than 10,485,760 bytes",
        "10 MiB in bytes",
    ),
    (
        "Secondary on-call this week is Priya Shah.",
        "Priya Shah is backup on-call this week.",
        "secondary = backup",
    ),
    (
        "The build cache volume is 500 GiB.",
        "build cache volume is ~537 GB",
        "500 GiB = 537 GB",
    ),
    (
        "Grafana lives at https://grafana.internal.",
        "dashboards: grafana.internal (https)",
        "terse",
    ),
    (
        "SLO for checkout availability: 99.9% over 30 days.",
        "checkout availability target is three nines, 30-day window",
        "99.9% = three nines",
    ),
    (
        "notifications-svc is owned by the Growth team.",
        "Growth team owns notifications-svc.",
        "turned around",
    ),
    (
        "TLS certs for api.example.com are issued by Let's Encrypt via cert-manager.",
        "cert-manager handles api.example.com certs using Let's Encrypt (ACME)",
        "reordered",
    ),
    (
        "Redis session TTL is 30 minutes.",
        "session keys in redis expire after 1800s",
        "30 min = 1800 s",
    ),
    (
        "The data pipeline runs in eu-west-1.",
        "data pipeline region: AWS Ireland",
        "region code = name",
    ),
    (
        "Deploy freeze from Dec 20 to Jan 3.",
        "No deploys 20 Dec - 3 Jan (freeze).",
        "date notation",
    ),
    (
        "Vault auto-unseals using AWS KMS.",
        "Vault unseal is automatic, backed by an AWS KMS key.",
        "paraphrase",
    ),
    (
        "legacy-reports host was decommissioned on Friday, 2025-04-11.",
        "legacy-reports decommissioned 11 April 2025",
        "date notation",
    ),
    (
        "MySQL on db-legacy allows up to 500 connections.",
        "db-legacy max_connections=500",
        "config notation",
    ),
    (
        "On-call hand-off happens at 09:00 Europe/Berlin.",
        "on-call rotation swaps at 9 am Berlin time",
        "tz notation",
    ),
    (
        "Jenkins agents run on Ubuntu 22.04 LTS.",
        "jenkins agents: Ubuntu Jammy",
        "codename",
    ),
    (
        "CPU limit for the ETL job is 1500m.",
        "ETL job CPU limit: 1.5 cores",
        "millicores",
    ),
    (
        "Storefront: green is the live environment.",
        "green is serving storefront traffic",
        "paraphrase",
    ),
    (
        "The payments database is PostgreSQL on Amazon RDS, Multi-AZ.",
        "payments DB: RDS Postgres with Multi-AZ enabled",
        "terse",
    ),
    (
        "Escalate Sev1 incidents to the CTO after 30 minutes.",
        "Sev-1 running longer than half an hour -> escalate to the CTO",
        "30 min = half hour",
    ),
    (
        "Office uplink bandwidth: 1 Gbps.",
        "office internet is a gigabit line",
        "1 Gbps = gigabit",
    ),
    (
        "Sentry alerts for the mobile app go to #mobile-alerts.",
        "#mobile-alerts receives the mobile app's Sentry notifications",
        "turned around",
    ),
    (
        "mTLS is enforced between services in the mesh.",
        "service-to-service traffic in the mesh requires mutual TLS",
        "abbreviation expanded",
    ),
    (
        "Elasticsearch heap on search nodes: 31 GB.",
        "search nodes run ES with -Xmx31g",
        "JVM flag notation",
    ),
    (
        "The edge cluster has 3 nodes in each of 4 PoPs.",
        "edge: four PoPs, three nodes per PoP",
        "spelled, reordered",
    ),
    (
        "Runbook: for a queue backlog, scale consumers before touching the DLQ.",
        "queue backlog -> first scale up consumers, DLQ only after that",
        "terse",
    ),
    (
        "pgbouncer pool_mode is transaction.",
        "pgbouncer runs in transaction pooling mode",
        "paraphrase",
    ),
    (
        "Build artifacts are kept for 90 days in Artifactory.",
        "Artifactory retains build artifacts for three months (90d)",
        "spelled",
    ),
    (
        "Payment provider escalation: their 24/7 line, account ref PX-2291.",
        "To escalate with the payment provider use their round-the-clock support line, our account ref PX-2291.",
        "24/7 = round-the-clock",
    ),
    (
        "The on-call dashboard refreshes every 1m.",
        "on-call dashboard auto-refresh: 60 seconds",
        "1 min = 60 s",
    ),
]

DO_COMPAT = [
    (
        "payments-api listens on port 8443.",
        "payments-api exposes metrics on port 9090.",
        "other port purpose",
    ),
    (
        "Primary region for checkout is us-east-1.",
        "Checkout DR region is us-west-2.",
        "DR, not primary",
    ),
    (
        "Postgres on db-prod-01 is version 15.4.",
        "db-prod-02 runs PostgreSQL 16.1.",
        "other host",
    ),
    (
        "Rate limit for the public API: 100 requests per second per key.",
        "Public API burst allowance is 200 requests.",
        "other limit",
    ),
    (
        "Feature flag new_checkout is enabled in production.",
        "new_checkout is disabled in staging for the load test.",
        "other environment",
    ),
    (
        "Redis session TTL is 30 minutes.",
        "Redis TTL for cached product pages is 30 minutes.",
        "same value, other key",
    ),
    (
        "Log retention in Loki is 30 days.",
        "Loki chunks older than 30 days are archived to S3 Glacier for a year.",
        "archive after retention",
    ),
    (
        "auth-service runs 6 replicas in prod.",
        "auth-service runs 2 replicas in staging.",
        "other environment",
    ),
    (
        "Deploy freeze is in effect until Monday.",
        "Hotfixes during the freeze need VP approval.",
        "added rule",
    ),
    (
        "Backups for orders-db run nightly at 02:00 UTC.",
        "orders-db WAL archiving runs continuously to S3.",
        "other backup mechanism",
    ),
    (
        "Max upload size for the media service is 25 MB.",
        "media service max video length is 10 minutes.",
        "other limit",
    ),
    (
        "Incident commander for INC-4412 is Jordan Blake.",
        "Comms lead for INC-4412 is Sam Ortiz.",
        "other role",
    ),
    (
        "Kafka topic orders.v1 has 12 partitions.",
        "orders.v2 topic has 24 partitions.",
        "other topic",
    ),
    (
        "DNS for the app is hosted on Route 53.",
        "In-cluster DNS is CoreDNS.",
        "other DNS",
    ),
    (
        "PagerDuty primary on-call rotates weekly on Mondays.",
        "Secondary rotation changes over on Thursdays.",
        "other rotation",
    ),
    (
        "Java version for the ledger service is 21.",
        "ledger builds use Gradle 8.5.",
        "other attribute",
    ),
    (
        "SLO for checkout availability: 99.9% monthly.",
        "checkout latency SLO: p99 under 800 ms",
        "other SLO",
    ),
    (
        "HPA for web-frontend: min 4, max 20 pods.",
        "web-frontend is currently running 7 pods.",
        "within range",
    ),
    (
        "Terraform state lives in S3 bucket tf-state-prod.",
        "Staging Terraform state is in tf-state-staging.",
        "other env",
    ),
    (
        "Memory limit for worker pods: 2 GiB.",
        "worker pods request 1 GiB of memory.",
        "request vs limit",
    ),
    (
        "Service mesh is Istio 1.20.",
        "Istio sidecar injection is disabled for the batch namespace.",
        "added detail",
    ),
    (
        "Alert threshold for disk usage: page at 90%.",
        "disk usage warning (Slack only, no page) at 75%",
        "other threshold",
    ),
    (
        "Secondary on-call this week is Priya Shah.",
        "Next week Priya Shah moves up to primary on-call.",
        "other week",
    ),
    (
        "MySQL max_connections on db-legacy is 500.",
        "db-legacy peaks at about 320 open connections.",
        "within limit",
    ),
    (
        "The data pipeline runs in eu-west-1.",
        "Pipeline output bucket replicates to eu-west-2.",
        "replica region",
    ),
    (
        "Maintenance window: Sundays 01:00-03:00 UTC.",
        "This Sunday's maintenance patches the kernel on all db hosts.",
        "event in window",
    ),
    (
        "notifications-svc is written in Go.",
        "notifications-svc builds with the Go 1.22 toolchain.",
        "more specific, consistent",
    ),
    (
        "Vault auto-unseals using AWS KMS.",
        "Vault audit logs ship to Splunk.",
        "other attribute",
    ),
    (
        "Canary gets 5% of traffic.",
        "Canary analysis runs for 30 minutes.",
        "other attribute",
    ),
    (
        "Error budget for search is exhausted.",
        "Checkout still has 70% of its error budget.",
        "other service",
    ),
    (
        "The ingress controller is ingress-nginx.",
        "ingress-nginx controller is at version 1.10.1.",
        "more specific",
    ),
    (
        "JVM heap for ledger: -Xmx4g.",
        "ledger pod memory limit is 6Gi.",
        "heap fits under limit",
    ),
    (
        "Memory limit for the cache pods is 512 MiB.",
        "cache pods usually sit around 380 MiB.",
        "usage under limit",
    ),
    (
        "Session timeout on the admin console: 90 minutes.",
        "Admin console login goes through Okta SSO.",
        "other attribute",
    ),
    (
        "TLS cert for shop.example.com expires 2025-09-30.",
        "TLS cert for api.example.com expires 2025-11-12.",
        "other domain",
    ),
    (
        "payments-api: 3 replicas, CPU request 2 cores each.",
        "payments-api CPU limit is 4 cores per pod.",
        "limit vs request",
    ),
    (
        "Primary DB is in Frankfurt.",
        "A read replica of the primary DB runs in Paris.",
        "replica elsewhere",
    ),
    (
        "The API supports TLS 1.2 and 1.3.",
        "Internal gRPC services accept TLS 1.3 only.",
        "other services",
    ),
    (
        "The edge cluster runs on ARM (Graviton) instances.",
        "CI builds multi-arch images (amd64 + arm64) for the edge cluster.",
        "consistent",
    ),
    (
        "log-01 has a 2 TB disk, 40% used.",
        "log-02 has a 2 TB disk, 85% used.",
        "other host",
    ),
    (
        "On-call hand-off happens at 09:00 Europe/Berlin.",
        "Weekly on-call review is Mondays at 10:00 Berlin time.",
        "other event",
    ),
    (
        "Retention for audit logs: 400 days.",
        "Application log retention is 30 days.",
        "other log type",
    ),
    (
        "Heartbeat check interval: every 30 seconds.",
        "A node is marked dead after 3 missed heartbeats.",
        "added rule",
    ),
    (
        "The weekly report job runs every Monday at 08:00 UTC.",
        "Monthly report job runs on the 1st at 06:00 UTC.",
        "other job",
    ),
    (
        "Bandwidth on the office uplink: 1 Gbps.",
        "Office backup LTE link is 100 Mbps.",
        "other link",
    ),
    (
        "Max request body for the upload API is 10 MiB.",
        "Upload API allows at most 10 files per request.",
        "same number, other attribute",
    ),
    (
        "The on-call primary this week is Jordan Blake.",
        "Jordan Blake is on leave all of next month.",
        "other time frame",
    ),
    (
        "Deploys to prod require two approvals.",
        "Deploys to staging need one approval.",
        "other environment",
    ),
    (
        "Kafka topic orders.v1 has 12 partitions, replication factor 3.",
        "The Kafka cluster has 5 brokers.",
        "consistent",
    ),
    (
        "Node pool gpu-a uses NVIDIA A100 40GB cards.",
        "Node pool gpu-b uses H100 80GB cards.",
        "other pool",
    ),
    (
        "The status page is hosted on Statuspage.io.",
        "Sev1 status page updates must go out within 15 minutes of declaring.",
        "added rule",
    ),
    (
        "api-gateway upstream timeout is 30 s.",
        "api-gateway client idle timeout is 60 s.",
        "other timeout",
    ),
    (
        "Escalation path for payments: on-call engineer -> Maya Lin (EM) -> VP Eng.",
        "Maya Lin is also on the escalation path for billing.",
        "added scope",
    ),
    (
        "The VPN endpoint is vpn.corp.example.net on UDP 51820 (WireGuard).",
        "Contractors use a separate OpenVPN endpoint, vpn-ext.corp.example.net.",
        "other endpoint",
    ),
    (
        "cleanup-tmp cron runs every 15 minutes.",
        "cleanup-tmp deletes files older than 24 hours.",
        "other attribute",
    ),
    (
        "legacy-reports was decommissioned on Friday.",
        "legacy-reports data was archived to the cold bucket before shutdown.",
        "consistent detail",
    ),
    (
        "Grafana lives at https://grafana.internal.",
        "Grafana admin access is limited to the SRE group.",
        "other attribute",
    ),
    (
        "Jenkins agents run on Ubuntu 22.04 LTS.",
        "The Jenkins controller runs on Ubuntu 20.04.",
        "other host",
    ),
    (
        "CPU limit for the ETL job is 1500m.",
        "ETL job runs nightly at 03:00 UTC.",
        "other attribute",
    ),
    (
        "pgbouncer pool_mode is transaction.",
        "pgbouncer default_pool_size is 20.",
        "other setting",
    ),
    (
        "mTLS is enforced between services in the mesh.",
        "The ingress gateway terminates public TLS with a Let's Encrypt cert.",
        "other TLS hop",
    ),
    (
        "Elasticsearch heap on search nodes: 31 GB.",
        "Search nodes have 64 GB of RAM.",
        "consistent",
    ),
    (
        "Escalate Sev1 incidents to the CTO after 30 minutes.",
        "Sev2 incidents escalate to the engineering manager after 2 hours.",
        "other severity",
    ),
    (
        "Build artifacts are kept for 90 days in Artifactory.",
        "Docker images in ECR are kept for 180 days.",
        "other store",
    ),
    (
        "Weekly DB maintenance happens Sunday 02:00 UTC.",
        "Cache maintenance happens Saturday 02:00 UTC.",
        "other system",
    ),
    (
        "The staging cluster runs Kubernetes 1.29.",
        "Prod is on k8s 1.28; upgrade to 1.29 planned next sprint.",
        "other cluster",
    ),
    (
        "Storefront: green is the live environment.",
        "Blue storefront environment gets patched to v3.2 tonight.",
        "idle env work",
    ),
]

# ---------------------------------------------------------------- family_calendar
FC_CONTRA = [
    (
        "Emma's piano lesson is on Tuesdays at 4:30 pm.",
        "emma piano moved to thursdays, same time",
        "day changed",
    ),
    (
        "Leo goes to Maple Grove Elementary.",
        "Leo switched schools - he's at Riverside Academy now.",
        "school replaced",
    ),
    (
        "Grandma Rose's birthday is 12 May.",
        "Grandma Rose's birthday: 21 May",
        "date differs",
    ),
    ("Our dog Biscuit is a beagle.", "Biscuit is a golden retriever.", "breed differs"),
    (
        "Mia is allergic to peanuts.",
        "Allergist says Mia isn't allergic to peanuts after all - tree nuts only.",
        "allergy corrected",
    ),
    (
        "Soccer carpool: we drive Mondays, the Patels drive Wednesdays.",
        "soccer carpool swap: Patels take Mondays now, we do Wednesdays",
        "days swapped",
    ),
    (
        "Dentist appointment for Noah on 2025-04-08 at 3:15 pm.",
        "Noah's dentist appt rescheduled to 15 April, same time.",
        "date moved",
    ),
    (
        "Uncle Ben lives in Denver.",
        "Uncle Ben moved from Denver to Phoenix last month.",
        "city replaced",
    ),
    (
        "Ava's school starts at 8:15.",
        "Ava's school day begins at 8:45 this year.",
        "start time",
    ),
    (
        "Swimming lessons are cancelled for the summer.",
        "Swim lessons carry on through July and August.",
        "negation",
    ),
    (
        "Sophie's ballet recital is on Saturday 14 June.",
        "Sophie's recital is Sunday 15 June.",
        "day differs",
    ),
    (
        "After-school club pickup by 6 pm.",
        "After-school club now closes at 5:30 - pick up by then.",
        "pickup time",
    ),
    (
        "Mochi the cat is indoor-only.",
        "Mochi goes out through the cat flap every day.",
        "indoor vs outdoor",
    ),
    ("Jack's shoe size is 2.", "jack's feet grew, he's a size 3 now", "size updated"),
    (
        "Dad's parents are visiting from Ohio on 20 December.",
        "Grandparents' Ohio visit moved to 27 December.",
        "date moved",
    ),
    (
        "Lily is vegetarian.",
        "Lily eats chicken again, she's stopped being vegetarian.",
        "diet reversed",
    ),
    (
        "Zoe should practise violin 20 minutes a day.",
        "Zoe's violin teacher wants 45 minutes of practice daily now.",
        "duration changed",
    ),
    (
        "Oliver's class teacher is Mrs. Kaur.",
        "Oliver's teacher this year is Mr. Danso.",
        "teacher differs",
    ),
    (
        "Family vacation: Lake Tahoe, 5-12 July.",
        "Summer trip changed to San Diego, still 5-12 July.",
        "destination replaced",
    ),
    (
        "Bin collection is Thursday morning.",
        "bin day has changed to Tuesday",
        "day changed",
    ),
    (
        "Mum's book club meets the first Wednesday of each month.",
        "Mum's book club moved to the last Friday of the month.",
        "recurrence changed",
    ),
    (
        "Aunt Carla is Mum's sister.",
        "Aunt Carla is Dad's sister, not Mum's.",
        "relation corrected",
    ),
    (
        "Ethan has football training at 17:00 on Fridays.",
        "ethan football training fridays 18:00 from now on",
        "time changed",
    ),
    (
        "The kids' pediatrician is Dr. Alvarez.",
        "We switched pediatricians to Dr. Whitman.",
        "doctor replaced",
    ),
    (
        "Nanny Sofia works Monday to Thursday.",
        "Sofia now works Mon-Fri.",
        "days changed",
    ),
    (
        "Piano teacher charges £30 per lesson.",
        "piano lessons went up to £35 each",
        "price changed",
    ),
    (
        "Ruby's birthday party is at the trampoline park.",
        "Ruby's party venue changed to the bowling alley.",
        "venue replaced",
    ),
    (
        "Grandpa Joe is staying with us until Sunday.",
        "Grandpa Joe went home early - left on Wednesday.",
        "stay ended early",
    ),
    (
        "Sam's orthodontist appointment is at 10:40 on 3 March.",
        "sam ortho 3 march 2:40pm",
        "time differs",
    ),
    (
        "The Wilsons do the school run on Thursdays.",
        "Wilsons can't do Thursdays anymore; the Garcias cover it.",
        "driver replaced",
    ),
    ("Theo is in Year 3.", "Theo is in Year 4.", "year group differs"),
    (
        "The car seat is in Mum's car.",
        "Car seat is in Dad's car this week.",
        "location",
    ),
    (
        "Finn's scout camp: 18-20 April.",
        "Finn's scout camp is 25-27 April.",
        "dates differ",
    ),
    (
        "We have two cats, Mochi and Pepper.",
        "Pepper was rehomed; Mochi is our only cat now.",
        "count changed",
    ),
    (
        "Emma is allowed 1 hour of screen time on school days.",
        "Emma's school-day screen time cut to 30 minutes.",
        "limit changed",
    ),
    (
        "Parent-teacher meeting for Leo on Wednesday at 6:10 pm.",
        "Leo's parent-teacher meeting is Wednesday at 5:20 pm.",
        "time differs",
    ),
    (
        "Maya's tutoring happens online.",
        "Maya's tutor comes to the house in person now.",
        "mode changed",
    ),
    (
        "Aunt Priya's wedding is in Mumbai.",
        "Aunt Priya's wedding venue moved to Goa.",
        "place replaced",
    ),
    (
        "Kids' bedtime is 8 pm on school nights.",
        "school night bedtime changed to 8:30",
        "time changed",
    ),
    (
        "Our GP surgery is on Elm Street.",
        "GP practice relocated to the health centre on Brook Road.",
        "location replaced",
    ),
    (
        "Noah's karate belt: yellow.",
        "noah just got his orange belt in karate!",
        "belt updated",
    ),
    (
        "Ava takes the school bus home.",
        "Ava walks home with a friend now, no more bus.",
        "transport changed",
    ),
    (
        "Library books are due back on 10 May.",
        "library books renewed - now due 24 May",
        "due date moved",
    ),
    (
        "Chloe's flu jab is booked for 14 Oct at the pharmacy.",
        "Chloe's flu vaccine is at the GP on 14 Oct, not the pharmacy.",
        "place differs",
    ),
    ("Mum works from home on Fridays.", "Mum's WFH day is Monday now.", "day changed"),
    (
        "Swim club subscription is £42 per month.",
        "swim club fees: £48/month",
        "fee differs",
    ),
    (
        "Babysitter Jess is booked for Saturday night.",
        "Jess cancelled Saturday; Megan is babysitting instead.",
        "sitter replaced",
    ),
    (
        "Ella's sleepover is at our house on Friday.",
        "Ella's Friday sleepover is at Hannah's house.",
        "venue differs",
    ),
    (
        "Milo takes a packed lunch to school.",
        "Milo has school dinners every day.",
        "lunch type",
    ),
    ("Cousin Daniel is 16.", "cousin daniel turned 17 last week", "age updated"),
    (
        "Family dentist is Bright Smiles on Oak Ave.",
        "We left Bright Smiles; the family dentist is now Oakwood Dental.",
        "dentist replaced",
    ),
    (
        "Girl Scouts meet Tuesdays at 6.",
        "Girl Scout meetings moved to Mondays at 6.",
        "day changed",
    ),
    (
        "Harper's gymnastics is at 9:00 on Saturdays.",
        "Harper gymnastics - Saturday 10:30",
        "time differs",
    ),
    (
        "Isla's ballet shoes are pink.",
        "Isla's new ballet shoes are black; the pink ones don't fit any more.",
        "replaced",
    ),
    # implied
    (
        "Grandma Rose turns 80 on 12 May 2025.",
        "Grandma Rose was born in 1948.",
        "implied: 1948 + 80 = 2028, not 2025",
    ),
    (
        "Emma is 9 years old.",
        "Emma just started kindergarten.",
        "implied: kindergartners are about 5",
    ),
    (
        "Leo's swim lesson is 45 minutes, starting at 17:30.",
        "Leo's swim lesson finishes at 6:30 pm.",
        "implied: 17:30 + 45 min = 18:15",
    ),
    (
        "The kids' school is 2 miles from home.",
        "school's only about 800 m from our house",
        "implied: 2 miles ≈ 3.2 km",
    ),
    (
        "Biscuit weighs 12 kg.",
        "Biscuit weighed 40 lb at the vet today.",
        "implied: 40 lb ≈ 18 kg",
    ),
    (
        "Ava's ballet is every other Saturday; the next class is 7 June.",
        "Ava has ballet on Saturday 14 June.",
        "implied: fortnightly after 7 June is 21 June",
    ),
    (
        "Aunt Carla is Mum's only sibling.",
        "Mum's brother Pete is coming to stay.",
        "implied: Carla cannot be the only sibling",
    ),
    (
        "Drama club pickup is at 18:30.",
        "drama club pickup at half past five",
        "implied: half past five is 17:30",
    ),
    (
        "Jack is the youngest of our three kids.",
        "Jack's little sister Rosie starts nursery in September.",
        "implied: a younger sister means Jack is not the youngest",
    ),
    (
        "Dad's flight from Chicago lands at 3 pm Central on Friday.",
        "Dad lands Friday at 3 pm Eastern.",
        "implied: 3 pm Eastern = 2 pm Central",
    ),
    (
        "School summer holidays start 19 July.",
        "Last day of school before summer is 25 July.",
        "implied: holidays cannot start before the last day",
    ),
    (
        "Harper is 122 cm tall (measured last week).",
        "Harper's height is 4 ft 11 in.",
        "implied: 4 ft 11 ≈ 150 cm",
    ),
    (
        "Ethan's birthday is 29 February.",
        "Ethan celebrates his birthday the day after Valentine's Day.",
        "implied: that is 15 February",
    ),
    (
        "We have no pets.",
        "Need to book the kennel for Biscuit, our dog, while we're away.",
        "implied: Biscuit is a pet",
    ),
]

FC_DUP = [
    (
        "Emma's piano lesson is Tuesdays at 4:30 pm.",
        "piano for Emma: tue 16:30",
        "terse, 24h",
    ),
    (
        "Leo's soccer practice: Wednesdays, half past five in the evening.",
        "Leo has soccer on Wednesdays at 17:30.",
        "time spelled vs digits",
    ),
    (
        "Grandma Rose's birthday is 12 May.",
        "Rose (grandma) celebrates her birthday on May 12th.",
        "date notation",
    ),
    (
        "Biscuit is our beagle, 3 years old.",
        "our dog Biscuit - beagle, age three",
        "spelled number",
    ),
    (
        "Noah has a dentist appointment on 2025-04-08 at 3:15 pm.",
        "Noah dentist: Tuesday 8 April 2025, 15:15",
        "date and time notation",
    ),
    (
        "Uncle Ben lives in Denver.",
        "Ben (uncle) is based in Denver, Colorado.",
        "paraphrase",
    ),
    ("Mia is allergic to peanuts.", "No peanuts for Mia - allergy.", "terse"),
    (
        "Carpool: we drive the kids to soccer on Mondays.",
        "Monday soccer run is ours.",
        "paraphrase",
    ),
    (
        "Ava's school starts at 8:15 a.m.",
        "Ava's school bell is at quarter past eight in the morning.",
        "time spelled",
    ),
    (
        "The kids' pediatrician is Dr. Alvarez at Sunny Kids Clinic.",
        "Dr Alvarez (Sunny Kids Clinic) is the children's doctor.",
        "synonym",
    ),
    (
        "Bin collection is Thursday morning.",
        "rubbish gets collected on Thursday mornings",
        "synonym",
    ),
    (
        "Oliver's class teacher is Mrs. Kaur.",
        "Mrs Kaur teaches Oliver's class.",
        "turned around",
    ),
    (
        "Family vacation to Lake Tahoe, 5-12 July.",
        "We're at Lake Tahoe from July 5 through July 12 on holiday.",
        "date notation",
    ),
    (
        "Swim lessons are 40 minutes long.",
        "each swim lesson lasts two-thirds of an hour",
        "40 min = 2/3 h",
    ),
    ("Lily is vegetarian.", "Lily doesn't eat meat or fish.", "definition"),
    (
        "Grandpa Joe is Dad's father.",
        "Joe is the kids' paternal grandfather.",
        "kinship paraphrase",
    ),
    (
        "Ethan has football training at 17:00 on Fridays.",
        "Fri 5pm: Ethan footy training",
        "terse, 12h",
    ),
    (
        "Mum's book club meets the first Wednesday of every month.",
        "Book club (Mum): 1st Wed monthly",
        "abbreviations",
    ),
    (
        "Nanny Sofia works Monday to Thursday.",
        "Sofia (nanny) is with us Mon, Tue, Wed and Thu.",
        "range listed",
    ),
    (
        "Ruby's birthday party is at the trampoline park on 22/06 at 2pm.",
        "Ruby's party: trampoline park, 22 June, 14:00",
        "date and time notation",
    ),
    ("Theo is in Year 3.", "Theo's school year group is Y3.", "abbreviation"),
    (
        "Finn's scout camp: 18-20 April.",
        "Finn is away at scout camp from the 18th to the 20th of April.",
        "ordinals",
    ),
    (
        "Emma gets one hour of screen time on school days.",
        "Emma: 60 min of screens on school days",
        "1 h = 60 min",
    ),
    (
        "Kids' bedtime is 8 pm on school nights.",
        "lights out at 20:00 on school nights",
        "24h",
    ),
    (
        "Our GP surgery is on Elm Street.",
        "Family doctor's practice: Elm St",
        "synonyms, abbreviation",
    ),
    (
        "Ava takes the school bus home.",
        "Ava rides the bus back from school.",
        "paraphrase",
    ),
    (
        "Milo takes a packed lunch to school.",
        "Milo brings his own lunch from home.",
        "paraphrase",
    ),
    ("Cousin Daniel is 16.", "Daniel (cousin) is sixteen years old.", "spelled number"),
    (
        "Girl Scouts meet Tuesdays at 6 pm.",
        "Girl Scout meetings: Tuesday evenings, 18:00",
        "24h",
    ),
    (
        "The kids' school is 2 miles from home.",
        "School is about 3.2 km from our house.",
        "2 mi = 3.2 km",
    ),
    ("Biscuit weighs 12 kg.", "Biscuit: 26.5 lb", "12 kg = 26.5 lb"),
    (
        "Ava's ballet is every other Saturday.",
        "Ava does ballet fortnightly on Saturdays.",
        "every other = fortnightly",
    ),
    ("Aunt Carla is Mum's sister.", "Mum and Aunt Carla are sisters.", "turned around"),
    (
        "Drama club pickup is at 18:30.",
        "collect from drama club at 6.30pm",
        "12h notation",
    ),
    (
        "Jack is the youngest of our three children.",
        "Of the three kids, Jack is the baby.",
        "paraphrase",
    ),
    (
        "Dad's flight lands at 3 pm Central on Friday.",
        "Dad's plane gets in Friday 15:00 CT",
        "24h, tz abbreviation",
    ),
    (
        "Ethan's birthday is 29 February.",
        "Ethan is a leap-day baby (Feb 29).",
        "paraphrase",
    ),
    (
        "Harper's gymnastics is 9:00 on Saturdays.",
        "Saturday mornings at nine: Harper gymnastics",
        "spelled time",
    ),
    (
        "Piano lessons cost £30 each.",
        "Each piano lesson is thirty quid.",
        "slang, spelled",
    ),
    (
        "We have two cats, Mochi and Pepper.",
        "Cats: Pepper & Mochi (2)",
        "terse, reordered",
    ),
    (
        "Sam's orthodontist appointment: 3 March at 10:40.",
        "Sam - ortho, 03/03 at twenty to eleven",
        "abbreviation, time spelled",
    ),
    (
        "Family dentist is Bright Smiles on Oak Ave.",
        "We go to Bright Smiles Dental on Oak Avenue for our teeth.",
        "paraphrase",
    ),
    (
        "The toddler swim pool at the leisure centre is kept at 30 °C.",
        "Toddler swim pool temp: 86 °F",
        "30 °C = 86 °F",
    ),
    (
        "Harper's gymnastics costs $120 per month.",
        "gymnastics for Harper: $1,440 a year, billed monthly",
        "120 x 12 = 1,440",
    ),
    (
        "Zoe's violin teacher is Mr. Hoffmann.",
        "Mr Hoffmann teaches Zoe violin.",
        "turned around",
    ),
    (
        "Mum works from home on Fridays.",
        "Fridays Mum is home-based, not in the office.",
        "paraphrase",
    ),
    (
        "Library books are due back 10 May.",
        "return the library books by May 10",
        "date notation",
    ),
    (
        "Aunt Priya's wedding is in Mumbai on 14 December.",
        "Priya's (aunt) wedding - Mumbai, Dec 14",
        "terse",
    ),
    (
        "Dad's parents arrive from Ohio on 20 December.",
        "Paternal grandparents get here from Ohio on the 20th of December.",
        "kinship paraphrase",
    ),
    (
        "The Wilsons do the Thursday school run.",
        "Thursday school run = Wilson family",
        "terse",
    ),
    (
        "Tutoring for Maya is online, Wednesdays 7-8 pm.",
        "Maya's tutor session: Wed 19:00-20:00 over video call",
        "24h, synonym",
    ),
    (
        "Kids see the dentist for a checkup every six months.",
        "children get dental checkups twice a year",
        "every 6 months = twice a year",
    ),
    (
        "Babysitter Jess is booked for Saturday night, 7 to 11.",
        "Jess babysitting Sat 19:00-23:00",
        "24h",
    ),
    (
        "Noah's karate belt is yellow.",
        "Noah currently holds a yellow belt in karate.",
        "paraphrase",
    ),
    (
        "Sophie's recital is on Saturday 14 June 2025.",
        "Sophie's recital: 2025-06-14",
        "ISO date",
    ),
    (
        "Isla's school is St. Bride's Primary.",
        "Isla attends St Bride's primary school.",
        "paraphrase",
    ),
    (
        "Chloe's flu jab is at the pharmacy on 14 Oct.",
        "Flu vaccine for Chloe: 14 October, pharmacy",
        "jab = vaccine",
    ),
    (
        "Swim club subscription is £42 per month.",
        "swim club costs us 42 pounds monthly",
        "currency spelled",
    ),
    (
        "Leo's swim lesson lasts 45 minutes from 17:30.",
        "Leo swims 5:30-6:15 pm",
        "start + duration = range",
    ),
    (
        "Carpool to dance: the Nguyens drive on Tuesdays.",
        "Tuesday dance lift is the Nguyens' turn.",
        "synonym",
    ),
    (
        "Harper is allergic to bee stings; EpiPen in her school bag.",
        "Harper carries an EpiPen in her school bag because of a bee-sting allergy.",
        "clause turned around",
    ),
    (
        "School summer holidays start 19 July.",
        "Summer break begins July 19.",
        "synonyms",
    ),
    ("Dad does the Wednesday swim pickup.", "Wednesday swim collection: Dad", "terse"),
    (
        "Lily's parents' evening is at 7.15pm on Thursday.",
        "Thursday 19:15 - Lily's parents' evening",
        "24h, reordered",
    ),
    (
        "The kids' passports expire in March 2026.",
        "Children's passports valid until 03/2026.",
        "paraphrase, notation",
    ),
    (
        "Pet insurance for Biscuit costs £18 a month.",
        "Biscuit's pet cover comes to £216 per year, paid monthly",
        "18 x 12 = 216",
    ),
]

FC_COMPAT = [
    (
        "Emma's piano lesson is on Tuesdays at 4:30 pm.",
        "Emma's piano exam is on Saturday 22 March.",
        "other event",
    ),
    (
        "Leo goes to Maple Grove Elementary.",
        "Leo's sister Ava goes to Maple Grove Middle School.",
        "other child",
    ),
    (
        "Grandma Rose's birthday is 12 May.",
        "Grandpa Joe's birthday is 12 August.",
        "other person",
    ),
    (
        "Our dog Biscuit is a beagle.",
        "Biscuit's vet is Dr. Lang at Paws Clinic.",
        "other attribute",
    ),
    ("Mia is allergic to peanuts.", "Mia loves strawberries.", "other preference"),
    (
        "Soccer carpool: we drive Mondays, the Patels drive Wednesdays.",
        "We also drive the Thursday swim carpool.",
        "other carpool",
    ),
    (
        "Dentist appointment for Noah on 2025-04-08 at 3:15 pm.",
        "Emma's dentist appointment is 2025-04-08 at 3:45 pm.",
        "same day, other child",
    ),
    (
        "Uncle Ben lives in Denver.",
        "Uncle Ben's daughter lives in Boulder.",
        "other person",
    ),
    (
        "Ava's school starts at 8:15.",
        "Ava's school finishes at 3:05 pm.",
        "other attribute",
    ),
    (
        "Swimming lessons are cancelled for the summer.",
        "Swim lessons resume on 8 September.",
        "consistent later date",
    ),
    (
        "Sophie's ballet recital is on Saturday 14 June.",
        "Sophie's dress rehearsal is Friday 13 June.",
        "other event",
    ),
    (
        "Mochi the cat is indoor-only.",
        "Mochi is due for her vaccinations in November.",
        "other attribute",
    ),
    (
        "Dad's parents are visiting from Ohio on 20 December.",
        "Mum's parents are visiting in January.",
        "other relatives",
    ),
    ("Lily is vegetarian.", "Lily eats eggs and cheese.", "consistent with vegetarian"),
    (
        "Oliver's class teacher is Mrs. Kaur.",
        "Oliver's teaching assistant is Mr. Price.",
        "other role",
    ),
    (
        "Family vacation: Lake Tahoe, 5-12 July.",
        "Cat sitter booked for 5-12 July.",
        "consistent",
    ),
    (
        "Bin collection is Thursday morning.",
        "Recycling goes out every other Thursday.",
        "consistent addition",
    ),
    (
        "Aunt Carla is Mum's sister.",
        "Aunt Carla's husband is Uncle Rob.",
        "other relation",
    ),
    (
        "Ethan has football training at 17:00 on Fridays.",
        "Ethan's football matches are on Sundays.",
        "other event",
    ),
    (
        "The kids' pediatrician is Dr. Alvarez.",
        "Dr. Alvarez's clinic closes at noon on Saturdays.",
        "detail on doctor",
    ),
    (
        "Nanny Sofia works Monday to Thursday.",
        "On Fridays Grandma picks the kids up from school.",
        "consistent",
    ),
    (
        "Piano teacher charges £30 per lesson.",
        "Zoe's violin lessons cost £30 each.",
        "same value, other subject",
    ),
    (
        "Ruby's birthday party is at the trampoline park.",
        "Ruby wants a unicorn cake for her party.",
        "added detail",
    ),
    (
        "Sam's orthodontist appointment is at 10:40 on 3 March.",
        "Sam's school photo day is 3 March.",
        "other event same day",
    ),
    ("Theo is in Year 3.", "Theo's brother Finn is in Year 5.", "other child"),
    (
        "Finn's scout camp: 18-20 April.",
        "Finn needs a sleeping bag rated to 5 °C for camp.",
        "added detail",
    ),
    (
        "Emma is allowed 1 hour of screen time on school days.",
        "Emma gets 2 hours of screen time at weekends.",
        "other time frame",
    ),
    (
        "Kids' bedtime is 8 pm on school nights.",
        "Bedtime is 9 pm on Fridays and Saturdays.",
        "non-school nights",
    ),
    (
        "Our GP surgery is on Elm Street.",
        "The kids' dentist is also on Elm Street.",
        "same value, other subject",
    ),
    (
        "Noah's karate belt: yellow.",
        "Noah's next karate grading is on 10 May.",
        "other attribute",
    ),
    (
        "Ava takes the school bus home.",
        "Ava gets a lift to school in the mornings.",
        "other direction",
    ),
    (
        "Library books are due back on 10 May.",
        "The library's summer reading challenge starts 1 July.",
        "other event",
    ),
    (
        "Mum works from home on Fridays.",
        "Dad works from home on Mondays.",
        "other person",
    ),
    (
        "Swim club subscription is £42 per month.",
        "Swim club annual membership fee is £25, due in January.",
        "other fee",
    ),
    (
        "Babysitter Jess is booked for Saturday night.",
        "Jess charges £12 an hour.",
        "other attribute",
    ),
    (
        "Milo takes a packed lunch to school.",
        "Milo buys a snack at the tuck shop on Fridays.",
        "consistent",
    ),
    ("Cousin Daniel is 16.", "Cousin Daniel's sister Amy is 12.", "other person"),
    (
        "Family dentist is Bright Smiles on Oak Ave.",
        "Sam's orthodontist is Smile Studio downtown.",
        "other role",
    ),
    (
        "Girl Scouts meet Tuesdays at 6.",
        "Girl Scout cookie booth is Saturday at 10 am.",
        "other event",
    ),
    (
        "Harper's gymnastics is at 9:00 on Saturdays.",
        "Harper's gymnastics competition is in Leeds on 5 July.",
        "other event",
    ),
    (
        "Grandma Rose turns 80 on 12 May 2025.",
        "Grandma Rose's 80th party is on Sunday 11 May.",
        "party before birthday, consistent",
    ),
    ("Emma is 9 years old.", "Emma is in 4th grade.", "consistent with age"),
    (
        "Leo's swim lesson is 45 minutes, starting at 17:30.",
        "Leo's swim lesson is at the Westside pool.",
        "other attribute",
    ),
    (
        "The kids' school is 2 miles from home.",
        "The ballet studio is 2 miles from school.",
        "same value, other distance",
    ),
    ("Biscuit weighs 12 kg.", "Biscuit eats 250 g of kibble a day.", "other quantity"),
    (
        "Ava's ballet is every other Saturday; the next class is 7 June.",
        "Next-but-one ballet class for Ava falls on 21 June.",
        "fortnight after 7 June, consistent",
    ),
    (
        "Aunt Carla is Mum's only sibling.",
        "Dad has two brothers, Pete and Sam.",
        "other side of family",
    ),
    (
        "Drama club pickup is at 18:30.",
        "Drama club drop-off is at 16:30.",
        "other attribute",
    ),
    (
        "Jack is the youngest of our three kids.",
        "Jack's big sister Rosie starts secondary school in September.",
        "consistent",
    ),
    (
        "Dad's flight from Chicago lands at 3 pm Central on Friday.",
        "Mum's flight lands at 3 pm Eastern on Sunday.",
        "other person",
    ),
    (
        "School summer holidays start 19 July.",
        "Kids break up for summer on Friday 18 July.",
        "consistent",
    ),
    (
        "Harper is 122 cm tall (measured last week).",
        "Harper needs a booster seat until she reaches 135 cm.",
        "consistent",
    ),
    (
        "Ethan's birthday is 29 February.",
        "In non-leap years we celebrate Ethan's birthday on 28 February.",
        "consistent addition",
    ),
    ("We have no pets.", "The kids want a puppy for Christmas.", "wish, no conflict"),
    (
        "Dad's parents arrive from Ohio on 20 December.",
        "Dad's parents fly home on 2 January.",
        "other event",
    ),
    (
        "Chloe's flu jab is booked for 14 Oct at the pharmacy.",
        "Chloe's preschool boosters are due at the GP in November.",
        "other vaccination",
    ),
    (
        "Maya's tutoring happens online.",
        "Maya's tutor is Mr. Okoye, a maths teacher.",
        "other attribute",
    ),
    (
        "Ella's sleepover is at our house on Friday.",
        "Ella's sleepover guests are Hannah and Rosa.",
        "added detail",
    ),
    (
        "Isla's school is St. Bride's Primary.",
        "Isla's school uniform is navy with a red tie.",
        "other attribute",
    ),
    (
        "The kids' passports expire in March 2026.",
        "Mum's passport expires in 2031.",
        "other person",
    ),
    (
        "Grandpa Joe is staying with us until Sunday.",
        "Grandpa Joe is sleeping in the spare room.",
        "consistent",
    ),
    (
        "Babysitter Jess is booked for Saturday night, 7 to 11.",
        "Megan is booked to babysit on Friday night.",
        "other night, other sitter",
    ),
    (
        "Harper is allergic to bee stings; EpiPen in her school bag.",
        "A spare EpiPen for Harper is kept in the kitchen drawer.",
        "added detail",
    ),
    (
        "Pet insurance for Biscuit costs £18 a month.",
        "Pet insurance for Mochi costs £11 a month.",
        "other pet",
    ),
    (
        "Dentist appointment for Noah on 2025-04-08 at 3:15 pm.",
        "Noah has a half day at school on 8 April.",
        "consistent same day",
    ),
    (
        "The Wilsons do the school run on Thursdays.",
        "The Wilsons' son Max is in Theo's class.",
        "other attribute",
    ),
    (
        "Emma's piano lesson is Tuesdays at 4:30 pm.",
        "Emma has swimming on Tuesdays at 6.",
        "same day, other activity",
    ),
]

# ---------------------------------------------------------------- assemble
DOMAINS = [
    ("real_estate_agent", RE_CONTRA, RE_DUP, RE_COMPAT),
    ("devops_oncall", DO_CONTRA, DO_DUP, DO_COMPAT),
    ("family_calendar", FC_CONTRA, FC_DUP, FC_COMPAT),
]


def build():
    rows = []
    for domain, contra, dup, compat in DOMAINS:
        for label, items in (
            ("contradiction", contra),
            ("duplicate", dup),
            ("compatible", compat),
        ):
            for a, b, note in items:
                rows.append(
                    {"a": a, "b": b, "label": label, "domain": domain, "note": note}
                )
    keys = [(r["a"], r["b"]) for r in rows]
    assert len(keys) == len(set(keys)), "duplicate (a, b) keys"
    for r in rows:
        assert r["a"].strip() != r["b"].strip(), r
    rng = random.Random(SEED)
    rng.shuffle(rows)
    return rows


def main():
    rows = build()
    out = Path(__file__).with_name("pairs_blind17.jsonl")
    with out.open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} pairs -> {out}")
    print("by label:", dict(sorted(Counter(r["label"] for r in rows).items())))
    print("by domain:", dict(sorted(Counter(r["domain"] for r in rows).items())))
    for d in sorted({r["domain"] for r in rows}):
        c = Counter(r["label"] for r in rows if r["domain"] == d)
        print(f"  {d}: {dict(sorted(c.items()))}")
    impl = sum(
        1
        for r in rows
        if r["label"] == "contradiction" and r["note"].startswith("implied:")
    )
    print(f"implied contradictions: {impl}")


if __name__ == "__main__":
    main()

# ruff: noqa: E501 (the pairs are data, one string per line)
"""Hand-written statement pairs for the memory write gate (set: tune15).

Every pair is a literal tuple (a, b, label, note); nothing is generated from slots.
Duplicate notes start with "format:" when the two sides give the same value in
another format/unit/abbreviation, and "reworded:" otherwise (paraphrase, person,
synonym, reordering). Run: python make_pairs_tune15.py
"""
import json
import os
from collections import Counter

C, D, K = "contradiction", "duplicate", "compatible"
PAIRS = {}

PAIRS["people and relations"] = [
    ("Anjali is Priya's younger sister.", "priya's cousin anjali is coming to stay next week", C, "sister vs cousin for the same person"),
    ("The user is married to Mei.", "User's wife is called Harriet.", C, "different name for the current wife"),
    ("My mum lives in Porto.", "The user's mother lives in Lyon.", C, "mother's city differs"),
    ("Yusuf is the user's older brother.", "yusuf's the baby of the familly, 4 yrs younger than me", C, "older vs younger brother"),
    ("The user's best friend is Hana.", "Clara is the person the user calls their closest friend.", C, "different best friend"),
    ("The user has a brother named Tomasz.", "User is an only child.", C, "only child rules out a brother"),
    ("User has two children.", "The user's three kids are Ana, Luis and Marta.", C, "count of children differs"),
    ("Grandma Rosa is 88.", "Grandma Rosa was born in 1951.", C, "age inconsistent with birth year"),
    ("User is single and not seeing anyone.", "User has been dating Noor for two years.", C, "single vs ongoing relationship"),
    ("The user's son Mateo is seven.", "Mateo, the user's son, started university this autumn.", C, "a seven-year-old cannot start university"),

    ("The user's daughter Aiko turns 12 in March.", "aiko (daughter) is twelve in mar", D, "format: number word and month abbreviation"),
    ("User's mother-in-law is called Gloria.", "MIL = Gloria", D, "format: abbreviation MIL"),
    ("Lena, the user's wife, has her birthday on 3 February.", "wife lena bday feb 3rd", D, "format: date written US style, bday"),
    ("The user has four grandchildren.", "user is a grandparent of 4", D, "format: number word vs digit"),
    ("Dad is 70.", "The user's father is seventy years old.", D, "format: number word; dad = father"),
    ("User's brother-in-law is Robert, who goes by Bob.", "BIL: Bob (Robert)", D, "format: abbreviation BIL plus nickname"),
    ("Sofia and the user have been friends since primary school.", "User met their friend Sofia in primary school and they've stayed close ever since.", D, "reworded: paraphrase"),
    ("Jamal is my partner.", "The user's partner is called Jamal.", D, "reworded: first vs third person"),
    ("Eun-ji is the user's maternal grandmother.", "eun-ji is my mum's mum", D, "reworded: kinship paraphrase"),
    ("The user's uncle Dev lives next door to them.", "Dev, the user's uncle, is their next-door neighbour.", D, "reworded: reordered clauses"),

    ("The user's birthday is 9 August.", "The user's wife's birthday is 9 August.", K, "same date, different person"),
    ("User's sister is Fatima.", "User's sister is Leila.", K, "user can have two sisters"),
    ("User used to be married to Greg.", "User's husband is Daniel.", K, "past marriage vs current one"),
    ("Kenji is the user's neighbour.", "Kenji plays tennis with the user on Sundays.", K, "added detail about Kenji"),
    ("User's son Ali is 9.", "User's son Omar is 15.", K, "different children"),
    ("User's mother is a retired nurse.", "User's mother lives in Nairobi.", K, "different attributes of the mother"),
    ("User's grandfather was born in 1938.", "User's grandmother was born in 1941.", K, "different grandparents"),
    ("Marco is the user's cousin.", "Marco is the user's cousin on their dad's side.", K, "refinement: which side of the family"),
    ("User would like to have kids someday.", "User has no children yet.", K, "wish vs current fact"),
    ("Ingrid is the user's godmother.", "Ingrid is the user's aunt on their mother's side.", K, "same person, another relation"),
]

PAIRS["work and roles"] = [
    ("User works as a data engineer at Klarna.", "I'm a product designer at Klarna.", C, "different job at the same employer"),
    ("The user's manager is Deborah Chen.", "User reports directly to Arjun Patel.", C, "different manager"),
    ("User's job title is Senior SRE.", "The user is a junior site reliability engineer.", C, "senior vs junior"),
    ("User's team is Payments.", "user's on the fraud team", C, "different team"),
    ("User works full-time at Siemens and has no other job.", "Bosch is the user's only employer.", C, "two exclusive employers"),
    ("User works fully remote.", "User is in the office five days a week.", C, "remote vs full-time office"),
    ("User has been at the company for eight years.", "User joined the company last year.", C, "tenure vs join date"),
    ("User is unemployed at the moment.", "User started a new job at Shopify this week.", C, "unemployed vs new job"),
    ("User leads a team of six engineers.", "User is an individual contributor with no direct reports.", C, "manager vs IC"),
    ("User only works night shifts at the hospital.", "User's hospital shifts are always daytime, 8 to 4.", C, "night vs day shifts"),

    ("User works 37.5 hours a week.", "user's contract is 37½ hrs/wk", D, "format: fraction and abbreviations"),
    ("User is the CTO of Lumen Labs.", "User is Lumen Labs' chief technology officer.", D, "format: acronym CTO"),
    ("User is on a 0.8 FTE contract.", "User works four days out of five, 80% of full time.", D, "format: FTE vs fraction/percentage"),
    ("User is a PM at Spotify.", "The user works as a product manager at Spotify.", D, "format: abbreviation PM"),
    ("User's notice period is three months.", "notice period: 3 mo", D, "format: number word and abbreviation"),
    ("User works in HR.", "The user is in the human resources department.", D, "format: acronym HR"),
    ("User has worked at Airbus since 2016.", "User joined Airbus in 2016 and is still there.", D, "reworded: paraphrase"),
    ("Mariam is my line manager.", "The user's boss is Mariam.", D, "reworded: first/third person, synonym"),
    ("User teaches maths at a secondary school.", "The user is a high school math teacher.", D, "reworded: British vs American terms"),
    ("User is a self-employed plumber.", "User runs their own plumbing business as a sole trader.", D, "reworded: paraphrase"),

    ("User works as a nurse.", "User's wife works as a nurse.", K, "same job, different person"),
    ("User used to work at Google.", "User works at Stripe.", K, "past vs current employer"),
    ("User is a software engineer at Monzo.", "User is on Monzo's platform team.", K, "refinement: team"),
    ("User wants to move into management next year.", "User is currently a senior developer.", K, "plan vs current role"),
    ("User works from home on Fridays.", "User goes into the office Tuesday to Thursday.", K, "different days"),
    ("User's manager is Deborah.", "Deborah's manager is Kwame.", K, "different subject"),
    ("User speaks at conferences a few times a year.", "User is a staff engineer at a fintech.", K, "unrelated attributes"),
    ("User is a part-time barista.", "User is studying for a law degree.", K, "job plus studies"),
    ("User's team has eight engineers.", "User's team has two designers.", K, "different roles on the team"),
    ("User was promoted to senior in 2022.", "User hopes to be promoted to principal next cycle.", K, "past event vs hope"),
]

PAIRS["home"] = [
    ("User lives in a flat in Glasgow.", "The user's home is in Edinburgh.", C, "different city"),
    ("The user's flat has two bedrooms.", "user's place is a 3-bed", C, "bedroom count"),
    ("User's front door is painted blue.", "The front door at the user's house is red.", C, "door colour"),
    ("User lives at 14 Elm Road.", "The user's address is 41 Elm Road.", C, "house number differs"),
    ("The lounge is painted sage green.", "user's living room walls are bright yellow", C, "living room colour"),
    ("User rents their apartment.", "User owns their apartment outright.", C, "rent vs own"),
    ("User lives alone.", "User shares the flat with two housemates.", C, "alone vs housemates"),
    ("User's home has no garden.", "User grows tomatoes in their back garden.", C, "no garden vs a garden"),
    ("The boiler was replaced in 2023.", "the boiler's the original one from when the house was built in 1985", C, "new vs original boiler"),
    ("User's kitchen has a gas hob.", "User cooks on induction; there's no gas supply to the house.", C, "gas hob impossible without gas"),

    ("User's flat is 65 square metres.", "The user's apartment is about 700 sq ft.", D, "format: m² vs sq ft"),
    ("User's thermostat is set to 20°C.", "heating set to 68F", D, "format: Celsius vs Fahrenheit"),
    ("User's house was built in the 1930s.", "user's home dates from the thirties", D, "format: decade in words"),
    ("The ceilings in the user's flat are 2.4 m high.", "flat ceiling height 240cm", D, "format: metres vs centimetres"),
    ("User's garden faces south.", "garden is S-facing", D, "format: compass abbreviation"),
    ("User's spare key is with the neighbour at no. 12.", "The neighbours at number twelve keep the user's spare key.", D, "format: abbreviation and number word"),
    ("User lives on the outskirts of Lisbon.", "The user's home is on the edge of Lisbon.", D, "reworded: synonym"),
    ("User's Wi-Fi router sits in the hallway.", "router's in the hall", D, "reworded: terse note"),
    ("The user doesn't park in their garage; it's full of boxes.", "User's garage is used for storage, not for the car.", D, "reworded: paraphrase"),
    ("I live in a terraced house.", "The user lives in a row house.", D, "reworded: first/third person, UK vs US term"),

    ("User's flat is on Rua Augusta.", "User's sister's flat is on Rua Augusta.", K, "same street, different person"),
    ("User used to live in Rome.", "User lives in Oslo.", K, "past vs current home"),
    ("User's house has three bedrooms.", "The user's house has two bathrooms.", K, "different attribute"),
    ("User is planning to repaint the kitchen in spring.", "The kitchen is currently white.", K, "plan vs current state"),
    ("User's living room is painted green.", "User's bedroom is painted grey.", K, "different rooms"),
    ("User lives in Manchester.", "User lives in Didsbury, in south Manchester.", K, "refinement: neighbourhood"),
    ("User would love a house with a big garden.", "User lives in a studio flat.", K, "wish vs fact"),
    ("User's home has solar panels.", "User's home has a heat pump.", K, "two features"),
    ("User rents their flat.", "User's landlord is Mrs Okafor.", K, "added detail"),
    ("User's house is 10 minutes' walk from the station.", "User's house is a 20-minute walk from the town centre.", K, "distances to different places"),
]

PAIRS["health"] = [
    ("User's blood type is O negative.", "user is A+ (blood type)", C, "different blood type"),
    ("User has type 1 diabetes.", "User's diabetes is type 2, diagnosed at 50.", C, "type 1 vs type 2"),
    ("User takes 50 mg of sertraline daily.", "sertraline 100mg once a day", C, "different dose"),
    ("User's GP is Dr Adeyemi.", "The user's family doctor is Dr. Lindqvist.", C, "different GP"),
    ("User's resting heart rate is around 55 bpm.", "user's resting HR sits at about 72", C, "different resting HR"),
    ("User is allergic to penicillin.", "User has no known drug allergies.", C, "allergy vs none"),
    ("User has never broken a bone.", "User broke their left wrist skiing in 2019.", C, "never vs event"),
    ("User doesn't drink alcohol at all.", "User has a glass of wine with dinner most nights.", C, "teetotal vs regular drinking"),
    ("User has perfect eyesight.", "User wears glasses for short-sightedness.", C, "perfect vision vs glasses"),
    ("User had their appendix removed as a child.", "User still has their appendix.", C, "removed vs still present"),

    ("User weighs 70 kg.", "user is about 11 stone", D, "format: kg vs stone"),
    ("User's blood pressure is usually 120 over 80.", "BP typically 120/80", D, "format: spoken vs numeric, BP"),
    ("User takes 1000 IU of vitamin D a day.", "User takes 25 micrograms of vitamin D daily.", D, "format: IU vs micrograms"),
    ("User runs 5 km three times a week.", "User does a 3.1-mile run 3x weekly.", D, "format: km vs miles"),
    ("User has ADHD.", "User was diagnosed with attention deficit hyperactivity disorder.", D, "format: acronym"),
    ("User sleeps about eight hours a night.", "user gets ~8h sleep per night", D, "format: number word and abbreviation"),
    ("User has high blood pressure.", "user has hypertension", D, "reworded: medical synonym"),
    ("I get migraines a couple of times a month.", "The user suffers from migraines about twice a month.", D, "reworded: first/third person"),
    ("User is short-sighted.", "User is myopic.", D, "reworded: synonym"),
    ("User had knee surgery in 2020.", "The user's knee was operated on in 2020.", D, "reworded: passive paraphrase"),

    ("User is allergic to peanuts.", "User's son is allergic to peanuts.", K, "different person"),
    ("User is allergic to peanuts.", "User is allergic to shellfish.", K, "two allergies"),
    ("User used to smoke.", "User hasn't smoked since 2015.", K, "past habit plus quit date"),
    ("User has asthma.", "User uses a blue inhaler when needed.", K, "added detail"),
    ("User wants to run a marathon next year.", "User currently runs 10 km a week.", K, "goal vs current habit"),
    ("User's GP is Dr Adeyemi.", "User's dentist is Dr Kowalczyk.", K, "different practitioners"),
    ("User had COVID in January 2022.", "User had COVID again in October 2023.", K, "two separate events"),
    ("User takes metformin.", "User takes metformin with breakfast and dinner.", K, "refinement: timing"),
    ("User prefers morning appointments with the doctor.", "User's next GP appointment is at 4 pm on Thursday.", K, "preference vs booked fact"),
    ("User's cholesterol was high at the last check-up.", "User's blood pressure was normal at the last check-up.", K, "different measurements"),
]

PAIRS["infrastructure config"] = [
    ("The API gateway listens on port 8443.", "api gw port: 9443", C, "different port"),
    ("Redis maxmemory is set to 2 GB.", "redis maxmemory = 4gb", C, "different memory limit"),
    ("Database backups are retained for 30 days.", "backup retention is 7 days", C, "different retention"),
    ("Log level in production is WARN.", "prod logs at DEBUG", C, "different log level"),
    ("The orders service's DB connection pool size is 20.", "orders svc pool size = 50", C, "different pool size"),
    ("The staging cluster has three worker nodes.", "Staging runs on a single-node cluster.", C, "node count"),
    ("Nginx is the reverse proxy in front of the app.", "We use Traefik as our only reverse proxy; there's no nginx anywhere.", C, "exclusive proxy choice"),
    ("TLS is terminated at the load balancer.", "TLS terminates at the app pods; the load balancer just passes encrypted traffic through.", C, "different termination point"),
    ("Web tier autoscaling is capped at 10 instances.", "Under the current autoscaling config the web tier regularly runs 16 instances.", C, "exceeds the cap"),
    ("Swap is disabled on all Kubernetes nodes.", "Each k8s node has 4 GB of swap enabled.", C, "swap on vs off"),

    ("The request timeout is 30 seconds.", "request timeout: 30000 ms", D, "format: seconds vs milliseconds"),
    ("Nginx upload limit is 10 MB.", "nginx: client_max_body_size 10m", D, "format: config syntax for the same limit"),
    ("The cache TTL is one hour.", "cache ttl=3600s", D, "format: hour vs seconds"),
    ("The job queue has a max retry count of five.", "max retries: 5 (job queue)", D, "format: number word"),
    ("The DB volume is 500 GB.", "the database disk is half a terabyte", D, "format: GB vs fraction of TB"),
    ("Worker pods each request 512 MiB of memory.", "worker pod memory request: 0.5Gi", D, "format: MiB vs GiB"),
    ("Health checks hit /healthz every 15 seconds.", "The health probe uses the /healthz path on a fifteen-second interval.", D, "reworded: reordered"),
    ("The web service runs as a non-root user.", "web svc doesn't run as root", D, "reworded: negation paraphrase"),
    ("SSH is only allowed from the VPN range.", "Port 22 is reachable solely from the VPN subnet.", D, "reworded: ssh named by its port"),
    ("Feature flag new_checkout is turned off in production.", "new_checkout flag: disabled (prod)", D, "reworded: terse note"),

    ("The staging API listens on port 8080.", "The production API listens on port 8443.", K, "different environments"),
    ("Redis maxmemory is 2 GB.", "Redis eviction policy is allkeys-lru.", K, "different setting"),
    ("Backups are retained for 30 days.", "Backups are also copied to a second region.", K, "added detail"),
    ("We used to run HAProxy as the load balancer.", "The load balancer is an AWS ALB.", K, "past vs current"),
    ("The team plans to enable HTTP/3 next quarter.", "The edge currently serves HTTP/2.", K, "plan vs current"),
    ("Log level in production is WARN.", "Log level in staging is DEBUG.", K, "different environments"),
    ("The cluster has three worker nodes.", "Each worker node has 16 GB of RAM.", K, "count plus size"),
    ("The payments service uses a DB pool size of 20.", "The search service uses a DB pool size of 20.", K, "same value, different service"),
    ("Prometheus scrapes every 30 seconds.", "Prometheus keeps 15 days of metrics.", K, "different setting"),
    ("TLS is terminated at the load balancer.", "The load balancer uses a Let's Encrypt certificate.", K, "added detail"),
]

PAIRS["cloud and regions"] = [
    ("Production lives in AWS eu-west-1.", "prod's in Frankfurt (eu-central-1)", C, "different prod region"),
    ("The DR region is us-west-2.", "Disaster recovery fails over to Ohio, us-east-2.", C, "different DR region"),
    ("Our Azure resources are in West Europe (Netherlands).", "We run in Azure North Europe, i.e. Ireland.", C, "different Azure region"),
    ("Our CDN is Cloudflare.", "Fastly is the CDN we use for everything.", C, "different CDN"),
    ("The primary database runs in a single availability zone.", "The primary DB is deployed Multi-AZ.", C, "single vs multi AZ"),
    ("The company uses GCP exclusively.", "Our data warehouse runs on Azure Synapse.", C, "exclusive provider vs another cloud"),
    ("None of our S3 buckets are replicated to another region.", "The assets bucket has cross-region replication to us-east-1.", C, "no replication vs replication"),
    ("Our Kubernetes runs on EKS.", "Our k8s is self-managed on bare metal in our own DC, not a cloud service.", C, "managed EKS vs bare metal"),
    ("Customer data never leaves the EU.", "Customer records are stored in us-east-1.", C, "EU residency vs US region"),
    ("The app has never been deployed outside Europe.", "We launched the app in ap-southeast-2 last month.", C, "never vs Sydney launch"),

    ("Production runs in AWS eu-west-2.", "prod is in the London region (AWS)", D, "format: region code vs city"),
    ("The DR site is us-west-2.", "Disaster recovery is in AWS Oregon.", D, "format: region code vs name"),
    ("Our GCP region is europe-west4.", "We're on Google Cloud's Netherlands region.", D, "format: region code vs name"),
    ("We use AWS ap-northeast-1.", "Our AWS region is Tokyo.", D, "format: region code vs city"),
    ("We run on Google Cloud Platform.", "infra is on GCP", D, "format: acronym"),
    ("The cluster spans three availability zones.", "cluster is spread over 3 AZs", D, "format: acronym and digit"),
    ("Azure is our only cloud provider.", "We don't do multi-cloud; everything is on Azure.", D, "reworded: paraphrase"),
    ("Staging is torn down every evening to save cost.", "To save money, the staging environment gets destroyed each night.", D, "reworded: paraphrase"),
    ("The platform team owns the AWS accounts.", "AWS accounts belong to the platform team.", D, "reworded: reordered"),
    ("Our object storage is Amazon S3.", "We keep our object storage in S3 on AWS.", D, "reworded: paraphrase"),

    ("Prod runs in eu-west-1.", "Staging runs in eu-west-2.", K, "different environments"),
    ("We used to be on Heroku.", "We're now on AWS.", K, "past vs current"),
    ("Prod is in us-east-1.", "Prod is in us-east-1, spread over three AZs.", K, "refinement: AZ spread"),
    ("We plan to add a region in São Paulo next year.", "Currently we only run in us-east-1.", K, "plan vs current"),
    ("Our CDN is Cloudflare.", "Our DNS is also hosted on Cloudflare.", K, "another service"),
    ("The data lake is in GCP.", "The web app runs on AWS.", K, "different systems"),
    ("Team A's account is in eu-central-1.", "Team B's account is in eu-central-1.", K, "same value, different team"),
    ("Prod uses reserved instances.", "Staging uses spot instances.", K, "different environments"),
    ("The primary DB is in Frankfurt.", "Read replicas are in Frankfurt and Paris.", K, "primary vs replicas"),
    ("We'd like to move to Azure for the credits.", "We are on AWS today.", K, "wish vs current fact"),
]

PAIRS["software versions and tools"] = [
    ("The backend runs on Python 3.11.", "Our backend services are on Python 3.9.", C, "different Python version"),
    ("The prod database is PostgreSQL 16.", "prod db = postgres 13", C, "different Postgres version"),
    ("CI runs on GitHub Actions.", "All our CI pipelines run in GitLab CI.", C, "different CI system"),
    ("The frontend is written in React.", "The frontend is built with Vue 3.", C, "different framework"),
    ("The mobile app supports iOS 15 and up.", "The app's minimum iOS version is 17.", C, "different minimum version"),
    ("The project uses npm as its package manager.", "We moved entirely to pnpm; there's no npm lockfile any more.", C, "npm vs pnpm"),
    ("The user does all their coding in VS Code.", "User writes all their code in Neovim and never opens VS Code.", C, "exclusive editors"),
    ("We're on Django 4.2 LTS.", "The app was upgraded to Django 5.1 last sprint.", C, "upgrade means no longer on 4.2"),
    ("Terraform is pinned at 1.5.7.", "We migrated to OpenTofu 1.6 and no longer use Terraform.", C, "tool replaced"),
    ("Every service runs on Node 18.", "The billing service is still on Node 14.", C, "exception contradicts 'every'"),

    ("The backend runs on Python 3.12.", "backend: py3.12", D, "format: abbreviation"),
    ("We use Kubernetes 1.29.", "k8s v1.29", D, "format: numeronym"),
    ("The database is PostgreSQL 15.", "DB: Postgres v15", D, "format: short name"),
    ("The frontend is written in TypeScript.", "frontend's in TS", D, "format: abbreviation"),
    ("Reporting runs on Microsoft SQL Server 2019.", "reporting DB is MSSQL 2019", D, "format: abbreviation"),
    ("The app uses Node.js 20 LTS.", "Runtime is Node 20, the long-term support line.", D, "format: acronym LTS expanded"),
    ("Linting is done with ESLint and formatting with Prettier.", "Prettier handles formatting; ESLint does the linting.", D, "reworded: reordered"),
    ("Our services are built with Java 21.", "We compile and run the services on JDK 21.", D, "reworded: Java vs JDK"),
    ("The team uses Poetry to manage Python dependencies.", "Python deps are handled with Poetry.", D, "reworded: paraphrase"),
    ("Tests are written with pytest.", "We use pytest for our test suite.", D, "reworded: paraphrase"),

    ("The backend runs on Python 3.11.", "The data pipelines run on Python 3.12.", K, "different systems"),
    ("We used to use Jenkins.", "CI runs on GitHub Actions.", K, "past vs current"),
    ("We plan to upgrade to Postgres 17 in Q3.", "Prod is on Postgres 15.", K, "plan vs current"),
    ("The frontend is React.", "The frontend uses React Query for data fetching.", K, "refinement: library"),
    ("User prefers JetBrains IDEs.", "The team's standard editor is VS Code.", K, "personal preference vs team standard"),
    ("The API is documented with OpenAPI 3.1.", "The API is written in Go 1.22.", K, "different attribute"),
    ("Our monorepo uses Nx.", "Our monorepo uses pnpm workspaces.", K, "two tools together"),
    ("Service A is on Node 18.", "Service B is on Node 20.", K, "different services"),
    ("Docker is used for local dev.", "Production uses containerd on Kubernetes.", K, "different environments"),
    ("The Android app is written in Kotlin.", "The iOS app is written in Swift.", K, "different apps"),
]

PAIRS["schedules and recurring events"] = [
    ("User swims every Saturday at 9am.", "User's swim is on Sunday mornings at 9.", C, "Saturday vs Sunday"),
    ("Team standup is at 9:30 every day.", "daily standup 10:15", C, "different time"),
    ("Book club meets on the first Tuesday of each month.", "book club is the last thursday of the month", C, "different recurrence"),
    ("Bin collection is on Mondays.", "The bins go out Thursday night for Friday collection.", C, "different collection day"),
    ("User's mum calls every Sunday at 6pm.", "Mum's weekly call is on Saturdays at 6.", C, "different day"),
    ("User has piano lessons every Wednesday.", "User gave up piano lessons last year.", C, "stopped vs ongoing"),
    ("User never works weekends.", "User works a shift every other Saturday.", C, "never vs Saturday shifts"),
    ("User's only yoga class is on Mondays.", "User goes to a yoga class on Thursdays.", C, "only class vs another day"),
    ("User goes to the gym before work every day.", "User can only get to the gym in the evenings after work.", C, "morning vs evenings only"),
    ("The team retro happens every two weeks.", "Retros are held once a month.", C, "different cadence"),

    ("Tomás has swimming lessons on Saturdays at 09:00.", "tomas swim lesson sat 9am", D, "format: terse, abbreviation, 12h clock"),
    ("Standup is at 09:30 every weekday.", "standup mon-fri half nine", D, "format: spoken time and day range"),
    ("The cleaner comes every other Thursday.", "cleaner: fortnightly, thursdays", D, "format: every other vs fortnightly"),
    ("Book club meets on the first Tuesday of the month.", "book club: 1st Tue monthly", D, "format: ordinal and abbreviation"),
    ("Choir rehearses on Wednesdays from 7 to 9 pm.", "Choir practice: Wed 19:00–21:00", D, "format: 24h clock"),
    ("User's physio sessions are twice a week.", "user sees physio 2x/week", D, "format: 2x/week"),
    ("The user visits their grandmother every Sunday.", "Every Sunday I go and see my gran.", D, "reworded: first person, gran"),
    ("Payroll runs on the last working day of each month.", "Salaries are paid at the end of every month, on the final business day.", D, "reworded: paraphrase"),
    ("User walks the dog first thing every morning.", "Each day starts with the user taking the dog out for a walk.", D, "reworded: paraphrase"),
    ("User has Spanish class every Thursday evening.", "Thursday evenings are the user's weekly Spanish lessons.", D, "reworded: reordered"),

    ("User swims on Saturdays at 9.", "User's daughter swims on Saturdays at 9.", K, "different person"),
    ("User swims on Saturdays.", "User also swims on wensday evenings.", K, "another session"),
    ("User used to play football on Tuesdays.", "User plays badminton on Tuesdays.", K, "past vs present"),
    ("Standup is at 9:30.", "Standup lasts 15 minutes.", K, "time vs duration"),
    ("User plans to start Spanish classes on Thursdays.", "User has choir on Wednesdays.", K, "different activities"),
    ("Book club meets monthly.", "Book club meets at Dana's house.", K, "added detail"),
    ("The team retro is fortnightly.", "Sprint planning happens every two weeks too.", K, "different meeting"),
    ("User prefers meetings in the afternoon.", "User has a recurring 9am meeting on Mondays.", K, "preference vs fact"),
    ("User runs every morning.", "User does a longer run on Sunday mornings.", K, "refinement"),
    ("General waste is collected on Mondays.", "Recycling is collected every other Wednesday.", K, "different collections"),
]

PAIRS["dates and deadlines"] = [
    ("The tax return is due on 31 January.", "Tax return deadline: 31 March", C, "different deadline"),
    ("The project launches on 14 October.", "We're launching the project on the 4th of November.", C, "different launch date"),
    ("The user's lease ends on 30 June 2025.", "User's lease runs until the end of September 2025.", C, "different lease end"),
    ("The grant application deadline is Friday 7 March.", "Grant applications close on Monday 10 March.", C, "different deadline"),
    ("Invoice #2231 is due on 15 May.", "invoice 2231 payable by 22 may", C, "different due date"),
    ("User's passport expires in 2031.", "User's passport expired last month.", C, "future vs past expiry"),
    ("User's wedding anniversary is 12 August.", "The user got married on 20 May 2016.", C, "anniversary vs wedding date"),
    ("The deadline for conference talk submissions has already passed.", "User still has two weeks to submit their conference talk.", C, "passed vs still open"),
    ("User was born on 2 April 1990.", "User turned 30 in 2015.", C, "birth year inconsistent"),
    ("The contract was signed on 3 March.", "The contract hasn't been signed yet.", C, "signed vs unsigned"),

    ("Report due 4 June.", "report due June 4th", D, "format: date order"),
    ("The visa expires on 2026-09-30.", "visa expiry: 30 Sept 2026", D, "format: ISO vs written date"),
    ("Kickoff is on 23 July.", "kickoff 23/07", D, "format: numeric date"),
    ("Submissions close at 23:59 on 31 October.", "Submissions close just before midnight on Halloween.", D, "format: date as holiday, time in words"),
    ("The fixed mortgage rate ends in March 2027.", "fixed rate expires 03/2027", D, "format: numeric month/year"),
    ("The wedding is on Saturday 21 June 2025.", "wedding: June 21st, 2025", D, "format: US style date"),
    ("The car's MOT is due at the end of the month.", "MOT runs out end of this month", D, "reworded: terse paraphrase"),
    ("We need the designs by the end of next week.", "Designs are due no later than the close of next week.", D, "reworded: paraphrase"),
    ("I have to hand in my dissertation before Easter.", "The user's dissertation deadline is before Easter.", D, "reworded: first/third person"),
    ("The landlord needs a month's notice before the user moves out.", "User must tell the landlord one month ahead of leaving.", D, "reworded: paraphrase"),

    ("User's passport expires in 2031.", "User's husband's passport expires in 2031.", K, "different person"),
    ("The tax return deadline is 31 January.", "User plans to file their tax return in December.", K, "plan before deadline"),
    ("The product launch is 14 October.", "The beta goes live on 1 September.", K, "different milestone"),
    ("The lease ends on 30 June.", "User must give two months' notice before leaving the flat.", K, "added condition"),
    ("The report draft is due 4 June.", "The final report is due 18 June.", K, "different deliverables"),
    ("User used to renew their visa every year.", "User's current visa is valid until 2027.", K, "past habit vs current visa"),
    ("The conference runs 12–14 May.", "The user's talk is on 13 May.", K, "date inside the range"),
    ("The deadline is Friday.", "User would rather finish by Wednesday.", K, "preference before deadline"),
    ("User's lease ends on 30 June.", "User's car insurance renews on 30 June.", K, "same date, different thing"),
    ("Invoices are payable within 30 days.", "Late invoices incur a 2% fee.", K, "added rule"),
]

PAIRS["times and time zones"] = [
    ("Team sync is at 3pm CET.", "team sync 16:00 CET", C, "different time"),
    ("The office opens at 8:30.", "Office opening time is 9:15.", C, "different opening time"),
    ("User's lunch break is from 12 to 1.", "user's lunch is 1:30-2:30", C, "different lunch slot"),
    ("The maintenance window is Sunday 02:00–04:00 UTC.", "maintenance runs sunday 10pm to midnight UTC", C, "different window"),
    ("The daily report is generated at midnight UTC.", "Daily report job fires at 06:00 UTC.", C, "different run time"),
    ("User is based in London.", "The user lives on Pacific time.", C, "London is not on Pacific time"),
    ("User wakes up at 6:00 every day.", "User never gets up before 8.", C, "6:00 vs never before 8"),
    ("User lives and works in Singapore.", "User's local time zone is US Eastern.", C, "Singapore is not on Eastern time"),
    ("The user is five hours ahead of New York.", "The user lives in Tokyo.", C, "Tokyo is 13-14 hours ahead of New York"),
    ("User's time zone doesn't observe daylight saving.", "User puts their clocks forward every March.", C, "no DST vs DST"),

    ("The call is at 14:30.", "call's at half two in the afternoon", D, "format: spoken time"),
    ("User wakes at 6:45.", "user gets up at quarter to seven", D, "format: spoken time"),
    ("The meeting is at 3 pm London time.", "meeting 15:00 UK time", D, "format: 24h clock"),
    ("Standup is at 9am Pacific.", "Standup: 09:00 PT", D, "format: zone abbreviation"),
    ("The office closes at 17:30.", "teh office shuts at 5.30pm", D, "format: 12h clock"),
    ("User's shift ends at 11pm.", "user finishes work at 23:00", D, "format: 24h clock"),
    ("The webinar starts at noon Eastern.", "webinar 12:00 ET", D, "format: noon vs 12:00, ET"),
    ("The user is eight hours behind Berlin.", "Berlin is eight hours ahead of the user.", D, "reworded: inverted relation"),
    ("User starts work at 8 and finishes at 4.", "User's working day runs from 8 until 4.", D, "reworded: paraphrase"),
    ("The user's time zone is the same as their manager's.", "User and their manager share a time zone.", D, "reworded: paraphrase"),

    ("Team sync is at 3pm CET.", "The design review is at 3pm CET.", K, "same time, different meeting"),
    ("User is on Pacific time.", "User's manager is on Eastern time.", K, "different person"),
    ("User used to live on Eastern time.", "User is now on Central time.", K, "past vs current"),
    ("User wakes at 6:00 on weekdays.", "User sleeps in till 9 on weekends.", K, "weekdays vs weekends"),
    ("User prefers meetings after 10am.", "User's first meeting today is at 9:00.", K, "preference vs fact"),
    ("The office opens at 8:30.", "Reception is staffed from 9:00.", K, "different thing"),
    ("The maintenance window is Sunday 02:00–04:00 UTC.", "Deploys are frozen on Fridays after 15:00 UTC.", K, "different rule"),
    ("User has lunch at 12:30.", "User's lunch usually lasts 45 minutes.", K, "start vs duration"),
    ("User is in IST (India).", "User's team is spread across IST and CET.", K, "added detail about the team"),
    ("The webinar starts at noon ET.", "The webinar runs for 90 minutes.", K, "start vs duration"),
]

PAIRS["money and prices"] = [
    ("User's rent is £1,200 a month.", "user pays 1450 quid rent monthly", C, "different rent"),
    ("User's salary is $85,000.", "user recieves $95k/yr salary", C, "different salary"),
    ("Netflix costs the user £10.99 a month.", "user's netflix sub is 15.99/mo", C, "different price"),
    ("User's savings account pays 4.5% interest.", "The savings account's interest rate is 3.2%.", C, "different rate"),
    ("User's monthly grocery budget is €400.", "User allows €250 a month for food shopping.", C, "different budget"),
    ("User has no debt.", "User is paying off a £9,000 car loan.", C, "no debt vs a loan"),
    ("User has never owned shares.", "User sold their Apple shares in 2021.", C, "never vs sale event"),
    ("User's gym membership is free through work.", "User pays €40 a month for their gym membership.", C, "free vs paid"),
    ("User banks only with Barclays.", "The user's current account is with Monzo.", C, "exclusive bank vs another"),
    ("User has paid off the mortgage.", "User has 12 years left on the mortgage.", C, "paid off vs years left"),

    ("User's salary is $85,000 a year.", "user makes 85k/yr", D, "format: k and abbreviation"),
    ("Rent is £1,200 per month.", "rent: 1.2k GBP pcm", D, "format: k, currency code, pcm"),
    ("The restaurant adds a 12.5% service charge.", "An eighth is added on as a service charge at the restaurant.", D, "format: percentage vs fraction"),
    ("User's trip budget is two thousand euros.", "trip budget €2,000", D, "format: number words vs digits"),
    ("User saves a quarter of their income.", "User puts 25% of their pay into savings.", D, "format: fraction vs percent"),
    ("User's mortgage payment is $1,850/mo.", "The user pays eighteen hundred and fifty dollars a month on the mortgage.", D, "format: number words"),
    ("The roofer quoted £14k for the new roof.", "Roofer's quote for the roof came in at fourteen grand.", D, "format: k vs slang number words"),
    ("I bank with HSBC.", "The user's bank is HSBC.", D, "reworded: first/third person"),
    ("User gets paid on the 25th.", "Payday for the user is the 25th of each month.", D, "reworded: paraphrase"),
    ("User is saving for a house deposit.", "The user is putting money aside for a deposit on a home.", D, "reworded: paraphrase"),

    ("User's rent is £1,200.", "User's sister's rent is £1,200.", K, "same value, different person"),
    ("User used to earn $60k.", "User earns $85k now.", K, "past vs current"),
    ("User's salary is $85k.", "User gets a 10% annual bonus.", K, "added detail"),
    ("User wants to save £10,000 by next year.", "User has £3,000 in savings.", K, "goal vs current"),
    ("Netflix costs the user £10.99 a month.", "Spotify costs the user £11.99 a month.", K, "different subscriptions"),
    ("User's savings account is with Nationwide.", "User's current account is with Monzo.", K, "different accounts"),
    ("User's grocery budget is €400 a month.", "User's eating-out budget is €150 a month.", K, "different budgets"),
    ("User prefers paying by card.", "User paid cash for the second-hand bike.", K, "preference vs one event"),
    ("The roof quote was £14k.", "The roof quote includes scaffolding.", K, "added detail"),
    ("User splits the rent 50/50 with their flatmate.", "User pays all the utility bills themselves.", K, "rent vs utilities"),
]

PAIRS["numbers with units"] = [
    ("User is 1.75 m tall.", "user is 6 foot 2", C, "1.75 m vs about 1.88 m"),
    ("User's commute is 12 km each way.", "User's commute is about 20 miles one way.", C, "12 km vs ~32 km"),
    ("The fridge is set to 4°C.", "fridge set at 45°F", C, "4°C vs ~7°C"),
    ("User's laptop has 16 GB of RAM.", "user's laptop has 32gb ram", C, "different RAM"),
    ("User's broadband is 100 Mbps.", "The user has gigabit broadband.", C, "100 Mbps vs 1 Gbps"),
    ("User has never run further than 10 km.", "User completed a half marathon in April.", C, "half marathon is 21.1 km"),
    ("The parcel weighs under 1 kg.", "the parcel weighs 3 lb", C, "3 lb is about 1.36 kg"),
    ("User's aquarium holds 200 litres.", "User's fish tank is a 20-gallon one.", C, "20 gallons is under 100 L"),
    ("User's shoe size is UK 9.", "user wears EU 39 shoes", C, "EU 39 is about UK 6"),
    ("User's laptop has a 256 GB SSD.", "User keeps 400 GB of photos on their laptop's internal drive.", C, "400 GB cannot fit on 256 GB"),

    ("User is 1.83 m tall.", "user is 6ft", D, "format: metres vs feet"),
    ("User weighs 82 kg.", "User weighs about 181 lb.", D, "format: kg vs lb"),
    ("The oven is set to 180°C.", "oven at 356°F", D, "format: Celsius vs Fahrenheit"),
    ("User's commute is 8 km.", "User's commute is 5 miles.", D, "format: km vs miles"),
    ("The video file is 1.5 GB.", "video file size: 1,500 MB", D, "format: GB vs MB"),
    ("User's car has a top speed of 200 km/h.", "user's car tops out at ~124 mph", D, "format: km/h vs mph"),
    ("The local pool is 25 m long.", "the local pool's twenty-five metres", D, "format: number word and unit spelled out"),
    ("User drinks 2 litres of water a day.", "user drinks 2000 ml water daily", D, "format: litres vs ml"),
    ("The TV is 55 inches.", "The TV screen is 140 cm across the diagonal.", D, "format: inches vs cm"),
    ("User's marathon PB is 3 hours 30 minutes.", "marathon PB 3:30:00", D, "format: h:mm:ss"),

    ("User is 1.75 m tall.", "User's partner is 1.75 m tall.", K, "same value, different person"),
    ("User's laptop has 16 GB of RAM.", "User's laptop has a 512 GB SSD.", K, "RAM vs storage"),
    ("User weighed 90 kg last year.", "User weighs 78 kg now.", K, "past vs current"),
    ("User wants to get their 5 km time under 25 minutes.", "User's 5 km time is 27 minutes.", K, "goal vs current"),
    ("User's bike weighs 9 kg.", "User's bike has 28 mm tyres.", K, "different attribute"),
    ("User's commute is 12 km.", "User's commute takes 35 minutes by bike.", K, "distance vs duration"),
    ("User's fridge is at 4°C.", "User's freezer is at -18°C.", K, "different appliance"),
    ("User's broadband is 100 Mbps down.", "User's broadband is 20 Mbps up.", K, "download vs upload"),
    ("The spare room is 4 m long.", "The spare room is 3 m wide.", K, "length vs width"),
    ("User prefers temperatures in Fahrenheit.", "User's thermostat is set to 20°C.", K, "display preference vs setting"),
]

PAIRS["ordinals and floors/positions"] = [
    ("User's office is on the third floor.", "The user's office is up on level 7.", C, "different floor"),
    ("User is the eldest of three siblings.", "User is the middle child of three.", C, "eldest vs middle"),
    ("User's parking space is number 14.", "user parks in bay 41", C, "different bay"),
    ("The user's team came first in last week's pub quiz.", "User's quiz team finished dead last in last week's pub quiz.", C, "first vs last"),
    ("User is first on the allotment waiting list.", "User is fourth in the queue for an allotment.", C, "different position"),
    ("The server room is in the basement.", "The server room is on the 9th floor.", C, "different floor"),
    ("User finished second in this year's Dublin half marathon.", "User won this year's Dublin half marathon.", C, "second vs winner"),
    ("User's flat is on the top floor of a four-storey block.", "User lives on the 2nd floor and has two floors of neighbours above.", C, "top floor vs floors above"),
    ("User has never finished in the top ten of any race.", "User came 7th in the Cork 10k.", C, "never top ten vs 7th"),
    ("User lives in a bungalow.", "User takes the lift up to their flat on the 8th floor.", C, "bungalow vs 8th-floor flat"),

    ("User's office is on the 3rd floor.", "user's office is on floor three", D, "format: ordinal vs cardinal word"),
    ("User was runner-up in the regional spelling bee.", "User came 2nd in the regional spelling bee.", D, "format: runner-up vs 2nd"),
    ("User's flat is on the 10th floor.", "user's flat is on the tenth storey", D, "format: digit vs word, storey"),
    ("The meeting room is on level B1.", "The meeting room is one floor below ground.", D, "format: B1 code"),
    ("User is third in line for the promotion.", "Two people are ahead of the user in line for the promotion.", D, "format: ordinal as count ahead"),
    ("User's seat on the flight is 14C.", "On the flight the user is sitting in row 14, seat C.", D, "format: seat code spelled out"),
    ("User's flat is on the ground floor.", "User's apartment is at street level.", D, "reworded: synonym"),
    ("User came first in the chess tournament.", "user won the chess tournament", D, "reworded: came first = won"),
    ("User is the eldest of four kids.", "User is the oldest of four children.", D, "reworded: synonyms"),
    ("User's desk is the second one from the window.", "The desk second closest to the window is the user's.", D, "reworded: reordered"),

    ("User's office is on the 5th floor.", "User's manager's office is on the 5th floor.", K, "different person"),
    ("User used to live on the 12th floor.", "User lives on the ground floor.", K, "past vs current"),
    ("User's flat is on the 3rd floor.", "User's building has no lift.", K, "added detail"),
    ("User came 2nd in the 10k.", "User came 1st in the 5k.", K, "different races"),
    ("User would prefer a desk on a higher floor.", "User's desk is on the 1st floor.", K, "preference vs fact"),
    ("User is the eldest child.", "User's husband is the youngest of five.", K, "different person"),
    ("User's parking bay is number 14.", "User's bike locker is number 14.", K, "same number, different thing"),
    ("User is 3rd in the queue for an allotment.", "User has been on the allotment waiting list since 2022.", K, "position plus date"),
    ("The server room is in the basement.", "The archive room is in the basement too.", K, "different room"),
    ("User's office is on the 4th floor.", "User's office is room 412, at the end of the corridor.", K, "refinement: room number"),
]

PAIRS["preferences"] = [
    ("User's favourite programming language is Rust.", "go is my fav language", C, "different favourite language"),
    ("User prefers dark mode.", "User definately prefers light themes in every app.", C, "dark vs light"),
    ("User prefers tea to coffee.", "Given the choice, the user always picks coffee over tea.", C, "tea vs coffee"),
    ("User's favourite colour is green.", "user's favorite color is purple", C, "different favourite colour"),
    ("User prefers window seats.", "User always books an aisle seat by choice.", C, "window vs aisle"),
    ("User hates horror films.", "Horror is the user's favourite film genre.", C, "hate vs favourite"),
    ("User dislikes jazz.", "User loves jazz and goes to a jazz club every week.", C, "dislike vs love"),
    ("User doesn't like being called by their full name, Alexandra.", "User prefers to be addressed as Alexandra, never by a nickname.", C, "opposite naming preference"),
    ("User wants replies short and in bullet points.", "User prefers long, flowing prose answers with no bullet points.", C, "opposite answer style"),
    ("User prefers tabs for indentation.", "User insists on four spaces and never uses tabs.", C, "tabs vs spaces"),

    ("User prefers the 24-hour clock.", "user wants times like 15:00, not 3pm", D, "format: 24h shown by example"),
    ("User prefers dates as YYYY-MM-DD.", "User wants ISO 8601 dates.", D, "format: pattern vs standard name"),
    ("User wants British English.", "use UK spelling for the user", D, "format: UK abbreviation"),
    ("User likes replies under 100 words.", "User prefers responses of fewer than a hundred words.", D, "format: number word"),
    ("User likes temperatures in Celsius.", "Use °C for the user, not °F.", D, "format: unit symbols"),
    ("User prefers the metric system.", "user: metric units pls (km, kg)", D, "format: terse, unit abbreviations"),
    ("User prefers a dark colour scheme.", "user likes a dark theme", D, "reworded: synonym"),
    ("User's favourite colour is navy.", "fav colour = navy blue", D, "reworded: terse note"),
    ("I prefer to be called Sam.", "The user goes by Sam.", D, "reworded: first/third person"),
    ("User prefers window seats on trains.", "on trains the user likes to sit by the window", D, "reworded: reordered"),

    ("User prefers dark mode.", "User's partner prefers dark mode.", K, "different person"),
    ("User likes green tea.", "User likes espresso.", K, "two likes"),
    ("User used to prefer Java.", "User now prefers Kotlin.", K, "past vs current"),
    ("User prefers aisle seats.", "User is booked in a window seat on Friday's flight.", K, "preference vs booking"),
    ("User's favourite band is Radiohead.", "User's favourite album is Kid A.", K, "different attribute"),
    ("User prefers concise answers.", "User prefers code examples in Python.", K, "different preferences"),
    ("User prefers morning meetings.", "User prefers meetings under 30 minutes.", K, "time vs length"),
    ("User likes jazz.", "User likes hip hop.", K, "two genres"),
    ("User's favourite season is autumn.", "User's favourite holiday is Christmas.", K, "different attribute"),
    ("User prefers British English spelling.", "User's team writes its docs in American English.", K, "user vs team"),
]

PAIRS["food and diet"] = [
    ("User's favourite cuisine is Thai.", "user loves ethiopian food above all else", C, "different favourite cuisine"),
    ("User is pescatarian.", "User is strictly vegetarian: no fish.", C, "fish vs no fish"),
    ("User takes their tea with milk and no sugar.", "user has tea black w/ 2 sugars", C, "opposite tea order"),
    ("User's favourite pizza topping is mushroom.", "Pineapple is the user's top pizza topping.", C, "different topping"),
    ("User only eats between noon and 8 pm.", "User's eating window is 10am–6pm.", C, "different fasting window"),
    ("User is vegan.", "User had steak for dinner last night.", C, "vegan vs steak"),
    ("User has porridge for breakfast every day.", "User always skips breakfast.", C, "breakfast vs none"),
    ("User only drinks oat milk.", "User takes cow's milk in their coffee every morning.", C, "only oat vs cow's milk"),
    ("User eats halal only.", "User's go-to sandwich is ham and cheese.", C, "halal vs ham"),
    ("User drinks two coffees a day.", "User has cut out caffeine completely.", C, "coffee vs no caffeine"),

    ("User drinks three cups of coffee a day.", "3 coffees/day", D, "format: terse, digit"),
    ("User eats 150 g of oats for breakfast.", "User has about 5.3 oz of oats each morning.", D, "format: grams vs ounces"),
    ("User is gluten-free.", "User follows a GF diet.", D, "format: abbreviation GF"),
    ("User aims for 2,000 kcal a day.", "daily target: two thousand calories", D, "format: kcal vs words"),
    ("User drinks a pint of milk a day.", "User drinks 568 ml of milk daily.", D, "format: UK pint vs ml"),
    ("User bakes bread at 230°C.", "user bakes loaves at 450F", D, "format: Celsius vs Fahrenheit"),
    ("User doesn't eat pork.", "User avoids pork.", D, "reworded: synonym"),
    ("User eats a plant-based diet.", "user is vegan", D, "reworded: synonym"),
    ("User's favourite food is aubergine parmigiana.", "The user loves eggplant parmesan more than any other dish.", D, "reworded: UK vs US dish names"),
    ("User can't stand coriander.", "user hates cilantro", D, "reworded: UK vs US herb name"),

    ("User is vegetarian.", "User's husband is vegetarian.", K, "different person"),
    ("User used to be vegan.", "User eats fish now.", K, "past vs current"),
    ("User is vegetarian.", "User eats eggs and dairy.", K, "refinement"),
    ("User likes Thai food.", "User likes Mexican food.", K, "two likes"),
    ("User wants to try keto next month.", "User eats a lot of pasta at the moment.", K, "plan vs current"),
    ("User drinks two coffees a day.", "User drinks green tea in the evening.", K, "different drinks"),
    ("User avoids sesame.", "User's daughter avoids peanuts.", K, "different person and food"),
    ("User prefers spicy food.", "User ordered a mild korma last Friday.", K, "preference vs one event"),
    ("User eats lunch at 12:30.", "User usually eats lunch at their desk.", K, "time vs place"),
    ("User's favourite dessert is tiramisu.", "User's favourite starter is burrata.", K, "different course"),
]

PAIRS["travel"] = [
    ("User's flight to Lisbon departs at 07:45.", "The Lisbon flight leaves at 10:20.", C, "different departure"),
    ("User is flying British Airways to New York.", "user's NYC flight is with Virgin Atlantic", C, "different airline"),
    ("User's train to Paris leaves St Pancras at 09:01.", "The user's Paris train departs at 11:31.", C, "different departure"),
    ("User is taking the train to Berlin for the conference.", "User is flying to Berlin for the conference.", C, "train vs plane"),
    ("User's seat on the Oslo flight is 23A.", "User is in seat 7C on the Oslo flight.", C, "different seat"),
    ("User has never been to Japan.", "User visited Kyoto in 2019.", C, "never vs visit"),
    ("User is staying at the Hilton in Rome.", "In Rome the user has booked a small B&B, not a hotel.", C, "hotel vs B&B"),
    ("User's trip to Peru is 10 days long.", "User is in Peru from 3 to 24 May.", C, "10 days vs 21 days"),
    ("User doesn't have a passport.", "User's passport number ends in 482.", C, "no passport vs passport"),
    ("User always travels with carry-on only.", "User checked two suitcases on their last trip.", C, "always carry-on vs checked bags"),

    ("User's flight departs at 07:45.", "flight leaves at quarter to eight in the morning", D, "format: spoken time"),
    ("User's layover in Doha is 2 hours 30 minutes.", "Doha layover: 2.5h", D, "format: decimal hours"),
    ("User is flying LHR to JFK.", "User's flight goes from London Heathrow to New York's JFK.", D, "format: airport codes"),
    ("User's checked bag allowance is 23 kg.", "user can check a bag up to ~50 lb", D, "format: kg vs lb"),
    ("User is away from 3 to 10 May.", "user away may 3-10", D, "format: date range"),
    ("The user's hotel is 500 m from the beach.", "hotel's half a km from the beach", D, "format: metres vs km fraction"),
    ("User is taking the Eurostar to Brussels.", "User will go to Brussels on the Channel Tunnel train.", D, "reworded: description of Eurostar"),
    ("User has a window seat on the flight to Oslo.", "Oslo flight: I've got the window seat", D, "reworded: first person"),
    ("User gets seasick.", "Boats make the user queasy; they suffer from seasickness.", D, "reworded: paraphrase"),
    ("User's Tokyo hotel is in Shinjuku.", "In Tokyo, the user is staying at a hotel in Shinjuku.", D, "reworded: reordered"),

    ("User is flying to Lisbon on Friday.", "User's sister is flying to Lisbon on Friday.", K, "different person"),
    ("User has been to Japan.", "User is going to Japan again in April.", K, "past vs plan"),
    ("User used to travel for work every month.", "User now travels for work once a year.", K, "past vs current"),
    ("User's flight to Lisbon is at 07:45.", "User's return flight from Lisbon is at 19:10.", K, "outbound vs return"),
    ("User prefers aisle seats.", "User's seat on the Oslo flight is 14A.", K, "preference vs booking"),
    ("User is visiting Peru in May.", "User is visiting Bolivia after Peru.", K, "another destination"),
    ("User is staying at the Hilton in Rome.", "User's Rome hotel includes breakfast.", K, "added detail"),
    ("User has Global Entry.", "User holds a UK passport.", K, "different documents"),
    ("User's trip to Peru is 10 days.", "User's trip to Chile last year was 10 days.", K, "different trip"),
    ("User hopes to visit Iceland someday.", "User is travelling to Norway next month.", K, "wish vs plan"),
]

PAIRS["devices and accounts"] = [
    ("User's phone is an iPhone 15.", "user's on a pixel 8", C, "different phone"),
    ("User's personal laptop is a ThinkPad X1.", "User's only laptop is a MacBook Air.", C, "different laptop"),
    ("User's work laptop is a Dell XPS 13.", "The laptop work gave the user is an HP EliteBook.", C, "different work laptop"),
    ("User's GitHub username is mkowal.", "The user's GitHub handle is @maciekk.", C, "different handle"),
    ("User's home Wi-Fi network is called Badger.", "home wifi SSID is OtterNet", C, "different SSID"),
    ("User doesn't have a Facebook account.", "User posted their holiday photos on Facebook.", C, "no account vs posting"),
    ("User has 2FA enabled on GitHub.", "User's GitHub account has no two-factor authentication set up.", C, "2FA on vs off"),
    ("User uses 1Password.", "User keeps all passwords in Bitwarden and has never used 1Password.", C, "uses vs never used"),
    ("User doesn't own a smartwatch.", "User tracks their sleep with their Apple Watch.", C, "no watch vs Apple Watch"),
    ("User's Spotify plan is Family.", "User is on Spotify's free tier.", C, "paid family vs free"),

    ("User's phone is a Samsung Galaxy S24.", "phone: samsung s24", D, "format: short model name"),
    ("User's MacBook Pro has a 14-inch screen.", "user's MBP is the 14\" one", D, "format: MBP and inch symbol"),
    ("User's monitor is 27 inches.", "The user's monitor is a 68.6 cm display.", D, "format: inches vs cm"),
    ("User has 2FA on their Google account.", "User's Google account uses two-factor authentication.", D, "format: acronym"),
    ("User's PC runs Windows 11.", "user's pc is on win11", D, "format: abbreviation"),
    ("User's external drive is 2 TB.", "The user's external hard disk holds two terabytes.", D, "format: TB vs words"),
    ("User's password manager is 1Password.", "1Password is what I use for my passwords.", D, "reworded: first person"),
    ("User's Steam account name is ferrofox.", "On Steam, the user is ferrofox.", D, "reworded: reordered"),
    ("User has no admin rights on their company laptop.", "IT locks down the user's work laptop, so they can't install software themselves.", D, "reworded: paraphrase"),
    ("User's iPad is mostly used by their kids.", "The user's children are the main users of the user's iPad.", D, "reworded: paraphrase"),

    ("User's phone is an iPhone 15.", "User's son's phone is an iPhone 15.", K, "different person"),
    ("User used to have an Android phone.", "User's phone is an iPhone.", K, "past vs current"),
    ("User has an iPad.", "User has a Kindle.", K, "two devices"),
    ("User's work email is on acme.io.", "User's personal email is on Gmail.", K, "work vs personal"),
    ("User wants to buy a Steam Deck.", "User owns a PS5.", K, "wish vs ownership"),
    ("User's laptop is a ThinkPad X1.", "User's laptop runs Fedora.", K, "hardware vs OS"),
    ("User has 2FA on GitHub.", "User uses a YubiKey for their GitHub 2FA.", K, "refinement"),
    ("User's GitHub username is mkowal.", "User's GitLab username is also mkowal.", K, "different service"),
    ("User uses 1Password for personal accounts.", "User's company uses LastPass for shared credentials.", K, "personal vs company"),
    ("User's smartwatch is a Garmin Fenix.", "User's Garmin syncs to Strava.", K, "added detail"),
]

PAIRS["org policy"] = [
    ("Employees get 25 days of annual leave.", "Annual leave allowance is 30 days.", C, "different allowance"),
    ("Code changes need two approvals before merging.", "One approving review is enough to merge.", C, "two vs one approval"),
    ("Parental leave is 16 weeks fully paid.", "Parental leave is 26 weeks at full pay.", C, "different length"),
    ("Laptops must use full-disk encryption.", "Disk encryption on company laptops is optional.", C, "mandatory vs optional"),
    ("Core hours are 10:00 to 16:00.", "core hours are 9-3", C, "different core hours"),
    ("Remote work is allowed up to two days a week; the rest is in the office.", "The company is fully remote and has no office.", C, "hybrid vs fully remote"),
    ("Expenses over £500 need director sign-off.", "Only expense claims above £1,000 need a director; anything below is approved by the line manager.", C, "different threshold"),
    ("Production deploys are banned on Fridays.", "We ship to prod every day, Fridays included.", C, "ban vs Friday deploys"),
    ("Passwords must be rotated every 90 days.", "The company doesn't require periodic password changes.", C, "rotation vs none"),
    ("Contractors can't access production.", "Contractors have read access to the production DB.", C, "no access vs read access"),

    ("Staff get 25 days' holiday a year.", "annual leave = 25 days/yr", D, "format: terse, abbreviation"),
    ("PRs need 2 approvals.", "Pull requests require two approving reviews.", D, "format: acronym and number word"),
    ("Data is retained for 7 years.", "Records are kept for eighty-four months.", D, "format: years vs months"),
    ("Parental leave is 16 weeks at full pay.", "New parents get 112 days of fully paid leave.", D, "format: weeks vs days"),
    ("Remote work is allowed 2 days a week.", "Hybrid policy: up to 40% of the working week can be remote.", D, "format: days vs percentage"),
    ("All laptops must have FDE enabled.", "Full-disk encryption is required on every laptop.", D, "format: acronym"),
    ("Staff must complete security training every year.", "Security training is mandatory annually for all staff.", D, "reworded: paraphrase"),
    ("The dress code is smart casual.", "At work, smart-casual clothing is the expected standard.", D, "reworded: paraphrase"),
    ("Visitors must be signed in at reception.", "Every visitor has to sign in at the front desk.", D, "reworded: synonyms"),
    ("Only the security team can approve new SaaS tools.", "New SaaS tools need sign-off from security and nobody else.", D, "reworded: paraphrase"),

    ("Employees in the UK get 25 days' leave.", "Employees in Germany get 30 days' leave.", K, "different country"),
    ("PRs need two approvals.", "PRs must pass CI before merging.", K, "another rule"),
    ("The company used to allow unlimited PTO.", "Employees now get 25 days of PTO.", K, "past vs current"),
    ("Expenses over £500 need director approval.", "Business travel must be booked through Navan.", K, "different rule"),
    ("The company plans to introduce a four-day week in 2026.", "The current working week is five days.", K, "plan vs current"),
    ("Remote work is allowed 2 days a week.", "Working from abroad is allowed up to 20 days a year.", K, "different rule"),
    ("Passwords need at least 12 characters.", "Passwords must include a symbol.", K, "two requirements"),
    ("Engineering core hours are 10–4.", "Support core hours are 8–8.", K, "different teams"),
    ("Laptops must be encrypted.", "Phones used for work must have a passcode.", K, "different devices"),
    ("User would prefer to work from home every day.", "Company policy requires three office days a week.", K, "preference vs policy"),
]

PAIRS["education"] = [
    ("User did their undergraduate degree at Edinburgh.", "user's undergrad was at st andrews", C, "different university"),
    ("User's son Leo is in Year 4.", "Leo is in year six", C, "different school year"),
    ("User's PhD was in linguistics.", "User's doctorate is in marine biology.", C, "different field"),
    ("User's daughter Zara goes to Hillside Primary.", "Zara attends St Mary's Primary.", C, "different school"),
    ("User got a first in their history degree.", "User's history degree was a 2:2.", C, "different classification"),
    ("User has a master's degree in chemistry.", "User's highest qualification is a bachelor's.", C, "master's vs bachelor's max"),
    ("User graduated in 2012.", "User is still working towards their first degree.", C, "graduated vs no degree yet"),
    ("User never went to university.", "User has a BA in history from Leeds.", C, "no university vs BA"),
    ("User is fluent in French.", "User has just started learning French from scratch.", C, "fluent vs beginner"),
    ("User finished their MBA in 2020.", "User began their MBA in 2022.", C, "finished before starting"),

    ("User has an MSc in Computer Science.", "User did a master of science in CS.", D, "format: abbreviations"),
    ("User's son is in 5th grade.", "user's boy is in grade five", D, "format: ordinal vs number word"),
    ("User studied at MIT.", "User is a Massachusetts Institute of Technology alumnus.", D, "format: acronym"),
    ("User got 92% on the final exam.", "User scored 46 out of 50 on the final.", D, "format: percent vs score"),
    ("User's course lasts 18 months.", "The course is a year and a half long.", D, "format: months vs years"),
    ("User's IELTS score is 7.5.", "User's IELTS band is seven and a half.", D, "format: number words"),
    ("User has a PhD in physics.", "User holds a doctorate in physics.", D, "reworded: synonym"),
    ("I studied Mandarin for three years.", "The user spent three years studying Mandarin.", D, "reworded: first/third person"),
    ("User's daughter starts university this September.", "This September the user's daughter begins uni.", D, "reworded: reordered"),
    ("User dropped out of their engineering degree.", "User left the engineering course without finishing it.", D, "reworded: paraphrase"),

    ("User has a master's in chemistry.", "User's wife has a master's in chemistry.", K, "different person"),
    ("User studied at Edinburgh.", "User did their PhD at Uppsala.", K, "different degrees"),
    ("User wants to do an MBA someday.", "User has a BSc in economics.", K, "wish vs fact"),
    ("User's son is in Year 4.", "User's daughter is in Year 1.", K, "different children"),
    ("User is learning Spanish.", "User is learning Spanish on Duolingo.", K, "refinement"),
    ("User used to teach at a secondary school.", "User now lectures at a university.", K, "past vs current"),
    ("User has a degree in history.", "User has a degree in music.", K, "two degrees"),
    ("User's GPA was 3.8.", "User was on the dean's list twice.", K, "added detail"),
    ("User's daughter goes to Hillside Primary.", "Hillside Primary is a 10-minute walk from the user's home.", K, "added detail"),
    ("User graduated in 2012.", "User's brother graduated in 2012.", K, "different person"),
]

PAIRS["pets and vehicles"] = [
    ("User's dog is a beagle named Biscuit.", "Biscuit is a border collie.", C, "different breed"),
    ("User's car is a 2018 Toyota Corolla.", "user drives a 2021 corolla", C, "different model year"),
    ("User's cat Miso is female.", "Miso's a tom", C, "female vs tom"),
    ("User's motorbike is red.", "User's motorbike is matte black.", C, "different colour"),
    ("User's only car is a Volvo.", "The user's car is a Skoda.", C, "different make"),
    ("User has no pets.", "User walks their dog twice a day.", C, "no pets vs dog"),
    ("User's cat is 3 years old.", "The user adopted their cat as a kitten in 2014.", C, "age inconsistent with adoption"),
    ("User doesn't have a driving licence.", "User drove to Cornwall last weekend.", C, "no licence vs driving"),
    ("User's car is fully electric.", "User fills their car up with diesel every week.", C, "EV vs diesel"),
    ("User has two cats.", "User's three cats are Pip, Tofu and Nori.", C, "count differs"),

    ("User's dog weighs 30 kg.", "dog is ~66 lb", D, "format: kg vs lb"),
    ("User's car uses 5 litres per 100 km.", "User's car gets about 56 mpg (UK gallons).", D, "format: L/100km vs mpg"),
    ("User drives a VW Golf.", "User's car is a Volkswagen Golf.", D, "format: abbreviation"),
    ("User's car has done 60,000 miles.", "The car's odometer reads 60k mi.", D, "format: k and abbreviation"),
    ("User's EV has a range of 400 km.", "User's electric car can do about 250 miles on a charge.", D, "format: km vs miles, EV"),
    ("User's horse is 16 hands high.", "User's horse stands about 1.63 m at the withers.", D, "format: hands vs metres"),
    ("Clover is my rabbit.", "The user's bunny is called Clover.", D, "reworded: first/third person, synonym"),
    ("User's dog is a rescue.", "The user adopted their dog from a rescue shelter.", D, "reworded: paraphrase"),
    ("The user's cat sleeps on their bed every night.", "Every night the cat sleeps on the user's bed.", D, "reworded: reordered"),
    ("User cycles to work on a road bike.", "User's commute is by road bike.", D, "reworded: paraphrase"),

    ("User's dog is a beagle.", "User's neighbour's dog is a beagle.", K, "different owner"),
    ("User used to have a cat.", "User has a dog now.", K, "past vs current"),
    ("User's car is a Toyota.", "User's car is silver.", K, "make vs colour"),
    ("User has a cat named Miso.", "User has a cat named Tofu.", K, "two cats"),
    ("User wants to get an electric car next year.", "User drives a petrol Fiesta.", K, "plan vs current"),
    ("User's dog is 7.", "User's dog is a rescue from Romania.", K, "added detail"),
    ("User's car is a Volvo.", "User's wife's car is a Volvo.", K, "different person"),
    ("User walks the dog at 7am.", "User's partner walks the dog in the evening.", K, "different walks"),
    ("User's car MOT is due in May.", "User's car insurance renews in May.", K, "different renewals"),
    ("User prefers cats to dogs.", "User owns a dog.", K, "preference vs fact"),
]

DOMAINS = [
    "people and relations", "work and roles", "home", "health", "infrastructure config",
    "cloud and regions", "software versions and tools", "schedules and recurring events",
    "dates and deadlines", "times and time zones", "money and prices", "numbers with units",
    "ordinals and floors/positions", "preferences", "food and diet", "travel",
    "devices and accounts", "org policy", "education", "pets and vehicles",
]


def main():
    assert list(PAIRS) == DOMAINS, "domain list mismatch"
    rows = []
    for domain in DOMAINS:
        for a, b, label, note in PAIRS[domain]:
            rows.append({"a": a, "b": b, "label": label, "domain": domain, "note": note})

    labels = Counter(r["label"] for r in rows)
    per_domain = Counter(r["domain"] for r in rows)
    per_dom_label = Counter((r["domain"], r["label"]) for r in rows)
    keys = Counter((r["a"], r["b"]) for r in rows)
    dupkeys = [k for k, n in keys.items() if n > 1]
    same_side = [r for r in rows if r["a"].strip().lower() == r["b"].strip().lower()]
    fmt = sum(1 for r in rows if r["label"] == D and r["note"].startswith("format:"))

    assert len(rows) == 600, len(rows)
    assert labels == {C: 200, D: 200, K: 200}, labels
    assert all(n == 30 for n in per_domain.values()) and len(per_domain) == 20, per_domain
    assert all(per_dom_label[(d, l)] == 10 for d in DOMAINS for l in (C, D, K)), per_dom_label
    assert not dupkeys, dupkeys
    assert not same_side, same_side
    for r in rows:
        if r["label"] == D:
            assert r["note"].startswith(("format:", "reworded:")), r

    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pairs_tune15.jsonl")
    with open(out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

    print(f"wrote {len(rows)} pairs to {out}")
    print("labels:", dict(labels))
    print("domains:", len(per_domain), "x", set(per_domain.values()))
    print(f"duplicates in another format/unit: {fmt}/{labels[D]}")


if __name__ == "__main__":
    main()

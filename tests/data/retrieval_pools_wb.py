"""Hand-written LoCoMo-style retrieval pools (writer wb). Dumps retr_wb.json."""

import json
from pathlib import Path

# Each pool: speakers, sessions as (date, text block). Each block line: "id|Speaker|memory".
P1_SESSIONS = [
    ("14 January, 2023", """
m1|Anjali|Anjali works as a backend engineer at a payments startup in Bangalore.
m2|Anjali|Anjali has been on call every other week since the startup lost two senior engineers.
m3|Anjali|Anjali started learning German on an app because she is considering a job in Berlin.
m4|Marcus|Marcus is a regional sales director for an industrial software company based in Manchester.
m5|Marcus|Marcus flew to Stuttgart for three days to meet a manufacturing client.
m6|Marcus|Marcus has two daughters, Ada and Zara, who are nine and twelve.
m7|Marcus|Marcus is training for the Manchester Marathon in April.
m8|Anjali|Anjali lives with her grandmother, who taught her to cook sambar.
m9|Anjali|Anjali feels burned out and has been sleeping badly."""),
    ("2 February, 2023", """
m10|Anjali|Anjali had a first video interview with a Berlin logistics company for a platform engineer role.
m11|Anjali|Anjali was nervous about the system design round because she had never designed a queueing system from scratch.
m12|Marcus|Marcus missed Zara's school play because his flight back from Lyon was cancelled.
m13|Marcus|Marcus felt guilty about being away so often and promised Zara a weekend in the Lake District.
m14|Marcus|Marcus ran a 30 kilometre training run in the rain and was pleased with his pace.
m15|Anjali|Anjali bought a secondhand mechanical keyboard with brown switches.
m16|Anjali|Anjali's startup shipped a new UPI refund feature that she led.
m17|Marcus|Marcus is reading a biography of Ernest Shackleton."""),
    ("21 February, 2023", """
m18|Anjali|Anjali passed the system design round and has a final interview with the Berlin company next week.
m19|Anjali|Anjali practiced whiteboard questions with a former colleague, Ravi, every evening.
m20|Anjali|Anjali's grandmother is worried about Anjali moving so far away.
m21|Marcus|Marcus took Zara and Ada to the Lake District and they climbed Catbells together.
m22|Marcus|Marcus's company announced a reorganisation that may merge his team with the London office.
m23|Marcus|Marcus dislikes the idea of commuting to London twice a week.
m24|Anjali|Anjali went to a friend's wedding in Mysore and danced until three in the morning.
m25|Marcus|Marcus's wife Ngozi is a pharmacist who works Saturdays."""),
    ("10 March, 2023", """
m26|Anjali|Anjali received a job offer from the Berlin logistics company with visa sponsorship.
m27|Anjali|Anjali negotiated a higher salary and a relocation budget before accepting.
m28|Anjali|Anjali told her manager at the payments startup that she was resigning, and he asked her to stay until April.
m29|Marcus|Marcus congratulated Anjali and offered advice about working in Germany from his client visits.
m30|Marcus|Marcus strained his calf on a hill session and had to rest for ten days.
m31|Marcus|Marcus was frustrated that the injury came so close to his marathon.
m32|Anjali|Anjali started selling her furniture on a local marketplace app.
m33|Marcus|Marcus learned he will keep his role after the reorganisation but will report to a new vice president in London."""),
    ("1 April, 2023", """
m34|Anjali|Anjali's EU Blue Card appointment at the German consulate was approved.
m35|Anjali|Anjali's going-away party was at a rooftop bar in Indiranagar with her old team.
m36|Anjali|Anjali gave her mechanical keyboard to her junior colleague Meera as a farewell gift.
m37|Anjali|Anjali is anxious about finding an apartment in Berlin because she has heard the market is very tight.
m38|Marcus|Marcus did a short physiotherapy course for his calf and is running again.
m39|Marcus|Marcus decided to run the marathon for fun instead of chasing a personal best.
m40|Marcus|Marcus's new boss, Priyanka, asked him to lead a pilot with a client in Rotterdam.
m41|Marcus|Marcus bought Ada a beginner's telescope for her tenth birthday."""),
    ("24 April, 2023", """
m42|Marcus|Marcus finished the Manchester Marathon in 3 hours 52 minutes.
m43|Marcus|Marcus's daughters made a banner for him and waited at mile twenty.
m44|Anjali|Anjali landed in Berlin and is staying in a temporary furnished flat in Friedrichshain.
m45|Anjali|Anjali had her first week at the logistics company and was surprised that meetings end exactly on time.
m46|Anjali|Anjali finds the winter-like April weather in Berlin hard after Bangalore.
m47|Anjali|Anjali went to the Anmeldung office to register her address and it took three attempts.
m48|Marcus|Marcus flew to Rotterdam to kick off the pilot and stayed in a hotel near the harbour.
m49|Marcus|Marcus found the Rotterdam client's engineers very blunt but easy to work with."""),
    ("19 May, 2023", """
m50|Anjali|Anjali joined a Sunday bouldering group made of people from her company.
m51|Anjali|Anjali misses her grandmother and video calls her every morning before work.
m52|Anjali|Anjali is on the team that rebuilds the shipment tracking service in Go.
m53|Anjali|Anjali found her code reviews in Berlin stricter than in Bangalore and sees it as a good thing.
m54|Marcus|Marcus and Ngozi celebrated their fifteenth anniversary at a Nigerian restaurant in Leeds.
m55|Marcus|Marcus is thinking about a career change into customer success because he is tired of travelling.
m56|Marcus|Marcus signed up for an evening course on product management at a Manchester university.
m57|Anjali|Anjali recommended a podcast about distributed systems to Marcus."""),
    ("11 June, 2023", """
m58|Anjali|Anjali signed a lease on a one-bedroom apartment in Neukölln after viewing fourteen places.
m59|Anjali|Anjali bought a bicycle to commute to the office along the canal.
m60|Anjali|Anjali cooked sambar for her bouldering friends using her grandmother's recipe.
m61|Marcus|Marcus took Zara to a coding summer camp open day because she wants to make games.
m62|Marcus|Marcus's Rotterdam pilot went well and the client is expanding the contract.
m63|Marcus|Marcus received a bonus for the Rotterdam deal and put it toward a family holiday.
m64|Marcus|Marcus is reading a book about negotiation called Never Split the Difference.
m65|Anjali|Anjali had an argument with her tech lead over whether to use Kafka or a managed queue."""),
    ("3 July, 2023", """
m66|Marcus|Marcus and his family went on holiday to Portugal's Algarve coast for ten days.
m67|Marcus|Ada tried surfing in Portugal and Marcus says she stood up on her second day.
m68|Marcus|Marcus answered client emails by the pool and Ngozi was annoyed with him.
m69|Anjali|Anjali passed her probation period at the logistics company early.
m70|Anjali|Anjali was asked to give an internal talk about payment systems in India.
m71|Anjali|Anjali's German class has moved to level A2 and she can now order at the bakery without switching to English.
m72|Anjali|Anjali adopted a grey cat named Idli from a Berlin animal shelter.
m73|Marcus|Marcus's product management course ended with a group project on a fleet tracking app."""),
    ("28 August, 2023", """
m74|Anjali|Anjali's grandmother visited Berlin for three weeks and loved the Turkish market on the canal.
m75|Anjali|Anjali took her grandmother on a day trip to Potsdam to see the palaces.
m76|Anjali|Anjali was promoted to lead a small team of three engineers on the tracking service.
m77|Anjali|Anjali worries she has less time for coding now that she manages people.
m78|Marcus|Marcus applied for an internal product manager role at his company.
m79|Marcus|Marcus interviewed with Priyanka and two product leads for the product role.
m80|Marcus|Marcus started running with a club on Tuesday evenings in Didsbury.
m81|Marcus|Zara built her first small platform game in Scratch at the coding camp."""),
    ("30 September, 2023", """
m82|Marcus|Marcus got the product manager role and will stop travelling for sales from November.
m83|Marcus|Marcus took a small pay cut to move into product but says his family comes first.
m84|Marcus|Marcus plans to run the Berlin Marathon next year and asked Anjali for tips on the city.
m85|Anjali|Anjali ran the company's booth at a logistics tech conference in Hamburg.
m86|Anjali|Anjali is planning to fly back to Bangalore for Diwali in November.
m87|Anjali|Anjali's cat Idli knocked her laptop off the desk during a production incident call.
m88|Anjali|Anjali has started climbing outdoors in Saxon Switzerland with her bouldering group.
m89|Marcus|Marcus's calf injury flared up again after a club interval session.
m90|Anjali|Anjali says she now feels Berlin is home, though she still misses South Indian breakfasts.
m91|Marcus|Marcus bought a standing desk for his home office in preparation for the new role.
m92|Anjali|Anjali is mentoring a new hire from Nigeria who just moved to Berlin.
m93|Marcus|Marcus sold his airline frequent flyer points for a family trip to Lagos at Christmas.
m94|Anjali|Anjali finished reading a novel by Arundhati Roy on the train to Hamburg.
m95|Marcus|Ada joined an astronomy club at school and wants to see Saturn's rings.
m96|Anjali|Anjali is saving to buy her grandmother a flight back to Berlin next summer.
m97|Marcus|Marcus worries that product work will be less social than sales.
m98|Anjali|Anjali has started cooking dosa batter at home and fermenting it on the radiator.
m99|Marcus|Marcus's physiotherapist advised him to add strength training twice a week."""),
]

P1_QUESTIONS = [
    ("What kind of company did Anjali work for before moving abroad?", ["m1"], 4),
    ("Why was Anjali feeling so exhausted at the start of the year?", ["m2", "m9"], 4),
    ("What does Marcus do for a living originally?", ["m4"], 4),
    ("How many kids does Marcus have?", ["m6"], 4),
    ("What part of the hiring process worried Anjali?", ["m11"], 4),
    ("What family event did Marcus miss because of travel?", ["m12"], 4),
    ("Which mountain did Marcus hike with his girls?", ["m21"], 4),
    ("What does Marcus's wife do?", ["m25"], 4),
    ("What perks did Anjali secure when accepting the German offer?", ["m26", "m27"], 4),
    ("What gift did Anjali leave for a coworker when she quit?", ["m36"], 4),
    ("What surprised Anjali about the office culture in her new job?", ["m45"], 4),
    ("Which neighbourhood did Anjali end up renting in?", ["m58"], 4),
    ("How does Anjali get to work in Germany?", ["m59"], 4),
    ("What technical disagreement did Anjali have with her lead?", ["m65"], 4),
    ("What pet does Anjali have?", ["m72"], 4),
    ("What did Zara make at summer camp?", ["m81"], 4),
    ("What was Marcus's marathon finishing time?", ["m42"], 4),
    ("What did Marcus's wife get upset about on vacation?", ["m68"], 4),
    ("Which study program did Marcus sign up for in spring?", ["m56"], 4),
    ("What does Marcus do on Tuesday evenings now?", ["m80"], 4),
    ("When did Marcus go to Germany to visit a customer?", ["m5"], 2),
    ("When did Anjali get the job offer from Berlin?", ["m26"], 2),
    ("When did Anjali arrive in Berlin?", ["m44"], 2),
    ("When did Marcus run the Manchester Marathon?", ["m42"], 2),
    ("When did Anjali sign her apartment lease?", ["m58"], 2),
    ("When did Marcus's family go to the Algarve?", ["m66"], 2),
    ("When did Anjali's grandmother come to visit her in Germany?", ["m74"], 2),
    ("When did Anjali become a team lead?", ["m76"], 2),
    ("When will Marcus stop doing sales trips?", ["m82"], 2),
    ("When did Marcus hurt his leg for the first time?", ["m30"], 2),
    ("Which European cities has Marcus traveled to for work?", ["m5", "m12", "m48"], 1),
    ("What steps did Anjali go through to get hired in Berlin?", ["m10", "m18", "m26"], 1),
    ("How did Marcus's calf injury affect his running over the year?", ["m30", "m38", "m39", "m89", "m99"], 1),
    ("What has Anjali done with her grandmother's cooking knowledge?", ["m8", "m60"], 1),
    ("What outdoor sports has Anjali taken up in Germany?", ["m50", "m59", "m88"], 1),
    ("How did Marcus's relationship with his new boss Priyanka develop his career?", ["m40", "m62", "m79", "m82"], 1),
    ("What did Anjali give up or get rid of before leaving India?", ["m32", "m36"], 1),
    ("What has Marcus done to spend more time with his daughters?", ["m13", "m21", "m61", "m83"], 1),
    ("Where in Germany has Anjali traveled since moving?", ["m75", "m85", "m88", "m94"], 1),
    ("How has Anjali's German progressed?", ["m3", "m71"], 1),
    ("Would Marcus be a good person to ask about travelling light?", ["m5", "m12", "m48"], 3),
    ("Why might Marcus have wanted a job that keeps him at home?", ["m12", "m13", "m55", "m68"], 3),
    ("Is Anjali likely to move back to India soon?", ["m69", "m76", "m90"], 3),
    ("Would Anjali enjoy a trip to a climbing area in the Alps?", ["m50", "m88"], 3),
    ("Is Marcus the kind of person who reads about explorers and adventure?", ["m17"], 3),
    ("Would Zara likely enjoy a computer science degree later on?", ["m61", "m81"], 3),
    ("Does Anjali value rigorous engineering practices?", ["m53"], 3),
    ("Would Marcus's family likely support his lower-paying role?", ["m83", "m68"], 3),
    ("Would Anjali be a good source of advice for Marcus's Berlin race trip?", ["m84", "m44", "m58"], 3),
    ("How does Anjali feel about becoming a manager?", ["m77"], 3),
]

P2_SESSIONS = [
    ("6 May, 2022", """
a1|Lena|Lena is a UX designer at a large insurance company in Hamburg.
a2|Lena|Lena has been sketching an app idea for booking shared workshop space for makers.
a3|Lena|Lena has a border collie named Kiwi who needs long walks every day.
a4|Hiroshi|Hiroshi is a 61-year-old structural engineer in Osaka who recently went part-time.
a5|Hiroshi|Hiroshi consults on earthquake retrofits for older school buildings.
a6|Hiroshi|Hiroshi grows tomatoes and shiso on his balcony.
a7|Hiroshi|Hiroshi's daughter Yuki lives in Vancouver with her husband and baby son.
a8|Lena|Lena climbs at an indoor gym three times a week.
a9|Hiroshi|Hiroshi is learning English so he can talk more easily with his grandson later."""),
    ("29 May, 2022", """
a10|Lena|Lena met a backend developer named Jonas at a hackathon and they want to build the workshop app together.
a11|Lena|Lena and Jonas won second place at the hackathon with a prototype of the workshop booking app.
a12|Lena|Lena's manager at the insurance company said her design of the claims form was the best in years.
a13|Hiroshi|Hiroshi inspected a 1970s gymnasium in Kobe and found corroded steel braces.
a14|Hiroshi|Hiroshi worries that younger engineers rely too much on software and not enough on site visits.
a15|Hiroshi|Hiroshi's wife Emiko teaches ikebana at a community center.
a16|Lena|Lena hurt her finger on a crimpy route and had to stop climbing for a while.
a17|Hiroshi|Hiroshi's tomatoes were eaten by crows and he put up a net."""),
    ("20 June, 2022", """
a18|Lena|Lena and Jonas registered their company as a UG and named it Werkbank.
a19|Lena|Lena is working on Werkbank in the evenings and weekends while keeping her day job.
a20|Lena|Lena feels exhausted but says she has never been so motivated.
a21|Hiroshi|Hiroshi flew to Vancouver to meet his grandson Ren for the first time.
a22|Hiroshi|Hiroshi was surprised by how many wooden houses there are in Vancouver and wondered how they handle earthquakes.
a23|Hiroshi|Hiroshi cooked miso soup for Yuki every morning during his stay.
a24|Lena|Lena took Kiwi to a herding trial in Schleswig-Holstein and Kiwi came fourth.
a25|Hiroshi|Hiroshi's English improved and he chatted with a neighbour of Yuki's about gardening."""),
    ("15 July, 2022", """
a26|Lena|Lena pitched Werkbank to an angel investor who runs a woodworking chain.
a27|Lena|The investor said Werkbank was too early and asked Lena to come back with paying customers.
a28|Lena|Lena signed up three makerspaces in Hamburg for a free trial of Werkbank.
a29|Hiroshi|Hiroshi returned to Osaka and immediately had a jet lag week.
a30|Hiroshi|Hiroshi started a report recommending demolition instead of retrofit for the Kobe gymnasium.
a31|Hiroshi|Hiroshi felt sad about recommending demolition because he had played basketball in a similar gym as a boy.
a32|Hiroshi|Hiroshi bought a used road bike to stay fit.
a33|Lena|Lena's finger healed and she went back to climbing but only on easier routes."""),
    ("9 September, 2022", """
a34|Lena|Lena quit her job at the insurance company to work on Werkbank full-time.
a35|Lena|Lena's parents in Freiburg are worried about her giving up a stable salary.
a36|Lena|Lena has savings to last about nine months without income.
a37|Lena|Two of the three makerspaces started paying for Werkbank after the trial.
a38|Hiroshi|Hiroshi gave a lecture at Osaka University on lessons from the 1995 Kobe earthquake.
a39|Hiroshi|Hiroshi was moved when a student told him she chose engineering because of his earlier talk.
a40|Hiroshi|Hiroshi and Emiko went to see the autumn leaves in Kyoto's Arashiyama.
a41|Lena|Lena moved out of her shared flat to a cheaper studio in Wilhelmsburg to save money."""),
    ("30 October, 2022", """
a42|Lena|Lena traveled to Berlin for a startup accelerator interview.
a43|Lena|Lena and Jonas were accepted into a three-month accelerator program in Berlin.
a44|Lena|Lena will commute between Hamburg and Berlin by train during the accelerator.
a45|Lena|Lena's neighbour agreed to look after Kiwi when Lena is in Berlin.
a46|Hiroshi|Hiroshi cycled around Lake Biwa over two days with an old university friend.
a47|Hiroshi|Hiroshi is writing a small guidebook about retrofitting wooden houses for homeowners.
a48|Hiroshi|Hiroshi's back started aching after long hours at his desk writing.
a49|Lena|Lena read the book The Mom Test to get better at customer interviews."""),
    ("12 December, 2022", """
a50|Lena|Lena and Jonas argued about whether to add a payments feature or focus on the calendar.
a51|Lena|Lena interviewed twenty makerspace owners and learned that their biggest problem is no-shows.
a52|Lena|Werkbank added deposits to bookings to reduce no-shows.
a53|Lena|Lena celebrated her thirtieth birthday with a small dinner in Berlin with the accelerator cohort.
a54|Hiroshi|Hiroshi sent the finished draft of his homeowner guidebook to a small publisher in Kyoto.
a55|Hiroshi|Hiroshi's physiotherapist told him to stand up every thirty minutes.
a56|Hiroshi|Hiroshi and Emiko plan to spend the New Year holiday in Vancouver with Yuki and Ren.
a57|Hiroshi|Hiroshi made mochi with his neighbours for the year-end festival."""),
    ("25 January, 2023", """
a58|Hiroshi|Hiroshi spent the New Year in Vancouver and took Ren sledding on Grouse Mountain.
a59|Hiroshi|Hiroshi visited a timber engineering lab at the University of British Columbia.
a60|Hiroshi|Hiroshi was invited to co-author a paper with a Canadian professor on mass timber in seismic zones.
a61|Lena|Lena presented Werkbank at the accelerator demo day in front of about two hundred investors.
a62|Lena|Lena was so nervous before demo day that she could not eat breakfast.
a63|Lena|After demo day, Lena had follow-up calls with six investors.
a64|Lena|Kiwi got sick with a stomach infection while Lena was in Berlin and her neighbour took him to the vet.
a65|Lena|Lena felt guilty for being away from Kiwi so much."""),
    ("8 March, 2023", """
a66|Lena|Werkbank raised a pre-seed round of 400,000 euros led by a Berlin fund.
a67|Lena|Lena and Jonas hired their first employee, a part-time customer support person named Aylin.
a68|Lena|Lena decided to move to Berlin permanently because the investors and team are there.
a69|Lena|Lena is looking for a Berlin apartment that allows dogs and is near a park.
a70|Hiroshi|Hiroshi's guidebook was accepted by the Kyoto publisher and will come out in autumn.
a71|Hiroshi|Hiroshi started drawing the illustrations for his guidebook himself in pencil.
a72|Hiroshi|Hiroshi's grandson Ren said his first Japanese word, which was "jiji".
a73|Hiroshi|Hiroshi went to a reunion of his engineering class from Kyoto University."""),
    ("17 April, 2023", """
a74|Lena|Lena moved to an apartment in Berlin-Wedding next to the Rehberge park.
a75|Lena|Lena found a climbing partner in Berlin and goes to a bouldering hall near Ostkreuz.
a76|Lena|Werkbank now has forty paying makerspaces in Germany and Austria.
a77|Lena|Lena hired a second designer because she has less time for design work now.
a78|Lena|Lena feels lonely in Berlin because most of her friends are still in Hamburg.
a79|Hiroshi|Hiroshi was asked to advise the city of Sakai on an old library building.
a80|Hiroshi|Hiroshi harvested his first strawberries of the year from the balcony.
a81|Hiroshi|Hiroshi and Emiko are thinking about spending three months a year in Vancouver.
a82|Hiroshi|Hiroshi's back is better since he bought a standing desk."""),
    ("2 June, 2023", """
a83|Lena|Lena flew to Vienna to meet makerspaces that want to join Werkbank.
a84|Lena|Lena spoke on a panel about female founders at a Vienna tech festival.
a85|Lena|Lena's parents came to visit her Berlin apartment and were proud of the company.
a86|Lena|Lena took Kiwi to a dog agility class in Tiergarten.
a87|Hiroshi|Hiroshi's co-authored paper on mass timber was accepted by a journal.
a88|Hiroshi|Hiroshi went on a two-week cycling trip in Shikoku along the pilgrimage route.
a89|Hiroshi|Hiroshi met a young German engineer on the Shikoku route and they exchanged emails.
a90|Hiroshi|Emiko's ikebana class held an exhibition and Hiroshi helped set up the tables.
a91|Lena|Lena and Jonas disagree about whether to expand into the UK next year.
a92|Hiroshi|Hiroshi plans to visit Germany next spring to see timber buildings in Munich.
a93|Lena|Lena started seeing a therapist to cope with founder stress.
a94|Hiroshi|Hiroshi bought a Japanese phrasebook for Ren's third birthday, with English translations.
a95|Lena|Lena sold her old road bike and bought a cargo bike to carry Kiwi.
a96|Hiroshi|Hiroshi's grandson Ren now video calls him every Sunday.
a97|Lena|Lena's former insurance manager asked whether Werkbank could be used for office meeting rooms.
a98|Hiroshi|Hiroshi is worried about a typhoon damaging his balcony plants this summer."""),
]

P2_QUESTIONS = [
    ("What was Lena's job before she started her company?", ["a1"], 4),
    ("What breed of dog does Lena own?", ["a3"], 4),
    ("Where does Hiroshi grow vegetables?", ["a6"], 4),
    ("Who is Lena's co-founder and how did they meet?", ["a10"], 4),
    ("How did Lena do at the hackathon?", ["a11"], 4),
    ("What problem did Hiroshi find in the old Kobe gym?", ["a13"], 4),
    ("What does Hiroshi's wife teach?", ["a15"], 4),
    ("What is the name of Lena's startup?", ["a18"], 4),
    ("What feedback did Lena get from the first investor she pitched?", ["a27"], 4),
    ("Why did Lena move to a smaller place in Hamburg?", ["a41"], 4),
    ("What was the main pain point Lena heard from her customers?", ["a51"], 4),
    ("How did Werkbank tackle people not showing up?", ["a52"], 4),
    ("What did Hiroshi do with Ren over the holidays?", ["a58"], 4),
    ("How much money did Lena's company raise?", ["a66"], 4),
    ("Who was the first person Lena's company hired?", ["a67"], 4),
    ("What was Ren's first Japanese word?", ["a72"], 4),
    ("What fixed Hiroshi's back pain?", ["a82"], 4),
    ("How did Lena feel after moving to the capital?", ["a78"], 4),
    ("What did Lena talk about at the Vienna festival?", ["a84"], 4),
    ("Who did Hiroshi meet on his pilgrimage bike ride?", ["a89"], 4),
    ("When did Lena quit her day job?", ["a34"], 2),
    ("When did Hiroshi first meet his grandson?", ["a21"], 2),
    ("When did Lena's company get into the accelerator?", ["a43"], 2),
    ("When did Lena turn thirty?", ["a53"], 2),
    ("When did Hiroshi ride around Lake Biwa?", ["a46"], 2),
    ("When did Lena present at demo day?", ["a61"], 2),
    ("When did Werkbank close its first funding round?", ["a66"], 2),
    ("When did Lena move to Berlin for good?", ["a74"], 2),
    ("When is Hiroshi's book expected to be published?", ["a70"], 2),
    ("When did Hiroshi lecture students about the 1995 earthquake?", ["a38"], 2),
    ("How did Hiroshi's guidebook go from idea to publication?", ["a47", "a54", "a70", "a71"], 1),
    ("What has Hiroshi done in Canada across his visits?", ["a21", "a23", "a58", "a59"], 1),
    ("How did Werkbank's customer count grow over time?", ["a28", "a37", "a76"], 1),
    ("Who has looked after Kiwi while Lena was away?", ["a45", "a64"], 1),
    ("What cycling has Hiroshi done?", ["a32", "a46", "a88"], 1),
    ("What has happened with Lena's climbing over the year?", ["a8", "a16", "a33", "a75"], 1),
    ("Which cities has Lena traveled to for her startup?", ["a42", "a83"], 1),
    ("What problems has Hiroshi had with his balcony garden and what did he harvest?", ["a17", "a80"], 1),
    ("How have Lena's parents felt about her startup over time?", ["a35", "a85"], 1),
    ("What old buildings has Hiroshi been asked to assess?", ["a5", "a13", "a79"], 1),
    ("Is Lena a risk-taker?", ["a34", "a36", "a41"], 3),
    ("Why might Hiroshi be interested in wooden construction abroad?", ["a22", "a59", "a60"], 3),
    ("Would Hiroshi likely enjoy mentoring young engineers?", ["a14", "a39", "a89"], 3),
    ("Would Lena's dog be happy in her new Berlin home?", ["a69", "a74", "a86", "a95"], 3),
    ("Is Hiroshi likely to spend more time near his daughter in the future?", ["a7", "a81"], 3),
    ("Why might Hiroshi feel attached to school gymnasiums?", ["a31"], 3),
    ("Is Lena more drawn to product work or to design now?", ["a77"], 3),
    ("Would Lena enjoy reading more books on startups and customer research?", ["a49", "a51"], 3),
    ("Does Hiroshi prefer doing things by hand?", ["a14", "a71", "a57"], 3),
    ("How does Lena handle stress before big events?", ["a62", "a20", "a93"], 3),
]

P3_SESSIONS = [
    ("11 August, 2023", """
c1|Carlos|Carlos was laid off from his data scientist job at an Austin e-commerce company.
c2|Carlos|Carlos received a severance of three months' pay.
c3|Carlos|Carlos has twin sons, Mateo and Diego, who are six years old.
c4|Ines|Ines is a former nurse from Porto who finished a coding bootcamp in June.
c5|Ines|Ines plays bass in a garage rock band called Maré Alta.
c6|Ines|Ines is looking for her first junior developer job.
c7|Carlos|Carlos loves smoking brisket in his backyard on weekends.
c8|Ines|Ines still works two night shifts a week at a hospital to pay rent.
c9|Carlos|Carlos feels embarrassed to tell his father about losing his job."""),
    ("2 September, 2023", """
c10|Carlos|Carlos updated his resume and applied to twelve machine learning roles in one week.
c11|Carlos|Carlos got a rejection from a big tech company after a take-home assignment.
c12|Ines|Ines built a portfolio website showing a medication reminder app she made in React.
c13|Ines|Ines had her first technical interview with a Lisbon agency and froze on a JavaScript closure question.
c14|Ines|Ines's band played a gig at a small bar in Matosinhos.
c15|Carlos|Carlos's wife Rachel is a high school chemistry teacher.
c16|Carlos|Carlos started walking the twins to school now that he is home.
c17|Ines|Ines's mother thinks leaving nursing is a mistake."""),
    ("24 September, 2023", """
c18|Carlos|Carlos started contributing to an open source forecasting library on GitHub.
c19|Carlos|Carlos's pull request adding holiday effects to the forecasting library was merged.
c20|Carlos|Carlos reached the final round at a healthcare analytics startup in Houston.
c21|Ines|Ines got an offer for a junior frontend role at a health-tech startup in Lisbon.
c22|Ines|Ines chose the Lisbon offer because the product helps nurses schedule shifts.
c23|Ines|Ines is sad that moving to Lisbon means leaving her band.
c24|Carlos|Carlos made tamales with his mother for her seventieth birthday.
c25|Carlos|Carlos runs a small fantasy football league with old college friends."""),
    ("14 October, 2023", """
c26|Ines|Ines moved to Lisbon and rented a room in a shared flat in Arroios.
c27|Ines|Ines's first week at the health-tech startup included a pairing session every afternoon.
c28|Ines|Ines was surprised that her nursing experience was valued by the product team.
c29|Carlos|Carlos was turned down by the Houston startup because they chose someone with more healthcare experience.
c30|Carlos|Carlos felt discouraged and took a week off from job searching.
c31|Carlos|Carlos took the twins camping at Pedernales Falls State Park.
c32|Carlos|Carlos says his sons were fascinated by the armadillos they saw at night.
c33|Ines|Ines brought her bass guitar to Lisbon even though she has no band there."""),
    ("5 November, 2023", """
c34|Carlos|Carlos started freelancing on a demand forecasting project for a local coffee roaster.
c35|Carlos|Carlos enjoys the coffee roaster project because he can see the impact of his models directly.
c36|Carlos|Carlos's father told Carlos he was proud of him for helping a small business.
c37|Ines|Ines shipped her first feature, a shift-swap button, to production.
c38|Ines|Ines introduced a bug that showed shifts in the wrong time zone for the Azores clinics.
c39|Ines|Ines's senior colleague Tiago helped her fix the time zone bug and told her everyone makes such mistakes.
c40|Ines|Ines joined a fado night in Alfama with her flatmates.
c41|Carlos|Carlos's brisket won second place at a neighborhood barbecue cook-off."""),
    ("29 November, 2023", """
c42|Carlos|Carlos had three interviews with a climate analytics company based in Denver.
c43|Carlos|The Denver climate analytics company requires employees to be in the office three days a week.
c44|Carlos|Rachel does not want to leave Austin because her parents help with the twins.
c45|Ines|Ines found a new band in Lisbon through a poster at a music shop.
c46|Ines|Ines's new band plays post-punk and rehearses in a basement in Marvila.
c47|Ines|Ines visited Porto for a weekend and her mother cooked francesinha for her.
c48|Ines|Ines's mother admitted that Ines seems happier since changing careers.
c49|Carlos|Carlos read the book Designing Data-Intensive Applications to prepare for system design interviews."""),
    ("18 December, 2023", """
c50|Carlos|Carlos received an offer from the Denver climate analytics company.
c51|Carlos|Carlos negotiated to work remotely from Austin and fly to Denver one week each month.
c52|Carlos|Carlos and Rachel celebrated the offer with a dinner at an Oaxacan restaurant.
c53|Ines|Ines's startup held a Christmas party on a boat on the Tagus river.
c54|Ines|Ines received positive feedback in her three-month review.
c55|Ines|Ines is going to spend Christmas in Porto with her family.
c56|Carlos|Carlos bought the twins a microscope kit for Christmas.
c57|Carlos|Carlos finished the coffee roaster project and they recommended him to a bakery chain."""),
    ("20 January, 2024", """
c58|Carlos|Carlos started his job as a senior data scientist working on wildfire risk models.
c59|Carlos|Carlos made his first work trip to Denver and was caught in a snowstorm.
c60|Carlos|Carlos found that the altitude in Denver made him tired on his first days.
c61|Carlos|Carlos misses the twins when he travels and reads them bedtime stories over video.
c62|Ines|Ines started taking a course on TypeScript in the evenings.
c63|Ines|Ines's band recorded a demo of three songs in a friend's studio.
c64|Ines|Ines hurt her wrist and had to stop playing bass for two weeks.
c65|Ines|Ines's flatmate Bea moved out and a Brazilian software engineer named Rafael moved in."""),
    ("24 February, 2024", """
c66|Ines|Ines was asked to interview nurses to understand how they use the shift app on the ward.
c67|Ines|Ines visited a hospital in Coimbra for user research and recognised an old colleague from nursing school.
c68|Ines|Ines suggested larger buttons in the app because nurses use it with gloves on.
c69|Carlos|Carlos's wildfire model was presented to an insurance client in California.
c70|Carlos|Carlos is mentoring a junior analyst, Priya, at the climate company.
c71|Carlos|Carlos took the twins to their first Austin rodeo and Mateo wanted to ride a sheep.
c72|Carlos|Carlos started training for a 10K with Rachel.
c73|Ines|Ines's wrist healed and she played a gig with her band at a festival in Barreiro."""),
    ("30 March, 2024", """
c74|Carlos|Carlos's second Denver trip included a hike at Red Rocks with colleagues.
c75|Carlos|Carlos gave a talk about his open source forecasting work at a PyData meetup in Austin.
c76|Carlos|Carlos's father had a minor heart procedure and Carlos drove to San Antonio to be with him.
c77|Carlos|Carlos says the new job has given him back his confidence after the layoff.
c78|Ines|Ines was promoted from junior to mid-level frontend developer.
c79|Ines|Ines is considering applying to a remote job at a Dutch health company with a higher salary.
c80|Ines|Ines decided to stay at the Lisbon startup because she believes in the product.
c81|Ines|Ines and Rafael started dating after months of cooking dinner together.
c82|Ines|Ines plans a trip to São Paulo with Rafael in the summer to meet his family."""),
    ("5 May, 2024", """
c83|Carlos|Carlos ran the 10K with Rachel and they finished holding hands.
c84|Carlos|Carlos's team at the climate company is hiring and he asked Ines if she knew any frontend developers.
c85|Carlos|Carlos is building a backyard treehouse with the twins.
c86|Ines|Ines's band released their demo on Bandcamp and sold forty downloads in a week.
c87|Ines|Ines bought a secondhand Fender Precision bass with her first bonus.
c88|Ines|Ines started volunteering at a free clinic on Saturday mornings to keep her nursing skills.
c89|Ines|Ines says she does not miss night shifts at all.
c90|Carlos|Carlos's father is recovering well and started gardening again.
c91|Ines|Ines is teaching Rafael to play simple bass lines.
c92|Carlos|Carlos is teaching Mateo and Diego to ride bikes without training wheels.
c93|Ines|Ines's startup announced an expansion to clinics in Spain.
c94|Carlos|Carlos is considering buying a bigger smoker for the backyard.
c95|Ines|Ines applied for a Portuguese tech conference scholarship to attend a React conference in Amsterdam.
c96|Carlos|Carlos joined a monthly book club with other parents from the twins' school.
c97|Ines|Ines still feels nervous when she has to present in English at company all-hands meetings.
c98|Carlos|Carlos's old manager from the e-commerce company asked him for a job reference."""),
]

P3_QUESTIONS = [
    ("Why was Carlos out of work last summer?", ["c1"], 4),
    ("What did Ines do for a living before programming?", ["c4"], 4),
    ("What instrument does Ines play?", ["c5"], 4),
    ("What does Carlos like to cook outdoors?", ["c7"], 4),
    ("What stumped Ines in her first tech interview?", ["c13"], 4),
    ("What does Carlos's wife teach?", ["c15"], 4),
    ("What contribution did Carlos make to an open source project?", ["c19"], 4),
    ("Why did Ines pick the job in Portugal's capital?", ["c22"], 4),
    ("Why did the Houston company reject Carlos?", ["c29"], 4),
    ("What animals did the twins see on the camping trip?", ["c32"], 4),
    ("What was the first thing Ines built that went live?", ["c37"], 4),
    ("What mistake did Ines make at work and who helped her?", ["c38", "c39"], 4),
    ("What genre does Ines's Lisbon band play?", ["c46"], 4),
    ("Why was Rachel reluctant to relocate?", ["c44"], 4),
    ("What work arrangement did Carlos agree with his new employer?", ["c51"], 4),
    ("What does Carlos work on in his new role?", ["c58"], 4),
    ("What did Ines recommend changing in the app and why?", ["c68"], 4),
    ("Who is Ines dating?", ["c81"], 4),
    ("What did Ines buy with her bonus?", ["c87"], 4),
    ("How does Ines keep her medical skills up?", ["c88"], 4),
    ("When did Carlos lose his job?", ["c1"], 2),
    ("When did Ines get her first developer job offer?", ["c21"], 2),
    ("When did Ines relocate to Lisbon?", ["c26"], 2),
    ("When did Carlos start freelancing for the coffee roaster?", ["c34"], 2),
    ("When did Carlos accept the Denver company's offer?", ["c50"], 2),
    ("When did Carlos start his new position?", ["c58"], 2),
    ("When did Ines hurt her wrist?", ["c64"], 2),
    ("When did Ines get promoted?", ["c78"], 2),
    ("When did Carlos's dad have heart surgery?", ["c76"], 2),
    ("When did Ines's band put their recording online?", ["c86"], 2),
    ("Which companies did Carlos interview with after being laid off?", ["c11", "c20", "c42"], 1),
    ("How did Ines's mother's view of her career change evolve?", ["c17", "c48"], 1),
    ("What bands has Ines played in?", ["c5", "c45"], 1),
    ("How did Carlos's relationship with his father change during his job search?", ["c9", "c36"], 1),
    ("What outdoor activities has Carlos done with his sons?", ["c31", "c71", "c85", "c92"], 1),
    ("What has Ines's band done since she joined in Lisbon?", ["c63", "c73", "c86"], 1),
    ("How did Carlos's freelance work lead to more clients?", ["c34", "c57"], 1),
    ("What has Carlos experienced on his trips to Colorado?", ["c59", "c60", "c74"], 1),
    ("How has Ines's nursing background helped her as a developer?", ["c28", "c66", "c68"], 1),
    ("What has Ines done to improve her coding skills?", ["c4", "c12", "c62"], 1),
    ("Would Ines be a good referral for Carlos's team?", ["c84", "c78"], 3),
    ("Why might Ines turn down a better-paid job abroad?", ["c22", "c80"], 3),
    ("Is Carlos likely to enjoy teaching others?", ["c70", "c75"], 3),
    ("Might the twins grow up interested in science?", ["c56", "c15", "c32"], 3),
    ("How did the layoff affect Carlos emotionally over time?", ["c9", "c30", "c77"], 3),
    ("Does Ines regret leaving nursing?", ["c89", "c48"], 3),
    ("Would Carlos enjoy a Texas barbecue festival?", ["c7", "c41", "c94"], 3),
    ("Is Ines's relationship with Rafael getting serious?", ["c81", "c82", "c91"], 3),
    ("Does Carlos prefer a job where he sees practical results?", ["c35", "c58"], 3),
    ("Why did Carlos find work travel hard?", ["c61", "c60"], 3),
]

SPEAKERS = [("Anjali", "Marcus"), ("Lena", "Hiroshi"), ("Carlos", "Ines")]


def build_pool(speakers: tuple[str, str], sessions, questions) -> dict:
    memories = []
    for date, block in sessions:
        for line in block.strip().splitlines():
            mid, speaker, text = line.split("|", 2)
            assert speaker in speakers, line
            memories.append({"id": mid, "speaker": speaker, "date": date, "text": text})
    ids = {m["id"] for m in memories}
    assert len(ids) == len(memories), "duplicate id"
    qs = []
    for q, ev, cat in questions:
        for e in ev:
            assert e in ids, (q, e)
        qs.append({"question": q, "evidence": ev, "category": cat})
    return {"speakers": list(speakers), "memories": memories, "questions": qs}


def main() -> None:
    pools = [
        build_pool(SPEAKERS[0], P1_SESSIONS, P1_QUESTIONS),
        build_pool(SPEAKERS[1], P2_SESSIONS, P2_QUESTIONS),
        build_pool(SPEAKERS[2], P3_SESSIONS, P3_QUESTIONS),
    ]
    out = Path(__file__).with_suffix(".json")
    out.write_text(json.dumps({"pools": pools}, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()

import type { Lexicon } from './types';

// Written for folded text: lower case, one space between words, ASCII digits.
const UNITS = 'one|two|three|four|five|six|seven|eight|nine';
const TENS = 'twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety';
const TEENS = 'ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen';
const ROMAN = 'xviii|xvii|xvi|xiv|xix|xiii|xii|xi|xv|ix|iv|viii|vii|vi|iii|ii|x|v';
const ORDINALS =
  'first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth|fortieth|fiftieth';
/** Two characters of an age with a letter that looks like a digit: 1S, I4, l6, 1ƽ (read by `readNumber`). */
const LOOK_ALIKE = '(?<![a-z\\d])(?:[1il][\\dsoƽ]|\\d[soƽ])(?![a-z\\d])(?<=\\d.|.\\d)';
/** A number in digits, words or Roman numerals; tens first so "twenty-five" is read whole, never as "five". */
const N = `(?<n>(?<![\\d.,:])\\d{1,3}(?![\\d]|[.,:]\\d)|\\b(?:(?:${TENS})(?:[ -]?(?:${UNITS}))?|${TEENS}|${UNITS}|zero|${ROMAN})\\b|${LOOK_ALIKE})`;
/** An ordinal: 15th, fifteenth. */
const NTH = `(?<n>\\d{1,3}(?:st|nd|rd|th)|${ORDINALS})`;
/** A teenage age (13 to 17): "At 15, she left" (7 or 12 after "at" is more often a time of day). */
const TEEN_N = `(?<n>1[3-7]|thirteen|fourteen|fifteen|sixteen|seventeen)`;
/** What makes a number after "is" a measure, not an age: units, counts, times, ranks, decimals. */
const MEASURE =
  "(?: ?(?:%|percent|per ?cent|minutes?|mins?|seconds?|secs?|hours?|hrs?|days?|weeks?|months?|years?(?! old\\b| young\\b)|yrs?(?! old\\b)|decades?|centur(?:y|ies)|times?|feet|foot|ft|inch(?:es)?|cm|mm|km|m\\b|meters?|metres?|miles?|mph|kph|kilos?|kg|grams?|g\\b|pounds?|lbs?|stones?|dollars?|euros?|yen|pence|cents?|bucks|grand|points?|pts|pages?|chapters?|steps?|floors?|stor(?:ey)?s|o'?clock|a\\.?m\\b|p\\.?m\\b|degrees?|°|laps?|goals?|games?|rounds?|votes?|people|persons|guests|men|women|students|of\\b|out of|in a (?:million|thousand|hundred)|th\\b|st\\b|nd\\b|rd\\b|to \\d|x\\b)|[-/'\"]|[.:,]\\d)";
/** What an age in years can describe that is not a person. */
const THINGS =
  'bottles?|casks?|barrels?|vintage|single malt|malt|tawny|reserve|mattress|sofa|couch|guitar|piano|violin|watch|jacket|coat|whisk(?:e)?y|scotch|bourbon|rum|wine|cognac|brandy|port|cheese|steak|beef|ham|car|truck|house|home|building|tradition|custom|feud|grudge|secret|mystery|case|recipe|company|business|shop|bakery|restaurant|bar|tree|oak|dog|cat|horse|photo|photograph|letter|song|record|book|novel|debt|marriage|friendship|relationship|promise|scar|habit|machine|laptop|phone|computer|boat|ship|bridge|castle|church|temple|vineyard|cheese|band|brand|show|series|franchise|game|film|movie';
/** People a subject may be without a capital letter. */
const PEOPLE = [
  'she', 'he', 'i', 'you', 'who', 'girl', 'boy', 'daughter', 'son', 'sister', 'brother', 'niece', 'nephew', 'cousin', 'granddaughter', 'grandson',
  'stepdaughter', 'stepson', 'stepsister', 'stepbrother', 'heroine', 'hero', 'protagonist', 'character', 'student', 'pupil', 'kid', 'child', 'bride',
  'groom', 'princess', 'prince', 'maid', 'twin', 'twins', 'victim', 'narrator', 'girlfriend', 'boyfriend', 'lover', 'wife', 'husband', 'baby',
  'youngest', 'eldest', 'oldest', 'firstborn', 'teacher', 'woman', 'man', 'lady', 'guy', 'doctor', 'nurse', 'intern',
  'friend', 'neighbour', 'neighbor', 'classmate', 'bestie', 'crush', 'date',
];
/** Words for the young and for school levels, as weak exceptions name them (her son is in high school now; when they were teenagers). */
const YOUTH = `(?:kids?|children|child|toddlers?|babies|baby|infants?|newborns?|teens?|teenagers?|teenage|adolescents?|boys?|girls?|schoolgirls?|schoolboys?|school ?kids?|sons?|daughters?|(?:middle|high|junior high|elementary|primary|grade)[ -]school(?:ers?| students?)?|junior high|(?:\\d{1,2}(?:st|nd|rd|th)|${ORDINALS})[ -]grade(?:rs?)?|(?:grade|year) (?:[1-9]|1[0-2])|freshm[ae]n|sophomores?)`;
/** School names as a pupil gives them: Lincoln High, Jefferson Middle, the local junior high. */
const SCHOOL = '(?:[a-z.\'-]+ ){1,3}(?:high|middle|junior high|elementary)(?: school)?\\b(?! (?:reunions?|alumn\\w*|graduates?|class of|teachers?|staff|principal|coach|faculty)\\b)';
const SUBJECT = `(?<name>[a-z][a-z'-]*)`;
const COPULA = "(?:'s|'re|'m| is| was| are| am| were| turned| turns| will be| would be| has just turned| had just turned| just turned| becomes| became| looks| looked| seems| seemed)";
const ADVERBS = '(?: (?:only|just|barely|still|now|about|around|maybe|probably|already|merely|a mere|all of|roughly|like|officially|technically|actually|really))*';

export const en: Lexicon = {
  language: 'en',
  script: 'latin',
  gate: '[a-z]',
  roman: true,
  people: PEOPLE,
  numbers: {
    zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
    eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
    twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
    first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10, eleventh: 11, twelfth: 12,
    thirteenth: 13, fourteenth: 14, fifteenth: 15, sixteenth: 16, seventeenth: 17, eighteenth: 18, nineteenth: 19, twentieth: 20,
    thirtieth: 30, fortieth: 40, fiftieth: 50,
  },
  ages: [
    // 15 years old, 15-year-old, fifteen yrs old, sixteen years young (but not "a 12-year-old whisky", "the house is 15 years old")
    {
      kind: 'age',
      pattern: `${N}(?:[ -]and[ -]a[ -]half|-?ish)? ?-? ?(?:years?|yrs?|yr|y)[ -]?(?:olds?|young)\\b(?! (?:${THINGS})\\b)`,
      notAfter: `\\b(?:${THINGS})e?s? (?:is|was|are|were|that is|that was|now|already)(?: (?:about|almost|nearly|over|some|only|just))? `,
    },
    // 15 yo, 15y/o, a 16 y.o.
    { kind: 'age', pattern: `${N} ?(?:yo|y/o|y\\.o\\.?)(?![a-z])` },
    { kind: 'age', pattern: `${N} (?:years?|yrs?) of age\\b` },
    // age: 15, aged 15, at the age of fifteen, at age 15 (not "a cheese aged 12 months")
    {
      kind: 'age',
      pattern: `\\b(?:age|aged|ages|at the age of|at age|the age of)\\b ?[:=]? ?${N}(?! ?(?:months?|weeks?|days?|years? in\\b|years? (?!old)))`,
      notAfter: `\\b(?:${THINGS})e?s? `,
    },
    // turned 15, turns sixteen (not "turned 15 pages")
    { kind: 'age', pattern: `\\b(?:turned|turns|turning|to turn|will turn|about to turn)(?: (?:only|just|barely))? ${N}(?!${MEASURE})` },
    // her 15th birthday, his sixteenth birthday
    { kind: 'age', pattern: `\\b(?:her|his|their|my|your|our|[a-z]+'s) ${NTH} birthday` },
    // she is 15, Mia is fifteen, the girl was 14, who is 13, I'm 15, her daughter is 15 (not "the bill is 15", "she is 15 minutes late")
    { kind: 'age', named: true, pattern: `\\b${SUBJECT}${COPULA}${ADVERBS} ${N}(?!${MEASURE})` },
    // Emma (15), Mia (15F), Sarah [16], Emma (age 15)
    { kind: 'age', named: true, pattern: `\\b${SUBJECT} ?[(\\[] ?(?:age |aged )?${N} ?(?:[mf]|y|yo|yrs?|years?(?: old)?)? ?[)\\]]` },
    // Sarah, 16, works at the mall. / Emma, 15.
    { kind: 'age', named: true, pattern: `\\b${SUBJECT}, (?:age |aged )?${N}(?=,|\\.(?!\\d)|;| and\\b|$)` },
    // a girl of fifteen, a boy of 12
    { kind: 'age', pattern: `\\b(?:girl|boy|daughter|son|child|kid|teenager|youth|lass|lad|maiden) of ${N}(?!${MEASURE})` },
    // At 15, she left home.
    { kind: 'age', pattern: `\\bat (?:only |just |barely )?${TEEN_N}(?=,| (?:she|he|i|they|we)\\b)` },
    // under 18, not yet eighteen, younger than 18, almost 18, under the age of 18 (not "under 18 minutes")
    { kind: 'below', pattern: `\\b(?:under|below|younger than|less than|not yet|not even|almost|nearly|just under|barely under|shy of)(?: the age of)? ${N}(?!${MEASURE})` },
    // 17 or younger, 18 and under
    { kind: 'below', pattern: `${N} (?:or|and) (?:younger|under|below)\\b` },
    // isn't eighteen yet, hasn't turned 18 yet
    { kind: 'below', pattern: `\\b(?:isn't|is not|wasn't|was not|aren't|are not|weren't|were not|hasn't turned|has not turned|hadn't turned|hasn't reached|not)(?: (?:even|quite))? ${N} yet\\b` },
    // a fourteen-ish girl
    { kind: 'age', pattern: `\\b${N}-?ish(?= (?:girls?|boys?|kids?|children|teens?|years?)\\b)` },
    // lived only fifteen years, seen just fourteen winters, fifteen years on this earth, born fifteen years ago
    { kind: 'age', pattern: `\\b(?:lived|been alive|existed)(?: for)? (?:only|just|barely|merely|a mere|but) ${N} (?:years|summers|winters|springs)\\b` },
    { kind: 'age', pattern: `\\b(?:seen|lived through|known|counted|of)(?: (?:only|just|barely|merely|a mere|but))? ${N} (?:summers|winters|springs)\\b` },
    { kind: 'age', pattern: `${N} (?:years|summers|winters) on (?:this|the|god's) (?:earth|planet|world)\\b` },
    { kind: 'age', pattern: `\\bborn (?:only |just |barely )?${N} years ago\\b` },
  ],
  minor: [
    '\\b(?:under ?-?age(?:d)?|minors|preteens?|pre-teens?|tweens?|teens?|teenagers?|teenaged?|adolescents?|juveniles?|jailbait|sweet sixteen)\\b',
    // "a minor", "is a minor", "sex with a minor" — but not "a minor detail", "in a minor key", "a minor character"
    "\\b(?:an?|the|is|was|are|were|still|being|with|involving|of)(?: an?)? minor(?= ?(?:$|[.,;:!?)\"'”’…]|—|and\\b|who\\b|or\\b|when\\b|girl|boy|child|in (?:an?|the|his|her|their|my|bed)\\b|sleeps?\\b|has\\b|had\\b))",
    '\\b(?:lolis?|lolicons?|lolita|shota|shotacon|prepubescent|pubescent|puberty|infants?|toddlers?|newborns?|preschoolers?|kindergartners?|kindergarteners?)\\b',
    '\\b(?:school ?girls?|school ?boys?|school ?children|school ?child|school ?kids?|school-age|school age|schoolgirlish)\\b',
    '\\b(?:middle|high|junior high|elementary|primary|grade|prep) ?-?schoolers?\\b',
    '\\b(?:middle|high|junior high|elementary|primary|grade|secondary|prep)[ -]school (?:students?|girls?|boys?|kids?|pupils?|children|freshman|freshmen|sophomores?|juniors?|seniors?)\\b',
    '\\bjunior[ -]high (?:students?|girls?|boys?|kids?|pupils?|schoolers?)\\b',
    "\\b(?:is|'s|are|'re|still|currently) in (?:middle|high|junior high|elementary|primary|grade) school\\b",
    '\\b(?:freshman|freshmen|sophomores?|juniors?|seniors?) (?:in|at) (?:high|middle) school\\b',
    // grades and school years: 9th grader, ninth-grade girl, in grade 7, in the tenth grade, year 10 student
    `\\b(?:\\d{1,2}(?:st|nd|rd|th)|${ORDINALS})[ -]grader?s?\\b(?! (?:teachers?|classroom|class|classes|math|maths|english|science|level|reading|history|geography|biology|chemistry|physics|art|music|french|spanish|german|students' parents))`,
    '\\b(?:in|a|an) (?:grade|year) (?:[1-9]|1[0-2])\\b(?! (?:teachers?|of\\b))',
    `\\b(?:in|into) (?:the )?(?:\\d{1,2}(?:st|nd|rd|th)|${ORDINALS}) grade\\b`,
    '\\b(?:kids?|child|children|little girls?|little boys?|young girls?|young boys?|girl child|boy child)\\b',
    '\\b(?:underage|child|minor|kid|teen|young) (?:girl|boy|bride|lover|character)s?\\b',
    // a sophomore at Westfield High, a cheerleader at Roosevelt High, she goes to Jefferson Middle
    `\\b(?:freshm[ae]n|sophomores?|juniors?|seniors?|students?|pupils?|cheerleaders?|girls?|boys?|kids?)(?: girls?| boys?)? (?:at|from|of) ${SCHOOL}`,
    `\\b(?:she|he|who|they|i)(?:'s| is| are| still)? (?:goes|go|going|attends?|attending|enrolled at|enrolled in|studies at|started at|starts at) ${SCHOOL}`,
    '\\bhs (?:freshm[ae]n|sophomores?|juniors?|seniors?|students?|girls?|boys?|cheerleaders?)\\b',
    // JK, JC, JS (Japanese school slang in English text)
    '\\b(?:an?|the|this|that|my|his|your|her) j[kc]\\b|\\bj[kcs] (?:girls?|boys?|students?)\\b',
    // a year-nine student, grade 8 student
    '\\b(?:year|grade)[ -](?:[1-9]|1[0-2]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) (?:students?|pupils?|girls?|boys?|kids?|classmates?)\\b',
    // in her first year of high school, still in junior high
    '\\b(?:first|second|third|fourth|final|last|1st|2nd|3rd|4th) year (?:of|at|in) (?:high|middle|junior high|elementary|primary|secondary) school\\b',
    "\\b(?:is|'s|are|'re|still|currently) in junior high\\b",
    '\\b(?:doing|taking|sitting|revising for|studying for|preparing for) (?:her |his |their |my )?(?:gcses|11 ?plus|eleven plus)\\b',
    // still a minor, legally a minor, under the age of consent, won't be an adult, hasn't left her teens
    '\\b(?:still|only|just|legally|technically) (?:an? )?minor\\b',
    '\\b(?:under|below|beneath|short of|not yet of|not of|too young for|shy of) (?:the )?(?:legal age|age of consent|age of majority|consenting age)\\b',
    "\\b(?:she|he|i|you|they|who)(?: (?:isn't|is not|won't be|will not be|wasn't|was not|aren't|are not)|'s not|'re not)(?: yet| even| quite)? (?:an adult|legal|of age|of legal age|a grown-?up)\\b",
    "\\b(?:hasn't|has not|haven't|have not|not yet|never)(?: even)? (?:left|outgrown|gotten out of) (?:her|his|their|my|your) teens\\b",
    '\\b(?:elementary|primary|grade|middle|high)[ -]school[ -]aged?\\b|\\b(?:elementary|primary)[ -]aged?\\b',
    '\\b(?:middle|high|junior high|elementary|primary|grade|secondary|prep)[ -]school (?:cheerleaders?|athletes?|quarterbacks?|jocks?|couples?|virgins?)\\b',
  ],
  sexual: [
    '\\b(?:sex|sexual|sexually|intercourse|coitus|fuck(?:s|ed|ing)?|fucks|blowjobs?|handjobs?|cunnilingus|fellatio|orgasms?|orgasmic|masturbat\\w*|ejaculat\\w*|erections?|penis(?:es)?|vaginas?|vaginal|clit|clitoris|cock|cocks|pussy|genitals?|genitalia|nipples?|naked|nude|nudity|porn|porno|pornographic|smut|nsfw|erotic|erotica|horny|aroused|arousal|cum|cumming|semen|rape|raped|raping|bdsm|bondage|fetish|kinky|threesome|foreplay|lewd|lolicons?|shotacon|pedophil\\w*|paedophil\\w*)\\b',
    '\\b(?:make|makes|made|making) love\\b',
    '\\b(?:sleep|sleeps|slept|sleeping) (?:together|with (?:him|her|them|me|you))\\b',
    "\\b(?:strip|strips|stripped|stripping) (?:naked|off (?:her|his|their) (?:clothes|dress|shirt|underwear))\\b",
    '\\b(?:spread (?:her|his) legs|between (?:her|his) legs|took (?:her|him) to bed|in bed together)\\b',
  ],
  allow: [
    // fiction and music: a minor character, a minor detail, in a minor key, minored in history
    '\\b(?:a |an |the )?minor (?:details?|keys?|chords?|characters?|roles?|parts?|injur\\w*|scratch\\w*|cuts?|bruis\\w*|issues?|problems?|changes?|setbacks?|league\\w*|planets?|offen[cs]es?|crimes?|points?|differences?|annoyances?|inconveniences?|adjustments?|repairs?|surgery|thing|things|miracle|celebrity|noble|nobility|royal|deity|god|gods)\\b',
    '\\b(?:a|an|the|[a-g](?: sharp| flat)?) minor (?:in|at)\\b(?! (?:an?|the|his|her|their|my|bed)\\b)',
    '\\bminor(?:ed|ing) in\\b',
    '\\bin (?:[a-g](?: sharp| flat)? )?minor\\b',
    '\\b(?:sonata|symphony|concerto|prelude|fugue|nocturne|etude|key|scale|chord)s? in (?:an? )?[a-g](?: sharp| flat)? minor\\b',
    '\\b(?:father|mother|parent|dad|mom|mum|parents) of (?:\\w+ )?(?:kids|children|child|teens|teenagers)\\b',
    '\\b(?:only|middle|inner|love|eldest|youngest|oldest|firstborn|with) child\\b',
    '\\bchild(?:\\W?s)? (?:support|custody|care|psychologist|psychology|protection|services|welfare|rights|actor|actress|star|prodigy|play)\\b',
    "\\bchild's play\\b",
    "\\bchildren's (?:books?|hospital|authors?|literature|ward|choir|charity|library|museum|shows?|tv|television|theatre|theater|clothes|clothing)\\b",
    "\\bkids' (?:dance|recital|class|classes|show|menu|section|books?|party|parties)\\w*",
    // adults who teach children: she teaches kids at a dance studio, he teaches fifth grade, a ninth-grade history class
    `\\b(?:teach|teaches|taught|teaching|tutor|tutors|tutored|tutoring|coach|coaches|coached|coaching) (?:the |little |young |local )?(?:kids|children|teens|teenagers)\\b`,
    `\\b(?:teach|teaches|taught|teaching)(?: \\w+)? (?:\\d{1,2}(?:st|nd|rd|th)|${ORDINALS})[ -]grader?s?\\b`,
    '\\bnaked (?:eye|truth|flame|ambition|fear|aggression|blades?|swords?|branches|trees|lightbulb|bulb)\\b',
    '\\b(?:aroused|arousing) (?:suspicion|curiosity|interest|anger|jealousy|fear)\\b',
    '\\bcock(?:s|ed)? (?:his|her|their|its|my|your) head\\b',
    '\\b(?:like|as if|as though) (?:a |an )?(?:little |small |young )?(?:kid|child|girl|boy|teenager|teen|schoolgirl|schoolboy)\\b',
    '\\bkid (?:brother|sister|gloves)\\b',
    '\\bteen (?:years|idol|movie|drama|fiction|magazine)s?\\b',
    // school settings with adults: a ninth-grade teacher, a high school reunion
    '\\b(?:middle|high|junior high|elementary|primary|grade) school (?:teachers?|reunions?|sweethearts?|principal|nurse|counsell?or|coach|librarian|janitor|friends?|crush|days|years)\\b',
    '\\bthe (?:19|20)\\d0s\\b',
    // compounds: a children's-book author, a teen-drama screenwriter, juvenile court, adolescent psychology, teen spirit
    "\\b(?:teen|teenage|youth|juvenile|adolescent|child|children's|kids'?|young[ -]adult)[ -](?:drama|dramas|fiction|novels?|books?|lit(?:erature)?|magazines?|pop|idol|stars?|comed(?:y|ies)|movies?|films?|series|shows?|tv|romances?|court|courts|justice|detention|hall|psychology|psychiatry|psychiatrists?|psychologists?|medicine|services?|workers?|work|pastors?|ministers?|ministry|groups?|clubs?|cent(?:er|re)s?|leagues?|football|soccer|baseball|orchestras?|choirs?|theat(?:er|re)s?|entertainers?|part(?:y|ies)|birthday|librar(?:y|ies|ians?)|authors?|writers?|illustrators?|editors?|publish\\w*|hospitals?|wards?|dentists?|doctors?|nurses?|shelters?|hostels?|counsell?ors?|officers?|protection|development|spirit|sensations?|heartthrobs?|market|section|menus?|clothes|clothing|wear|channels?|program(?:me)?s?|mentors?|camps?|sports?|facilit(?:y|ies)|prisons?|offenders?|records?|fashion|models?)\\b",
    '\\bchild[ -]?(?:free|less|hood|ish|like|proof|care|minder)\\b',
    // things made for children: picture books for toddlers, a show for teens
    '\\b(?:books?|toys?|clothes|clothing|shows?|songs?|games?|films?|movies?|stories|apps?|classes|lessons|menus?|programs?|programmes?|products?|furniture|music|theat(?:er|re)|camps?) for (?:kids|children|toddlers|babies|teens|teenagers|young readers)\\b',
    '\\b(?:a |an )?(?:big |little )?(?:kid|child|teenager|boy|girl|teen)s? at heart\\b',
    '\\b(?:schoolboy|schoolgirl)s? (?:errors?|mistakes?|humou?r|crush(?:es)?|french|charm|grin|giggles?|pranks?)\\b',
    `\\b(?:(?:an?|in|the) )?(?:(?:grade|year)[ -](?:[1-9]|1[0-3]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen)|(?:\\d{1,2}(?:st|nd|rd|th)|${ORDINALS})[ -]grade)(?: [a-z'-]+)? (?:teachers?|tutors?|form tutors?|coordinators?|heads?|parents?|parents' evening|classrooms?|curriculum)\\b`,
    // general words that contain a listed one
    '\\b(?:sex (?:education|ed|worker|workers|of the|trafficking awareness)|opposite sex|same[ -]sex|sexual orientation|sexual harassment (?:policy|training)|nude (?:colou?r|lipstick|heels|shade|tones?))\\b',
  ],
  weak: [
    // other people's children, spoken of by adults: her kids, two teens, their teenage son is away at camp, her son is in high school now
    '\\b(?:his|her|their|my|your|our|its|no|two|three|four|five|six|seven|several|grown|adult|own|\\d+)(?: (?:young|little|grown|adult|teenage|two|three|own))? (?:kids|children|child|teens|teenagers)\\b',
    `\\b(?:his|her|their|my|our|your|[a-z]+'s)(?: [a-z'-]+){0,2} (?:sons?|daughters?|stepsons?|stepdaughters?|kids|children|child|toddlers?|babies|baby|infants?|newborns?|boys|girls|twins)\\b(?:[^.;!?]{0,40}${YOUTH}\\b)?`,
    '\\b(?:the|our|your|their|both|all the|all) (?:kids|children|little ones|toddlers|babies|twins)\\b',
    '\\b(?:put|puts|putting|tuck\\w*|drop\\w*|pick\\w* up|feed\\w*|bath\\w*)(?: (?:the|her|his|their|our|my))? (?:kids?|children|child|baby|toddlers?|sons?|daughters?)\\b',
    '\\b(?:pregnant with|expecting|adopt\\w*|gave birth to|give birth to|giving birth to|trying for|raising|raise|raised)(?: (?:a|an|their|her|his|our|my|the))?(?: (?:first|second|third|fourth|newborn|baby|little|own|adopted))? (?:child|children|kids?|baby|babies|sons?|daughters?|toddlers?|infants?|newborns?)\\b',
    '\\b(?:father|mother|parent|dad|mom|mum|parents|moms|mums|dads)(?: of| to)(?: (?:a|an|the|two|three|four|five|several|\\d+))?(?: [a-z\'-]+)? (?:kids?|children|child|teens?|teenagers?|toddlers?|babies|baby|newborns?|infants?|twins)\\b',
    // school days told as the past: when they were teenagers, as a kid, he remembers the boy he was in ninth grade
    `\\b(?:when|while|since|back when|ever since|from when)(?: (?:i|he|she|we|they|you))? (?:was|were)(?: (?:still|just|both|all|only|barely))?(?: (?:in|at))?(?: (?:an?|the|the same|their|his|her|my|our))?(?: [a-z'-]+){0,3}? ${YOUTH}\\b`,
    `\\b(?:remember\\w*|recall\\w*|think\\w* back|thought back|look\\w* back|miss(?:es|ed|ing)?|reminisc\\w*|nostalgi\\w*|back in|back then|years ago|in (?:his|her|their|my|our|your) (?:youth|childhood|school days))\\b[^.;!?]{0,60}${YOUTH}\\b`,
    '\\bas (?:a |an )?(?:little |young |small )?(?:kids?|child|children|teens?|teenagers?|boy|girl|schoolgirl|schoolboy)s?\\b',
    `\\b(?:was|were|used to be|had been)\\b[^.!?]{0,60}${YOUTH}\\b[^.!?]{0,40}?\\bnow\\b`,
    // a role played, pupils taught or looked after
    `\\b(?:play\\w*|cast as|casting as|portray\\w*|role of|roles? as|dress\\w* (?:up )?as|costume of|pretend\\w* to be|pos\\w* as|act\\w* like)(?: (?:a|an|the))?(?: [a-z'-]+)? ${YOUTH}\\b`,
    `\\b(?:teach\\w*|taught|tutor\\w*|coach\\w*|mentor\\w*|counsel\\w*|supervis\\w*|babysit\\w*|look\\w* after|care for|cares for|caring for|work\\w* with|treat\\w*)(?: (?:the|a|an|local|young|little|troubled|gifted|[a-z]+'s))?(?: [a-z'-]+)? ${YOUTH}\\b`,
    // a title or a name: a bar called Sweet Sixteen, the song "Teenage Dream"
    "\\b(?:called|named|titled|entitled|dubbed)(?: [a-z0-9'-]+){1,4}",
    '\\b(?:songs?|album|film|movie|book|novel|show|series|track|plays?|played|sings?|sang|watch\\w*|read\\w*|listen\\w* to) ["“‘\']{1,2}[^"”’\']{1,40}["”’\']{1,2}',
  ],
  intimate: [
    "\\b(?:virgin\\w*|seduc\\w*|steamy|spicy|lemon|explicit|hook(?:s|ed|ing)? up|make(?:s)? out|made out|making out|in (?:his|her|my|their) bed|in bed with|beds (?:her|him)|bedded|(?:take|takes|taking|took) (?:her|him|them) to bed|one-night stand|molest\\w*|grop\\w*|fondl\\w*|lingerie)\\b",
  ],
};

import type { Lexicon } from './types';

// Written for folded text: lower case, one space between words, ASCII digits.
const UNITS = 'one|two|three|four|five|six|seven|eight|nine';
const TENS = 'twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety';
const TEENS = 'ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen';
const ROMAN = 'xviii|xvii|xvi|xiv|xix|xiii|xii|xi|xv|ix|iv|viii|vii|vi|iii|ii|x|v';
const ORDINALS =
  'first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth|fortieth|fiftieth';
/** A number in digits, words or Roman numerals; tens first so "twenty-five" is read whole, never as "five". */
const N = `(?<n>(?<![\\d.,:])\\d{1,3}(?![\\d]|[.,:]\\d)|\\b(?:(?:${TENS})(?:[ -]?(?:${UNITS}))?|${TEENS}|${UNITS}|zero|${ROMAN})\\b)`;
/** An ordinal: 15th, fifteenth. */
const NTH = `(?<n>\\d{1,3}(?:st|nd|rd|th)|${ORDINALS})`;
/** A teenage age (13 to 17): "At 15, she left" (7 or 12 after "at" is more often a time of day). */
const TEEN_N = `(?<n>1[3-7]|thirteen|fourteen|fifteen|sixteen|seventeen)`;
/** What makes a number after "is" a measure, not an age: units, counts, times, ranks, decimals. */
const MEASURE =
  "(?: ?(?:%|percent|per ?cent|minutes?|mins?|seconds?|secs?|hours?|hrs?|days?|weeks?|months?|years?(?! old\\b| young\\b)|yrs?(?! old\\b)|decades?|centur(?:y|ies)|times?|feet|foot|ft|inch(?:es)?|cm|mm|km|m\\b|meters?|metres?|miles?|mph|kph|kilos?|kg|grams?|g\\b|pounds?|lbs?|stones?|dollars?|euros?|yen|pence|cents?|bucks|grand|points?|pts|pages?|chapters?|steps?|floors?|stor(?:ey)?s|o'?clock|a\\.?m\\b|p\\.?m\\b|degrees?|°|laps?|goals?|games?|rounds?|votes?|people|persons|guests|men|women|students|of\\b|out of|in a (?:million|thousand|hundred)|th\\b|st\\b|nd\\b|rd\\b|to \\d|x\\b)|[-/'\"]|[.:,]\\d)";
/** What an age in years can describe that is not a person. */
const THINGS =
  'whisk(?:e)?y|scotch|bourbon|rum|wine|cognac|brandy|port|cheese|steak|beef|ham|car|truck|house|home|building|tradition|custom|feud|grudge|secret|mystery|case|recipe|company|business|shop|bakery|restaurant|bar|tree|oak|dog|cat|horse|photo|photograph|letter|song|record|book|novel|debt|marriage|friendship|relationship|promise|scar|habit|machine|laptop|phone|computer|boat|ship|bridge|castle|church|temple|vineyard|cheese|band|brand|show|series|franchise|game|film|movie';
/** People a subject may be without a capital letter. */
const PEOPLE = [
  'she', 'he', 'i', 'you', 'who', 'girl', 'boy', 'daughter', 'son', 'sister', 'brother', 'niece', 'nephew', 'cousin', 'granddaughter', 'grandson',
  'stepdaughter', 'stepson', 'stepsister', 'stepbrother', 'heroine', 'hero', 'protagonist', 'character', 'student', 'pupil', 'kid', 'child', 'bride',
  'groom', 'princess', 'prince', 'maid', 'twin', 'twins', 'victim', 'narrator', 'girlfriend', 'boyfriend', 'lover', 'wife', 'husband', 'baby',
  'youngest', 'eldest', 'oldest', 'firstborn', 'teacher', 'woman', 'man', 'lady', 'guy', 'doctor', 'nurse', 'intern',
];
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
      pattern: `${N} ?-? ?(?:years?|yrs?|yr|y)[ -]?(?:olds?|young)\\b(?! (?:${THINGS})\\b)`,
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
  ],
  minor: [
    '\\b(?:under ?-?age(?:d)?|minors|preteens?|pre-teens?|tweens?|teens?|teenagers?|teenaged?|adolescents?|juveniles?|jailbait|sweet sixteen)\\b',
    // "a minor", "is a minor", "sex with a minor" — but not "a minor detail", "in a minor key", "a minor character"
    "\\b(?:an?|the|is|was|are|were|still|being|with|involving|of)(?: an?)? minor(?= ?(?:$|[.,;:!?)\"'”’…]|—|and\\b|who\\b|or\\b|when\\b|girl|boy|child))",
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
    '\\b(?:a|an|the|[a-g](?: sharp| flat)?) minor (?:in|at)\\b',
    '\\bminor(?:ed|ing) in\\b',
    '\\bin (?:[a-g](?: sharp| flat)? )?minor\\b',
    '\\b(?:sonata|symphony|concerto|prelude|fugue|nocturne|etude|key|scale|chord)s? in (?:an? )?[a-g](?: sharp| flat)? minor\\b',
    // other people's children, spoken of by adults
    '\\b(?:his|her|their|my|your|our|its|no|two|three|four|five|six|seven|several|grown|adult|own|\\d+)(?: (?:young|little|grown|adult|teenage|two|three|own))? (?:kids|children|child|teens|teenagers)\\b',
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
    // general words that contain a listed one
    '\\b(?:sex (?:education|ed|worker|workers|of the|trafficking awareness)|opposite sex|same[ -]sex|sexual orientation|sexual harassment (?:policy|training)|nude (?:colou?r|lipstick|heels|shade|tones?))\\b',
  ],
};

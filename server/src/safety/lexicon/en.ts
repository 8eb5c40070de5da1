import type { Lexicon } from './types';

// Written for normalised text: lower case, one space between words.
const UNITS = 'one|two|three|four|five|six|seven|eight|nine';
const TENS = 'twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety';
const TEENS = 'ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen';
/** A number in digits or words; tens first so "twenty-five" is read whole, never as "five". */
const N = `(?<n>(?<![\\d.,])\\d{1,3}(?![\\d.,]\\d)|\\b(?:(?:${TENS})(?:[ -](?:${UNITS}))?|${TEENS}|${UNITS}|zero)\\b)`;
/** What an age in years can describe that is not a person. */
const THINGS =
  'whisk(?:e)?y|scotch|bourbon|rum|wine|cognac|brandy|port|car|truck|house|home|building|tradition|custom|feud|grudge|secret|mystery|case|recipe|company|business|shop|bakery|restaurant|bar|tree|oak|dog|cat|horse|photo|photograph|letter|song|record|book|novel|debt|marriage|friendship|relationship|promise|scar|habit|machine|laptop|phone|computer|boat|ship|bridge|castle|church|temple|vineyard|cheese';

export const en: Lexicon = {
  language: 'en',
  numbers: {
    zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
    eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
    twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
  },
  ages: [
    // 15 years old, 15-year-old, fifteen yrs old, 15 yo, 15y/o, 15 years of age (but not "a 12-year-old whisky")
    `${N} ?-? ?(?:years?|yrs?|yr)[ -]?old\\b(?! (?:${THINGS})\\b)`,
    `${N} ?(?:yo|y/o|y\\.o\\.?)(?![a-z])`,
    `${N} (?:years?|yrs?) of age\\b`,
    // age: 15, aged 15, age 15, at the age of fifteen, at age 15
    `\\b(?:age|aged|ages|at the age of)\\b ?[:=]? ?${N}`,
    // she is fifteen, he's 15, who was only 16, they're 17 (followed by nothing that makes it a measure)
    `\\b(?:she|he|they|i|who|you|her|him)(?:'s|'re|'m|’s|’re|’m| is| was| are| am| were| turned| turns| just turned| will be| would be)(?: (?:only|just|barely|still|now|almost|nearly|about|not yet|not even))* ${N}(?= ?(?:$|[.,;:!?)"'”’…]|—|and\\b|but\\b|now\\b|today\\b|this\\b|when\\b|at the time\\b|going on\\b|(?:years?|yrs?)[ -]?old\\b))`,
  ],
  minor: [
    '\\b(?:under ?-?age(?:d)?|minors|preteens?|pre-teens?|tweens?|teens?|teenagers?|teenaged?|adolescents?|juveniles?|jailbait)\\b',
    // "a minor", "is a minor", "sex with a minor" — but not "a minor detail", "in a minor key", "a minor character"
    "\\b(?:an?|the|is|was|are|were|still|being|with|involving|of)(?: an?)? minor(?= ?(?:$|[.,;:!?)\"'”’…]|—|and\\b|who\\b|or\\b|when\\b|girl|boy|child))",
    '\\b(?:lolis?|lolicons?|lolita|shota|shotacon|prepubescent|pubescent|puberty|infants?|toddlers?|newborns?|preschoolers?|kindergartners?|kindergarteners?)\\b',
    '\\b(?:school ?girls?|school ?boys?|school ?children|school ?child|school ?kids?|school-age|school age|schoolgirlish)\\b',
    '\\b(?:middle|high|junior high|elementary|primary|grade|prep) ?-?schoolers?\\b',
    '\\b(?:middle|high|junior high|elementary|primary|grade|secondary|prep) school (?:students?|girls?|boys?|kids?|pupils?|children|freshman|freshmen|sophomores?|juniors?|seniors?)\\b',
    "\\b(?:is|'s|are|'re|still|currently) in (?:middle|high|junior high|elementary|primary|grade) school\\b",
    '\\b(?:freshman|freshmen|sophomores?|juniors?|seniors?) (?:in|at) (?:high|middle) school\\b',
    // grades and school years: 9th grader, ninth-grade girl, in grade 7, year 10 student
    '\\b(?:\\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth)[ -]grader?s?\\b(?! (?:teachers?|classroom|class|math|english|science|level|reading))',
    '\\b(?:in|a|an) (?:grade|year) (?:[1-9]|1[0-2])\\b(?! (?:teachers?|of\\b))',
    '\\b(?:kids?|child|children|little girls?|little boys?|young girls?|young boys?|girl child|boy child)\\b',
    '\\b(?:underage|child|minor|kid|teen|young) (?:girl|boy|bride|lover|character)s?\\b',
  ],
  sexual: [
    '\\b(?:sex|sexual|sexually|intercourse|coitus|fuck(?:s|ed|ing)?|fucks|blowjobs?|handjobs?|cunnilingus|fellatio|orgasms?|orgasmic|masturbat\\w*|ejaculat\\w*|erections?|penis(?:es)?|vaginas?|vaginal|clit|clitoris|cock|cocks|pussy|genitals?|genitalia|nipples?|naked|nude|nudity|porn|porno|pornographic|smut|nsfw|erotic|erotica|horny|aroused|arousal|cum|cumming|semen|rape|raped|raping|bdsm|bondage|fetish|kinky|threesome|foreplay|lewd)\\b',
    '\\b(?:make|makes|made|making) love\\b',
    '\\b(?:sleep|sleeps|slept|sleeping) (?:together|with (?:him|her|them|me|you))\\b',
    "\\b(?:strip|strips|stripped|stripping) (?:naked|off (?:her|his|their) (?:clothes|dress|shirt|underwear))\\b",
    '\\b(?:spread (?:her|his) legs|between (?:her|his) legs|took (?:her|him) to bed|in bed together)\\b',
  ],
  allow: [
    // fiction and music: a minor character, a minor detail, in a minor key, minored in history
    '\\bminor (?:details?|keys?|chords?|characters?|roles?|parts?|injur\\w*|scratch\\w*|cuts?|bruis\\w*|issues?|problems?|changes?|setbacks?|league\\w*|planets?|offen[cs]es?|crimes?|points?|differences?|annoyances?|inconveniences?|adjustments?|repairs?|surgery|thing|things|miracle|celebrity|noble|nobility|royal|deity|god|gods)\\b',
    '\\b(?:a|an|the|[a-g](?: sharp| flat)?) minor (?:in|at)\\b',
    '\\bminor(?:ed|ing) in\\b',
    '\\bin (?:[a-g](?: sharp| flat)? )?minor\\b',
    // other people's children, spoken of by adults
    '\\b(?:his|her|their|my|your|our|its|no|two|three|four|five|six|seven|several|grown|adult|own|\\d+)(?: (?:young|little|grown|adult|teenage|two|three|own))? (?:kids|children|child|teens|teenagers)\\b',
    '\\b(?:father|mother|parent|dad|mom|mum|parents) of (?:\\w+ )?(?:kids|children|child|teens|teenagers)\\b',
    '\\b(?:only|middle|inner|love|eldest|youngest|oldest|firstborn|with) child\\b',
    '\\bchild(?:\\W?s)? (?:support|custody|care|psychologist|psychology|protection|services|welfare|rights|actor|actress|star|prodigy|play)\\b',
    "\\bchild's play\\b",
    "\\bchildren's (?:books?|hospital|authors?|literature|ward|choir|charity|library|museum|shows?|tv|television|theatre|theater|clothes|clothing)\\b",
    '\\bnaked (?:eye|truth|flame|ambition|fear|aggression|blades?|swords?|branches|trees|lightbulb|bulb)\\b',
    '\\b(?:aroused|arousing) (?:suspicion|curiosity|interest|anger|jealousy|fear)\\b',
    '\\bcock(?:s|ed)? (?:his|her|their|its|my|your) head\\b',
    '\\b(?:like|as if|as though) (?:a |an )?(?:little |small |young )?(?:kid|child|girl|boy|teenager|teen|schoolgirl|schoolboy)\\b',
    '\\bkid (?:brother|sister|gloves)\\b',
    '\\bteen (?:years|idol|movie|drama|fiction|magazine)s?\\b',
    // school settings with adults: a ninth-grade teacher, a high school reunion, teens (the decade) in a date
    '\\b(?:middle|high|junior high|elementary|primary|grade) school (?:teachers?|reunions?|sweethearts?|principal|nurse|counsell?or|coach|librarian|janitor|friends?|crush|days|years)\\b',
    '\\bthe (?:19|20)\\d0s\\b',
    // general words that contain a listed one
    '\\b(?:sex (?:education|ed|worker|workers|of the|trafficking awareness)|opposite sex|same[ -]sex|sexual orientation|sexual harassment (?:policy|training)|nude (?:colou?r|lipstick|heels|shade|tones?))\\b',
  ],
};

/**
 * Words and ages that make a character a minor, in the five languages. A spicy
 * request whose settings or plot match is refused; a spicy story whose text
 * matches is stopped and refunded. Numbers are matched as ages only ("15 years
 * old", "15岁", "열다섯 살"), so "fifteen minutes" or "10 years older" pass.
 */
const MINOR_PATTERNS: RegExp[] = [
  /(?<![0-9])(?:1[0-7]|[1-9])\s*(?:-|\s)?(?:years?[\s-]*old\b|-year-old\b|yo\b|y\/o\b)/i,
  /\b(?:thirteen|fourteen|fifteen|sixteen|seventeen|twelve|eleven|ten|nine|eight)[\s-]*(?:years?[\s-]*old\b|-year-old\b)/i,
  /\b(?:aged?)\s+(?:1[0-7]|[1-9])\b/i,
  /\b(?:minors?|underage|under-age|preteens?|pre-teens?|schoolgirls?|schoolboys?|loli|lolita|shota|middle[- ]schoolers?|high[- ]schoolers?|high school (?:student|girl|boy)s?|elementary school|junior high|child(?:ren)? (?:character|lover))\b/i,
  /(?<![0-9])(?:1[0-7]|[1-9])\s*(?:岁|歲|살|세|歳|才)/,
  /(?<![一二三四五六七八九十])(?:十[一二三四五六七]?|[一二三四五六七八九])\s*(?:岁|歲|歳|才)/,
  /(?:^|\s)(?:열|열한|열두|열세|열네|열다섯|열여섯|열일곱|아홉|여덟|일곱)\s*살/,
  /未成年|萝莉|蘿莉|正太|小学生|小學生|初中生|中学生|中學生|高中生|国中生|國中生|幼女|幼童|女童|男童/,
  /ロリ|ショタ|高校生|児童/,
  /미성년|초등학생|중학생|고등학생|고딩|중딩|초딩|로리|쇼타/,
];

export function mentionsMinor(text: string): boolean {
  return MINOR_PATTERNS.some((pattern) => pattern.test(text));
}

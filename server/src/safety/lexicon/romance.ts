import type { Lexicon } from './types';

/**
 * French, Spanish and Portuguese: the languages the app has no interface in, read because writers
 * paste settings in them and models answer in them. Age phrases and a few unambiguous school words
 * only ("menor" alone is "younger" or "least"; "mineur" alone is also a coal miner). Folded text has
 * no accents: âgée is agee, años is anos.
 */
const L = '(?<!\\p{L})';
const R = '(?!\\p{L})';
/** Things with an age in years that are not people. */
const THINGS = '(?:vin|vino|vinho|whisky|cognac|rhum|ron|rum|fromage|queso|queijo|maison|casa|voiture|coche|carro|arbre|arbol|arvore|chene|roble)';

function frames(options: { units: string; tens: string; years: string; verbs: string; below: string; notFollowedBy: string }) {
  const N = `(?<n>(?<![\\d.,])\\d{1,3}(?![\\d]|[.,]\\d)|${L}(?:(?:${options.tens})(?:[- ](?:et[- ]|y |e )?(?:${options.units}))?|${options.units})${R})`;
  const YEARS = `${options.years}${R}`;
  return [
    // elle a quinze ans, tiene 15 años, ela tem 15 anos, une fille de 14 ans (not "il y a 15 ans", "un vin de 15 ans")
    { kind: 'age' as const, pattern: `(?<!${THINGS} )${L}(?:${options.verbs}) ${N} ${YEARS}(?! (?:${options.notFollowedBy}))` },
    // Léa (15 ans), Ana, 15 anos, garçonete
    { kind: 'age' as const, pattern: `[(,] ?${N} ${YEARS}(?= ?[),.;]|$)` },
    // Lucía tiene 16, Ana tem 16 (the number alone after the verb "to have")
    { kind: 'age' as const, pattern: `${L}(?:tiene|tenia|tem|tinha|a|avait) ${N}(?= ?(?:$|[,.;!?]))` },
    // moins de 18 ans, menos de 18 años, pas encore dix-huit ans
    { kind: 'below' as const, pattern: `${L}(?:${options.below}) ${N}(?: ${YEARS})?(?! ?(?:minutes?|minutos?|heures?|horas?|euros?|%))` },
  ];
}

export const fr: Lexicon = {
  language: 'fr',
  script: 'latin',
  gate: '\\bans\\b|mineure|ecolier|ecoliere|collegien|lyceen|fillette',
  numbers: {
    un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9, dix: 10, onze: 11, douze: 12,
    treize: 13, quatorze: 14, quinze: 15, seize: 16, vingt: 20, trente: 30, quarante: 40, cinquante: 50, soixante: 60, et: 0,
  },
  ages: frames({
    units: 'dix-sept|dix-huit|dix-neuf|un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|treize|quatorze|quinze|seize',
    tens: 'vingt|trente|quarante|cinquante|soixante',
    years: 'ans',
    verbs: "(?<!il y )a|avait|aura|ont|avaient|n'a que|n'avait que|vient d'avoir|venait d'avoir|fete ses|fetait ses|agee?s? de|de|d'a peine|a peine|tout juste",
    below: "moins de|pas encore|n'a pas encore|sous|de moins de",
    notFollowedBy: "plus tard|de (?:mariage|prison|carriere|vie commune|retard|travail)|d'age|d'experience|auparavant|apres|avant",
  }),
  minor: [
    `${L}(?:collegienne|collegien|lyceenne|lyceen|ecoliere|ecolier|fillette)s?${R}`,
    `${L}(?:mineures?|(?:est|etait|sont|etaient|une|des) mineurs?)${R}`,
  ],
  sexual: [],
  allow: [`${L}mineurs? (?:de (?:charbon|fond)|du nord)`],
};

export const es: Lexicon = {
  language: 'es',
  script: 'latin',
  gate: '\\banos\\b|\\btiene\\b|\\btenia\\b|\\bmenor(?:es)? de edad\\b|colegiala|quinceanera|secundaria',
  numbers: {
    uno: 1, una: 1, un: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10, once: 11, doce: 12,
    trece: 13, catorce: 14, quince: 15, dieciseis: 16, diecisiete: 17, dieciocho: 18, diecinueve: 19, veinte: 20, veinti: 20,
    treinta: 30, cuarenta: 40, cincuenta: 50, sesenta: 60, y: 0,
  },
  ages: frames({
    units: 'uno|una|un|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|trece|catorce|quince|dieciseis|diecisiete|dieciocho|diecinueve|veinte|veinti(?:uno|una|un|dos|tres|cuatro|cinco|seis|siete|ocho|nueve)',
    tens: 'treinta|cuarenta|cincuenta|sesenta',
    years: 'anos',
    verbs: 'tiene|tenia|tendra|tenga|cumplio|cumple|cumplira|cumplia|de|con|a los|de apenas|apenas|con apenas|con solo|con solo|recien cumplidos',
    below: 'menos de|todavia no tiene|aun no tiene|no ha cumplido|sin cumplir|menor de',
    notFollowedBy: 'despues|antes|atras|de (?:carcel|prision|casados|matrimonio|experiencia)',
  }),
  minor: [`${L}(?:menor(?:es)? de edad|colegialas?|quinceaneras?|(?:estudiante|alumna|alumno)s? de (?:secundaria|primaria|la eso))${R}`],
  sexual: [],
  allow: [],
};

export const pt: Lexicon = {
  language: 'pt',
  script: 'latin',
  gate: '\\banos\\b|\\btem\\b|\\btinha\\b|\\bmenor(?:es)? de idade\\b|colegia|ensino (?:medio|fundamental)',
  numbers: {
    um: 1, uma: 1, dois: 2, duas: 2, tres: 3, quatro: 4, cinco: 5, seis: 6, sete: 7, oito: 8, nove: 9, dez: 10, onze: 11, doze: 12,
    treze: 13, catorze: 14, quatorze: 14, quinze: 15, dezesseis: 16, dezasseis: 16, dezessete: 17, dezassete: 17, dezoito: 18,
    dezenove: 19, dezanove: 19, vinte: 20, trinta: 30, quarenta: 40, cinquenta: 50, sessenta: 60, e: 0,
  },
  ages: frames({
    units: 'um|uma|dois|duas|tres|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|treze|catorze|quatorze|quinze|dezesseis|dezasseis|dezessete|dezassete|dezoito|dezenove|dezanove',
    tens: 'vinte|trinta|quarenta|cinquenta|sessenta',
    years: 'anos',
    verbs: 'tem|tinha|tera|completou|completa|completara|fez|faz|fara|de|com|com apenas|aos|de apenas|apenas',
    below: 'menos de|ainda nao tem|nao tem nem|nao completou|menor de',
    notFollowedBy: 'depois|antes|atras|de (?:prisao|cadeia|casados|casamento|experiencia)',
  }),
  minor: [`${L}(?:menor(?:es)? de idade|colegia(?:l|is)|(?:estudante|aluna|aluno)s? do ensino (?:medio|fundamental))${R}`],
  sexual: [],
  allow: [],
};

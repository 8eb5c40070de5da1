/** The operator settings a policy text may name, as {{name}} → the server's environment variable. */
export const OPERATOR_FIELDS = {
  operatorName: 'OPERATOR_NAME',
  operatorAddress: 'OPERATOR_ADDRESS',
  operatorEmail: 'OPERATOR_EMAIL',
  governingLaw: 'GOVERNING_LAW',
  companyNumber: 'OPERATOR_COMPANY_NUMBER',
  privacyContact: 'PRIVACY_CONTACT',
  // The markets' own items (docs/decisions/0054).
  representative: 'OPERATOR_REPRESENTATIVE',
  operatorPhone: 'OPERATOR_PHONE',
  krBusinessNumber: 'KR_BUSINESS_NUMBER',
  krMailOrderNumber: 'KR_MAIL_ORDER_NUMBER',
  krPrivacyOfficer: 'KR_PRIVACY_OFFICER',
  twBusinessNumber: 'TW_BUSINESS_NUMBER',
  cnCreditCode: 'CN_CREDIT_CODE',
  cnRepresentative: 'CN_REPRESENTATIVE',
} as const;
export type OperatorField = keyof typeof OPERATOR_FIELDS;
/** A sentence naming one of these is left out while it is unset (the others show a placeholder). */
export const OPTIONAL_OPERATOR_FIELDS: readonly OperatorField[] = ['companyNumber'];

/** The values a policy text may refer to as {{name}}; an operator setting is null while unset. */
export type PolicyValues = { email: string; minAge: number; operator?: Partial<Record<OperatorField, string | null>> };

export type InlineToken =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: InlineToken[] }
  | { kind: 'email' }
  | { kind: 'minAge' }
  | { kind: 'operator'; field: OperatorField }
  | { kind: 'link'; text: string; to: string };

/** {{email}} · {{minAge}} · {{operatorName}} and the other operator settings · **bold** · [label](/in-app/path) — nothing else is markup. */
const TOKEN = new RegExp(
  String.raw`\{\{(email|minAge|${Object.keys(OPERATOR_FIELDS).join('|')})\}\}|\*\*(.+?)\*\*|\[([^\]]+)\]\((\/(?!\/)[^)\s]*)\)`,
  'g',
);

/**
 * Splits one string of a policy text into tokens. Everything that is not one
 * of the four forms above stays text, which React escapes: a `<script>` in a
 * translation shows as those characters, it never runs. Links only go to
 * paths inside the app (one `/` first: `//host` would leave it).
 */
export function parseInline(source: string): InlineToken[] {
  const tokens: InlineToken[] = [];
  let last = 0;
  for (const match of source.matchAll(TOKEN)) {
    const start = match.index;
    if (start > last) tokens.push({ kind: 'text', text: source.slice(last, start) });
    const [, name, strong, label, to] = match;
    if (name === 'email') tokens.push({ kind: 'email' });
    else if (name === 'minAge') tokens.push({ kind: 'minAge' });
    else if (name !== undefined) tokens.push({ kind: 'operator', field: name as OperatorField });
    else if (strong !== undefined) tokens.push({ kind: 'strong', children: parseInline(strong) });
    else if (label !== undefined && to !== undefined) tokens.push({ kind: 'link', text: label, to });
    last = start + match[0].length;
  }
  if (last < source.length) tokens.push({ kind: 'text', text: source.slice(last) });
  return tokens;
}

/** An operator setting's value, or null while the operator has not set it. */
export function operatorValue(values: PolicyValues, field: OperatorField): string | null {
  return values.operator?.[field] ?? null;
}

/** What the page shows for a setting still unset: the variable to set, plainly not text of the policy. */
export const unsetPlaceholder = (field: OperatorField) => `[${OPERATOR_FIELDS[field]}]`;

/** False for a sentence that names an optional setting the operator left unset (the page leaves it out). */
export function shown(source: string, values: PolicyValues): boolean {
  return OPTIONAL_OPERATOR_FIELDS.every((field) => !source.includes(`{{${field}}}`) || operatorValue(values, field) !== null);
}

/** The text as a reader sees it, without markup (for tests and plain-text uses). */
export function plainText(source: string, values: PolicyValues): string {
  const flat = (tokens: InlineToken[]): string =>
    tokens
      .map((token) => {
        switch (token.kind) {
          case 'email':
            return values.email;
          case 'minAge':
            return String(values.minAge);
          case 'operator':
            return operatorValue(values, token.field) ?? unsetPlaceholder(token.field);
          case 'strong':
            return flat(token.children);
          default:
            return token.text;
        }
      })
      .join('');
  return flat(parseInline(source));
}

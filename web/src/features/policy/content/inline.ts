/** The values a policy text may refer to as {{name}}. */
export type PolicyValues = { email: string; minAge: number };

export type InlineToken =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: InlineToken[] }
  | { kind: 'email' }
  | { kind: 'minAge' }
  | { kind: 'link'; text: string; to: string };

/** {{email}} · {{minAge}} · **bold** · [label](/in-app/path) — nothing else is markup. */
const TOKEN = /\{\{(email|minAge)\}\}|\*\*(.+?)\*\*|\[([^\]]+)\]\((\/(?!\/)[^)\s]*)\)/g;

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
    else if (strong !== undefined) tokens.push({ kind: 'strong', children: parseInline(strong) });
    else if (label !== undefined && to !== undefined) tokens.push({ kind: 'link', text: label, to });
    last = start + match[0].length;
  }
  if (last < source.length) tokens.push({ kind: 'text', text: source.slice(last) });
  return tokens;
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
          case 'strong':
            return flat(token.children);
          default:
            return token.text;
        }
      })
      .join('');
  return flat(parseInline(source));
}

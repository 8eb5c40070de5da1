import http from 'node:http';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { z } from 'zod';

/**
 * Arbitraries for the hostile-input property tests (hostile.int.test.ts): bodies,
 * query strings and headers that are huge, deeply nested, of the wrong type, in
 * broken encodings, full of SQL and HTML, or emoji and CJK at every length limit.
 * Near-valid inputs are built from each route's own zod schema, so the values get
 * past validation into the handlers as often as they are refused at the door.
 */

/** The part of a JSON Schema the generators read. */
export type Js = {
  type?: string | string[];
  properties?: Record<string, Js>;
  required?: string[];
  items?: Js;
  prefixItems?: Js[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Js[];
  oneOf?: Js[];
  allOf?: Js[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: Js | boolean;
};

/** A route's zod schema part (body, querystring, params) as JSON Schema, or null when it has none or cannot be shown. */
export function jsonSchemaOf(schema: unknown): Js | null {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return null;
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Js;
  } catch {
    return null;
  }
}

const SQL = [
  "' OR '1'='1",
  "'; drop table users; --",
  '" or ""="',
  "1' union select password_hash from users --",
  '1; select pg_sleep(30)',
  '$$; select 1; $$',
  '\\x00',
  '%',
  '_',
  "''",
  '\\',
];
const HTML = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "javascript:alert('x')",
  '<svg/onload=alert(1)>',
  '{{constructor.constructor("return 1")()}}',
  '${process.exit()}',
  '](javascript:alert(1))',
  '<!--',
  '&lt;&amp;&#0;',
];
const ODD = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ufeff',
  '\u202e\u2066',
  '\u200b\u200d',
  'null',
  'undefined',
  'NaN',
  'true',
  '-1',
  '1e309',
  '0x10',
  '__proto__',
  'constructor',
  'prototype',
  '../../../../etc/passwd',
  '..%2f..%2f',
  '%00',
  '%FF',
  '\r\nSet-Cookie: a=b',
  'C:\\Windows\\system32',
  'ｆｕｌｌｗｉｄｔｈ',
  'İıǅ',
  'e\u0301\u0301\u0301',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈',
  '한국어',
  '日本語の文章',
  '繁體中文臺灣',
  'Z̸̢̛͓a̵͎̔l̶̰̒g̷̱̈o̴̟̍',
];
/** Characters that take 1 or 2 UTF-16 units, 1 to 4 UTF-8 bytes, and graphemes of many code points. */
const LIMIT_CHARS = ['a', 'é', '字', '한', 'ア', '𠮷', '😀', '👩‍💻', 'e\u0301'];

/** `char` repeated to exactly `units` UTF-16 code units (what zod's max counts), or `count` times. */
const repeatTo = (char: string, units: number) => {
  if (units <= 0) return '';
  const out = char.repeat(Math.ceil(units / char.length));
  // A cut-off surrogate pair is itself hostile input, so the remainder is kept as it falls.
  return out.slice(0, units);
};

/** Strings around a length limit: at it, one over, one under, counted in UTF-16 units and in characters. */
function atLimit(limit: number): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...LIMIT_CHARS), fc.constantFrom(-1, 0, 1), fc.boolean())
    .map(([char, delta, byCount]) => (byCount ? char.repeat(Math.max(0, limit + delta)) : repeatTo(char, limit + delta)));
}

const HUGE_SIZES = [4_096, 70_000, 400_000];
const huge = fc.tuple(fc.constantFrom(...LIMIT_CHARS, '<', "'"), fc.constantFrom(...HUGE_SIZES)).map(([c, n]) => repeatTo(c, n));

/** Any hostile string: random Unicode (lone surrogates included), fragments, odd values, huge ones. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.constantFrom(...SQL, ...HTML) },
  { weight: 3, arbitrary: fc.constantFrom(...ODD) },
  { weight: 1, arbitrary: fc.constantFrom(8, 32, 64, 100, 200, 500, 2000).chain(atLimit) },
  { weight: 1, arbitrary: huge },
);

/** Numbers at and past every edge. */
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 2, 0.5, -2147483649, 2147483648, 2 ** 53, -(2 ** 53), Number.MAX_VALUE, Number.MIN_VALUE, 1e308),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, sometimes nested deep. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor')), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Arrays and objects nested `depth` deep (a recursive parser or validator would overflow its stack). */
export const nested = (depth: number, kind: 'array' | 'object') =>
  kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** A value for `schema`: usually of the right shape with hostile contents, sometimes of any type at all. */
export function valueFor(schema: Js | undefined, extras: readonly string[], depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileJson;
  const wrong = hostileJson;
  const typed = typedValue(schema, extras, depth);
  return fc.oneof({ weight: 4, arbitrary: typed }, { weight: 1, arbitrary: wrong });
}

function typedValue(schema: Js, extras: readonly string[], depth: number): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => valueFor(s, extras, depth + 1)));
  if (schema.allOf?.length) return valueFor(schema.allOf[0], extras, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length)
    return fc.oneof(
      fc.constantFrom(...schema.enum),
      fc.constantFrom(...schema.enum).map((v) => String(v).toUpperCase()),
    );
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const limits: fc.Arbitrary<string>[] = [];
      if (schema.maxLength !== undefined) limits.push(atLimit(schema.maxLength));
      if (schema.minLength) limits.push(atLimit(schema.minLength));
      return fc.oneof(hostileString, ...(extras.length ? [fc.constantFrom(...extras)] : []), ...limits);
    }
    case 'integer':
    case 'number': {
      const edges = [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum].filter(
        (v): v is number => typeof v === 'number',
      );
      const near = edges.flatMap((v) => [v - 1, v, v + 1, v + 0.5]);
      return fc.oneof(
        hostileNumber,
        ...(near.length ? [fc.constantFrom(...near)] : []),
        ...(near.length ? [fc.constantFrom(...near).map(String)] : []),
      );
    }
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 1, 0, 'yes'));
    case 'null':
      return fc.constant(null);
    case 'array': {
      const max = Math.min((schema.maxItems ?? 6) + 1, 12);
      return fc.array(valueFor(schema.items, extras, depth + 1), { maxLength: max });
    }
    case 'object':
      return objectFor(schema, extras, depth);
    default:
      return hostileJson;
  }
}

/** Text that fits a string schema: real ids and words, or emoji and CJK filling it to its exact limit. */
function fittingString(schema: Js, extras: readonly string[]): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 200;
  const fits = (v: string) => v.length >= min && v.length <= max;
  const atMax = fc.constantFrom(...LIMIT_CHARS).map((c) => repeatTo(c, max));
  const words = ['Ines', 'A storm at sea', '灯台守の夜', '폭풍의 섬', '燈塔與海圖', '<b>bold</b> & "quotes"', "O'Brien; drop table users"];
  // Lists filtered here, not with fc.filter (which would spin for ever when nothing fits).
  const fitting = [...extras, ...words].filter(fits);
  return fc.oneof(
    atMax,
    fc.constantFrom(...LIMIT_CHARS).map((c) => repeatTo(c, Math.max(min, 1))),
    ...(fitting.length ? [fc.constantFrom(...fitting)] : []),
  );
}

/** A value that passes `schema` as often as a simple generator can make it (the base a single hostile field is put into). */
export function fitting(schema: Js | undefined, extras: readonly string[], depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return fc.constant(null);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => fitting(s, extras, depth + 1)));
  if (schema.allOf?.length) return fitting(schema.allOf[0], extras, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fittingString(schema, extras);
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : min + 1000);
      return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(Math.min(max, 2 ** 31 - 1))) });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fitting(schema.items, extras, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 6),
      });
    case 'object': {
      const props = schema.properties ?? {};
      const required = schema.required ?? [];
      return fc.record(Object.fromEntries(Object.entries(props).map(([k, s]) => [k, fitting(s, extras, depth + 1)])), {
        requiredKeys: required.filter((k) => k in props),
      });
    }
    default:
      return fc.constant(null);
  }
}

/**
 * An object for `schema`: a fitting one with one or two fields made hostile (so the rest gets past
 * validation), a fitting one as it is, or one of the schema's keys and unknown keys all hostile.
 */
export function objectFor(schema: Js | null, extras: readonly string[], depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const props = schema?.properties ?? {};
  const known = Object.keys(props);
  const model = Object.fromEntries(known.map((key) => [key, valueFor(props[key], extras, depth + 1)]));
  const base = (schema ? fitting(schema, extras) : fc.constant({})) as fc.Arbitrary<Record<string, unknown>>;
  const unknownKeys = fc.dictionary(
    fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor', 'uid', 'balance', 'is_admin', 'status')),
    hostileJson,
    {
      maxKeys: 3,
    },
  );
  const hostileObject = fc.tuple(fc.record(model, { requiredKeys: [] }), unknownKeys, fc.boolean()).map(([own, unknown, withUnknown]) => {
    const out: Record<string, unknown> = {};
    if (withUnknown)
      for (const [k, v] of Object.entries(unknown)) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true });
    Object.assign(out, own);
    return out;
  });
  const oneHostile = known.length
    ? fc
        .tuple(base, fc.constantFrom(...known), fc.constantFrom(...known), fc.boolean())
        .chain(([b, k1, k2, two]) =>
          fc
            .tuple(valueFor(props[k1], extras, depth + 1), valueFor(props[k2], extras, depth + 1))
            .map(([v1, v2]) => ({ ...b, [k1]: v1, ...(two && { [k2]: v2 }) })),
        )
    : hostileObject;
  const withUnknown = fc.tuple(base, unknownKeys).map(([b, u]) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(u)) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true });
    return Object.assign(out, b);
  });
  return fc.oneof(
    { weight: 4, arbitrary: oneHostile },
    { weight: 2, arbitrary: base },
    { weight: 1, arbitrary: withUnknown },
    { weight: 2, arbitrary: hostileObject },
  );
}

/** Bytes that are not UTF-8. */
const INVALID_UTF8 = [
  Buffer.from([0xff, 0xfe, 0xfd]),
  Buffer.from([0xc3, 0x28]),
  Buffer.from([0xe2, 0x82]),
  Buffer.from([0xed, 0xa0, 0x80]), // an encoded surrogate
  Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80]),
  Buffer.from([0xc0, 0xaf]), // overlong '/'
];

/** One request's body as bytes, and the content type and encoding it claims. */
export type HostileBody = { bytes: Buffer | null; contentType: string | null; contentEncoding?: string; label: string };

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json, text/html',
  '*/*',
  ';;;',
  '',
];

/** A JSON body with a non-UTF-8 byte string spliced into one string value. */
function withBrokenUtf8(json: string, bad: Buffer): Buffer {
  const at = json.indexOf('"', 1);
  if (at < 0) return Buffer.concat([Buffer.from(json), bad]);
  return Buffer.concat([Buffer.from(json.slice(0, at + 1)), bad, Buffer.from(json.slice(at + 1))]);
}

/** Percent-encodes `s`; a lone surrogate goes as the broken escape a careless client would send. */
export const enc = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return s.replace(/[\ud800-\udfff]/g, '%ED%A0%80').replace(/[^\x21-\x7e]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  }
};

/** Any value as text, as a client would put it in a form or query string. */
const text = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

/** Form-encoded fields, with the bracket and repeat tricks some parsers turn into nested objects. */
const formOf = (value: Record<string, unknown>) =>
  Object.entries(value)
    .flatMap(([k, v]) => (Array.isArray(v) ? v.map((item) => `${enc(k)}=${enc(text(item))}`) : [`${enc(k)}=${enc(text(v))}`]))
    .concat(['a[b][c]=1', 'a[__proto__][x]=1'])
    .join('&');

export function bodyFor(schema: Js | null, extras: readonly string[]): fc.Arbitrary<HostileBody> {
  const obj = objectFor(schema, extras);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(obj, fc.constantFrom(...CONTENT_TYPES.slice(0, 2)))
        .map(([v, ct]) => ({ bytes: Buffer.from(JSON.stringify(v)), contentType: ct, label: 'json object' })),
    },
    {
      weight: 2,
      arbitrary: hostileJson.map((v) => ({
        bytes: Buffer.from(JSON.stringify(v) ?? 'null'),
        contentType: 'application/json',
        label: 'json any',
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(obj, fc.constantFrom(...INVALID_UTF8))
        .map(([v, bad]) => ({
          bytes: withBrokenUtf8(JSON.stringify(v), bad),
          contentType: 'application/json',
          label: 'json invalid utf-8',
        })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(100, 5_000, 200_000), fc.constantFrom<'array' | 'object'>('array', 'object')).map(([d, k]) => ({
        bytes: Buffer.from(nested(d, k)),
        contentType: 'application/json',
        label: `nested ${k} ${d}`,
      })),
    },
    {
      weight: 1,
      arbitrary: obj.map((v) => ({ bytes: Buffer.from(formOf(v)), contentType: 'application/x-www-form-urlencoded', label: 'form' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.uint8Array({ maxLength: 200 }), fc.constantFrom(...CONTENT_TYPES))
        .map(([b, ct]) => ({ bytes: Buffer.from(b), contentType: ct || null, label: 'random bytes' })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<HostileBody>(
        { bytes: Buffer.from('{"a":1'), contentType: 'application/json', label: 'truncated json' },
        { bytes: Buffer.from('{"a":1}{"b":2}'), contentType: 'application/json', label: 'two documents' },
        { bytes: Buffer.from(''), contentType: 'application/json', label: 'empty json' },
        {
          bytes: Buffer.from('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'),
          contentType: 'application/json',
          label: 'proto pollution',
        },
        { bytes: Buffer.from(`{"a":"${'x'.repeat(1_100_000)}"}`), contentType: 'application/json', label: 'over the body limit' },
        { bytes: gzipSync(Buffer.alloc(8_000_000, 0x20)), contentType: 'application/json', contentEncoding: 'gzip', label: 'gzip bomb' },
        { bytes: Buffer.from('not gzip at all'), contentType: 'application/json', contentEncoding: 'gzip', label: 'bad gzip' },
        { bytes: gzipSync(Buffer.from('{"a":1}')), contentType: 'application/json', contentEncoding: 'br', label: 'wrong encoding' },
        { bytes: Buffer.from('{"a":1}'), contentType: 'application/json', contentEncoding: 'x-unknown', label: 'unknown encoding' },
        { bytes: null, contentType: 'application/json', label: 'no body, json type' },
        { bytes: null, contentType: null, label: 'no body' },
      ),
    },
  );
}

/** A raw query string: schema keys with hostile values, repeats, brackets, broken escapes and bytes that are not UTF-8. */
export function queryFor(schema: Js | null, extras: readonly string[]): fc.Arbitrary<string> {
  const pair = fc.tuple(
    fc.oneof(fc.constantFrom(...Object.keys(schema?.properties ?? {}), 'page', 'x'), hostileString),
    valueFor(undefined, extras),
  );
  const known = objectFor(schema, extras).map((o) => Object.entries(o).map(([k, v]) => `${enc(k)}=${enc(text(v))}`));
  const raw = fc.constantFrom(
    '%',
    '%zz',
    '%E0%A4%A',
    '%FF%FE',
    '%ED%A0%80',
    '\xff\xfe',
    '\xc3(',
    'a[b][c][d][e][f]=1',
    'a[]=1&a[]=2',
    '__proto__[x]=1',
    '=&=&&&',
    'page=1&page=2&page=3',
    'page=-1',
    'page=1e9',
    'page=99999999999999999999',
    '&'.repeat(2000),
    `q=${'x'.repeat(15_000)}`,
    `q=${'x'.repeat(20_000)}`,
  );
  return fc
    .tuple(known, fc.array(pair, { maxLength: 3 }), fc.array(raw, { maxLength: 2 }))
    .map(([own, more, rawParts]) => [...own, ...more.map(([k, v]) => `${enc(k)}=${enc(text(v))}`), ...rawParts].join('&'));
}

/** Header values: every byte a client can put in a header, including ones that are not UTF-8. */
const headerText = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'\tabcXYZ09 !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~\x80\xa0\xc3\xe2\xff'), maxLength: 60 }),
  fc.constantFrom('', ' ', '\xff\xfe', 'ä', 'null', '0', '-1', '*', 'x'.repeat(8_000)),
  fc.constantFrom(...SQL, ...HTML).map((s) => s.replace(/[^\t\x20-\x7e]/g, '')),
);

export type HostileHeaders = Record<string, string>;

export function headersFor(auth: fc.Arbitrary<Record<string, string>>): fc.Arbitrary<HostileHeaders> {
  const chosen = fc.record(
    {
      authorization: fc.oneof(
        headerText,
        headerText.map((t) => `Bearer ${t}`),
        fc.constantFrom(
          'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.',
          'Bearer a.b.c',
          'Basic YWRtaW46YWRtaW4=',
          'Bearer ' + 'A'.repeat(6000),
        ),
      ),
      'accept-language': fc.oneof(headerText, fc.constantFrom('zh-TW', 'ja;q=0.1, ko;q=abc', '*', 'xx-YY-ZZ', 'en;q=1e999')),
      'x-forwarded-for': fc.oneof(headerText, fc.constantFrom('unknown', '::ffff:1.2.3.4', '1.2.3.4, ::1, garbage', '999.999.1.1', '')),
      'x-forwarded-proto': headerText,
      'x-forwarded-host': headerText,
      'x-request-id': headerText,
      cookie: headerText,
      accept: fc.oneof(headerText, fc.constantFrom('text/event-stream', 'application/json', '*/*;q=0')),
      'accept-encoding': fc.oneof(headerText, fc.constantFrom('br;q=1, gzip;q=0, *;q=0', 'identity;q=0', 'zstd')),
      'if-none-match': headerText,
      'if-modified-since': headerText,
      range: fc.oneof(headerText, fc.constantFrom('bytes=0-0,1-1,2-2', 'bytes=-1', 'bytes=99999999999-')),
      'stripe-signature': headerText,
      'last-event-id': headerText,
      origin: headerText,
      'user-agent': headerText,
      'x-http-method-override': fc.constantFrom('DELETE', 'PUT', 'TRACE', 'x'),
    },
    { requiredKeys: [] },
  );
  return fc.tuple(chosen, auth, fc.boolean()).map(([hostile, real, useReal]) => {
    const out: Record<string, string> = { ...hostile };
    if (useReal) Object.assign(out, real);
    return out;
  });
}

export type Answer = { status: number; contentType: string; body: string; ms: number } | { error: string; ms: number };

/**
 * Sends one request with node:http, which passes bytes that fetch would refuse
 * (latin-1 header values, raw non-UTF-8 in the path). An answer after `timeoutMs`
 * counts as a hang; an event stream counts as answered once its head arrives.
 */
export function send(
  base: string,
  request: { method: string; path: string; headers: Record<string, string>; body: Buffer | null },
  timeoutMs: number,
): Promise<Answer> {
  const url = new URL(base);
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    let req: http.ClientRequest;
    try {
      req = http.request({
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        headers: { ...request.headers, ...(request.body && { 'content-length': String(request.body.length) }) },
        agent: false,
      });
    } catch (error) {
      // The client refused to send it (a character node:http will not write): nothing reached the server.
      resolve({ status: 0, contentType: '', body: `not sent: ${(error as Error).message}`, ms: 0 });
      return;
    }
    const timer = setTimeout(() => {
      done({ error: `no answer within ${timeoutMs} ms`, ms: performance.now() - started });
      req.destroy();
    }, timeoutMs);
    req.on('response', (res) => {
      const contentType = String(res.headers['content-type'] ?? '');
      if (contentType.startsWith('text/event-stream')) {
        done({ status: res.statusCode ?? 0, contentType, body: '', ms: performance.now() - started });
        res.destroy();
        return;
      }
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, contentType, body: Buffer.concat(parts).toString('utf8'), ms: performance.now() - started }),
      );
      res.on('error', (error) => done({ error: `answer broken: ${error.message}`, ms: performance.now() - started }));
    });
    req.on('error', (error) =>
      done({ error: `${(error as NodeJS.ErrnoException).code ?? ''} ${error.message}`, ms: performance.now() - started }),
    );
    if (request.body) req.end(request.body);
    else req.end();
  });
}

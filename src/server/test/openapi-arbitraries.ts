import fc from 'fast-check';

/*
 * fast-check arbitraries made from the JSON Schemas of the OpenAPI document (the form
 * @fastify/swagger writes from the routes' zod schemas, OpenAPI 3.0 flavour: `nullable`,
 * `anyOf`, `enum`, `pattern`, `format: email`). Three kinds of value:
 *   valid:   what the schema allows, ids biased towards rows that exist (`known`);
 *   invalid: the wrong type, out of range, missing required fields;
 *   hostile: what an attacker or a broken client sends (NUL characters, lone surrogates, years
 *            below 100, huge numbers, prototype keys, SQL and markup fragments, very long text).
 */

export type JsonSchema = {
  type?: string;
  enum?: unknown[];
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
};

export type Mode = 'valid' | 'invalid' | 'hostile';

/** Values that exist in the walk's world, so valid requests reach the handlers' real work. */
export interface Known {
  ids: number[];
  strings: string[];
}

/** Strings that have broken servers: each is a real value some client can send. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '%00',
  '%',
  '../../etc/passwd',
  "' OR 1=1 --",
  "'); drop table users; --",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '99999999999999999999',
  '1.5',
  '0x10',
  'true',
  '[]',
  '{}',
  '0050-01-01',
  '0050-06-15T10:00',
  '0001-01-01T00:00:00Z',
  '0099-12-31T23:59',
  '9999-12-31T23:59:59Z',
  '2026-02-30T10:00',
  '2026-13-01',
  '\u202Eevil\u202C',
  '🍲🥗'.repeat(50),
  'Ā'.repeat(300),
  'x'.repeat(5000),
];

const HOSTILE_NUMBERS: readonly number[] = [
  -1,
  0,
  -0,
  0.5,
  1.005,
  -2147483648,
  2147483647,
  2147483648,
  2 ** 53,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
const hostileNumber = fc.constantFrom(...HOSTILE_NUMBERS);

/** Any JSON value, small. */
const anyJson = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  hostileNumber,
  hostileString,
  fc.constant([]),
  fc.constant({}),
  fc.constant({ __proto__: { admin: true } }),
  fc.array(fc.integer(), { maxLength: 3 }),
);

function typeOf(s: JsonSchema): string | undefined {
  if (s.type) return s.type;
  if (s.properties) return 'object';
  if (s.items) return 'array';
  return undefined;
}

function validNumber(s: JsonSchema, integer: boolean, known: Known): fc.Arbitrary<number> {
  const exMin = s.exclusiveMinimum;
  const exMax = s.exclusiveMaximum;
  let min = typeof exMin === 'number' ? exMin : (s.minimum ?? -1e6);
  let max = typeof exMax === 'number' ? exMax : (s.maximum ?? 1e6);
  const minOpen = typeof exMin === 'number' || exMin === true;
  const maxOpen = typeof exMax === 'number' || exMax === true;
  if (integer) {
    min = Math.max(Math.ceil(min + (minOpen ? 1 : 0)), Number.MIN_SAFE_INTEGER);
    max = Math.min(Math.floor(max - (maxOpen ? 1 : 0)), Number.MAX_SAFE_INTEGER);
    const inRange = known.ids.filter((id) => id >= min && id <= max);
    const small = fc.integer({ min, max: Math.min(max, Math.max(min, 0) + 20) });
    const parts: fc.Arbitrary<number>[] = [small, fc.integer({ min, max }), fc.constantFrom(min, max)];
    if (inRange.length > 0) parts.push(fc.constantFrom(...inRange), fc.constantFrom(...inRange));
    return fc.oneof(...parts);
  }
  // Money and quantities: whole cents mostly (the API refuses more decimals), sometimes any double.
  const cents = fc.integer({
    min: Math.ceil(min * 100) + (minOpen ? 1 : 0),
    max: Math.floor(Math.min(max, 1e7) * 100) - (maxOpen ? 1 : 0),
  });
  return fc.oneof(
    cents.map((c) => c / 100),
    fc.double({ min, max: Math.min(max, 1e7), noNaN: true, minExcluded: minOpen, maxExcluded: maxOpen }),
  );
}

/** String arbitraries of patterns, by pattern and length range (validString). */
const patternArbitraries = new Map<string, fc.Arbitrary<string>>();

function validString(s: JsonSchema, known: Known): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = s.maxLength ?? 300;
  const fits = (v: string) => v.length >= minLength && v.length <= maxLength;
  if (s.format === 'email') {
    return fc.emailAddress().filter((e) => fits(e) && e.length <= 254);
  }
  if (s.pattern) {
    // Made once per pattern and length range: fc.stringMatching compiles its regular expression
    // into arbitraries, 80-300 ms for zod's UUID pattern, and the walk builds an operation's
    // arbitraries again for every run (fc.chain), so POST /app/driver/taps spent about 25 s of
    // its 80 runs compiling the same pattern. An arbitrary holds no state: the same seed gives
    // the same values.
    const key = `${s.pattern}\u0000${minLength}\u0000${maxLength}`;
    let arbitrary = patternArbitraries.get(key);
    if (!arbitrary) {
      // fast-check cannot generate from a lookahead: generate from the pattern without its leading
      // lookaheads, keep what the whole pattern accepts.
      const full = new RegExp(s.pattern);
      const generable = new RegExp(s.pattern.replace(/^\^((?:\(\?[=!][^()]*\))+)/, '^'));
      arbitrary = fc.stringMatching(generable).filter((v) => fits(v) && full.test(v));
      patternArbitraries.set(key, arbitrary);
    }
    return arbitrary;
  }
  const text = fc.string({ minLength, maxLength: Math.min(maxLength, Math.max(minLength, 40)), unit: 'grapheme' });
  const fromWorld = known.strings.filter(fits);
  return fromWorld.length > 0 ? fc.oneof(text, fc.constantFrom(...fromWorld)) : text;
}

function validObject(s: JsonSchema, mode: Mode, known: Known, depth: number): fc.Arbitrary<unknown> {
  const props = s.properties ?? {};
  const required = new Set(s.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, ps] of Object.entries(props)) model[name] = valueOf(ps, mode, known, depth + 1);
  const requiredKeys = Object.keys(props).filter((k) => required.has(k));
  const base = fc.record(model, { requiredKeys: mode === 'valid' ? requiredKeys : [] });
  const extra =
    typeof s.additionalProperties === 'object'
      ? fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), hostileString), valueOf(s.additionalProperties, mode, known, depth + 1), {
          maxKeys: 3,
        })
      : mode === 'hostile'
        ? fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'role', 'user_id'), anyJson, { maxKeys: 2 })
        : fc.constant({});
  return fc.tuple(base, extra).map(([a, b]) => {
    const out: Record<string, unknown> = {};
    // defineProperty: a generated '__proto__' key stays a plain key, as JSON.parse would make it.
    for (const [k, v] of [...Object.entries(b), ...Object.entries(a)])
      Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    return out;
  });
}

/**
 * An arbitrary for values of `schema`. In 'invalid' and 'hostile' mode each value is at times
 * still valid, so a broken field sits among valid ones and reaches deeper checks.
 */
export function valueOf(schema: JsonSchema, mode: Mode, known: Known, depth = 0): fc.Arbitrary<unknown> {
  const valid = validValue(schema, mode, known, depth);
  if (mode === 'valid') return valid;
  if (mode === 'invalid') {
    const wrongType = fc.oneof(
      fc.constant(null),
      fc.boolean(),
      fc.integer(),
      fc.string({ maxLength: 5 }),
      fc.constant([]),
      fc.constant({}),
    );
    return fc.oneof({ arbitrary: valid, weight: 2 }, { arbitrary: wrongType, weight: 1 }, { arbitrary: outOfRange(schema), weight: 1 });
  }
  return fc.oneof(
    { arbitrary: valid, weight: 2 },
    { arbitrary: hostileString, weight: 2 },
    { arbitrary: hostileNumber, weight: 1 },
    { arbitrary: anyJson, weight: 1 },
  );
}

function outOfRange(s: JsonSchema): fc.Arbitrary<unknown> {
  const t = typeOf(s);
  if (t === 'integer' || t === 'number') {
    const edges = [(s.minimum ?? 0) - 1, (s.maximum ?? 2 ** 31) + 1, 1.5];
    return fc.constantFrom(...edges);
  }
  if (t === 'string') return fc.constantFrom('', 'x'.repeat((s.maxLength ?? 1000) + 1));
  if (t === 'array') return fc.constant(Array.from({ length: (s.maxItems ?? 100) + 1 }, () => 1));
  return fc.constant(null);
}

function validValue(schema: JsonSchema, mode: Mode, known: Known, depth: number): fc.Arbitrary<unknown> {
  const inner = validNonNull(schema, mode, known, depth);
  return schema.nullable ? fc.oneof(inner, fc.constant(null)) : inner;
}

function validNonNull(s: JsonSchema, mode: Mode, known: Known, depth: number): fc.Arbitrary<unknown> {
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => valueOf(a, mode, known, depth)));
  if (s.allOf?.length) return valueOf(Object.assign({}, ...s.allOf) as JsonSchema, mode, known, depth);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  switch (typeOf(s)) {
    case 'integer':
      return validNumber(s, true, known);
    case 'number':
      return validNumber(s, false, known);
    case 'boolean':
      return fc.boolean();
    case 'string':
      return validString(s, known);
    case 'array':
      return fc.array(s.items && depth < 4 ? valueOf(s.items, mode, known, depth + 1) : anyJson, {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 3, Math.max(s.minItems ?? 0, 3)),
      });
    case 'object':
      return depth < 5 ? validObject(s, mode, known, depth) : fc.constant({});
    case 'null':
      return fc.constant(null);
    default:
      return anyJson;
  }
}

/** A value as it travels in a path or query string. */
export function asParam(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * A valid value with exactly one leaf (string, number, boolean or null anywhere inside) made
 * hostile: a string becomes a hostile string, a number a hostile number, anything at times any
 * JSON. The rest stays valid, so the bad leaf gets past validation of its siblings to whatever
 * handles it (the database, date arithmetic, a renderer).
 */
export function withOneHostileLeaf(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(valid, fc.nat(), hostileString, hostileNumber, anyJson, fc.nat(6)).map(([value, pick, s, n, any, kind]) => {
    const leaves: { parent: Record<string, unknown> | unknown[]; key: string | number; leaf: unknown }[] = [];
    const walk = (v: unknown) => {
      if (Array.isArray(v))
        v.forEach((item, i) => (item !== null && typeof item === 'object' ? walk(item) : leaves.push({ parent: v, key: i, leaf: item })));
      else if (v !== null && typeof v === 'object') {
        for (const [k, item] of Object.entries(v)) {
          if (item !== null && typeof item === 'object') walk(item);
          else leaves.push({ parent: v as Record<string, unknown>, key: k, leaf: item });
        }
      }
    };
    const copy = structuredClone(value);
    walk(copy);
    if (leaves.length === 0) return typeof copy === 'string' ? s : typeof copy === 'number' ? n : copy;
    const { parent, key, leaf } = leaves[pick % leaves.length]!;
    const bad = kind === 0 ? any : typeof leaf === 'string' ? nearlyValid(leaf, s, kind) : typeof leaf === 'number' ? n : any;
    (parent as Record<string | number, unknown>)[key] = bad;
    return copy;
  });
}

/**
 * A string leaf made hostile but still shaped like its valid value, so it passes format checks:
 * a NUL character inside, a lone surrogate at the end, a date moved to a year below 100; or one
 * of the hostile strings.
 */
function nearlyValid(valid: string, hostile: string, kind: number): string {
  const middle = Math.floor(valid.length / 2);
  switch (kind) {
    case 1:
      return `${valid.slice(0, middle)}\u0000${valid.slice(middle)}`;
    case 2:
      return `${valid}\uD800`;
    case 3:
      return /^\d{4}-/.test(valid) ? `00${String(valid.charCodeAt(2) % 100).padStart(2, '0')}${valid.slice(4)}` : hostile;
    default:
      return hostile;
  }
}

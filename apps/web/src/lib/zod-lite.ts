import type { z as Classic } from 'zod';
import * as mini from 'zod/mini';

/**
 * The browser's `zod` (architecture.md: "zod/mini in the browser to keep bundles small"). The schemas of
 * @vireo/shared and the web's API modules are written with zod's classic API (`z.string().max(7).nullable()`), which
 * the server keeps. In the web build and its unit tests, `zod` resolves to this module (vite.config.ts,
 * vitest.config.ts): the same constructors on zod/mini, with the few classic methods those schemas chain added to
 * each schema. Parsing is zod's core either way, so a schema accepts and returns exactly what it does on the server;
 * zod/mini leaves out classic's method tables and default error messages (~10 kB gzipped in the entry chunk).
 * Types still come from classic zod. A method not listed here throws at import time in the tests (`is not a function`),
 * so a schema that starts using one fails `npm test` before it ships; add it below.
 */

type Schema = mini.ZodMiniType;
type Shape = NonNullable<Parameters<typeof mini.object>[0]>;
type Check = Parameters<Schema['check']>[0];

/** zod/mini's checks are typed per schema; classic picks the check by the schema's type at run time, as here. */
const check = (schema: Schema, added: unknown) => withMethods(schema.check(added as Check));

const isNumber = (schema: Schema) => schema._zod.def.type === 'number';

function withMethods<T extends Schema>(schema: T): T {
  return Object.assign(schema, {
    optional: () => withMethods(mini.optional(schema)),
    nullable: () => withMethods(mini.nullable(schema)),
    default: (value: unknown) => withMethods(mini._default(schema, value as never)),
    catch: (value: unknown) => withMethods(mini.catch(schema, value as never)),
    extend: (shape: Shape) => withMethods(mini.extend(schema as never, shape)),
    // classic: numbers compare the value, strings and arrays their length.
    min: (value: number) => check(schema, isNumber(schema) ? mini.gte(value) : mini.minLength(value)),
    max: (value: number) => check(schema, isNumber(schema) ? mini.lte(value) : mini.maxLength(value)),
    length: (value: number) => check(schema, mini.length(value)),
    int: () => check(schema, mini.int()),
    positive: () => check(schema, mini.positive()),
    trim: () => check(schema, mini.trim()),
    regex: (pattern: RegExp) => check(schema, mini.regex(pattern)),
    refine: (test: (value: never) => unknown, params?: Parameters<typeof mini.refine>[1]) =>
      check(schema, mini.refine(test as never, params)),
    pipe: (next: Schema) => withMethods(mini.pipe(schema as never, next as never)),
    transform: (map: (value: never) => unknown) => withMethods(mini.pipe(schema, mini.transform(map as never))),
    // OpenAPI metadata (`freeText()`'s marker) matters to the server's document only
    meta: () => schema,
  });
}

/** A constructor of zod/mini whose result gets the classic methods. */
function wrap<A extends unknown[], R extends Schema>(make: (...args: A) => R): (...args: A) => R {
  return (...args) => withMethods(make(...args));
}

const lite = {
  string: wrap(mini.string),
  number: wrap(mini.number),
  boolean: wrap(mini.boolean),
  unknown: wrap(mini.unknown),
  uuid: wrap(mini.uuid),
  url: wrap(mini.url),
  email: wrap(mini.email),
  object: wrap(mini.object),
  strictObject: wrap(mini.strictObject),
  array: wrap(mini.array),
  record: wrap(mini.record),
  enum: wrap(mini.enum),
  literal: wrap(mini.literal),
  union: wrap(mini.union),
  discriminatedUnion: wrap(mini.discriminatedUnion),
  // `z.nullable(X)` rather than `X.nullable()` in @vireo/shared: a call on `z` is pure to the build (vite.config.ts)
  nullable: wrap(mini.nullable),
  optional: wrap(mini.optional),
  iso: { date: wrap(mini.iso.date), datetime: wrap(mini.iso.datetime) },
  coerce: { number: wrap(mini.coerce.number) },
};

/** Typed as classic zod, which is what the schemas are written against; only `lite`'s members exist at run time. */
export const z = lite as unknown as typeof Classic;

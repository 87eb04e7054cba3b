import { LoginRequestSchema, MobileTransactionTypeSchema, StatementDetailSchema } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
// `zod/v4` is classic zod itself: only the bare `zod` specifier resolves to zod-lite (vitest.config.ts).
import { z as classic } from 'zod/v4';
import { z as lite } from './zod-lite';

type Build = (z: typeof classic) => { safeParse: (value: unknown) => { success: boolean; data?: unknown } };

/** Each schema is built with both APIs; both must accept, reject and output the same. */
const CASES: { name: string; build: Build; inputs: unknown[] }[] = [
  {
    name: 'string min, max, trim',
    build: (z) => z.string().trim().min(1).max(5),
    inputs: ['', ' ', ' ab ', 'abcde', 'abcdef', 3, null],
  },
  {
    name: 'number int, min, max, positive',
    build: (z) => z.number().int().min(1).max(31),
    inputs: [0, 1, 1.5, 31, 32, '3'],
  },
  { name: 'positive', build: (z) => z.number().int().positive(), inputs: [0, 1, -1] },
  {
    name: 'array min, max',
    build: (z) =>
      z
        .array(z.enum(['a', 'b']))
        .min(1)
        .max(2),
    inputs: [[], ['a'], ['a', 'b', 'a'], ['c']],
  },
  {
    name: 'optional, nullable, default',
    build: (z) => z.object({ a: z.string().nullable(), b: z.number().optional(), c: z.boolean().default(false) }),
    inputs: [{ a: null }, { a: 'x', b: 2, c: true }, { b: 2 }, { a: 'x', extra: 1 }],
  },
  {
    name: 'email, pipe and transform',
    build: (z) =>
      z
        .string()
        .trim()
        .max(20)
        .pipe(z.email())
        .transform((email) => email.toLowerCase()),
    inputs: [' Rosa@Oak.example ', 'not an address', 'a@b', 'x'.repeat(30), 7],
  },
  {
    name: 'strictObject and extend',
    build: (z) => z.strictObject({ a: z.string() }).extend({ b: z.literal('x') }),
    inputs: [{ a: '1', b: 'x' }, { a: '1' }, { a: '1', b: 'x', c: 1 }],
  },
  {
    name: 'coerce, iso, uuid, url, record, unions',
    build: (z) =>
      z.object({
        limit: z.coerce.number().int().min(1).max(100).optional(),
        date: z.iso.date(),
        at: z.iso.datetime(),
        id: z.uuid(),
        link: z.url(),
        flags: z.record(z.string(), z.boolean()),
        kind: z.discriminatedUnion('type', [
          z.object({ type: z.literal('a'), n: z.number() }),
          z.object({ type: z.literal('b') }),
        ]),
        either: z.union([z.literal(1), z.string()]),
        anything: z.unknown(),
      }),
    inputs: [
      {
        limit: '20',
        date: '2026-11-21',
        at: '2026-11-21T10:00:00.000Z',
        id: '7d444840-9dc0-11d1-b245-5ffdce74fad2',
        link: 'https://example.test/a',
        flags: { a: true },
        kind: { type: 'a', n: 1 },
        either: 1,
        anything: [1],
      },
      {
        limit: '0',
        date: '2026-13-01',
        at: 'yesterday',
        id: 'x',
        link: 'nope',
        flags: { a: 1 },
        kind: { type: 'c' },
        either: 2,
      },
    ],
  },
];

describe('zod-lite', () => {
  it.each(CASES)('parses like classic zod: $name', ({ build, inputs }) => {
    const withClassic = build(classic);
    const withLite = build(lite as unknown as typeof classic);
    for (const input of inputs) {
      const expected = withClassic.safeParse(input);
      const actual = withLite.safeParse(input);
      expect({ input, success: actual.success, data: actual.data }).toEqual({
        input,
        success: expected.success,
        data: expected.data,
      });
    }
  });

  it('is the zod that @vireo/shared is built with in the web (zod/mini: no JSON Schema methods)', () => {
    expect('toJSONSchema' in LoginRequestSchema).toBe(false);
    expect(MobileTransactionTypeSchema.options.length).toBeGreaterThan(0);
    expect(StatementDetailSchema.safeParse({}).success).toBe(false);
  });
});

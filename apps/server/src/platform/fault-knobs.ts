import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEV_CONTROL_ROUTE } from '../plugins/dev-control';

/**
 * The failure modes of a simulated back-office system (the billing system, network operations): a non-production
 * knob makes the next N calls of an operation fail, so the portal's answer to that failure can be shown and tested.
 */
export function createFaultKnobs<Op extends string>(operations: readonly Op[]) {
  const failing = new Map<Op, number>();
  return {
    /** True when a fault is armed for this operation (and uses it up): the caller fails as its system would. */
    take(operation: Op): boolean {
      const left = failing.get(operation) ?? 0;
      if (left <= 0) return false;
      failing.set(operation, left - 1);
      return true;
    },
    set(operation: Op, count: number) {
      failing.set(operation, count);
    },
    get(): Record<string, number> {
      return Object.fromEntries(operations.map((op) => [op, failing.get(op) ?? 0]));
    },
    reset() {
      failing.clear();
    },
  };
}

export type FaultKnobs<Op extends string> = ReturnType<typeof createFaultKnobs<Op>>;

/**
 * `PUT <path>` `{ operation, count }` arms a fault, `{ reset: true }` disarms them all; the answer is every knob.
 * Registered only outside production, for a session or the local operator (plugins/dev-control.ts).
 */
export function faultKnobRoutes<Op extends string>(
  path: string,
  operations: readonly [Op, ...Op[]],
  knobs: FaultKnobs<Op>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      path,
      {
        config: DEV_CONTROL_ROUTE,
        schema: {
          tags: ['dev'],
          body: z.strictObject({
            operation: z.enum(operations).optional(),
            count: z.number().int().min(0).max(1_000).optional(),
            reset: z.literal(true).optional(),
          }),
          response: { 200: z.record(z.string(), z.number()) },
        },
      },
      async (request) => {
        const { operation, count, reset } = request.body;
        if (reset) knobs.reset();
        if (operation) knobs.set(operation as Op, count ?? 1);
        return knobs.get();
      },
    );
  };
}

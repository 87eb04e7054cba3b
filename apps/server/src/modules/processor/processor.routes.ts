import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEV_CONTROL_ROUTE } from '../../plugins/dev-control';
import { FAULT_MODES, PROCESSOR_OPERATIONS, type SimulatedProcessor } from './simulated-processor';

export const PROCESSOR_FAULTS_PATH = '/api/dev/processor/faults';

const FaultsSchema = z.object({
  latencyMs: z.number().int(),
  mode: z.enum(FAULT_MODES),
  count: z.number().int().nullable(),
  rate: z.number(),
  operations: z.array(z.enum(PROCESSOR_OPERATIONS)),
});
const FaultChangeRequestSchema = z.strictObject({
  latencyMs: z.number().int().min(0).max(120_000).optional(),
  mode: z.enum(FAULT_MODES).optional(),
  /** The next N calls fail; null or absent with a mode: every call (or `rate` of them). */
  count: z.number().int().min(1).max(10_000).nullable().optional(),
  rate: z.number().min(0).max(1).optional(),
  operations: z.array(z.enum(PROCESSOR_OPERATIONS)).min(1).optional(),
  /** Back to no latency and no fault before applying the rest. */
  reset: z.literal(true).optional(),
});

/**
 * The simulated processor's fault knobs (latency, timeouts, errors) for demos and end-to-end tests; non-production
 * environments only, declared and protected like the billing clock's control (clock.routes.ts).
 */
export const processorDevRoutes: FastifyPluginAsyncZod<{ processor: SimulatedProcessor }> = async (
  app,
  { processor },
) => {
  // PUT only (a GET on a state-changing path is not routed, security.int.test.ts): an empty body reads the knobs
  app.put(
    PROCESSOR_FAULTS_PATH,
    {
      config: DEV_CONTROL_ROUTE,
      schema: { tags: ['dev'], body: FaultChangeRequestSchema, response: { 200: FaultsSchema } },
    },
    async (request) => {
      const { reset, ...change } = request.body;
      if (reset) processor.faults.reset();
      // a new mode without a count applies to every call (or to `rate` of them)
      const withCount = change.mode !== undefined && change.count === undefined ? { ...change, count: null } : change;
      const faults = processor.faults.set(withCount);
      request.log.info({ faults }, 'processor faults changed');
      return faults;
    },
  );
};

import { asSystem } from './request-context';

/**
 * The background work (architecture.md, background work): the periodic steps the modules register, run in the order
 * they were registered (the composition root, app.ts, decides it: statements, scheduled payments, Auto Pay drafts,
 * posting, reconciling, then due jobs). Each step claims its rows with SKIP LOCKED and is idempotent, so any number
 * of instances may run a pass at once. A step that fails does not keep the later ones from running (a failed billing
 * cycle must not leave payments in progress unreconciled); the pass then fails with every step's error, and the next
 * pass retries what failed.
 */
export function createBackgroundWork() {
  const steps: { name: string; run: () => Promise<number> }[] = [];
  return {
    register(name: string, run: () => Promise<number>) {
      if (steps.some((step) => step.name === name)) throw new Error(`background step ${name} is registered twice`);
      steps.push({ name, run });
    },
    /**
     * One pass: how many rows each step handled, by step name. Vireo's own work, outside any request even when a
     * request started it (the non-production clock routes): its audit entries name Vireo (platform/request-context).
     */
    run(): Promise<Record<string, number>> {
      return asSystem(pass);
    },
  };

  async function pass(): Promise<Record<string, number>> {
    const done: Record<string, number> = {};
    const failed = new Map<string, unknown>();
    for (const step of steps) {
      done[step.name] = await step.run().catch((error: unknown) => {
        failed.set(step.name, error);
        return 0;
      });
    }
    if (failed.size > 0) {
      throw new AggregateError([...failed.values()], `background work: ${[...failed.keys()].join(', ')} failed`);
    }
    return done;
  }
}

export type BackgroundWork = ReturnType<typeof createBackgroundWork>;

/**
 * The speed test's verdict (issue 21 item 7, wider-portal.md §9): what the figures say in plain words, against the
 * speed of the account's internet plan.
 */

/** Each internet plan's advertised speeds, in kilobits per second (the demo's plans by their statement names). */
export const INTERNET_PLAN_SPEEDS: Record<string, { downloadKbps: number; uploadKbps: number }> = {
  'Business Internet Standard': { downloadKbps: 300_000, uploadKbps: 20_000 },
  'Business Internet Premier': { downloadKbps: 500_000, uploadKbps: 35_000 },
  'Business Internet Gig': { downloadKbps: 1_000_000, uploadKbps: 35_000 },
  'Business Internet Ultra': { downloadKbps: 2_000_000, uploadKbps: 200_000 },
};

/** A download at this share of the plan or more delivers the plan (a cable plan's speeds are "up to"). */
export const PLAN_DELIVERED_SHARE = 0.8;
/** Latency this much higher under load than idle: the connection queues (bufferbloat); calls stutter while it works. */
export const LOADED_LATENCY_RISE_MS = 100;

export const SPEED_VERDICTS = ['planIsTheLimit', 'belowPlan', 'noPlan'] as const;
export type SpeedVerdict = (typeof SPEED_VERDICTS)[number];

/**
 * `planIsTheLimit`: the download reaches PLAN_DELIVERED_SHARE of the plan, so the line delivers what is paid for and a
 * faster plan is what would help; `belowPlan`: it does not, and with the service up that is most often Wi-Fi or the
 * device (test on a cable, near the gateway); `noPlan`: no internet plan is billed to compare with.
 */
export function speedVerdict(measured: { downloadKbps: number }, plan: { downloadKbps: number } | null): SpeedVerdict {
  if (!plan) return 'noPlan';
  return measured.downloadKbps >= plan.downloadKbps * PLAN_DELIVERED_SHARE ? 'planIsTheLimit' : 'belowPlan';
}

/** Whether latency under load rose enough to matter (spec-free: Cloudflare's and LibreSpeed's users ask for it). */
export function latencyRisesUnderLoad(figures: { idleLatencyMs: number; loadedLatencyMs: number }): boolean {
  return figures.loadedLatencyMs - figures.idleLatencyMs >= LOADED_LATENCY_RISE_MS;
}

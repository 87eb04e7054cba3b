import {
  INTERNET_PLAN_SPEEDS,
  latencyRisesUnderLoad,
  SPEED_TESTS_PAGE,
  type SpeedTestHistory,
  type SpeedTestResult,
  type SpeedTestResultRequest,
  type SpeedVerdict,
  speedVerdict,
} from '@vireo/shared';
import type { Db } from '../../db/client';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { decodeCursor, toPage } from '../../platform/keyset';
import type { ServicesService } from '../services/services.service';
import type { SpeedTestRepository, SpeedTestRow } from './speed-test.repository';

export type SpeedTestActor = { accountId: string; userId: string; requestId?: string };

function resultView(row: SpeedTestRow): SpeedTestResult {
  return {
    id: row.id,
    at: row.at.toISOString(),
    downloadKbps: row.downloadKbps,
    uploadKbps: row.uploadKbps,
    idleLatencyMs: row.idleLatencyMs,
    loadedLatencyMs: row.loadedLatencyMs,
    jitterMs: row.jitterMs,
    plan:
      row.planName && row.planDownloadKbps !== null && row.planUploadKbps !== null
        ? { name: row.planName, downloadKbps: row.planDownloadKbps, uploadKbps: row.planUploadKbps }
        : null,
    verdict: row.verdict as SpeedVerdict,
    latencyRises: latencyRisesUnderLoad(row),
  };
}

/**
 * The speed test's results (issue 21 item 7, wider-portal.md §9): the figures the browser measured against the
 * portal's own endpoints (speed-test.routes.ts), the internet plan billed today with its advertised speeds, and the
 * verdict drawn from both (`speedVerdict`); saved to the user's history (audited `speed_test.recorded`, area services).
 * The last one travels with a support ticket when the user consents (tickets.service.ts).
 */
export function createSpeedTestService(deps: {
  db: Db;
  clock: Clock;
  repo: SpeedTestRepository;
  services: Pick<ServicesService, 'internetPlan'>;
  audit: AuditRepository;
}) {
  const { db, clock, repo, services, audit } = deps;
  return {
    async record(actor: SpeedTestActor, figures: SpeedTestResultRequest): Promise<SpeedTestResult> {
      const planName = await services.internetPlan(actor.accountId);
      const speeds = planName ? (INTERNET_PLAN_SPEEDS[planName] ?? null) : null;
      const plan = planName && speeds ? { name: planName, ...speeds } : null;
      const verdict = speedVerdict(figures, plan);
      const row = await db.transaction(async (tx) => {
        const saved = await repo.insert(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          at: clock.now(),
          ...figures,
          planName: plan?.name ?? null,
          planDownloadKbps: plan?.downloadKbps ?? null,
          planUploadKbps: plan?.uploadKbps ?? null,
          verdict,
        });
        await audit.record(tx, {
          at: saved.at,
          accountId: actor.accountId,
          actorUserId: actor.userId,
          action: 'speed_test.recorded',
          targetId: saved.id,
          requestId: actor.requestId ?? null,
          data: { downloadKbps: figures.downloadKbps, uploadKbps: figures.uploadKbps, verdict },
        });
        return saved;
      });
      return resultView(row);
    },

    async history(userId: string, query: { cursor?: string | undefined; limit?: number | undefined }) {
      const window = { cursor: decodeCursor(query.cursor), limit: query.limit ?? SPEED_TESTS_PAGE };
      const { rows, hasOtherSide } = await repo.listOfUser(db, userId, window);
      const page = toPage(rows.map(resultView), { ...window, dateOf: (item) => item.at, hasOtherSide });
      return { items: page.items, nextCursor: page.nextCursor } satisfies SpeedTestHistory;
    },

    async latest(userId: string): Promise<SpeedTestResult | null> {
      const row = await repo.latestOfUser(db, userId);
      return row ? resultView(row) : null;
    },
  };
}

export type SpeedTestService = ReturnType<typeof createSpeedTestService>;

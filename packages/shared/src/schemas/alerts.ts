import { z } from 'zod';
import { LOCALES } from '../constants';

/**
 * Alerts (issue 20 item 6, spec §3 alert entity, wider-portal.md §8): what network operations says about the account's
 * service address: an outage covering it, or planned maintenance there. The body is written by the server in the
 * reader's language; the page alert banner (spec §2.4) and the account summary show them.
 */
export const ALERTS_PATH = '/api/pub/alerts/v1/alerts';

/** spec §3: an outage alert, or another (planned maintenance). */
export const ALERT_TYPES = ['outage', 'other'] as const;
export const ALERT_SEVERITIES = ['info', 'warning', 'error'] as const;
/** wider-portal.md §8: an outage's stages; a planned maintenance is scheduled, in progress, then completed. */
export const NETWORK_STAGES = [
  'investigating',
  'identified',
  'crew_dispatched',
  'monitoring',
  'resolved',
  'scheduled',
  'in_progress',
  'completed',
] as const;
export const ESTIMATE_CONFIDENCES = ['low', 'medium', 'high'] as const;

export const AlertSchema = z.object({
  /** The alert: one per event and address. */
  id: z.string(),
  /** spec §3 pid: the network event it is about (network operations' reference, e.g. OUT-24117). */
  pid: z.string(),
  type: z.enum(ALERT_TYPES),
  severity: z.enum(ALERT_SEVERITIES),
  /** In the reader's language. */
  body: z.string(),
  /** An outage's estimated restoration, a maintenance's planned end. */
  estimatedResolution: z.iso.datetime().nullable(),
  /** Where more is said: the outage map's page. */
  link: z.string().nullable(),
  /** What the reader can do about it: an outage's callback page (to be told when it is over). */
  action: z.string().nullable(),
  stage: z.enum(NETWORK_STAGES),
  confidence: z.enum(ESTIMATE_CONFIDENCES).nullable(),
  /** Under way now (an outage, a maintenance in its window), or announced for later. */
  active: z.boolean(),
  startsAt: z.iso.datetime(),
});
export type Alert = z.infer<typeof AlertSchema>;

export const AlertsResponseSchema = z.object({ alerts: z.array(AlertSchema) });
export type AlertsResponse = z.infer<typeof AlertsResponseSchema>;

export const AlertsQuerySchema = z.strictObject({ lang: z.enum(LOCALES).optional() });

import type { NETWORK_STAGES } from '@vireo/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The simulated network operations' own records (issue 20 item 1, wider-portal.md §8): outages and planned
 * maintenance with their areas (GeoJSON polygons, WGS 84 longitude/latitude) and the stages they go through on the
 * clock, and the premises the network serves with their coordinates. Only modules/network-ops reads and writes them;
 * the portal asks network operations, as it asks the billing system.
 */

export const networkEventKindEnum = pgEnum('network_event_kind', ['outage', 'maintenance']);
export const outageConfidenceEnum = pgEnum('outage_confidence', ['low', 'medium', 'high']);

/** wider-portal.md §8: an outage's stages, in order (a planned maintenance: scheduled, in progress, completed). */
export type NetworkStage = (typeof NETWORK_STAGES)[number];

/** A GeoJSON Polygon: rings of [longitude, latitude], the first ring the outer boundary. */
export type PolygonGeometry = { type: 'Polygon'; coordinates: [number, number][][] };

export const networkEvents = pgTable(
  'network_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** What network operations calls it (`OUT-24117`, `MNT-3306`): quoted to support, printed on the letter. */
    reference: text().notNull().unique(),
    kind: networkEventKindEnum().notNull(),
    /** The services it takes down: `internet`, `tv`, `phone`. */
    services: jsonb().$type<string[]>().notNull(),
    /** fiber_cut, power, equipment, weather, upgrade */
    cause: text().notNull(),
    /** The area in words ("Downtown Orlando, FL"). */
    region: text().notNull(),
    /** The area's clock (IANA): its times are said on it to a visitor of the outage map. */
    timeZone: text().notNull(),
    area: jsonb().$type<PolygonGeometry>().notNull(),
    customersAffected: integer().notNull(),
    /** A maintenance's notice: from when it is announced. An outage is known from its start. */
    announcedAt: timestamp({ withTimezone: true }).notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    /** An outage's estimated restoration (with its confidence); a maintenance's planned end. */
    estimatedEndAt: timestamp({ withTimezone: true }).notNull(),
    confidence: outageConfidenceEnum(),
    /** The stages as operations moves through them, each from its time on; the last one ends the event. */
    timeline: jsonb().$type<{ stage: NetworkStage; at: string }[]>().notNull(),
    /** When the last stage comes (network operations' own plan: what the portal shows waits for the clock). */
    closesAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('network_events_starts').on(t.startsAt, t.id),
    // the map shows what has not closed (or closed within a day): the long history of closed events is skipped by it
    index('network_events_closes').on(t.closesAt),
    check('network_events_window', sql`${t.estimatedEndAt} > ${t.startsAt} and ${t.announcedAt} <= ${t.startsAt}`),
  ],
);

/** The premises the network serves, by service address, with their coordinates (where an area test starts). */
export const networkPremises = pgTable(
  'network_premises',
  {
    zip: text().notNull(),
    /** The street line, upper case, single spaces: how an address is matched. */
    street: text().notNull(),
    longitude: doublePrecision().notNull(),
    latitude: doublePrecision().notNull(),
  },
  (t) => [primaryKey({ columns: [t.zip, t.street] })],
);

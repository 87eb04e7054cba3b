import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const tsvectors = customType<{ data: string }>({ dataType: () => 'tsvector[]' });
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The help articles (issue 21 items 1-2, wider-portal.md §9) as the search reads them: a copy of the repository's
 * Markdown (modules/support/articles), one row per article and language, replaced at start-up when the text changed
 * (support.repository.ts `sync`). `search` is the text's vector in its language's configuration (`vireo_en`, `vireo_es`:
 * the language's stemmer after `unaccent`, migration 0024), the title weighing most; `head` ranks.
 */
export const supportArticles = pgTable(
  'support_articles',
  {
    slug: text().notNull(),
    lang: text().notNull(),
    category: text().notNull(),
    title: text().notNull(),
    summary: text().notNull(),
    updated: date({ mode: 'string' }).notNull(),
    /** The text as blocks (schemas/support.ts `ArticleBlock[]`): what the article page renders. */
    body: jsonb().notNull(),
    /** The text without its formatting: what `search` is made of. */
    plain: text().notNull(),
    /** `plain` in passages of a few lines (article-files.ts `passagesOf`): what the snippets are cut from. */
    passages: text().array().notNull(),
    /** Each passage's vector, in order: which passage a snippet is cut from. */
    passageSearch: tsvectors().notNull(),
    /** The source file's SHA-256: the start-up sync rewrites a row only when it changed. */
    sourceHash: text().notNull(),
    search: tsvector().notNull(),
    /**
     * The title's and summary's vector alone (migration 0028): what ranks the matches. Small and stored in the row, it
     * is read for every match, where the whole text's vector would be decompressed thousands of times a query.
     */
    head: tsvector().notNull(),
    /** The article is written in this row's language alone: a search in the other language reads this text too. */
    sole: boolean().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.slug, t.lang] }),
    check('support_articles_lang', sql`${t.lang} in ('en', 'es')`),
    // one per language, looked up by the same expression (migration 0028 `support_search_hits`)
    index('support_articles_search_en').using('gin', sql`(case when ${t.lang} = 'en' then ${t.search} end)`),
    index('support_articles_search_es').using('gin', sql`(case when ${t.lang} = 'es' then ${t.search} end)`),
    index('support_articles_search_sole').using('gin', sql`(case when ${t.sole} then ${t.search} end)`),
    index('support_articles_head_en').using('gin', sql`(case when ${t.lang} = 'en' then ${t.head} end)`),
    index('support_articles_head_es').using('gin', sql`(case when ${t.lang} = 'es' then ${t.head} end)`),
    index('support_articles_head_sole').using('gin', sql`(case when ${t.sole} then ${t.head} end)`),
    index('support_articles_category').on(t.category, t.title),
  ],
);

/** The numbers of the tickets (`VB-` and this number), in the order they were sent. */
export const supportTicketNumbers = pgSequence('support_ticket_numbers', { startWith: 1_000_001 });

/**
 * Support tickets (issue 21 item 4, wider-portal.md §9): what a signed-in user or a visitor wrote, with its status as
 * the support desk sets it. A visitor's ticket has no account or user, only the name and address to answer.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** `VB-1000001`: what the person quotes. */
    number: text().notNull(),
    accountId: uuid().references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    email: text().notNull(),
    language: text().notNull(),
    topic: text().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    status: text().notNull().default('received'),
    /** With the user's consent: the service, equipment, outages, last speed test and trace ids (SupportContext). */
    context: jsonb(),
    /** Issue 23 item 4: the support code of the error the person writes about, as they gave it (SUPPORT_CODE_PATTERN). */
    supportCode: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('support_tickets_number').on(t.number),
    // the user's tickets, newest first (keyset: created_at, id)
    index('support_tickets_user').on(t.userId, t.createdAt, t.id),
    check(
      'support_tickets_status',
      sql`${t.status} in ('received', 'in_progress', 'waiting_for_customer', 'resolved')`,
    ),
  ],
);

/**
 * The files sent with tickets: checked by their content when they arrive, kept for the one who sent them (`owner`:
 * `user:<id>`, or `visitor:<SHA-256 of the anti-forgery token>`) until a ticket takes them, deleted after
 * SUPPORT_ATTACHMENT_KEEP_HOURS when none did.
 */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: uuid().primaryKey().defaultRandom(),
    owner: text().notNull(),
    ticketId: uuid().references(() => supportTickets.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    mediaType: text().notNull(),
    sizeBytes: integer().notNull(),
    sha256: text().notNull(),
    bytes: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('support_attachments_ticket').on(t.ticketId),
    index('support_attachments_pending').on(t.createdAt).where(sql`${t.ticketId} is null`),
    check('support_attachments_type', sql`${t.mediaType} in ('application/pdf', 'image/png', 'image/jpeg')`),
  ],
);

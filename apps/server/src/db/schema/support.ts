import { sql } from 'drizzle-orm';
import { check, customType, date, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The help articles (issue 21 items 1-2, wider-portal.md §9) as the search reads them: a copy of the repository's
 * Markdown (modules/support/articles), one row per article and language, replaced at start-up when the text changed
 * (support.repository.ts `sync`). `search` is the text's vector in its language's configuration (`vireo_en`, `vireo_es`:
 * the language's stemmer after `unaccent`, migration 0024), the title weighing most.
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
    /** The text without its formatting: what the snippets are cut from. */
    plain: text().notNull(),
    /** The source file's SHA-256: the start-up sync rewrites a row only when it changed. */
    sourceHash: text().notNull(),
    search: tsvector().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.slug, t.lang] }),
    check('support_articles_lang', sql`${t.lang} in ('en', 'es')`),
    index('support_articles_search').using('gin', t.search),
    index('support_articles_category').on(t.category, t.lang, t.title),
  ],
);

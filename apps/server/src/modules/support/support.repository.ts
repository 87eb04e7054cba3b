import type { Locale } from '@vireo/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, rowsOf } from '../../db/client';
import { supportArticles } from '../../db/schema';
import type { ArticleSource } from './article-files';

/** Each language's text search configuration (migration 0024): its stemmer after unaccent. */
const CONFIG: Record<Locale, SQL> = { en: sql.raw(`'vireo_en'::regconfig`), es: sql.raw(`'vireo_es'::regconfig`) };
/** ts_headline's marks around a matched word: control characters no article holds. */
export const HIT_START = '\u0002';
export const HIT_STOP = '\u0003';

export type ArticleRow = typeof supportArticles.$inferSelect;
export type SummaryRow = Pick<ArticleRow, 'slug' | 'lang' | 'category' | 'title' | 'summary' | 'updated'>;
export type SearchRow = SummaryRow & { score: number; headline: string };

const summary = {
  slug: supportArticles.slug,
  lang: supportArticles.lang,
  category: supportArticles.category,
  title: supportArticles.title,
  summary: supportArticles.summary,
  updated: supportArticles.updated,
};

/** An article's search vector: the title weighs most, then the summary, then the text. */
function vectorOf(article: Pick<ArticleSource, 'lang' | 'title' | 'summary' | 'plain'>): SQL {
  const config = CONFIG[article.lang];
  return sql`setweight(to_tsvector(${config}, ${article.title}), 'A') || setweight(to_tsvector(${config}, ${article.summary}), 'B') || setweight(to_tsvector(${config}, ${article.plain}), 'C')`;
}

export function createSupportRepository() {
  return {
    /**
     * Makes the table hold exactly `articles` (issue 21 item 1): rows whose file changed are rewritten, new ones
     * inserted, those of removed files deleted; an unchanged set costs one read. Safe on several instances at once
     * (each writes the same rows). Returns how many rows were written and deleted.
     */
    async sync(db: Db, articles: readonly ArticleSource[]): Promise<{ written: number; deleted: number }> {
      return db.transaction(async (tx) => {
        const stored = await tx
          .select({ slug: supportArticles.slug, lang: supportArticles.lang, hash: supportArticles.sourceHash })
          .from(supportArticles);
        const hashOf = new Map(stored.map((row) => [`${row.slug}.${row.lang}`, row.hash]));
        const changed = articles.filter((a) => hashOf.get(`${a.slug}.${a.lang}`) !== a.sourceHash);
        for (const article of changed) {
          const { slug, lang, ...text } = article;
          const row = { ...text, search: vectorOf(article) };
          await tx
            .insert(supportArticles)
            .values({ slug, lang, ...row })
            .onConflictDoUpdate({ target: [supportArticles.slug, supportArticles.lang], set: row });
        }
        const kept = new Set(articles.map((a) => `${a.slug}.${a.lang}`));
        const gone = stored.filter((row) => !kept.has(`${row.slug}.${row.lang}`));
        for (const row of gone) {
          await tx
            .delete(supportArticles)
            .where(and(eq(supportArticles.slug, row.slug), eq(supportArticles.lang, row.lang)));
        }
        return { written: changed.length, deleted: gone.length };
      });
    },

    /** A category's articles in both languages, by title (a category holds tens: repository content, not data). */
    listCategory(ex: Executor, category: string): Promise<SummaryRow[]> {
      return ex
        .select(summary)
        .from(supportArticles)
        .where(eq(supportArticles.category, category))
        .orderBy(asc(supportArticles.title), asc(supportArticles.slug));
    },

    /** Every article's summary in both languages (the help centre's front page, by category). */
    listAll(ex: Executor): Promise<SummaryRow[]> {
      return ex.select(summary).from(supportArticles).orderBy(asc(supportArticles.title), asc(supportArticles.slug));
    },

    /** An article in every language it is written in. */
    findArticle(ex: Executor, slug: string): Promise<ArticleRow[]> {
      return ex.select().from(supportArticles).where(eq(supportArticles.slug, slug));
    },

    findSummaries(ex: Executor, slugs: string[]): Promise<SummaryRow[]> {
      if (slugs.length === 0) return Promise.resolve([]);
      return ex.select(summary).from(supportArticles).where(inArray(supportArticles.slug, slugs));
    },

    /**
     * One page of ranked matches (issue 21 item 2): the query read by `websearch_to_tsquery` in each language's
     * configuration (any input is a query, never an error), matched against the rows of that language; one row per
     * article, its `prefer`red language when that text matched; ordered by score (ts_rank, the title weighing most, in millionths), then slug;
     * after the `after` key; snippets cut only for the page's rows. `mode` `any` joins the query's words by OR.
     */
    async search(
      ex: Executor,
      input: { query: string; prefer: Locale; mode: 'all' | 'any'; after: { score: number; slug: string } | null },
      limit: number,
    ): Promise<SearchRow[]> {
      const tsquery = (lang: Locale) =>
        input.mode === 'all'
          ? sql`websearch_to_tsquery(${CONFIG[lang]}, ${input.query})`
          : // every word of the query on its own, joined by OR (words only: the operators of the 'all' form are dropped)
            sql`coalesce(nullif(replace(plainto_tsquery(${CONFIG[lang]}, ${input.query})::text, '&', '|'), '')::tsquery, ''::tsquery)`;
      const after = input.after
        ? sql`where (b.score < ${input.after.score} or (b.score = ${input.after.score} and b.slug > ${input.after.slug}))`
        : sql``;
      // the queries inline (immutable: folded to constants when planned), so the GIN index answers the match
      const q = { en: tsquery('en'), es: tsquery('es') };
      const queryOf = sql`case when lang = 'es' then ${q.es} else ${q.en} end`;
      return rowsOf<SearchRow>(
        ex,
        // the hits carry their keys and score only: the texts are read for the page's rows alone
        sql`with hits as (
          select slug, lang, (ts_rank(search, ${queryOf}) * 1000000)::bigint as score
          from support_articles
          where (lang = 'en' and search @@ ${q.en}) or (lang = 'es' and search @@ ${q.es})
        ),
        best as (
          select distinct on (slug) * from hits order by slug, (lang = ${input.prefer}) desc, score desc
        ),
        page as (select * from best b ${after} order by b.score desc, b.slug limit ${limit})
        select a.slug, a.lang, a.category, a.title, a.summary, a.updated::text as updated, page.score::float8 as score,
          ts_headline(case when a.lang = 'es' then ${CONFIG.es} else ${CONFIG.en} end, a.plain,
            case when a.lang = 'es' then ${q.es} else ${q.en} end,
            ${`StartSel=${HIT_START}, StopSel=${HIT_STOP}, MaxWords=28, MinWords=12`}) as headline
        from page join support_articles a on a.slug = page.slug and a.lang = page.lang
        order by page.score desc, a.slug`,
      );
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;

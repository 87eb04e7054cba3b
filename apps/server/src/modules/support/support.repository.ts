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

/**
 * What ranks an article's matches (migration 0028): the title's and summary's vectors and, from the text, the words it
 * uses more than once (an article is about what it repeats), weighted as in `vectorOf`. A tenth of the whole vector's
 * size on average, so it stays in the row that every match visits.
 */
function headOf(article: Pick<ArticleSource, 'lang' | 'title' | 'summary' | 'plain'>): SQL {
  const config = CONFIG[article.lang];
  const text = sql`setweight(to_tsvector(${config}, ${article.plain}), 'C')`;
  return sql`setweight(to_tsvector(${config}, ${article.title}), 'A') || setweight(to_tsvector(${config}, ${article.summary}), 'B') || ts_delete(${text}, array(select u.lexeme from unnest(${text}) u where cardinality(u.positions) < 2))`;
}

export function createSupportRepository() {
  return {
    /**
     * Makes the table hold exactly `articles` (issue 21 item 1): rows whose file changed (or whose article gained or
     * lost its other language: `sole`) are rewritten, new ones inserted, those of removed files deleted; an unchanged
     * set costs one read. Safe on several instances at once (each writes the same rows). Returns how many rows were
     * written and deleted.
     */
    async sync(db: Db, articles: readonly ArticleSource[]): Promise<{ written: number; deleted: number }> {
      const languages = new Map<string, number>();
      for (const a of articles) languages.set(a.slug, (languages.get(a.slug) ?? 0) + 1);
      return db.transaction(async (tx) => {
        const stored = await tx
          .select({
            slug: supportArticles.slug,
            lang: supportArticles.lang,
            hash: supportArticles.sourceHash,
            sole: supportArticles.sole,
          })
          .from(supportArticles);
        const storedOf = new Map(stored.map((row) => [`${row.slug}.${row.lang}`, row]));
        const changed = articles.filter((a) => {
          const row = storedOf.get(`${a.slug}.${a.lang}`);
          return row?.hash !== a.sourceHash || row.sole !== (languages.get(a.slug) === 1);
        });
        for (const article of changed) {
          const { slug, lang, ...text } = article;
          const sole = languages.get(slug) === 1;
          const row = {
            ...text,
            sole,
            search: vectorOf(article),
            head: headOf(article),
            passageSearch: sql`array(select to_tsvector(${CONFIG[lang]}, p) from jsonb_array_elements_text(${JSON.stringify(text.passages)}::jsonb) with ordinality u(p, n) order by n)`,
          };
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
     * configuration (any input is a query, never an error), matched through the GIN indexes (migration 0028
     * `support_search_hits`) against the texts in `lang`, and with `sole` those of the articles written in the other
     * language alone; ordered by score (ts_rank of the title, the summary and the words the text repeats, the title
     * weighing most, in millionths), then slug; after the `after` key. `mode` `any` joins the query's words by OR and
     * looks for them in what each article is about (`head`: its title, its summary, the words it repeats). The
     * snippets, for the page's rows alone, are cut from the passage that holds the most of the query's words.
     */
    async search(
      ex: Executor,
      input: {
        query: string;
        lang: Locale;
        sole: boolean;
        mode: 'all' | 'any';
        after: { score: number; slug: string } | null;
      },
      limit: number,
    ): Promise<SearchRow[]> {
      // every word of the query on its own, joined by OR (words only: the operators of the 'all' form are dropped)
      const anyWord = (lang: Locale) =>
        sql`coalesce(nullif(replace(plainto_tsquery(${CONFIG[lang]}, ${input.query})::text, '&', '|'), '')::tsquery, ''::tsquery)`;
      const tsquery = (lang: Locale) =>
        input.mode === 'all' ? sql`websearch_to_tsquery(${CONFIG[lang]}, ${input.query})` : anyWord(lang);
      const after = input.after
        ? sql`where (b.score < ${input.after.score} or (b.score = ${input.after.score} and b.slug > ${input.after.slug}))`
        : sql``;
      // every word: anywhere in the text; any word: in what the article is about (`head`, migration 0028)
      const hits = sql.raw(input.mode === 'all' ? 'support_search_hits' : 'support_search_heads');
      const words = sql`(case when a.lang = 'es' then ${anyWord('es')} else ${anyWord('en')} end)`;
      return rowsOf<SearchRow>(
        ex,
        // the hits carry their keys and score only: the texts are read for the page's rows alone
        sql`with page as (
          select * from ${hits}(${tsquery('en')}, ${tsquery('es')}, ${input.lang}, ${input.sole}) b ${after}
          order by b.score desc, b.slug limit ${limit}
        )
        select a.slug, a.lang, a.category, a.title, a.summary, a.updated::text as updated, page.score::float8 as score,
          ts_headline(case when a.lang = 'es' then ${CONFIG.es} else ${CONFIG.en} end,
            coalesce((select p.t from unnest(a.passages, a.passage_search) with ordinality p(t, v, n)
              where p.v @@ ${words} order by ts_rank(p.v, ${words}) desc, p.n limit 1), a.summary),
            ${words}, ${`StartSel=${HIT_START}, StopSel=${HIT_STOP}, MaxWords=28, MinWords=12`}) as headline
        from page join support_articles a on a.slug = page.slug and a.lang = page.lang
        order by page.score desc, a.slug`,
      );
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;

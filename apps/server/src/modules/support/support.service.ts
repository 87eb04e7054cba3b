import {
  AppError,
  type Article,
  type ArticleBlock,
  type ArticleList,
  type ArticleSummary,
  LOCALES,
  type Locale,
  SUPPORT_SEARCH_PAGE,
  type SupportSearchResult,
} from '@vireo/shared';
import type { Db } from '../../db/client';
import { invalidCursor } from '../../platform/keyset';
import { type ArticleSource, readArticles } from './article-files';
import { HIT_START, HIT_STOP, type SearchRow, type SummaryRow, type SupportRepository } from './support.repository';

/** "Related articles" under an article: others of its category. */
const RELATED_SHOWN = 4;

/**
 * The help centre (issue 21 items 1-2, wider-portal.md §9), for anyone: articles by category, one article in the
 * language asked for (or the one it is written in), and the search.
 */
export function createSupportService({ db, repo }: { db: Db; repo: SupportRepository }) {
  return {
    /** The repository's articles into the database (main.ts at start-up, before the first request). */
    sync: (articles: readonly ArticleSource[] = readArticles()) => repo.sync(db, articles),

    async list(query: { category?: string | undefined; lang?: Locale | undefined }): Promise<ArticleList> {
      const rows = query.category ? await repo.listCategory(db, query.category) : await repo.listAll(db);
      return { items: inLanguage(rows, query.lang ?? 'en').map(summaryOf) };
    },

    async article(slug: string, lang: Locale): Promise<Article> {
      const texts = await repo.findArticle(db, slug);
      const text = texts.find((row) => row.lang === lang) ?? texts[0];
      if (!text) throw new AppError('NOT_FOUND', 'no such article');
      const others = await repo.listCategory(db, text.category);
      const related = inLanguage(
        others.filter((row) => row.slug !== slug),
        lang,
      ).slice(0, RELATED_SHOWN);
      return {
        ...summaryOf(text),
        body: text.body as ArticleBlock[],
        languages: LOCALES.filter((l) => texts.some((row) => row.lang === l)),
        related: related.map(summaryOf),
      };
    },

    /**
     * Ranked matches, one page at a time (keyset: score, then slug), from the first of these that finds any: the
     * articles holding every word, in the language asked for (and those written in the other language alone); then
     * those holding any of them (`match: 'any'`: a misspelt or extra word still finds the rest); then the same two in
     * the other language's texts (an English word typed in a Spanish search), each text labelled by its language.
     */
    async search(query: { q: string; lang?: Locale | undefined; cursor?: string | undefined }) {
      const prefer = query.lang ?? 'en';
      const after = decodeSearchCursor(query.cursor);
      let stage = after?.stage ?? 0;
      let rows: SearchRow[] = [];
      for (; stage < SEARCH_STAGES.length; stage++) {
        const { mode, other } = SEARCH_STAGES[stage] as (typeof SEARCH_STAGES)[number];
        const lang = other ? (LOCALES.find((l) => l !== prefer) as Locale) : prefer;
        rows = await repo.search(db, { query: query.q, lang, sole: !other, mode, after }, SUPPORT_SEARCH_PAGE + 1);
        if (rows.length > 0 || after) break;
      }
      const page = rows.slice(0, SUPPORT_SEARCH_PAGE);
      const last = page.at(-1);
      const result: SupportSearchResult = {
        items: page.map((row) => ({ ...summaryOf(row), snippet: snippetOf(row) })),
        nextCursor:
          rows.length > SUPPORT_SEARCH_PAGE && last
            ? encodeSearchCursor({ stage, score: last.score, slug: last.slug })
            : null,
        match: page.length === 0 ? 'none' : (SEARCH_STAGES[stage]?.mode ?? 'all'),
      };
      return result;
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;

/** One text per article: the one in `lang`, else the other. */
function inLanguage<T extends SummaryRow>(rows: T[], lang: Locale): T[] {
  const bySlug = new Map<string, T>();
  for (const row of rows) {
    const kept = bySlug.get(row.slug);
    if (!kept || (kept.lang !== lang && row.lang === lang)) bySlug.set(row.slug, row);
  }
  return [...bySlug.values()];
}

function summaryOf(row: SummaryRow): ArticleSummary {
  return {
    slug: row.slug,
    lang: row.lang as Locale,
    category: row.category as ArticleSummary['category'],
    title: row.title,
    summary: row.summary,
    updated: row.updated,
  };
}

/** ts_headline's text as parts, the matched words marked: the page highlights them without any markup from here. */
export function snippetOf(row: Pick<SearchRow, 'headline'>): { text: string; hit: boolean }[] {
  const parts: { text: string; hit: boolean }[] = [];
  for (const [index, piece] of row.headline.split(HIT_START).entries()) {
    const [hit, rest] = index === 0 ? [undefined, piece] : piece.split(HIT_STOP, 2);
    if (hit) parts.push({ text: hit, hit: true });
    if (rest) parts.push({ text: rest.replace(/\s+/g, ' '), hit: false });
  }
  return parts;
}

/** The search's stages, in order (`search`): every word, then any; in the language asked for, then in the other. */
const SEARCH_STAGES = [
  { mode: 'all', other: false },
  { mode: 'any', other: false },
  { mode: 'all', other: true },
  { mode: 'any', other: true },
] as const;

type SearchCursor = { stage: number; score: number; slug: string };

function encodeSearchCursor(cursor: SearchCursor): string {
  return Buffer.from(JSON.stringify([cursor.stage, cursor.score, cursor.slug])).toString('base64url');
}

function decodeSearchCursor(value: string | undefined): SearchCursor | null {
  if (value === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 3 &&
      Number.isInteger(parsed[0]) &&
      parsed[0] >= 0 &&
      parsed[0] < SEARCH_STAGES.length &&
      Number.isSafeInteger(parsed[1]) &&
      typeof parsed[2] === 'string' &&
      parsed[2].length <= 80
    ) {
      return { stage: parsed[0], score: parsed[1] as number, slug: parsed[2] };
    }
  } catch {
    // fall through
  }
  throw invalidCursor();
}

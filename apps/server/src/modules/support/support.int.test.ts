import {
  type Article,
  type ArticleList,
  STORES_SHOWN,
  type StoresResponse,
  SUPPORT_ARTICLES_PATH,
  SUPPORT_CATEGORIES,
  SUPPORT_SEARCH_PAGE,
  SUPPORT_SEARCH_PATH,
  SUPPORT_STORES_PATH,
  type SupportSearchResult,
} from '@vireo/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { supportArticles } from '../../db/schema';
import { parseArticle, readArticles } from './article-files';

/**
 * The help centre's data (issue 21 items 1-2, wider-portal.md §9) for a visitor: the repository's articles synced into
 * the database, by category and one at a time in either language, and the full-text search in both configurations
 * with accents folded, ranked, snippets marked, a page at a time, any-word matches when no article holds every word.
 */
const portal = signedInApp();
const articles = readArticles();

beforeAll(async () => {
  await portal.app().portal.services.support.sync(articles);
});

async function get<T>(b: Browser, url: string): Promise<T> {
  const answer = await b.request({ url });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

const search = (b: Browser, q: string, more = '') =>
  get<SupportSearchResult>(b, `${SUPPORT_SEARCH_PATH}?q=${encodeURIComponent(q)}${more}`);

describe('the help centre’s articles', () => {
  it('syncs the repository’s articles once: unchanged files write nothing, a changed one is rewritten, a removed one goes', async () => {
    const { support } = portal.app().portal.services;
    expect(await support.sync(articles)).toEqual({ written: 0, deleted: 0 });
    const [first, ...rest] = articles;
    if (!first) throw new Error('no articles');
    const edited = parseArticle(
      `${first.slug}.${first.lang}.md`,
      `---\ntitle: Edited title\ncategory: ${first.category}\nsummary: Edited.\nupdated: 2026-11-30\n---\nNew words.\n`,
    );
    expect(await support.sync([edited, ...rest])).toEqual({ written: 1, deleted: 0 });
    const { db } = portal.database();
    const [row] = await db.select().from(supportArticles).where(eq(supportArticles.title, 'Edited title'));
    expect(row?.plain).toBe('New words.');
    // removing one language's text leaves the other the article's only one (`sole`: searched in both languages)
    const soleOf = async () =>
      (await db.select().from(supportArticles).where(eq(supportArticles.slug, first.slug)))
        .map((r) => [r.lang, r.sole])
        .sort();
    expect(await soleOf()).toEqual([
      ['en', false],
      ['es', false],
    ]);
    expect(await support.sync(rest)).toEqual({ written: 1, deleted: 1 });
    expect(await soleOf()).toEqual([['es', true]]);
    expect(await support.sync(articles)).toEqual({ written: 2, deleted: 0 });
    expect(await soleOf()).toEqual([
      ['en', false],
      ['es', false],
    ]);
  });

  it('lists every category’s articles in the language asked for, English-only ones in English', async () => {
    const b = await portal.visitor();
    const es = await get<ArticleList>(b, `${SUPPORT_ARTICLES_PATH}?category=billing&lang=es`);
    expect(es.items.length).toBeGreaterThanOrEqual(4);
    expect(es.items.every((item) => item.lang === 'es' && item.category === 'billing')).toBe(true);
    const internet = await get<ArticleList>(b, `${SUPPORT_ARTICLES_PATH}?category=internet&lang=es`);
    const englishOnly = internet.items.filter((item) => item.lang === 'en').map((item) => item.slug);
    expect(englishOnly).toContain('static-ip-addresses');
    const all = await get<ArticleList>(b, `${SUPPORT_ARTICLES_PATH}?lang=en`);
    expect(new Set(all.items.map((item) => item.slug)).size).toBe(all.items.length);
    for (const category of SUPPORT_CATEGORIES) {
      expect(all.items.filter((item) => item.category === category).length, category).toBeGreaterThanOrEqual(3);
    }
    expect((await b.request({ url: `${SUPPORT_ARTICLES_PATH}?category=nope` })).statusCode).toBe(400);
  });

  it('reads one article in either language, with its languages and related articles; unknown is 404', async () => {
    const b = await portal.visitor();
    const en = await get<Article>(b, `${SUPPORT_ARTICLES_PATH}/read-your-statement`);
    expect(en).toMatchObject({ slug: 'read-your-statement', lang: 'en', category: 'billing', languages: ['en', 'es'] });
    expect(en.body.length).toBeGreaterThan(2);
    expect(en.related.length).toBeGreaterThan(0);
    expect(en.related.every((item) => item.category === 'billing' && item.slug !== 'read-your-statement')).toBe(true);
    const es = await get<Article>(b, `${SUPPORT_ARTICLES_PATH}/read-your-statement?lang=es`);
    expect(es.lang).toBe('es');
    expect(es.title).not.toBe(en.title);
    // written in English only: the English text, said so by `lang`
    const sip = await get<Article>(b, `${SUPPORT_ARTICLES_PATH}/sip-trunk-compatibility?lang=es`);
    expect(sip).toMatchObject({ lang: 'en', languages: ['en'] });
    expect((await b.request({ url: `${SUPPORT_ARTICLES_PATH}/no-such-article` })).statusCode).toBe(404);
    expect((await b.request({ url: `${SUPPORT_ARTICLES_PATH}/Bad%20Slug` })).statusCode).toBe(400);
  });
});

describe('the help search', () => {
  it('finds the billing articles for “facturacion” typed without its accent, in Spanish, the words marked', async () => {
    const b = await portal.visitor();
    const result = await search(b, 'facturacion', '&lang=es');
    expect(result.match).toBe('all');
    // the billing articles, and the ones about paying bills first
    expect(result.items.filter((item) => item.category === 'billing').length).toBeGreaterThanOrEqual(3);
    expect(result.items.slice(0, 2).every((item) => ['billing', 'payments', 'mobile'].includes(item.category))).toBe(
      true,
    );
    expect(result.items.every((item) => item.lang === 'es')).toBe(true);
    const marked = result.items.flatMap((item) => item.snippet.filter((part) => part.hit).map((part) => part.text));
    expect(marked.length).toBeGreaterThan(0);
    expect(
      marked.every((word) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().startsWith('factur')),
    ).toBe(true);
  });

  it('finds an English-only article from a Spanish search, in English; prefers the asked language otherwise', async () => {
    const b = await portal.visitor();
    const sip = await search(b, 'SIP trunk', '&lang=es');
    expect(sip.items[0]).toMatchObject({ slug: 'sip-trunk-compatibility', lang: 'en' });
    const voicemail = await search(b, 'voicemail', '&lang=en');
    expect(voicemail.items.length).toBeGreaterThan(0);
    expect(voicemail.items.every((item) => item.lang === 'en')).toBe(true);
  });

  it('ranks a title match first, pages by keyset, and never fails on any input', async () => {
    const b = await portal.visitor();
    const first = await search(b, 'auto pay', '&lang=en');
    expect(first.items[0]?.slug).toBe('set-up-auto-pay');
    const broad = await search(b, 'bill OR payment OR internet OR service', '&lang=en');
    expect(broad.items).toHaveLength(SUPPORT_SEARCH_PAGE);
    expect(broad.nextCursor).not.toBeNull();
    const next = await search(b, 'bill OR payment OR internet OR service', `&lang=en&cursor=${broad.nextCursor}`);
    const slugs = [...broad.items, ...next.items].map((item) => item.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const odd of [
      '"',
      '-',
      'OR',
      '!!',
      "'",
      'a & b | (c',
      'the of and',
      '<script>',
      'ñ'.repeat(200),
      'a:* & !b',
      '(((',
      '\\',
      '\u202e',
      'x'.repeat(200),
    ]) {
      const answer = await b.request({ url: `${SUPPORT_SEARCH_PATH}?q=${encodeURIComponent(odd)}` });
      expect(answer.statusCode, odd).toBe(200);
    }
    // text PostgreSQL cannot hold (NUL) and bytes that are not UTF-8 (a surrogate's, 0xFF) are refused as input,
    // never a server error
    for (const bad of ['%00', 'a%00b', '%ED%A0%80', '%FF']) {
      const answer = await b.request({ url: `${SUPPORT_SEARCH_PATH}?q=${bad}` });
      expect(answer.statusCode, bad).toBeLessThan(500);
    }
    expect((await b.request({ url: `${SUPPORT_SEARCH_PATH}?q=x&cursor=nope` })).statusCode).toBe(400);
    expect((await b.request({ url: `${SUPPORT_SEARCH_PATH}?q=4111%201111%201111%201111` })).statusCode).toBe(400);
    expect((await b.request({ url: SUPPORT_SEARCH_PATH })).statusCode).toBe(400);
    expect((await b.request({ url: `${SUPPORT_SEARCH_PATH}?q=%C2%A0%20` })).statusCode).toBe(400);
  });

  it('reads the other language’s texts only when its own hold none of the words, each labelled', async () => {
    const b = await portal.visitor();
    // "modem" is in the Spanish texts too ("módem"): the Spanish texts, and the articles written in English alone
    const spanish = new Set(articles.filter((a) => a.lang === 'es').map((a) => a.slug));
    const both = await search(b, 'modem', '&lang=es');
    expect(both.items.filter((item) => item.lang === 'es').length).toBeGreaterThan(2);
    expect(both.items.every((item) => item.lang === 'es' || !spanish.has(item.slug))).toBe(true);
    // a word only the English texts hold: the English texts, labelled English, paged like any other stage
    const english = await search(b, 'balance', '&lang=es');
    expect(english.match).toBe('all');
    expect(english.items.length).toBeGreaterThan(1);
    expect(english.items.every((item) => item.lang === 'en')).toBe(true);
  });

  it('cuts each snippet from the passage that holds the query’s words', async () => {
    const b = await portal.visitor();
    const result = await search(b, 'balance', '&lang=en');
    expect(result.items.length).toBeGreaterThan(1);
    for (const item of result.items) {
      expect(item.snippet.some((part) => part.hit && /^balances?$/i.test(part.text))).toBe(true);
      expect(item.snippet.map((part) => part.text).join('').length).toBeLessThanOrEqual(400);
    }
  });

  it('offers the articles holding some of the words when none holds them all, and says when nothing matched', async () => {
    const b = await portal.visitor();
    const some = await search(b, 'voicemail zzqxv', '&lang=en');
    expect(some.match).toBe('any');
    expect(some.items.length).toBeGreaterThan(0);
    const none = await search(b, 'zzqxv qqwxz', '&lang=en');
    expect(none).toEqual({ items: [], nextCursor: null, match: 'none' });
  });
});

describe('the stores near a ZIP code (issue 21 item 3)', () => {
  it('lists the nearest stores first, within 100 miles, at most three; says when the ZIP code or a store is not there', async () => {
    const b = await portal.visitor();
    const portland = await get<StoresResponse>(b, `${SUPPORT_STORES_PATH}?zip=04101`);
    expect(portland.place).toEqual({ zip: '04101', city: 'Portland', state: 'ME' });
    expect(portland.stores.map((s) => s.id)).toEqual(['pwm-old-port', 'pwm-maine-mall']);
    expect(portland.stores[0]?.distanceTenthsOfMile).toBeLessThan(10);
    const orlando = await get<StoresResponse>(b, `${SUPPORT_STORES_PATH}?zip=32801`);
    expect(orlando.stores).toHaveLength(STORES_SHOWN);
    expect(orlando.stores[0]).toMatchObject({ id: 'mco-downtown', city: 'Orlando' });
    const distances = orlando.stores.map((s) => s.distanceTenthsOfMile);
    expect(distances).toEqual([...distances].sort((x, y) => x - y));
    // a real ZIP code with no store near, and one that does not exist
    expect(await get<StoresResponse>(b, `${SUPPORT_STORES_PATH}?zip=59001`)).toMatchObject({
      place: { state: 'MT' },
      stores: [],
    });
    expect(await get<StoresResponse>(b, `${SUPPORT_STORES_PATH}?zip=00000`)).toEqual({ place: null, stores: [] });
    const bad = await b.request({ url: `${SUPPORT_STORES_PATH}?zip=0410` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0].path).toBe('querystring.zip');
  });
});

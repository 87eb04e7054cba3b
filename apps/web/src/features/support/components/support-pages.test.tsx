import { screen, within } from '@testing-library/react';
import {
  type Article,
  type ArticleSummary,
  SUPPORT_ARTICLES_PATH,
  SUPPORT_SEARCH_PATH,
  type SupportSearchResult,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { apiError, type FakeRequest, jsonResponse } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const summary = (slug: string, category: ArticleSummary['category'], title: string, lang: 'en' | 'es' = 'en') => ({
  slug,
  lang,
  category,
  title,
  summary: `What ${title} answers.`,
  updated: '2026-11-02',
});
const ARTICLES: ArticleSummary[] = [
  summary('read-your-statement', 'billing', 'How to read your statement'),
  summary('why-did-my-bill-change', 'billing', 'Why did my bill change?'),
  summary('set-up-auto-pay', 'payments', 'Set up Auto Pay'),
  summary('static-ip-addresses', 'internet', 'Static IP addresses'),
  summary('terms-of-service', 'legal', 'Terms of service'),
  summary('privacy', 'legal', 'Privacy'),
  summary('electronic-payment-terms', 'legal', 'Electronic payment terms'),
];
const ARTICLE: Article = {
  ...summary('read-your-statement', 'billing', 'How to read your statement'),
  languages: ['en', 'es'],
  body: [
    { t: 'h2', id: 'the-first-page', c: [{ t: 'text', v: 'The first page' }] },
    {
      t: 'p',
      c: [
        { t: 'text', v: 'It shows the ' },
        { t: 'strong', c: [{ t: 'text', v: 'amount due' }] },
        { t: 'text', v: '. Pay it on ' },
        { t: 'link', href: '/support', c: [{ t: 'text', v: 'the support page' }] },
        { t: 'text', v: '.' },
      ],
    },
    {
      t: 'ol',
      items: [
        [{ t: 'p', c: [{ t: 'text', v: 'Open Billing.' }] }],
        [{ t: 'p', c: [{ t: 'text', v: 'Choose a statement.' }] }],
      ],
    },
  ],
  related: [summary('why-did-my-bill-change', 'billing', 'Why did my bill change?')],
};

function articlesOf({ search }: FakeRequest) {
  const category = new URLSearchParams(search).get('category');
  return jsonResponse({ items: ARTICLES.filter((item) => !category || item.category === category) });
}

function render(path: string, routes: Record<string, unknown> = {}) {
  return renderApp({ path, routes: { [`GET ${SUPPORT_ARTICLES_PATH}`]: articlesOf, ...routes } });
}

describe('the help centre (issue 21 item 1)', () => {
  it('shows the topics with their counts and first articles, the search and the ways to a person', async () => {
    await render('/support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
    const billing = (await screen.findByRole('link', { name: 'Billing' })).closest('li') as HTMLElement;
    expect(billing).toHaveTextContent('2 articles');
    expect(within(billing).getByRole('link', { name: 'How to read your statement' })).toHaveAttribute(
      'href',
      '/page/read-your-statement',
    );
    expect(screen.getByRole('link', { name: 'Self-install' }).closest('li')).toHaveTextContent('0 articles');
    const box = screen.getByRole('searchbox', { name: 'Search help articles' });
    expect(box.closest('search')).toHaveAttribute('aria-label', 'Search help articles');
    expect(screen.getByRole('link', { name: 'Send us a message' })).toHaveAttribute('href', '/support/forms');
    await expectNoAxeViolations();
  });

  it('searches from the box: blank says what to type, words open the results', async () => {
    const { user, router } = await render('/support', {
      [`GET ${SUPPORT_SEARCH_PATH}`]: { items: [], nextCursor: null, match: 'none' } satisfies SupportSearchResult,
    });
    const box = await screen.findByRole('searchbox', { name: 'Search help articles' });
    await user.click(within(box.closest('form') as HTMLElement).getByRole('button', { name: 'Search' }));
    expect(box).toHaveAccessibleDescription('Type a few words, like “pay my bill” or “modem”.');
    expect(router.state.location.pathname).toBe('/support');
    await user.type(box, 'modem lights{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search Results' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ q: 'modem lights' });
  });

  it('lists a topic’s articles; an unknown topic says so', async () => {
    await render('/support/category/billing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Why did my bill change?' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Set up Auto Pay' })).not.toBeInTheDocument();
    await render('/support/category/nope');
    expect(await screen.findByText('There’s no such topic. Choose one on the Support page.')).toBeInTheDocument();
  });

  it('reads an article: its blocks as elements, a link opening in the page, related articles', async () => {
    const { user, router } = await render('/page/read-your-statement', {
      [`GET ${SUPPORT_ARTICLES_PATH}/read-your-statement`]: ARTICLE,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'How to read your statement' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'The first page' })).toHaveAttribute('id', 'the-first-page');
    expect(screen.getByText('amount due').tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toContain('Choose a statement.');
    expect(screen.getByText('Updated Nov 2, 2026')).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Billing' })).toHaveAttribute('href', '/support/category/billing');
    expect(screen.getByRole('region', { name: 'Related articles' })).toHaveTextContent('Why did my bill change?');
    await expectNoAxeViolations();
    await user.click(screen.getByRole('link', { name: 'the support page' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/support');
  });

  it('says an unknown article is not there', async () => {
    await render('/page/gone', { [`GET ${SUPPORT_ARTICLES_PATH}/gone`]: () => apiError('NOT_FOUND', 404) });
    expect(await screen.findByText('We couldn’t find that article. It may have moved.')).toBeInTheDocument();
  });

  it('lists the legal pages in their order on /disclaimers', async () => {
    await render('/disclaimers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Disclaimers' })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    await main.findByRole('link', { name: 'Privacy' });
    expect(main.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Terms of service',
      'Electronic payment terms',
      'Privacy',
    ]);
  });
});

describe('the help search (issue 21 item 2)', () => {
  const hit = (slug: string, title: string, lang: 'en' | 'es' = 'en') => ({
    ...summary(slug, 'billing', title, lang),
    snippet: [
      { text: 'Your ', hit: false },
      { text: 'bill', hit: true },
      { text: ' shows each charge.', hit: false },
    ],
  });

  it('shows the portal pages the words name, then ranked articles with the words marked, more on request', async () => {
    const { user, fetchMock } = await render('/search-results?q=pay%20bill', {
      [`GET ${SUPPORT_SEARCH_PATH}`]: ({ search }: FakeRequest) =>
        jsonResponse(
          new URLSearchParams(search).get('cursor')
            ? { items: [hit('late-fees', 'Late fees')], nextCursor: null, match: 'all' }
            : { items: [hit('read-your-statement', 'How to read your statement')], nextCursor: 'c2', match: 'all' },
        ),
    });
    const quick = await screen.findByRole('region', { name: 'Pages in the portal' });
    expect(within(quick).getByRole('link', { name: 'Pay your bill' })).toHaveAttribute('href', '/billing/pay-bill');
    const articles = screen.getByRole('region', { name: 'Help articles' });
    expect(await within(articles).findByRole('link', { name: 'How to read your statement' })).toBeInTheDocument();
    expect(within(articles).getByText('bill').tagName).toBe('MARK');
    expect(within(articles).getByRole('status')).toHaveTextContent('1 article found.');
    await user.click(within(articles).getByRole('button', { name: 'Show more results' }));
    expect(await within(articles).findByRole('link', { name: 'Late fees' })).toBeInTheDocument();
    expect(within(articles).queryByRole('button', { name: 'Show more results' })).not.toBeInTheDocument();
    expect(fetchMock.requestsTo(SUPPORT_SEARCH_PATH, 'GET').map((r) => r.search)).toEqual([
      '?q=pay+bill&lang=en',
      '?q=pay+bill&lang=en&cursor=c2',
    ]);
    await expectNoAxeViolations();
  });

  it('says when only some words matched', async () => {
    await render('/search-results?q=modem%20zzz', {
      [`GET ${SUPPORT_SEARCH_PATH}`]: ({ search }: FakeRequest) =>
        jsonResponse(
          new URLSearchParams(search).get('q') === 'modem zzz'
            ? { items: [hit('restart-your-modem', 'Restart your modem')], nextCursor: null, match: 'any' }
            : { items: [], nextCursor: null, match: 'all' },
        ),
    });
    expect(await screen.findByText('No article has all of those words. These have some of them.')).toBeInTheDocument();
  });

  it('offers topics and contacts when nothing matched', async () => {
    await render('/search-results?q=qqq', {
      [`GET ${SUPPORT_SEARCH_PATH}`]: { items: [], nextCursor: null, match: 'none' } satisfies SupportSearchResult,
    });
    expect(await screen.findByText('No articles match “qqq”.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Self-install' })).toHaveAttribute(
      'href',
      '/support/category/self-install',
    );
    expect(screen.getByRole('link', { name: 'Call or find a store' })).toHaveAttribute('href', '/contactus');
  });

  it('reads in Spanish: an English-only article is marked, the query goes in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    const { fetchMock } = await render('/search-results?q=facturacion', {
      [`GET ${SUPPORT_SEARCH_PATH}`]: {
        items: [hit('read-your-statement', 'Cómo leer su estado de cuenta', 'es'), hit('static-ip', 'Static IP')],
        nextCursor: null,
        match: 'all',
      },
    });
    const articles = await screen.findByRole('region', { name: 'Artículos de ayuda' });
    expect(await within(articles).findByRole('link', { name: 'Static IP' })).toHaveAttribute('lang', 'en');
    expect(within(articles).getByRole('link', { name: 'Static IP' }).parentElement).toHaveTextContent('En inglés');
    expect(within(articles).getByRole('link', { name: 'Cómo leer su estado de cuenta' })).not.toHaveAttribute('lang');
    expect(
      within(screen.getByRole('region', { name: 'Páginas del portal' })).getAllByRole('link').length,
    ).toBeGreaterThan(0);
    expect(fetchMock.requestsTo(SUPPORT_SEARCH_PATH, 'GET')[0]?.search).toBe('?q=facturacion&lang=es');
    await expectNoAxeViolations();
  });
});

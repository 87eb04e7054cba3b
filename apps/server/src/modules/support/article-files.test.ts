import { type ArticleBlock, type ArticleInline, LEGAL_PAGES, SUPPORT_CATEGORIES } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { anchorOf, isPortalPath, parseArticle, passagesOf, readArticles } from './article-files';

/** Issue 21 item 1 (wider-portal.md §9): the repository's articles, and what an article may hold. */
const articles = readArticles();
/** Written in English only, on purpose: a Spanish search finds them, labelled (issue 21 item 2). */
const ENGLISH_ONLY = ['port-forwarding', 'sip-trunk-compatibility', 'static-ip-addresses'];

function linksOf(blocks: ArticleBlock[]): string[] {
  const inline = (parts: ArticleInline[]): string[] =>
    parts.flatMap((part) =>
      part.t === 'link' ? [part.href, ...inline(part.c)] : part.t === 'strong' || part.t === 'em' ? inline(part.c) : [],
    );
  return blocks.flatMap((block) => {
    switch (block.t) {
      case 'ul':
      case 'ol':
        return block.items.flatMap(linksOf);
      case 'quote':
        return linksOf(block.c);
      case 'hr':
        return [];
      default:
        return inline(block.c);
    }
  });
}

describe('the help articles', () => {
  it('are at least 40 in English and Spanish, every category has some, and the legal pages exist in both', () => {
    const slugs = new Set(articles.map((a) => a.slug));
    const both = [...slugs].filter((slug) => articles.filter((a) => a.slug === slug).length === 2);
    expect(both.length).toBeGreaterThanOrEqual(40);
    expect([...slugs].filter((slug) => !both.includes(slug)).sort()).toEqual(ENGLISH_ONLY);
    for (const slug of ENGLISH_ONLY) expect(articles.find((a) => a.slug === slug)?.lang).toBe('en');
    for (const category of SUPPORT_CATEGORIES) {
      expect(
        both.filter((slug) => articles.find((a) => a.slug === slug)?.category === category).length,
      ).toBeGreaterThan(2);
    }
    for (const slug of LEGAL_PAGES) {
      expect(articles.filter((a) => a.slug === slug && a.category === 'legal').map((a) => a.lang)).toEqual([
        'en',
        'es',
      ]);
    }
  });

  it('keep one category per article in both languages, and link only to articles that exist', () => {
    const slugs = new Set(articles.map((a) => a.slug));
    for (const article of articles) {
      const other = articles.find((a) => a.slug === article.slug && a.lang !== article.lang);
      if (other) expect(other.category, article.slug).toBe(article.category);
      for (const href of linksOf(article.body)) {
        const page = /^\/page\/([^?#]+)/.exec(href)?.[1];
        if (page) expect(slugs.has(page), `${article.slug}.${article.lang} links to ${href}`).toBe(true);
      }
    }
  });

  it('turn Markdown into blocks, and refuse raw HTML, images, code blocks and links leaving the portal', () => {
    const head = '---\ntitle: T\ncategory: billing\nsummary: S.\nupdated: 2026-11-02\n---\n';
    const article = parseArticle(
      'a-b.es.md',
      `${head}## Qué es\n\nUn **pago** con [Auto Pay](/billing/pay-bill?open=ap) y \`code\`.\n\n1. uno\n2. dos\n`,
    );
    expect(article).toMatchObject({ slug: 'a-b', lang: 'es', title: 'T', category: 'billing' });
    expect(article.body).toEqual([
      { t: 'h2', id: 'que-es', c: [{ t: 'text', v: 'Qué es' }] },
      {
        t: 'p',
        c: [
          { t: 'text', v: 'Un ' },
          { t: 'strong', c: [{ t: 'text', v: 'pago' }] },
          { t: 'text', v: ' con ' },
          { t: 'link', href: '/billing/pay-bill?open=ap', c: [{ t: 'text', v: 'Auto Pay' }] },
          { t: 'text', v: ' y ' },
          { t: 'code', v: 'code' },
          { t: 'text', v: '.' },
        ],
      },
      {
        t: 'ol',
        items: [[{ t: 'p', c: [{ t: 'text', v: 'uno' }] }], [{ t: 'p', c: [{ t: 'text', v: 'dos' }] }]],
      },
    ]);
    expect(article.plain).toBe('Qué es\nUn pago con Auto Pay y code.\nuno\ndos');
    const refused = {
      'raw HTML': `${head}<script>alert(1)</script>\n`,
      'inline HTML': `${head}Hello <img src=x onerror=alert(1)>\n`,
      'an image': `${head}![x](/a.png)\n`,
      'a code node': `${head}\`\`\`\ncode\n\`\`\`\n`,
      'https://evil.example': `${head}[x](https://evil.example)\n`,
      'javascript:': `${head}[x](javascript:alert(1))\n`,
      '//evil.example': `${head}[x](//evil.example/a)\n`,
      'headings are': `${head}# Title again\n`,
      'front matter': '---\ntitle: T\ncategory: nope\nsummary: S\nupdated: 2026-11-02\n---\nText\n',
      'no front matter': 'Just text\n',
    };
    for (const [reason, source] of Object.entries(refused)) {
      expect(() => parseArticle('a-b.en.md', source), reason).toThrow(reason === 'inline HTML' ? 'raw HTML' : reason);
    }
    expect(() => parseArticle('A_B.en.md', `${head}x`)).toThrow('<slug>');
    expect(() => parseArticle('a-b.fr.md', `${head}x`)).toThrow('<slug>');
  });

  it('say a portal path and an anchor plainly', () => {
    expect(isPortalPath('/support/category/billing')).toBe(true);
    expect(isPortalPath('//evil.example')).toBe(false);
    expect(isPortalPath('/\\evil.example')).toBe(false);
    expect(isPortalPath('mailto:a@b.c')).toBe(false);
    expect(anchorOf('¿Cómo pago mi factura?')).toBe('como-pago-mi-factura');
  });

  it('cut the text into passages of whole lines, in order, each at most 320 characters unless one line is longer', () => {
    const long = 'x'.repeat(400);
    expect(passagesOf(`a\nb\n\n${'y'.repeat(317)}\n${long}\nc`)).toEqual(['a\nb', 'y'.repeat(317), long, 'c']);
    expect(passagesOf('')).toEqual(['']);
    for (const article of articles) {
      expect(article.passages.join('\n')).toBe(
        article.plain
          .split('\n')
          .filter((line) => line.trim())
          .join('\n'),
      );
      expect(article.passages.every((p) => p.length <= 320 || !p.includes('\n'))).toBe(true);
    }
  });
});

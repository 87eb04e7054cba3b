import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ARTICLE_CATEGORIES,
  ARTICLE_SLUG,
  type ArticleBlock,
  type ArticleCategory,
  type ArticleInline,
  foldText,
  type Locale,
} from '@vireo/shared';
import type { Nodes, PhrasingContent, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString as textOf } from 'mdast-util-to-string';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

/**
 * The help articles (issue 21 item 1, wider-portal.md §9): Markdown files in the repository, `<slug>.<lang>.md`, each
 * with a YAML front matter (title, category, summary, updated). Beside this file in the source tree and beside
 * `dist/main.js` in the build (build.mjs copies them). An article's text becomes blocks (schemas/support.ts), never
 * HTML: raw HTML, images, code blocks and links leaving the portal are refused when the files are read, so content
 * cannot put markup or a foreign address on a page.
 */
export const ARTICLES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), 'articles');

export type ArticleSource = {
  slug: string;
  lang: Locale;
  category: ArticleCategory;
  title: string;
  summary: string;
  updated: string;
  body: ArticleBlock[];
  /** The body's words without formatting, paragraph by paragraph. */
  plain: string;
  /** `plain` in passages of a few lines (`passagesOf`): a search result's snippet is cut from the best of them. */
  passages: string[];
  sourceHash: string;
};

const FILE_NAME = /^([a-z0-9-]+)\.(en|es)\.md$/;
const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n/;

const FrontMatterSchema = z.strictObject({
  title: z.string().trim().min(1).max(120),
  category: z.enum(ARTICLE_CATEGORIES),
  summary: z.string().trim().min(1).max(160),
  updated: z.iso.date(),
});

class ArticleError extends Error {}

/** Every article in `dir`; throws naming the file and what is wrong with it. */
export function readArticles(dir = ARTICLES_DIR): ArticleSource[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => {
      try {
        return parseArticle(name, readFileSync(join(dir, name), 'utf8'));
      } catch (error) {
        throw new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
}

export function parseArticle(fileName: string, source: string): ArticleSource {
  const name = FILE_NAME.exec(fileName);
  if (!name?.[1] || !ARTICLE_SLUG.test(name[1])) throw new ArticleError('the name is not <slug>.<en|es>.md');
  const text = source.replace(/\r\n/g, '\n');
  const front = FRONT_MATTER.exec(text);
  if (!front?.[1]) throw new ArticleError('no front matter (--- title, category, summary, updated ---)');
  const meta = FrontMatterSchema.safeParse(parseYaml(front[1]));
  if (!meta.success) throw new ArticleError(`front matter: ${z.prettifyError(meta.error)}`);
  const tree = fromMarkdown(text.slice(front[0].length));
  const body = tree.children.map(blockOf);
  if (body.length === 0) throw new ArticleError('no text');
  const plain = body.map(plainOf).join('\n');
  return {
    slug: name[1],
    lang: name[2] as Locale,
    ...meta.data,
    body,
    plain,
    passages: passagesOf(plain),
    sourceHash: createHash('sha256').update(source).digest('hex'),
  };
}

function blockOf(node: RootContent): ArticleBlock {
  switch (node.type) {
    case 'heading':
      if (node.depth !== 2 && node.depth !== 3) throw new ArticleError('headings are ## or ### (the title is # )');
      return { t: node.depth === 2 ? 'h2' : 'h3', id: anchorOf(textOf(node)), c: node.children.map(inlineOf) };
    case 'paragraph':
      return { t: 'p', c: node.children.map(inlineOf) };
    case 'list':
      return { t: node.ordered ? 'ol' : 'ul', items: node.children.map((item) => item.children.map(blockOf)) };
    case 'blockquote':
      return { t: 'quote', c: node.children.map(blockOf) };
    case 'thematicBreak':
      return { t: 'hr' };
    default:
      throw new ArticleError(`${describe(node)} is not allowed in an article`);
  }
}

function inlineOf(node: PhrasingContent): ArticleInline {
  switch (node.type) {
    case 'text':
      return { t: 'text', v: node.value };
    case 'break':
      return { t: 'text', v: '\n' };
    case 'strong':
    case 'emphasis':
      return { t: node.type === 'strong' ? 'strong' : 'em', c: node.children.map(inlineOf) };
    case 'inlineCode':
      return { t: 'code', v: node.value };
    case 'link':
      if (!isPortalPath(node.url))
        throw new ArticleError(`the link ${node.url} leaves the portal (a path like /support)`);
      return { t: 'link', href: node.url, c: node.children.map(inlineOf) };
    default:
      throw new ArticleError(`${describe(node)} is not allowed in an article`);
  }
}

/** A block's words, each paragraph and list item on a line of its own (words never run together). */
function plainOf(block: ArticleBlock): string {
  const inline = (parts: ArticleInline[]): string =>
    parts.map((part) => ('v' in part ? part.v : inline(part.c))).join('');
  switch (block.t) {
    case 'ul':
    case 'ol':
      return block.items.map((item) => item.map(plainOf).join('\n')).join('\n');
    case 'quote':
      return block.c.map(plainOf).join('\n');
    case 'hr':
      return '';
    default:
      return inline(block.c);
  }
}

/** Up to this many characters in a passage, unless one line is longer. */
const PASSAGE_CHARS = 320;

/**
 * The text's lines (paragraphs, list items) joined into passages of up to `PASSAGE_CHARS`, in order: a snippet cut from
 * one passage costs a few lines of parsing instead of the whole text's (issue 21 item 2, the search's p99).
 */
export function passagesOf(plain: string): string[] {
  const passages: string[] = [];
  for (const line of plain.split('\n')) {
    if (!line.trim()) continue;
    const last = passages.at(-1);
    if (last !== undefined && last.length + 1 + line.length <= PASSAGE_CHARS)
      passages[passages.length - 1] = `${last}\n${line}`;
    else passages.push(line);
  }
  return passages.length > 0 ? passages : [''];
}

/** A path of the portal itself: `/…`, never `//host` (protocol-relative) nor a scheme. */
export function isPortalPath(url: string): boolean {
  return /^\/(?!\/)[^\s\\]*$/.test(url);
}

/** A heading's anchor: its words in lower case, accents folded, joined by hyphens. */
export function anchorOf(text: string): string {
  return foldText(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function describe(node: Nodes): string {
  return node.type === 'html' ? 'raw HTML' : node.type === 'image' ? 'an image' : `a ${node.type} node`;
}

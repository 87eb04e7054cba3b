import { useRouter } from '@tanstack/react-router';
import type { ArticleBlock, ArticleInline } from '@vireo/shared';
import type { MouseEvent, ReactNode } from 'react';
import { TEXT_LINK } from '../../../components/ui/form-styles';

/**
 * An article's text (issue 21 item 1): the server's blocks as the page's own elements, never HTML from content. Its
 * links are portal paths (the server refuses any other) and open in the page, as the router's links do.
 */
export function ArticleBody({ blocks }: { blocks: ArticleBlock[] }) {
  return <div className="grid gap-4 text-ink leading-relaxed">{blocks.map(block)}</div>;
}

function block(node: ArticleBlock, index: number): ReactNode {
  switch (node.t) {
    case 'h2':
      return (
        <h2 key={index} id={node.id} className="mt-4 text-xl font-semibold text-navy-900">
          {node.c.map(inline)}
        </h2>
      );
    case 'h3':
      return (
        <h3 key={index} id={node.id} className="mt-2 text-lg font-semibold text-navy-900">
          {node.c.map(inline)}
        </h3>
      );
    case 'p':
      return <p key={index}>{node.c.map(inline)}</p>;
    case 'ul':
    case 'ol': {
      const List = node.t;
      return (
        <List key={index} className={`grid gap-2 ps-6 ${node.t === 'ol' ? 'list-decimal' : 'list-disc'}`}>
          {node.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an article's items are fixed text, never reordered
            <li key={i} className="[&>p]:inline">
              {item.map(block)}
            </li>
          ))}
        </List>
      );
    }
    case 'quote':
      return (
        <blockquote key={index} className="grid gap-2 border-s-4 border-line ps-4 text-ink-muted">
          {node.c.map(block)}
        </blockquote>
      );
    case 'hr':
      return <hr key={index} className="border-line" />;
  }
}

function inline(node: ArticleInline, index: number): ReactNode {
  switch (node.t) {
    case 'text':
      return node.v;
    case 'strong':
      return <strong key={index}>{node.c.map(inline)}</strong>;
    case 'em':
      return <em key={index}>{node.c.map(inline)}</em>;
    case 'code':
      return (
        <code key={index} className="rounded bg-surface-muted px-1 font-mono text-sm">
          {node.v}
        </code>
      );
    case 'link':
      return (
        <PortalLink key={index} href={node.href}>
          {node.c.map(inline)}
        </PortalLink>
      );
  }
}

/** A link to a path of the portal that is not a typed route (content, a list of pages): it opens in the page. */
export function PortalLink({
  href,
  children,
  className = TEXT_LINK,
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  const router = useRouter();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // a new tab or window, or a download, as the browser does it
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    <a href={href} onClick={onClick} className={className}>
      {children}
    </a>
  );
}

import { StatusPage } from './status-page';

/** `/404`, every unknown path and every navigation error (spec §2.1). Eager: it must render when a chunk fails. */
export function NotFoundPage() {
  return <StatusPage titleId="notFound.title" bodyId="notFound.body" linkId="notFound.homeLink" />;
}

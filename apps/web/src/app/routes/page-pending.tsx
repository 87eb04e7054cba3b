import { PageSkeleton } from '../../components/ui/loading';

/** The router's pending component while a route chunk or its data loads: the page's skeleton (issue 16; spec §2.4 said a spinner). */
export function PagePending() {
  return <PageSkeleton />;
}

import { Spinner } from '../../components/ui/spinner';

/** The router's pending component while a route chunk or its data loads (spec §2.4: a spinner shows). */
export function PagePending() {
  return <Spinner className="py-24" />;
}

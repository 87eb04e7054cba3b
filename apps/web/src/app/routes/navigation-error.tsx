import { type ErrorComponentProps, Navigate, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useLoadingIndicatorControls } from '../layouts/loading-indicator';
import { NotFoundPage } from './not-found-page';

/** spec §2.1 / §8: any navigation error (a failed route chunk, a throwing loader) goes to /404. */
export function NavigationError({ error }: ErrorComponentProps) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const { reportError } = useLoadingIndicatorControls();
  // spec §4: the loading indicator goes off on a navigation error.
  useEffect(() => reportError(), [reportError]);
  useEffect(() => {
    // TODO(analytics issue): report navigation errors; until then keep them visible to developers.
    console.error('Navigation failed', error);
  }, [error]);
  // Already on /404: render it in place rather than redirect to ourselves.
  if (pathname === '/404') return <NotFoundPage />;
  return <Navigate to="/404" replace />;
}

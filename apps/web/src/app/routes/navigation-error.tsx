import { type ErrorComponentProps, Navigate, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { NotFoundPage } from './not-found-page';

/** spec §2.1 / §8: any navigation error (a failed route chunk, a throwing loader) goes to /404. */
export function NavigationError({ error }: ErrorComponentProps) {
  const pathname = useLocation({ select: (location) => location.pathname });
  useEffect(() => {
    // TODO(analytics issue): report navigation errors; until then keep them visible to developers.
    console.error('Navigation failed', error);
  }, [error]);
  // Already on /404: render it in place rather than redirect to ourselves.
  if (pathname === '/404') return <NotFoundPage />;
  return <Navigate to="/404" replace />;
}

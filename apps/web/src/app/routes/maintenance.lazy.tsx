import { createLazyRoute } from '@tanstack/react-router';
import { StatusPage } from './status-page';

function MaintenancePage() {
  return <StatusPage titleId="maintenance.title" bodyId="maintenance.body" linkId="maintenance.retry" />;
}

export const Route = createLazyRoute('/maintenance')({ component: MaintenancePage });

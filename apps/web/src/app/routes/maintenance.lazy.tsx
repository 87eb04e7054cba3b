import { StatusPage } from './status-page';

export function MaintenancePage() {
  return <StatusPage titleId="maintenance.title" bodyId="maintenance.body" linkId="maintenance.retry" />;
}

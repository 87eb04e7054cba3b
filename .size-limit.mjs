// Bundle budgets (quality-bars.md "Performance"), measured by size-limit over the production build of apps/web.
// The per-route file lists come from Vite's manifest (apps/web/scripts/bundle-budgets.mjs); `npm run size` prints
// them with their targets and the ratio to the React floor. Build first: `npm run build -w @vireo/web`.
import { describeChecks } from './apps/web/scripts/bundle-budgets.mjs';

export default describeChecks().map((row) => row.check);

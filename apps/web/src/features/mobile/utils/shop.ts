import type { AppPath } from '../../../lib/app-path';
/** Where the offers of a service the business does not have lead: the portal's shop (wider-portal.md, `/buy`). */
export const SHOP_PATH: AppPath = '/buy';

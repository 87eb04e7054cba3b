import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { CSRF_HEADER, CSRF_PATH, PORTAL_CONFIG_PATH } from '@vireo/shared';

/**
 * Headers for the portal's dev controls (`/api/dev/...`, non-production only; issue 14 item 4): they answer no
 * anonymous caller, only a session or the local operator, whose token the server writes into its data directory
 * (apps/server/src/plugins/dev-control.ts). The specs act as that operator: moving the billing clock ends every
 * session idle that long, and the maintenance flag signs the page's user out, so a session would not outlive them.
 */
export async function devControlHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const dataDir = path.join(process.env.VIREO_E2E_DATA_DIR ?? '', 'db');
  const token = readFileSync(path.join(dataDir, `dev-control-${process.env.E2E_PORT ?? 3100}.token`), 'utf8').trim();
  const { csrfToken } = (await (await request.get(CSRF_PATH)).json()) as { csrfToken: string };
  return { authorization: `Bearer ${token}`, [CSRF_HEADER]: csrfToken };
}

/**
 * The portal as production shows it: its configuration answers `environment: 'prod'` (the browser decides the
 * non-production tools' routes from it). Returns every URL the page requests from then on.
 */
export async function asProduction(page: Page): Promise<string[]> {
  await page.route(`**${PORTAL_CONFIG_PATH}`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), environment: 'prod' } });
  });
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(request.url()));
  return fetched;
}

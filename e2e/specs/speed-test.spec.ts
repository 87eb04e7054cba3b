import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 21 item 7 (wider-portal.md §9), Done when: a speed test completes with figures and a verdict. Measured over
// loopback against the portal's own server: the figures must be in a sane range (a download and an upload between
// 1 Mb/s and 100 Gb/s, latency under 2 s), the verdict one of the two the plan allows, and the test in the history.

/** "1,234.5 Mb/s" -> 1234.5 */
const numberIn = (text: string) => Number((text.match(/[\d,.]+/)?.[0] ?? 'NaN').replace(/,/g, ''));

test('[SPEED TEST] harbor-owner runs a speed test by keyboard: sane figures, a verdict, the history', async ({
  page,
  t,
}) => {
  await signIn(page, t, 'harbor-owner', '/services/internet/speed-test');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: t('pages.speedTest') })).toBeVisible();
  await expect(main.getByText(t('speedTest.history.empty'))).toBeVisible();
  await expectNoAxeViolations(page);

  await main.getByRole('button', { name: t('speedTest.start') }).press('Enter');
  const result = main.getByRole('region', { name: t('speedTest.result.title') });
  await expect(result).toBeVisible({ timeout: 60_000 });
  const figure = async (label: 'speedTest.download' | 'speedTest.upload' | 'speedTest.loadedLatency') =>
    numberIn(
      await result
        .locator('dt', { hasText: t(label) })
        .locator('xpath=following-sibling::dd')
        .innerText(),
    );
  const [down, up, latency, loaded] = [
    await figure('speedTest.download'),
    await figure('speedTest.upload'),
    await result.locator('dd').nth(2).innerText().then(numberIn),
    await figure('speedTest.loadedLatency'),
  ];
  for (const rate of [down, up]) {
    expect(rate).toBeGreaterThanOrEqual(1);
    expect(rate).toBeLessThanOrEqual(100_000);
  }
  for (const ms of [latency, loaded]) {
    expect(ms).toBeGreaterThanOrEqual(0);
    expect(ms).toBeLessThan(2_000);
  }
  // Harbor's plan is Business Internet Gig: loopback delivers it or not, but the verdict names the plan either way
  await expect(result).toContainText('Business Internet Gig');
  const table = main.getByRole('table', { name: t('speedTest.history.caption') });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expectNoAxeViolations(page);
});

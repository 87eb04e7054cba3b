import { readFileSync } from 'node:fs';
import { STATEMENTS_PATH } from '@vireo/shared';
import { moveBillingClock } from '../support/autopay';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { openEmail } from '../support/mailbox';
import { signIn } from '../support/sign-in';

// Issue 20 items 7-8, Done when (wider-portal.md §8): riverbend-owner sees the outage banner with its estimate,
// subscribes to a callback, and after the outage resolves on the billing clock finds the notice in /dev/mailbox,
// requests the credit, sees it on the next statement and downloads the service-interruption letter. Riverbend's bill
// changes and the clock moves: a serial project of its own, after every spec that reads Riverbend's bill (the clock
// projects before it moved the clock and reset it: the Orlando outage, seeded at the server's start, is under way).

const OUTAGE = 'OUT-24117';
const CALLBACK_EMAIL = 'shop-front@riverbendauto.example';

test('[OUTAGES] riverbend-owner: banner, callback, restore notice, credit on the next statement, letter', async ({
  page,
  t,
  request,
}) => {
  test.slow();
  try {
    // the banner of a signed-in page says the outage and its estimate, and offers the callback
    await signIn(page, t, 'riverbend-owner', '/services');
    const banner = page.getByRole('region', { name: t('shell.alert.warning') });
    await expect(banner).toContainText('Estimated restoration');
    await expect(banner).toContainText(OUTAGE);
    await banner.getByRole('link', { name: t('outages.banner.callback') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('pages.outageCallback') })).toBeVisible();
    const outage = page.getByRole('article', { name: `Internet outage, reference ${OUTAGE}` });
    await expect(outage).toContainText('Estimated restoration');

    // a callback by e-mail, by keyboard
    const callbacks = page.getByRole('region', { name: t('outages.care.callbacks.title') });
    await callbacks.getByRole('textbox', { name: t('outages.care.email.label') }).fill(CALLBACK_EMAIL);
    await page.keyboard.press('Enter');
    await expect(callbacks.getByRole('status')).toHaveText(
      t('outages.care.callback.added', { destination: CALLBACK_EMAIL }),
    );
    await expect(callbacks.getByText(t('outages.care.callback.email', { destination: CALLBACK_EMAIL }))).toBeVisible();
    await expectNoAxeViolations(page);

    // network operations resolves the outage (170 minutes after the seed's now): the notice goes out once
    await moveBillingClock(request, { advance: '3h' });
    const notice = await openEmail(page, t, CALLBACK_EMAIL, `Your Internet service is back: outage ${OUTAGE} is over`);
    await expect(notice).toContainText('88 River Bend Dr, Orlando, FL 32801');

    // the credit in one click, and the letter
    await page.context().clearCookies();
    await signIn(page, t, 'riverbend-owner', '/outage-callback');
    await expect(page).toHaveURL(/\/outage-callback$/);
    const over = page.getByRole('article', { name: `Internet outage, reference ${OUTAGE}` });
    await expect(over).toContainText(t('outages.stage.resolved'));
    const request$ = over.getByRole('button', { name: t('outages.care.credit.request', { amount: '$3.00' }) });
    await request$.focus();
    await page.keyboard.press('Enter');
    await expect(over).toContainText('A credit of $3.00 (1 day) was requested on');
    await expect(over.getByRole('button')).toHaveCount(0);
    await expectNoAxeViolations(page);
    const downloading = page.waitForEvent('download');
    await over.getByRole('link', { name: t('outages.care.letter') }).click();
    const letter = await downloading;
    expect(letter.suggestedFilename()).toBe(`service-interruption-${OUTAGE}.pdf`);
    const bytes = readFileSync((await letter.path()) as string);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // the next statement made after the request bills it, and says why the bill changed. The clock projects before
    // this one moved the billing clock ahead and back (change-of-service two cycles without a reset between), so
    // Riverbend's next statements may exist already, made in moved time and hidden until their day: then the credit is
    // billed on the first one made after them (up to four cycles on)
    let statement: { id: string } | undefined;
    for (let cycle = 0; cycle < 4 && !statement; cycle++) {
      await moveBillingClock(request, { advance: '31d' });
      await page.context().clearCookies();
      await signIn(page, t, 'riverbend-owner', '/billing/view-statements');
      await expect(page).toHaveURL(/\/billing\/view-statements$/);
      const list = await page.request.get(STATEMENTS_PATH);
      expect(list.status(), await list.text()).toBe(200);
      const { items } = (await list.json()) as { items: { id: string }[] };
      for (const item of items.slice(0, 4)) {
        const detail = await (await page.request.get(`${STATEMENTS_PATH}/${item.id}`)).text();
        if (detail.includes(`Outage credit ${OUTAGE}`)) statement = item;
      }
    }
    expect(statement, 'a statement billing the credit').toBeDefined();
    await page.goto(`/billing/view-statements/${statement?.id}`);
    // the internet section says the bill went down, and opens to the credit's line and its reason
    const internet = page.getByRole('button', { name: /^Internet Down \$3\.00 from/ });
    await internet.focus();
    await page.keyboard.press('Enter');
    const line = page.getByRole('row', { name: new RegExp(`Outage credit ${OUTAGE}`) });
    await expect(line).toContainText('-$3.00');
    await expect(line).toContainText(`Credit for outage ${OUTAGE}`);
    await expectNoAxeViolations(page);
  } finally {
    const reset = await moveBillingClock(request, { reset: true });
    expect(reset.offsetMs).toBe(0);
  }
});

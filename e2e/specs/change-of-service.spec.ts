import type { Page } from '@playwright/test';
import { type ChangePreview, daysBetween, STATEMENTS_PATH, type StatementDetail } from '@vireo/shared';
import { moveBillingClock } from '../support/autopay';
import { expectNoAxeViolations } from '../support/axe';
import { expect, type Translate, test } from '../support/fixtures';
import { money } from '../support/payments';
import { signIn } from '../support/sign-in';

// Issue 19 item 2 (wider-portal.md §5, ADR 032): harbor-owner upgrades Harbor's internet to Ultra on /upgrade; the
// preview of the next statement, as the page shows it, is what that statement says once the billing clock reaches it.
// Harbor's bill changes and the clock moves: a serial project of its own, after every spec that reads Harbor's bill.

/** harbor-owner on /upgrade chooses Ultra and asks for the next bill: the preview the page got. */
async function previewUltra(page: Page, t: Translate): Promise<ChangePreview> {
  await signIn(page, t, 'harbor-owner', '/upgrade');
  await expect(page.getByRole('heading', { level: 1, name: t('pages.changeService') })).toBeVisible();
  const offers = page.getByRole('group', { name: t('services.change.choose') });
  await offers.getByRole('radio', { name: /Business Internet Ultra/ }).check();
  await expectNoAxeViolations(page);
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/pub/services/v1/changes/preview'));
  await page.getByRole('button', { name: t('services.change.seePreview') }).click();
  const preview = (await (await answered).json()) as ChangePreview;
  await expect(
    page.getByRole('heading', { name: t('services.change.previewTitle', { name: 'Business Internet Ultra' }) }),
  ).toBeFocused();
  return preview;
}

async function statementsOf(page: Page): Promise<{ id: string; statementDate: string }[]> {
  const response = await page.request.get(STATEMENTS_PATH);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: { id: string; statementDate: string }[] }).items;
}

test('[SERVICES] a tier upgrade’s preview is the next statement, line for line', async ({ page, t, request }) => {
  test.slow();
  try {
    // The clock projects before this one moved the billing clock to Harbor's next statement and back, so that
    // statement may have been made already, in the moved time (production's clock never runs ahead), and hidden until
    // its day has passed. Start after it, as production would be: the preview then speaks of a statement not yet made.
    const first = await previewUltra(page, t);
    await moveBillingClock(request, { advance: `${daysBetween(first.effectiveOn, first.statementDate) + 1}d` });
    await page.context().clearCookies();
    const preview = await previewUltra(page, t);
    expect(preview.statementDate > first.statementDate).toBe(true);

    // the lines as the page shows them: charge and amount
    const table = page.getByRole('table', { name: /^Your statement of/ });
    // (each cell: its column's name for narrow screens, then its value; a changed line's badge follows the charge)
    const shown = await table.getByRole('row').evaluateAll((rows) =>
      rows.slice(1).map((row) => {
        const values = Array.from(row.querySelectorAll('[role="cell"]')).map((cell) => cell.lastElementChild);
        return [values[0]?.firstChild?.textContent ?? '', values.at(-1)?.textContent ?? ''];
      }),
    );
    expect(shown).toEqual(preview.proposed.lines.map((line) => [line.description, money('en', line.amountCents)]));
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: t('services.change.confirm') }).click();
    await expect(page.getByRole('heading', { name: /^Done: Business Internet Ultra/ })).toBeFocused();

    // the day after the statement date, when it can be seen (product-decisions.md)
    await moveBillingClock(request, { advance: `${daysBetween(preview.effectiveOn, preview.statementDate) + 1}d` });
    await page.context().clearCookies();
    await signIn(page, t, 'harbor-owner', '/billing/view-statements');
    await expect(page).toHaveURL(/\/billing\/view-statements$/);
    const list = { items: await statementsOf(page) };
    expect(list.items[0]?.statementDate).toBe(preview.statementDate);
    const detail = (await (
      await page.request.get(`${STATEMENTS_PATH}/${list.items[0]?.id}`)
    ).json()) as StatementDetail;
    const billed = detail.sections.flatMap((section) => section.lines);
    const key = (line: { description: string; amountCents: number }) => `${line.description} ${line.amountCents}`;
    expect(billed.map(key).sort()).toEqual(preview.proposed.lines.map(key).sort());
    expect(detail.newChargesCents).toBe(preview.proposed.newChargesCents);
  } finally {
    const reset = await moveBillingClock(request, { reset: true });
    expect(reset.offsetMs).toBe(0);
  }
});

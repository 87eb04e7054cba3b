import type { Page } from '@playwright/test';
import {
  CHECKOUT_PATH,
  cycleDate,
  daysBetween,
  debitDayCalendar,
  draftLockedByChange,
  latestCycleDate,
  nextDraftDates,
  STATEMENTS_PATH,
  type StatementDetail,
} from '@vireo/shared';
import {
  autoPayResult,
  autoPayStep,
  chooseDay,
  dayChoice,
  definition,
  draftDates,
  enrollmentCard,
  expiryOf,
  getAutoPayStatus,
  getWallet,
  methodChoice,
  moveBillingClock,
  openAutoPay,
  resultPart,
  setBillingSystemFaults,
  WALLET,
  walletBadges,
  walletItem,
} from '../support/autopay';
import { expectNoAxeViolations } from '../support/axe';
import { expect, type Translate, test } from '../support/fixtures';
import {
  continueWithDate,
  continueWithOtherAmount,
  continueWithSavedMethod,
  getPaymentOptions,
  money,
  openOneTimePayment,
  payButton,
  paymentDate,
  paymentStep,
} from '../support/payments';
import { signIn } from '../support/sign-in';

// Issue 6 (Auto Pay), the part of "Done when" that enrols Harbor Coffee, changes its Auto Pay and moves the billing
// clock. It runs in the `autopay-clock` project (playwright.config.ts): after the `clock` project, because
// billing.spec.ts and payments.spec.ts read Harbor's balance and payment screens (the one-time payment offers Auto Pay
// while Harbor is not enrolled) and payments-clock.spec.ts pays Harbor's balance; alone, because the clock and the
// billing system's fault knobs apply to everyone; one test after the other, in this order. No assertion depends on
// Harbor's amount due (the payments before may have paid it). At the end Harbor is enrolled in nothing and paperless
// is off again, as the seed has it.

const USER = 'harbor-billing';
const CHECKING = 'Checking 6789';
const VISA = 'Visa 4242';

/** "On · Checking 6789 · debits on the 31st of each month", as the billing home shows an enrolment. */
function autoPayOn(t: Translate, method: string, day: number): string {
  return [t('billing.status.on'), method, t('billing.status.debitDay', { day })].join(' · ');
}

async function statementDetail(page: Page, id: string): Promise<StatementDetail> {
  const response = await page.request.get(`${STATEMENTS_PATH}/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as StatementDetail;
}

// Each test starts where the one before left Harbor: a failure skips the rest.
test.describe.configure({ mode: 'serial' });

test('[AUTOPAY] harbor-billing enrols with Checking 6789 on the 31st and paperless: a short month drafts on the 1st', async ({
  page,
  t,
}) => {
  test.slow();
  await openAutoPay(page, t, USER);
  const status = await getAutoPayStatus(page);
  expect(status.enrollments).toEqual([]);
  expect(status.services).toEqual(['core']);
  expect(status.paperless).toBe(false);

  // Step 1: the services (core only) and the saved checking account.
  const servicesStep = autoPayStep(page, t, 'autopay.enroll.servicesTitle');
  await expect(servicesStep).toHaveAccessibleDescription(t('payments.step', { current: 1, total: 3 }));
  await expect(servicesStep.getByRole('checkbox', { name: t('autopay.scope.core') })).toBeChecked();
  await methodChoice(servicesStep, CHECKING).check();
  await expectNoAxeViolations(page);
  await servicesStep.getByRole('button', { name: t('payments.continue') }).click();

  // Step 2: the 31st is allowed for Harbor's cycle day; not every month has it.
  const dayStep = autoPayStep(page, t, 'autopay.day.title');
  await expect(dayStep.getByRole('heading', { name: t('autopay.day.title') })).toBeFocused();
  const calendar = debitDayCalendar(status.cycleDay, status.today);
  expect(calendar[30], `day 31 for cycle day ${status.cycleDay}`).toEqual({
    day: 31,
    allowed: true,
    movesToFirst: true,
  });
  const day31 = dayChoice(dayStep, t, 31);
  await expect(day31).toBeEnabled();
  await expect(day31).toHaveAccessibleDescription(t('autopay.day.shortMonths'));
  await chooseDay(dayStep, t, 31);
  await expect(dayStep.getByText(t('autopay.day.chosen', { day: 31 }))).toBeVisible();
  const note = dayStep.getByTestId('short-month-note');
  await expect(note).toHaveText(t('autopay.day.movesToFirst', { day: 31 }));
  expect(t('autopay.day.movesToFirst', { day: 31 })).toBe(
    'In a month without a 31st, the payment is made on the 1st of the next month.',
  );
  // The three next draft dates: the 31st, or the 1st of the next month when a month has no 31st (any three months
  // in a row include one without a 31st).
  const dates = nextDraftDates(31, status.cycleDay, status.today);
  expect(dates).toHaveLength(3);
  for (const date of dates) expect(date.slice(-2)).toMatch(/^(31|01)$/);
  expect(dates.some((date) => date.endsWith('-01'))).toBe(true);
  await expect(dayStep.getByText(t('autopay.day.nextDrafts', { count: 3 }))).toBeVisible();
  await expect(dayStep.getByTestId('next-draft-dates').getByRole('listitem')).toHaveText(draftDates('en', dates));
  await expectNoAxeViolations(page);
  await dayStep.getByRole('button', { name: t('payments.continue') }).click();

  // Step 3: the review, the $5 credit, both terms required, paperless too.
  const review = autoPayStep(page, t, 'autopay.review.title');
  await expect(review).toHaveAccessibleDescription(t('payments.step', { current: 3, total: 3 }));
  await expect(definition(review, t('autopay.services.legend'))).toHaveText(t('autopay.scope.core'));
  await expect(definition(review, t('payments.review.method'))).toHaveText(CHECKING);
  await expect(definition(review, t('autopay.day.label'))).toHaveText(t('autopay.day.value', { day: 31 }));
  await expect(definition(review, t('autopay.review.firstDraft'))).toHaveText(paymentDate('en', dates[0] ?? ''));
  await expect(review.getByText(t('autopay.review.discount', { amount: money('en', 500) }))).toBeVisible();
  await review.getByRole('button', { name: t('autopay.review.submit') }).click();
  const electronic = review.getByRole('checkbox', { name: t('autopay.terms.electronic.accept') });
  await expect(electronic).toBeFocused();
  await expect(electronic).toHaveAccessibleDescription(t('autopay.terms.electronic.required'));
  await expect(review.getByRole('checkbox', { name: t('autopay.terms.service.accept') })).toHaveAccessibleDescription(
    t('autopay.terms.service.required'),
  );
  await expect(review.getByRole('alert')).toHaveText(t('payments.errors.correctFields'));
  expect((await getAutoPayStatus(page)).enrollments).toEqual([]);
  await electronic.check();
  await review.getByRole('checkbox', { name: t('autopay.terms.service.accept') }).check();
  const paperless = review.getByRole('checkbox', { name: t('autopay.paperless.also') });
  await expect(paperless).not.toBeChecked();
  await expect(paperless).toHaveAccessibleDescription(t('autopay.paperless.alsoDescription'));
  await paperless.check();
  await expectNoAxeViolations(page);
  await review.getByRole('button', { name: t('autopay.review.submit') }).click();

  // The result: both parts done.
  const result = autoPayResult(page);
  await expect(result.getByRole('heading', { name: t('autopay.result.enroll.title') })).toBeFocused();
  await expect(
    resultPart(page, t('autopay.part.enroll.ok', { service: t('autopay.scope.core'), method: CHECKING })),
  ).toBeVisible();
  await expect(resultPart(page, t('autopay.part.paperless.ok'))).toBeVisible();
  await expectNoAxeViolations(page);
  await result.getByRole('button', { name: t('autopay.result.done') }).click();

  // The manage view: the next draft is the first of the three.
  const after = await getAutoPayStatus(page);
  expect(after.paperless).toBe(true);
  expect(after.enrollments).toEqual([
    expect.objectContaining({ scope: 'core', methodLabel: CHECKING, debitDay: 31, nextDraftDate: dates[0] }),
  ]);
  const core = enrollmentCard(page, 'core');
  await expect(definition(core, t('payments.review.method'))).toHaveText(CHECKING);
  await expect(definition(core, t('autopay.day.label'))).toHaveText(t('autopay.day.value', { day: 31 }));
  await expect(definition(core, t('autopay.manage.nextDraft'))).toHaveText(paymentDate('en', dates[0] ?? ''));
  await expect(page.getByText(t('autopay.manage.intro', { amount: money('en', 500) }))).toBeVisible();
  await expectNoAxeViolations(page);

  // The billing home: Auto Pay and paperless on, in the settings card and the status card.
  await page.goto('/billing');
  await expect(page.getByTestId('settings-auto-pay-status')).toHaveText(
    t('billing.settings.status', { status: autoPayOn(t, CHECKING, 31) }),
  );
  await expect(page.getByTestId('settings-paperless-status')).toHaveText(
    t('billing.settings.status', { status: t('billing.status.on') }),
  );
  await expect(page.getByTestId('auto-pay-status')).toHaveText(autoPayOn(t, CHECKING, 31));
  await expect(page.getByTestId('paperless-status')).toHaveText(t('billing.status.on'));
  await expect(page.getByRole('button', { name: t('autopay.paperless.unenroll') })).toBeVisible();
});

test('[AUTOPAY] harbor-billing changes the Auto Pay method to the Visa 4242; the wallet will not delete it (roadblock)', async ({
  page,
  t,
}) => {
  await openAutoPay(page, t, USER);
  const wallet = await getWallet(page);
  const visa = wallet.methods.find((method) => method.label === VISA);
  if (!visa?.expMonth || !visa.expYear) throw new Error('harbor has its Visa 4242');
  const changeMethod = page.getByRole('button', { name: t('autopay.changeMethod.button') });
  await changeMethod.click();

  const form = autoPayStep(page, t, 'autopay.changeMethod.title');
  await expect(form.getByRole('heading', { name: t('autopay.changeMethod.title') })).toBeFocused();
  await expect(methodChoice(form, CHECKING)).toHaveAccessibleDescription(t('autopay.method.current'));
  await expect(methodChoice(form, VISA)).toHaveAccessibleDescription(
    t('payments.method.expires', { date: expiryOf(visa.expMonth, visa.expYear).shown }),
  );
  await methodChoice(form, VISA).check();
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: t('autopay.changeMethod.submit') }).click();

  const result = autoPayResult(page);
  await expect(result.getByRole('heading', { name: t('autopay.result.method.title') })).toBeFocused();
  await expect(resultPart(page, t('autopay.part.cancel.ok'))).toBeVisible();
  await expect(
    resultPart(page, t('autopay.part.method.ok', { service: t('autopay.scope.core'), method: VISA })),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await result.getByRole('button', { name: t('autopay.result.done') }).click();
  await expect(definition(enrollmentCard(page, 'core'), t('payments.review.method'))).toHaveText(VISA);
  await expect(definition(enrollmentCard(page, 'core'), t('autopay.day.label'))).toHaveText(
    t('autopay.day.value', { day: 31 }),
  );
  await expect(changeMethod).toBeFocused();

  // The wallet: the Visa pays Auto Pay now, so Delete shows the roadblock instead of deleting it.
  await page.goto(WALLET);
  await expect(walletBadges(page, t, VISA)).toContainText([t('wallet.badge.autoPay')]);
  await expect(walletBadges(page, t, t('billing.method.checking', { lastFour: '6789' }))).toHaveCount(0);
  await walletItem(page, VISA)
    .getByRole('button', { name: t('wallet.delete') })
    .click();
  const roadblock = page.getByRole('alertdialog', { name: t('wallet.delete.failedTitle') });
  await expect(roadblock).toHaveAccessibleDescription(t('wallet.roadblock.body', { method: VISA }));
  await expectNoAxeViolations(page);
  await roadblock.getByRole('link', { name: t('wallet.roadblock.changeMethod') }).click();
  await expect(page).toHaveURL(/\/billing\/pay-bill\?open=ap$/);
  await expect(definition(enrollmentCard(page, 'core'), t('payments.review.method'))).toHaveText(VISA);
  expect((await getWallet(page)).methods.map((method) => method.label)).toContain(VISA);
});

test('[AUTOPAY] the statement after Harbor’s next cycle carries the Auto Pay discount (-$5.00)', async ({
  page,
  t,
  request,
}) => {
  test.slow();
  await signIn(page, t, USER, '/billing');
  await expect(page).toHaveURL(/\/billing$/);
  const status = await getAutoPayStatus(page);
  expect(status.enrollments.map((enrollment) => enrollment.methodLabel)).toEqual([VISA]);
  // Harbor's next statement date, from its cycle day and the billing clock's today (Dec 10 when today is Nov 21)
  const nextStatement = cycleDate(latestCycleDate(status.today, status.cycleDay), status.cycleDay, 1);
  const days = daysBetween(status.today, nextStatement) + 1;
  const before = (await (await page.request.get(STATEMENTS_PATH)).json()) as { items: { id: string }[] };
  const previous = await statementDetail(page, before.items[0]?.id ?? '');
  const discountLines = (statement: StatementDetail) =>
    statement.sections.flatMap((section) => section.lines).filter((line) => line.kind === 'auto_pay_discount');
  // The statement before the enrolment had no discount.
  expect(discountLines(previous)).toEqual([]);

  try {
    // the day after the statement date, when it can be seen (product-decisions.md)
    const moved = await moveBillingClock(request, { advance: `${days}d` });
    expect(moved.offsetMs).toBeGreaterThanOrEqual(days * 86_400_000);
    // The session has been idle for days on the billing clock: sign in again.
    await page.context().clearCookies();
    await signIn(page, t, USER, '/billing/view-statements');
    await expect(page).toHaveURL(/\/billing\/view-statements$/);
    const list = (await (await page.request.get(STATEMENTS_PATH)).json()) as {
      items: { id: string; statementDate: string }[];
    };
    const newest = list.items[0];
    expect(newest?.statementDate).toBe(nextStatement);
    const detail = await statementDetail(page, newest?.id ?? '');
    expect(discountLines(detail).map((line) => [line.description, line.amountCents])).toEqual([
      ['Auto Pay discount', -500],
    ]);

    const date = paymentDate('en', nextStatement);
    await page
      .getByRole('table', { name: t('billing.statements.caption') })
      .getByRole('link', { name: date, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/billing/view-statements/${newest?.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: t('billing.statement.title', { date }) })).toBeVisible();
    await page.getByRole('button', { name: t('billing.statement.expandAll') }).click();
    const account = page.getByRole('table', {
      name: t('billing.statement.linesOf', { name: t('billing.category.account') }),
    });
    const row = account.getByRole('row').filter({ hasText: t('billing.line.autoPayDiscount') });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(money('en', -500));
    expect(money('en', -500)).toBe('-$5.00');
    await expectNoAxeViolations(page);
  } finally {
    const reset = await moveBillingClock(request, { reset: true });
    expect(reset.offsetMs).toBe(0);
  }
});

test('[AUTOPAY] with an injected enrolment failure, a change of method ends partial: cancelled, not re-enrolled', async ({
  page,
  t,
  request,
}) => {
  await openAutoPay(page, t, USER);
  expect((await getAutoPayStatus(page)).enrollments.map((enrollment) => enrollment.methodLabel)).toEqual([VISA]);
  try {
    expect(await setBillingSystemFaults(request, { operation: 'autopayEnroll', count: 1 })).toMatchObject({
      autopayEnroll: 1,
    });
    await page.getByRole('button', { name: t('autopay.changeMethod.button') }).click();
    const form = autoPayStep(page, t, 'autopay.changeMethod.title');
    await methodChoice(form, CHECKING).check();
    await form.getByRole('button', { name: t('autopay.changeMethod.submit') }).click();

    // The partial-failure page says what was done (the old enrolment cancelled) and what failed (the new one).
    const result = autoPayResult(page);
    await expect(result.getByRole('heading', { name: t('autopay.result.partial.title') })).toBeFocused();
    await expect(result).toContainText(t('autopay.result.partial.body'));
    await expect(resultPart(page, t('autopay.part.cancel.ok'))).toBeVisible();
    const failed = resultPart(
      page,
      t('autopay.part.method.failedAfterCancel', { service: t('autopay.scope.core'), method: CHECKING }),
    );
    await expect(failed).toBeVisible();
    await expect(failed.getByRole('heading', { name: t('autopay.errors.method.title') })).toBeVisible();
    await expect(result.getByTestId('autopay-result-parts').getByRole('listitem')).toHaveCount(2);
    await expectNoAxeViolations(page);
    expect((await getAutoPayStatus(page)).enrollments).toEqual([]);

    // Done: nothing is enrolled now, so the panel offers the enrolment again.
    await result.getByRole('button', { name: t('autopay.result.done') }).click();
    await expect(autoPayStep(page, t, 'autopay.enroll.servicesTitle')).toBeVisible();
    await page.goto('/billing');
    await expect(page.getByTestId('auto-pay-status')).toHaveText(t('billing.status.off'));
  } finally {
    await setBillingSystemFaults(request, { reset: true });
  }
});

test.describe('in Spanish', () => {
  test.use({ appLocale: 'es' });

  test('[AUTOPAY] harbor-billing enrols with the Visa 4242, then cancels, and turns paperless off (es)', async ({
    page,
    t,
  }) => {
    test.slow();
    await openAutoPay(page, t, USER);
    const status = await getAutoPayStatus(page);
    expect(status.enrollments).toEqual([]);
    expect(status.paperless).toBe(true);
    const wallet = await getWallet(page);
    const visa = wallet.methods.find((method) => method.label === VISA);
    if (!visa?.expMonth || !visa.expYear) throw new Error('harbor has its Visa 4242');
    const checking = t('billing.method.checking', { lastFour: '6789' });
    expect(checking).toBe('Cuenta corriente 6789');

    // Step 1
    const servicesStep = autoPayStep(page, t, 'autopay.enroll.servicesTitle');
    await expect(servicesStep).toHaveAccessibleDescription(t('payments.step', { current: 1, total: 3 }));
    await expect(
      servicesStep
        .getByRole('group', { name: t('autopay.services.legend') })
        .getByRole('checkbox', { name: t('autopay.scope.core') }),
    ).toBeChecked();
    const methods = servicesStep.getByRole('group', { name: t('autopay.method.legend') });
    await expect(methodChoice(methods, checking)).toBeEnabled();
    await expect(methodChoice(methods, VISA)).toHaveAccessibleDescription(
      t('payments.method.expires', { date: expiryOf(visa.expMonth, visa.expYear).shown }),
    );
    await expect(methodChoice(methods, t('payments.method.addCard'))).toBeEnabled();
    await expect(methodChoice(methods, t('payments.method.addBank'))).toBeEnabled();
    await servicesStep.getByRole('button', { name: t('payments.continue') }).click();
    await expect(methods).toHaveAccessibleDescription(t('autopay.method.required'));
    await expectNoAxeViolations(page);
    await methodChoice(methods, VISA).check();
    await servicesStep.getByRole('button', { name: t('payments.continue') }).click();

    // Step 2: a day whose next draft is more than 2 days away, so that the cancellation below applies at once.
    const dayStep = autoPayStep(page, t, 'autopay.day.title');
    await expect(dayStep.getByRole('heading', { name: t('autopay.day.title') })).toBeFocused();
    await expect(dayStep).toHaveAccessibleDescription(t('payments.step', { current: 2, total: 3 }));
    await expect(dayStep.getByText(t('autopay.day.intro'))).toBeVisible();
    const calendar = debitDayCalendar(status.cycleDay, status.today);
    const day = [...calendar]
      .reverse()
      .find(
        (option) =>
          option.allowed &&
          !option.movesToFirst &&
          draftLockedByChange(nextDraftDates(option.day, status.cycleDay, status.today)[0] ?? null, status.today) ===
            null,
      )?.day;
    if (!day) throw new Error('no debit day whose next draft is more than 2 days away');
    const blocked = calendar.find((option) => !option.allowed);
    if (blocked) {
      await expect(dayChoice(dayStep, t, blocked.day)).toBeDisabled();
      await expect(dayChoice(dayStep, t, blocked.day)).toHaveAccessibleDescription(t('autopay.day.blocked'));
    }
    await chooseDay(dayStep, t, day);
    await expect(dayStep.getByText(t('autopay.day.chosen', { day }))).toBeVisible();
    const dates = nextDraftDates(day, status.cycleDay, status.today);
    await expect(dayStep.getByText(t('autopay.day.nextDrafts', { count: dates.length }))).toBeVisible();
    await expect(dayStep.getByTestId('next-draft-dates').getByRole('listitem')).toHaveText(draftDates('es', dates));
    await expectNoAxeViolations(page);
    await dayStep.getByRole('button', { name: t('payments.continue') }).click();

    // Step 3: the review; paperless is on already, so it is not offered.
    const review = autoPayStep(page, t, 'autopay.review.title');
    await expect(review).toHaveAccessibleDescription(t('payments.step', { current: 3, total: 3 }));
    await expect(definition(review, t('autopay.services.legend'))).toHaveText(t('autopay.scope.core'));
    await expect(definition(review, t('payments.review.method'))).toHaveText(VISA);
    await expect(definition(review, t('autopay.day.label'))).toHaveText(t('autopay.day.value', { day }));
    await expect(definition(review, t('autopay.review.firstDraft'))).toHaveText(paymentDate('es', dates[0] ?? ''));
    await expect(review.getByText(t('autopay.review.discount', { amount: money('es', 500) }))).toBeVisible();
    await expect(review.getByText(t('autopay.review.draftAmount'))).toBeVisible();
    await expect(review.getByRole('heading', { name: t('autopay.terms.electronic.title') })).toBeVisible();
    await expect(review.getByRole('heading', { name: t('autopay.terms.service.title') })).toBeVisible();
    await expect(review.getByRole('checkbox', { name: t('autopay.paperless.also') })).toHaveCount(0);
    await review.getByRole('button', { name: t('autopay.review.submit') }).click();
    const service = review.getByRole('checkbox', { name: t('autopay.terms.service.accept') });
    await expect(service).toHaveAccessibleDescription(t('autopay.terms.service.required'));
    await review.getByRole('checkbox', { name: t('autopay.terms.electronic.accept') }).check();
    await service.check();
    await expectNoAxeViolations(page);
    await review.getByRole('button', { name: t('autopay.review.submit') }).click();

    // The result page
    const result = autoPayResult(page);
    await expect(result.getByRole('heading', { name: t('autopay.result.enroll.title') })).toBeFocused();
    expect(t('autopay.result.enroll.title')).toBe('Está inscrito en el Pago automático');
    await expect(
      resultPart(page, t('autopay.part.enroll.ok', { service: t('autopay.scope.core'), method: VISA })),
    ).toBeVisible();
    await expect(result.getByTestId('autopay-result-parts').getByRole('listitem')).toHaveCount(1);
    await expectNoAxeViolations(page);
    await result.getByRole('button', { name: t('autopay.result.done') }).click();

    // Cancel: the dialog starts on "keep"; the cancellation applies at once (no draft within 2 days).
    const core = enrollmentCard(page, 'core');
    await expect(definition(core, t('autopay.day.label'))).toHaveText(t('autopay.day.value', { day }));
    await core.getByRole('button', { name: t('autopay.cancel.button') }).click();
    const dialog = page.getByRole('alertdialog', { name: t('autopay.cancel.title') });
    await expect(dialog).toHaveAccessibleDescription(
      t('autopay.cancel.body', { service: t('autopay.scope.core'), amount: money('es', 500) }),
    );
    await expect(dialog.getByRole('button', { name: t('autopay.cancel.keep') })).toBeFocused();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: t('autopay.cancel.button') }).click();
    await expect(result.getByRole('heading', { name: t('autopay.result.cancel.title') })).toBeFocused();
    await expect(
      resultPart(page, t('autopay.part.cancelScope.ok', { service: t('autopay.scope.core') })),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await result.getByRole('button', { name: t('autopay.result.done') }).click();
    await expect(autoPayStep(page, t, 'autopay.enroll.servicesTitle')).toBeVisible();
    expect((await getAutoPayStatus(page)).enrollments).toEqual([]);

    // Paperless off again, from the billing settings card.
    await page.goto('/billing');
    await expect(page.getByTestId('auto-pay-status')).toHaveText(t('billing.status.off'));
    await page.getByRole('button', { name: t('autopay.paperless.unenroll') }).click();
    const confirm = page.getByRole('alertdialog', { name: t('autopay.paperless.confirm.unenrollTitle') });
    await expect(confirm).toHaveAccessibleDescription(t('autopay.paperless.confirm.unenrollBody'));
    await confirm.getByRole('button', { name: t('autopay.paperless.unenroll') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('autopay.paperless.unenrolled') })).toBeVisible();
    await expect(page.getByTestId('settings-paperless-status')).toHaveText(
      t('billing.settings.status', { status: t('billing.status.off') }),
    );
    await expect(page.getByTestId('paperless-status')).toHaveText(t('billing.status.off'));
    const end = await getAutoPayStatus(page);
    expect([end.enrollments, end.paperless]).toEqual([[], false]);
  });
});

// Issue 15 item 5 (spec §4 combined flows): the payment with Auto Pay and paperless is one request to the checkout.
// maple-owner: bank only and not enrolled; after every other spec that reads Maple (autopay.spec.ts, payments.spec.ts).
test('[AUTOPAY] maple-owner pays from Checking 6789, enrols in Auto Pay with it and goes paperless, in one checkout', async ({
  page,
  t,
}) => {
  await openOneTimePayment(page, t, 'maple-owner');
  const before = await getAutoPayStatus(page);
  expect([before.enrollments, before.paperless]).toEqual([[], false]);
  const options = await getPaymentOptions(page);
  await continueWithOtherAmount(page, t, 'en', 1_000, options.amountDueCents);
  await continueWithSavedMethod(page, t, 'Checking 6789');
  await continueWithDate(page, t);

  const review = paymentStep(page, t, 'payments.review.title');
  await review.getByRole('checkbox', { name: t('payments.combined.autoPay.offer') }).check();
  await review.getByRole('checkbox', { name: t('autopay.terms.electronic.accept') }).check();
  await review.getByRole('checkbox', { name: t('autopay.terms.service.accept') }).check();
  await review.getByRole('checkbox', { name: t('autopay.paperless.also') }).check();
  await expectNoAxeViolations(page);
  const sent = page.waitForRequest((request) => request.url().endsWith(CHECKOUT_PATH) && request.method() === 'POST');
  await payButton(page, t, 'en', 1_000).click();
  expect((await sent).postDataJSON()).toMatchObject({ autoPay: { services: ['core'] }, paperless: true });

  await expect(page.getByRole('heading', { name: t('payments.result.pending.title') })).toBeFocused();
  await expect(page.getByTestId('combined-outcome')).toHaveText(t('payments.combined.success'));
  await expect(page.getByTestId('combined-part-payment')).toContainText(t('payments.combined.payment.ok'));
  await expect(page.getByTestId('combined-part-autoPay')).toContainText(t('payments.combined.part.autoPay'));
  await expect(page.getByTestId('combined-part-paperless')).toContainText(t('autopay.part.paperless.ok'));
  await expectNoAxeViolations(page);
  const after = await getAutoPayStatus(page);
  expect(after.paperless).toBe(true);
  expect(after.enrollments.map((enrollment) => [enrollment.scope, enrollment.methodLabel])).toEqual([
    ['core', 'Checking 6789'],
  ]);
});

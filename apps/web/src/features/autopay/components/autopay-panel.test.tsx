import { screen, waitFor, within } from '@testing-library/react';
import {
  AUTOPAY_DATE_PATH,
  AUTOPAY_METHOD_PATH,
  AUTOPAY_PATH,
  type AutoPayStatus,
  BILLING_SUMMARY_PATH,
  PAYMENT_METHODS_PATH,
  PCI_TOKENIZE_PATH,
  type Wallet,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { harborSummary } from '../../../test/billing';
import { apiError, type FakeApiOptions, jsonResponse, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { vaultToken } from '../../../test/wallet';
import {
  CHECKING_ID,
  changeResponse,
  enrollment,
  harborStatus,
  harborWallet,
  NEW_CARD_ID,
  VISA_ID,
  walletChecking,
  walletExpired,
  walletSoon,
  walletVisa,
} from '../testing/autopay-fixtures';

type Routes = NonNullable<FakeApiOptions['routes']>;

async function renderAutoPay(
  status: AutoPayStatus | (() => Response) = harborStatus(),
  wallet: Wallet | (() => Response) = harborWallet(),
  routes: Routes = {},
) {
  const rendered = await renderApp({
    path: '/billing/pay-bill?open=ap',
    profile: testProfile('BILLING'),
    routes: {
      [`GET ${BILLING_SUMMARY_PATH}`]: () => jsonResponse(harborSummary()),
      [`GET ${AUTOPAY_PATH}`]: typeof status === 'function' ? status : () => jsonResponse(status),
      [`GET ${PAYMENT_METHODS_PATH}`]: typeof wallet === 'function' ? wallet : () => jsonResponse(wallet),
      ...routes,
    },
  });
  return rendered;
}

type User = Awaited<ReturnType<typeof renderAutoPay>>['user'];

async function toDayStep(user: User) {
  await screen.findByRole('heading', { level: 3, name: 'Choose services and a payment method' });
  await user.click(screen.getByRole('radio', { name: 'Visa 4242' }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 3, name: 'Choose your debit day' });
}

async function toReviewStep(user: User, day = '15') {
  await toDayStep(user);
  await user.click(screen.getByRole('radio', { name: day }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 3, name: 'Review and enroll' });
}

describe('Auto Pay enrolment, step 1: services and method (spec §2.4, §5)', () => {
  it('says "Step 1 of 3", offers Mobile when the account has it, and asks for a service when none is chosen', async () => {
    const { user, fetchMock } = await renderAutoPay(harborStatus({ services: ['core', 'mobile'] }));
    const heading = await screen.findByRole('heading', { level: 3, name: 'Choose services and a payment method' });
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    const core = screen.getByRole('checkbox', { name: 'Internet, TV and Phone' });
    const mobile = screen.getByRole('checkbox', { name: 'Mobile' });
    expect(core).toBeChecked();
    expect(mobile).toBeChecked();
    expect(heading.closest('form')).toBeInTheDocument();

    await user.click(core);
    await user.click(mobile);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('group', { name: 'Services' })).toHaveAccessibleDescription(
      'Please select service(s) for Auto Pay changes.',
    );
    expect(core).toHaveFocus();
    expect(screen.getByRole('heading', { level: 3, name: 'Choose services and a payment method' })).toBeInTheDocument();
    expect(fetchMock.requestsTo(AUTOPAY_PATH, 'POST')).toHaveLength(0);
  });

  it('disables bank accounts while Mobile is selected, and says why', async () => {
    const { user } = await renderAutoPay(harborStatus({ services: ['core', 'mobile'] }));
    await screen.findByRole('heading', { name: 'Choose services and a payment method' });
    const checking = screen.getByRole('radio', { name: 'Checking 6789' });
    expect(checking).toBeDisabled();
    expect(checking).toHaveAccessibleDescription(expect.stringContaining('Mobile Auto Pay accepts cards only'));
    expect(screen.getByRole('radio', { name: 'Add a bank account' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Visa 4242' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'Add a card' })).toBeEnabled();

    await user.click(screen.getByRole('checkbox', { name: 'Mobile' }));
    expect(checking).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'Add a bank account' })).toBeEnabled();
  });

  it('shows expired cards disabled and asks to confirm a card that expires soon', async () => {
    const { user } = await renderAutoPay(
      harborStatus(),
      harborWallet({ methods: [walletVisa(), walletExpired(), walletSoon()] }),
    );
    await screen.findByRole('heading', { name: 'Choose services and a payment method' });
    const expired = screen.getByRole('radio', { name: 'Mastercard 4444' });
    expect(expired).toBeDisabled();
    expect(expired).toHaveAccessibleDescription(expect.stringContaining('Expired'));

    await user.click(screen.getByRole('radio', { name: 'Discover 1117' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'This card expires soon' });
    await user.click(within(dialog).getByRole('button', { name: 'Use this card' }));
    expect(await screen.findByRole('heading', { name: 'Choose your debit day' })).toBeInTheDocument();
  });

  it('asks for a method when none is chosen', async () => {
    const { user } = await renderAutoPay();
    await screen.findByRole('heading', { name: 'Choose services and a payment method' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('group', { name: 'Auto Pay payment method' })).toHaveAccessibleDescription(
      'Please choose a payment method.',
    );
  });

  it('adds a new card through the card vault, saves its token in the wallet and goes on with it', async () => {
    let methods = [walletVisa(), walletChecking()];
    const { user, fetchMock } = await renderAutoPay(harborStatus(), () => jsonResponse(harborWallet({ methods })), {
      [`POST ${PCI_TOKENIZE_PATH}`]: () => jsonResponse(vaultToken({ token: 'tok_new_1111', lastFour: '1111' })),
      [`POST ${PAYMENT_METHODS_PATH}`]: () => {
        methods = [...methods, walletVisa({ id: NEW_CARD_ID, label: 'Visa 1111', lastFour: '1111', isDefault: false })];
        return jsonResponse(methods.at(-1), 201);
      },
    });
    await screen.findByRole('heading', { name: 'Choose services and a payment method' });
    await user.click(screen.getByRole('radio', { name: 'Add a card' }));
    await user.type(screen.getByRole('textbox', { name: 'Name on Card' }), 'Hannah Reyes');
    await user.type(screen.getByRole('textbox', { name: 'Card Number' }), '4111 1111 1111 1111');
    await user.type(screen.getByRole('textbox', { name: 'Expiration Date' }), '0829');
    await user.type(screen.getByRole('textbox', { name: 'ZIP Code' }), '02110');
    await user.type(screen.getByRole('textbox', { name: 'Security Code' }), '123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Choose your debit day' });
    const [save] = fetchMock.requestsTo(PAYMENT_METHODS_PATH, 'POST');
    expect(save?.body).toEqual({ token: 'tok_new_1111' });
    expect(save?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(JSON.stringify(save?.body)).not.toContain('4111');

    await user.click(screen.getByRole('radio', { name: '15' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Review and enroll' });
    expect(screen.getByText('Visa 1111')).toBeInTheDocument();
  });

  it('refuses a prepaid card for Auto Pay without saving it', async () => {
    const { user, fetchMock } = await renderAutoPay(harborStatus(), harborWallet(), {
      [`POST ${PCI_TOKENIZE_PATH}`]: () =>
        jsonResponse(vaultToken({ token: 'tok_prepaid', lastFour: '5556', funding: 'prepaid' })),
    });
    await screen.findByRole('heading', { name: 'Choose services and a payment method' });
    await user.click(screen.getByRole('radio', { name: 'Add a card' }));
    await user.type(screen.getByRole('textbox', { name: 'Name on Card' }), 'Hannah Reyes');
    await user.type(screen.getByRole('textbox', { name: 'Card Number' }), '4000056655665556');
    await user.type(screen.getByRole('textbox', { name: 'Expiration Date' }), '0829');
    await user.type(screen.getByRole('textbox', { name: 'ZIP Code' }), '02110');
    await user.type(screen.getByRole('textbox', { name: 'Security Code' }), '123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Unable to Add Payment Method' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Prepaid and gift cards can’t be saved or used for Auto Pay.');
    expect(fetchMock.requestsTo(PAYMENT_METHODS_PATH, 'POST')).toHaveLength(0);
  });
});

describe('Auto Pay enrolment, step 2: debit day (spec §5)', () => {
  it('disables the days that would make the payment late, and says why', async () => {
    const { user } = await renderAutoPay();
    await toDayStep(user);
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
    // Billed on the 10th, due on the 1st: a draft on the 1st to the 10th would come after the due date.
    for (const day of ['1', '5', '10']) {
      const radio = screen.getByRole('radio', { name: day });
      expect(radio).toBeDisabled();
      expect(radio).toHaveAccessibleDescription(expect.stringContaining('it would be late'));
    }
    expect(screen.getByRole('radio', { name: '11' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('group', { name: 'Day of the month' })).toHaveAccessibleDescription(
      'Please choose a debit day.',
    );
  });

  it('says a 31st moves to the 1st in shorter months and lists the next three real draft dates', async () => {
    const { user } = await renderAutoPay();
    await toDayStep(user);
    const day31 = screen.getByRole('radio', { name: '31' });
    expect(day31).toHaveAccessibleDescription(expect.stringContaining('the 1st of the next month'));
    await user.click(day31);
    expect(screen.getByTestId('short-month-note')).toHaveTextContent(
      'In a month without a 31st, the payment is made on the 1st of the next month.',
    );
    const dates = within(screen.getByRole('list', { name: 'Your next 3 payments:' })).getAllByRole('listitem');
    expect(dates.map((item) => item.textContent)).toEqual(['Dec 1, 2026', 'Dec 31, 2026', 'Jan 31, 2027']);

    await user.click(screen.getByRole('radio', { name: '15' }));
    expect(screen.queryByTestId('short-month-note')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Your next 3 payments:' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Dec 15, 2026', 'Jan 15, 2027', 'Feb 15, 2027']);
  });
});

describe('Auto Pay enrolment: a payment scheduled before the first draft (issue 14: the double charge)', () => {
  const scheduled = (paymentDate: string, amountCents: number, id = '9c1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e21') => ({
    id,
    paymentDate,
    amountCents,
    methodLabel: 'Visa 4242',
  });

  it('warns on the debit day and on the review that the draft takes only what is left', async () => {
    const { user } = await renderAutoPay(harborStatus({ scheduledPayments: [scheduled('2026-12-01', 28_947)] }));
    await toDayStep(user);
    // day 31: the first draft is on Dec 1, the day of the scheduled payment
    await user.click(screen.getByRole('radio', { name: '31' }));
    const notice = await screen.findByTestId('scheduled-before-draft');
    expect(notice).toHaveTextContent(
      'You have a payment of $289.47 scheduled for Dec 1, 2026. Auto Pay will draft only what is left of your balance on Dec 1, 2026, so you won’t pay twice.',
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 3, name: 'Review and enroll' });
    expect(screen.getByTestId('scheduled-before-draft')).toHaveTextContent('You have a payment of $289.47 scheduled');
  });

  it('says nothing of a payment scheduled after the first draft (the draft does not leave it anything)', async () => {
    const { user } = await renderAutoPay(harborStatus({ scheduledPayments: [scheduled('2026-12-05', 28_947)] }));
    await toDayStep(user);
    await user.click(screen.getByRole('radio', { name: '31' }));
    expect(await screen.findByTestId('short-month-note')).toBeInTheDocument();
    expect(screen.queryByTestId('scheduled-before-draft')).not.toBeInTheDocument();
  });

  it('lists two scheduled payments, in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    const { user } = await renderAutoPay(
      harborStatus({
        scheduledPayments: [
          scheduled('2026-11-28', 5_000),
          scheduled('2026-12-01', 10_000, '9c1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e22'),
        ],
      }),
    );
    await screen.findByRole('heading', { level: 3, name: 'Elija los servicios y un método de pago' });
    await user.click(screen.getByRole('radio', { name: 'Visa 4242' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(await screen.findByRole('radio', { name: '31' }));
    const notice = await screen.findByTestId('scheduled-before-draft');
    expect(notice).toHaveTextContent('Tiene 2 pagos programados hasta el 1 dic 2026.');
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['$50.00 programado para el 28 nov 2026', '$100.00 programado para el 1 dic 2026']);
  });
});

describe('Auto Pay enrolment, step 3: review and result (spec §4, §5, §8)', () => {
  it('requires both terms, without sending anything', async () => {
    const { user, fetchMock } = await renderAutoPay();
    await toReviewStep(user);
    expect(screen.getByText('Step 3 of 3')).toBeInTheDocument();
    expect(screen.getByText(/\$5\.00 credit on every statement/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enroll in Auto Pay' }));
    const electronic = screen.getByRole('checkbox', { name: 'I accept the electronic payment terms' });
    const service = screen.getByRole('checkbox', { name: 'I accept the terms of service' });
    expect(electronic).toHaveAccessibleDescription('Please accept the electronic payment terms to enroll in Auto Pay.');
    expect(service).toHaveAccessibleDescription('Please accept the terms of service to enroll in Auto Pay.');
    expect(electronic).toHaveFocus();
    await user.click(electronic);
    await user.click(screen.getByRole('button', { name: 'Enroll in Auto Pay' }));
    expect(service).toHaveFocus();
    expect(fetchMock.requestsTo(AUTOPAY_PATH, 'POST')).toHaveLength(0);
  });

  it('enrols with paperless and shows a partial result when paperless fails', async () => {
    const enrolled = harborStatus({ enrollments: [enrollment()] });
    let status = harborStatus();
    const { user, fetchMock } = await renderAutoPay(() => jsonResponse(status), harborWallet(), {
      [`POST ${AUTOPAY_PATH}`]: () => {
        status = enrolled;
        return jsonResponse(
          changeResponse(
            'partial',
            [
              { part: 'core', result: 'ok' },
              { part: 'paperless', result: 'PAPERLESS_ENROLLMENT_FAILED' },
            ],
            enrolled,
          ),
        );
      },
    });
    await toReviewStep(user);
    await user.click(screen.getByRole('checkbox', { name: 'I accept the electronic payment terms' }));
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms of service' }));
    await user.click(screen.getByRole('checkbox', { name: 'Also go paperless' }));
    await user.click(screen.getByRole('button', { name: 'Enroll in Auto Pay' }));

    const heading = await screen.findByRole('heading', { level: 3, name: 'Some of your changes didn’t go through' });
    expect(heading).toHaveFocus();
    const [request] = fetchMock.requestsTo(AUTOPAY_PATH, 'POST');
    expect(request?.body).toEqual({
      services: ['core'],
      paymentMethodId: VISA_ID,
      debitDay: 15,
      acceptElectronicPaymentTerms: true,
      acceptTermsOfService: true,
      paperless: true,
    });
    expect(request?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    const parts = screen.getByTestId('autopay-result-parts');
    expect(parts).toHaveTextContent('Auto Pay is on for Internet, TV and Phone with Visa 4242.');
    expect(within(parts).getByRole('heading', { name: 'Unable to Enroll in Paperless Billing' })).toBeInTheDocument();
    expect(parts).toHaveTextContent('You can complete it in Settings.');
    expect(within(parts).getByRole('link', { name: 'Go to Settings' })).toHaveAttribute('href', '/billing');

    // The status now says enrolled; the result stays until Done, then the manage view shows.
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByTestId('autopay-enrollment-core')).toHaveTextContent('Visa 4242');
  });

  it('shows "Unable to Complete Enrollment" when the enrolment is refused', async () => {
    const { user } = await renderAutoPay(harborStatus(), harborWallet(), {
      [`POST ${AUTOPAY_PATH}`]: () => apiError('PAYMENT_METHOD_UNAVAILABLE', 422),
    });
    await toReviewStep(user);
    await user.click(screen.getByRole('checkbox', { name: 'I accept the electronic payment terms' }));
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms of service' }));
    await user.click(screen.getByRole('button', { name: 'Enroll in Auto Pay' }));
    const heading = await screen.findByRole('heading', { level: 3, name: 'Unable to Complete Enrollment' });
    expect(heading.closest('section')).toHaveTextContent('This account can’t use this type of payment method.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Choose services and a payment method' })).toBeInTheDocument();
  });

  it('sends the same Idempotency-Key again after an unknown outcome', async () => {
    let calls = 0;
    const { user, fetchMock } = await renderAutoPay(harborStatus(), harborWallet(), {
      [`POST ${AUTOPAY_PATH}`]: () => {
        calls += 1;
        return calls === 1
          ? apiError('INTERNAL', 500)
          : jsonResponse(
              changeResponse(
                'success',
                [{ part: 'core', result: 'ok' }],
                harborStatus({ enrollments: [enrollment()] }),
              ),
            );
      },
    });
    await toReviewStep(user);
    await user.click(screen.getByRole('checkbox', { name: 'I accept the electronic payment terms' }));
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms of service' }));
    await user.click(screen.getByRole('button', { name: 'Enroll in Auto Pay' }));
    expect(await screen.findByText(/We didn’t get an answer about your request/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enroll in Auto Pay' }));
    expect(await screen.findByRole('heading', { name: 'You’re enrolled in Auto Pay' })).toBeInTheDocument();
    const [first, second] = fetchMock.requestsTo(AUTOPAY_PATH, 'POST');
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
  });

  it('shows the result page in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    const { user } = await renderAutoPay(harborStatus(), harborWallet(), {
      [`POST ${AUTOPAY_PATH}`]: () =>
        jsonResponse(
          changeResponse(
            'partial',
            [
              { part: 'core', result: 'ok' },
              { part: 'paperless', result: 'PAPERLESS_ENROLLMENT_FAILED' },
            ],
            harborStatus({ enrollments: [enrollment()] }),
          ),
        ),
    });
    await screen.findByRole('heading', { name: 'Elija los servicios y un método de pago' });
    await user.click(screen.getByRole('radio', { name: 'Visa 4242' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { name: 'Elija su día de débito' });
    await user.click(screen.getByRole('radio', { name: '15' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { name: 'Revise e inscríbase' });
    await user.click(screen.getByRole('checkbox', { name: 'Acepto los términos de pago electrónico' }));
    await user.click(screen.getByRole('checkbox', { name: 'Acepto los términos de servicio' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pasarse también a la facturación sin papel' }));
    await user.click(screen.getByRole('button', { name: 'Inscribirse en Pago automático' }));
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Algunos de sus cambios no se completaron' }),
    ).toBeInTheDocument();
    const parts = screen.getByTestId('autopay-result-parts');
    expect(parts).toHaveTextContent('El Pago automático está activado para Internet, TV y Teléfono con Visa 4242.');
    expect(
      within(parts).getByRole('heading', { name: 'No se pudo inscribir en la facturación sin papel' }),
    ).toBeInTheDocument();
    expect(parts).toHaveTextContent('Puede completarlo en Configuración.');
  });
});

describe('Auto Pay eligibility and loading', () => {
  it('tells a disconnected account it cannot enrol, with no form', async () => {
    await renderAutoPay(harborStatus({ ineligibleReason: 'disconnected' }));
    expect(await screen.findByTestId('autopay-ineligible')).toHaveTextContent(
      'Disconnected accounts can’t enroll in Auto Pay.',
    );
    expect(screen.queryByRole('heading', { name: 'Choose services and a payment method' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enroll in Auto Pay' })).not.toBeInTheDocument();
  });

  it('shows "Auto Pay Unavailable" when the status cannot load, and Try again loads it', async () => {
    let fail = true;
    const { user } = await renderAutoPay(() =>
      fail ? apiError('INTERNAL', 500) : jsonResponse(harborStatus({ enrollments: [enrollment()] })),
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Auto Pay Unavailable' })).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('autopay-enrollment-core')).toBeInTheDocument();
  });

  it('shows "Payment Methods Unavailable" in place of the form when the wallet cannot load', async () => {
    await renderAutoPay(harborStatus(), () => apiError('INTERNAL', 500));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Payment Methods Unavailable' })).toBeInTheDocument();
  });
});

describe('managing Auto Pay (spec §2.4, §4)', () => {
  const enrolled = harborStatus({
    services: ['core', 'mobile'],
    enrollments: [
      enrollment(),
      enrollment({ scope: 'mobile', debitDay: 20, nextDraftDate: '2026-12-20', cancellable: false }),
    ],
  });

  it('shows each enrolment with its method, debit day, next draft date and amount', async () => {
    await renderAutoPay(enrolled);
    const core = await screen.findByTestId('autopay-enrollment-core');
    expect(within(core).getByRole('heading', { name: 'Internet, TV and Phone' })).toBeInTheDocument();
    expect(core).toHaveTextContent('Visa 4242');
    expect(core).toHaveTextContent('The 15th of each month');
    expect(core).toHaveTextContent('Dec 15, 2026');
    expect(core).toHaveTextContent('$289.47');
    expect(within(core).getByRole('button', { name: 'Cancel Auto Pay' })).toBeInTheDocument();
    const mobile = screen.getByTestId('autopay-enrollment-mobile');
    expect(mobile).toHaveTextContent('The 20th of each month');
  });

  it('offers no cancellation for mobile, which requires Auto Pay', async () => {
    await renderAutoPay(
      harborStatus({
        services: ['mobile'],
        enrollments: [enrollment({ scope: 'mobile', cancellable: false })],
      }),
    );
    const mobile = await screen.findByTestId('autopay-enrollment-mobile');
    expect(screen.queryByRole('button', { name: 'Cancel Auto Pay' })).not.toBeInTheDocument();
    expect(within(mobile).getByTestId('autopay-not-cancellable')).toHaveTextContent(
      'Mobile service requires Auto Pay, so it can’t be cancelled.',
    );
  });

  it('changes the method for every chosen service at once, and says exactly which part failed', async () => {
    const { user, fetchMock } = await renderAutoPay(
      harborStatus({ enrollments: [enrollment()] }),
      harborWallet({ methods: [walletVisa({ autoPayScopes: ['core'] }), walletChecking()] }),
      {
        [`PUT ${AUTOPAY_METHOD_PATH}`]: () =>
          jsonResponse(
            changeResponse('partial', [
              { part: 'pastDuePayment', result: 'ok' },
              { part: 'cancel', result: 'ok' },
              { part: 'core', result: 'AUTOPAY_ENROLLMENT_FAILED' },
            ]),
          ),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Change method' }));
    await screen.findByRole('heading', { level: 3, name: 'Change your Auto Pay method' });
    expect(screen.getByRole('radio', { name: 'Visa 4242' })).toHaveAccessibleDescription(
      expect.stringContaining('Current Auto Pay method'),
    );
    await user.click(screen.getByRole('radio', { name: 'Checking 6789' }));
    await user.click(screen.getByRole('button', { name: 'Update Auto Pay method' }));

    const heading = await screen.findByRole('heading', { level: 3, name: 'Some of your changes didn’t go through' });
    expect(heading).toHaveFocus();
    const [request] = fetchMock.requestsTo(AUTOPAY_METHOD_PATH, 'PUT');
    expect(request?.body).toEqual({ services: ['core'], paymentMethodId: CHECKING_ID });
    expect(request?.headers.get('Idempotency-Key')).toBeTruthy();
    const parts = screen.getByTestId('autopay-result-parts');
    expect(parts).toHaveTextContent('Your past-due balance was paid today with Checking 6789.');
    expect(parts).toHaveTextContent('Your previous Auto Pay enrollment was cancelled.');
    expect(within(parts).getByRole('heading', { name: 'Unable to Update Auto Pay Method' })).toBeInTheDocument();
    expect(parts).toHaveTextContent(
      'Your previous Auto Pay for Internet, TV and Phone was cancelled, but we couldn’t enroll it with Checking 6789',
    );
  });

  it('stops a change of method when the past-due payment fails', async () => {
    const { user } = await renderAutoPay(harborStatus({ enrollments: [enrollment()] }), harborWallet(), {
      [`PUT ${AUTOPAY_METHOD_PATH}`]: () =>
        jsonResponse(
          changeResponse('failure', [
            { part: 'pastDuePayment', result: 'PAYMENT_DECLINED' },
            { part: 'cancel', result: 'skipped' },
            { part: 'core', result: 'skipped' },
          ]),
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Change method' }));
    await user.click(await screen.findByRole('radio', { name: 'Checking 6789' }));
    await user.click(screen.getByRole('button', { name: 'Update Auto Pay method' }));
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Unable to Update Auto Pay Method' }),
    ).toBeInTheDocument();
    const parts = screen.getByTestId('autopay-result-parts');
    expect(within(parts).getByRole('heading', { name: 'Unable to Process Payment' })).toBeInTheDocument();
    expect(parts).toHaveTextContent('your Auto Pay method wasn’t changed');
    expect(parts).toHaveTextContent('Auto Pay for Internet, TV and Phone wasn’t changed');
  });

  it('says a change applies after the draft already on its way, and shows "Unable to Change Date"', async () => {
    const { user, fetchMock } = await renderAutoPay(
      harborStatus({ enrollments: [enrollment({ nextDraftDate: '2026-11-22', changesApplyAfter: '2026-11-22' })] }),
      harborWallet(),
      { [`PUT ${AUTOPAY_DATE_PATH}`]: () => apiError('INTERNAL', 503) },
    );
    await user.click(await screen.findByRole('button', { name: 'Change date' }));
    await screen.findByRole('heading', { level: 3, name: 'Change your Auto Pay date' });
    expect(screen.getByTestId('changes-apply-after')).toHaveTextContent(
      'The Auto Pay payment for Internet, TV and Phone on Nov 22, 2026 will still be made as it is now.',
    );
    expect(screen.getByRole('radio', { name: '15' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '20' }));
    await user.click(screen.getByRole('button', { name: 'Change date' }));
    // 503 SERVICE_UNAVAILABLE: the outcome is unknown, the same key goes again.
    expect(await screen.findByText(/We didn’t get an answer about your request/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change date' }));
    await waitFor(() => expect(fetchMock.requestsTo(AUTOPAY_DATE_PATH, 'PUT')).toHaveLength(2));
    const [first, second] = fetchMock.requestsTo(AUTOPAY_DATE_PATH, 'PUT');
    expect(first?.body).toEqual({ services: ['core'], debitDay: 20 });
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
  });

  it('shows "Unable to Change Date" when the change is refused', async () => {
    const { user } = await renderAutoPay(harborStatus({ enrollments: [enrollment()] }), harborWallet(), {
      [`PUT ${AUTOPAY_DATE_PATH}`]: () =>
        jsonResponse(changeResponse('failure', [{ part: 'core', result: 'AUTOPAY_DATE_FAILED' }])),
    });
    await user.click(await screen.findByRole('button', { name: 'Change date' }));
    await user.click(await screen.findByRole('radio', { name: '20' }));
    await user.click(screen.getByRole('button', { name: 'Change date' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Unable to Change Date' })).toBeInTheDocument();
    expect(screen.getByTestId('autopay-result-parts')).toHaveTextContent(
      'We couldn’t change the debit day for Internet, TV and Phone.',
    );
  });

  it('cancels core Auto Pay after a confirmation, with its services in the body', async () => {
    let status = harborStatus({ enrollments: [enrollment()] });
    const { user, fetchMock } = await renderAutoPay(() => jsonResponse(status), harborWallet(), {
      [`DELETE ${AUTOPAY_PATH}`]: () => {
        status = harborStatus();
        return jsonResponse(changeResponse('success', [{ part: 'core', result: 'ok' }], status));
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel Auto Pay' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel Auto Pay?' });
    expect(dialog).toHaveTextContent('you’ll no longer get the $5.00 monthly credit');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Auto Pay' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Auto Pay was cancelled' })).toBeInTheDocument();
    const [request] = fetchMock.requestsTo(AUTOPAY_PATH, 'DELETE');
    expect(request?.body).toEqual({ services: ['core'] });
    expect(request?.headers.get('Idempotency-Key')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('heading', { name: 'Choose services and a payment method' })).toBeInTheDocument();
  });

  it('shows "Unable to Cancel Auto Pay" when the cancellation fails', async () => {
    const { user } = await renderAutoPay(harborStatus({ enrollments: [enrollment()] }), harborWallet(), {
      [`DELETE ${AUTOPAY_PATH}`]: () => apiError('AUTOPAY_NOT_CANCELLABLE', 409),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel Auto Pay' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel Auto Pay' }));
    const heading = await screen.findByRole('heading', { level: 3, name: 'Unable to Cancel Auto Pay' });
    expect(heading.closest('section')).toHaveTextContent('Mobile service requires Auto Pay');
  });

  it('offers to enrol a service that is not enrolled yet', async () => {
    const { user } = await renderAutoPay(harborStatus({ services: ['core', 'mobile'], enrollments: [enrollment()] }));
    await user.click(await screen.findByRole('button', { name: 'Enroll Mobile in Auto Pay' }));
    await screen.findByRole('heading', { name: 'Choose services and a payment method' });
    expect(screen.getByRole('checkbox', { name: 'Mobile' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Internet, TV and Phone' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByTestId('autopay-enrollment-core')).toBeInTheDocument();
  });
});

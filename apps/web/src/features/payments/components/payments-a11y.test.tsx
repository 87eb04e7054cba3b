import { screen, within } from '@testing-library/react';
import {
  AUTOPAY_PATH,
  BILLING_SUMMARY_PATH,
  CHECKOUT_PATH,
  PAYMENT_OPTIONS_PATH,
  PAYMENTS_PATH,
  type PaymentOptions,
  PCI_VERIFY_PATH,
} from '@vireo/shared';
import { describe, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { harborSummary } from '../../../test/billing';
import { apiError, type FakeApiOptions, jsonResponse, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import {
  autoPayStatus,
  expiredMastercard,
  harborOptions,
  paymentResponse,
  scheduledPayment,
  visa,
} from '../testing/payment-fixtures';

async function render(path: string, options: PaymentOptions, routes: NonNullable<FakeApiOptions['routes']> = {}) {
  return renderApp({
    path,
    profile: testProfile('BILLING'),
    routes: {
      [`GET ${BILLING_SUMMARY_PATH}`]: () => jsonResponse(harborSummary()),
      [`GET ${PAYMENT_OPTIONS_PATH}`]: () => jsonResponse(options),
      [`POST ${PCI_VERIFY_PATH}`]: () => jsonResponse({ verified: true }),
      ...routes,
    },
  });
}

describe('payment screens pass axe (WCAG 2.2 AA, structure)', () => {
  it.each(['en', 'es'])('every step of a one-time payment, its dialogs and its receipt (%s)', async (locale) => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    const t = (en: string, es: string) => (locale === 'en' ? en : es);
    const { user } = await render(
      '/billing/pay-bill?open=otp',
      harborOptions({ methods: [visa(), expiredMastercard()] }),
      {
        [`POST ${PAYMENTS_PATH}`]: () => jsonResponse(paymentResponse()),
      },
    );
    await screen.findByRole('heading', { name: t('Choose a payment amount', 'Elija el monto del pago') });
    await expectNoAxeViolations();

    await user.click(
      screen.getByRole('button', { name: t('Pay $289.47 now with Visa 4242', 'Pagar $289.47 ahora con Visa 4242') }),
    );
    await screen.findByRole('alertdialog');
    await expectNoAxeViolations();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('radio', { name: t('Other amount', 'Otro monto') }));
    await user.type(screen.getByRole('textbox', { name: t('Enter amount', 'Ingrese el monto') }), '300');
    await user.click(screen.getByRole('button', { name: t('Continue', 'Continuar') }));
    await screen.findByRole('alertdialog');
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: t('Confirm amount', 'Confirmar monto') }));

    await screen.findByRole('heading', { name: t('Choose a payment method', 'Elija un método de pago') });
    await user.click(screen.getByRole('radio', { name: t('Add a card', 'Agregar una tarjeta') }));
    await user.click(screen.getByRole('button', { name: t('Continue', 'Continuar') }));
    await expectNoAxeViolations();

    await user.click(screen.getByRole('radio', { name: 'Visa 4242' }));
    await user.type(screen.getByRole('textbox', { name: t('Security Code', 'Código de seguridad') }), '123');
    await user.click(screen.getByRole('button', { name: t('Continue', 'Continuar') }));
    await screen.findByRole('heading', { name: t('Choose a payment date', 'Elija la fecha del pago') });
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: t('Choose a date', 'Elegir una fecha') }));
    await screen.findByRole('grid');
    await expectNoAxeViolations();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: t('Continue', 'Continuar') }));
    await screen.findByRole('heading', { name: t('Review your payment', 'Revise su pago') });
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: t('Pay $300.00', 'Pagar $300.00') }));
    await screen.findByTestId('payment-receipt');
    await expectNoAxeViolations();
  });

  it('the review step with Auto Pay and paperless offered, its errors, and the combined result', async () => {
    const { user } = await render('/billing/pay-bill?open=otp', harborOptions(), {
      [`GET ${AUTOPAY_PATH}`]: () => jsonResponse(autoPayStatus()),
      [`POST ${CHECKOUT_PATH}`]: () =>
        jsonResponse({
          outcome: 'partial',
          parts: [
            { part: 'payment', state: 'ok', code: null },
            { part: 'autoPay', state: 'ok', code: null },
            { part: 'paperless', state: 'failed', code: 'PAPERLESS_ENROLLMENT_FAILED' },
          ],
          payment: paymentResponse(),
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByRole('textbox', { name: 'Security Code' }), '123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Also enroll in Auto Pay with this method' }));
    await user.click(screen.getByRole('checkbox', { name: 'Also go paperless' }));
    await user.click(screen.getByRole('button', { name: 'Pay $289.47' }));
    await expectNoAxeViolations();
    await user.click(screen.getByRole('checkbox', { name: 'I accept the electronic payment terms' }));
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms of service' }));
    await user.click(screen.getByRole('button', { name: 'Pay $289.47' }));
    await screen.findByTestId('combined-summary');
    await expectNoAxeViolations();
  });

  it('the options error', async () => {
    await render('/billing/pay-bill?open=otp', harborOptions(), {
      [`GET ${PAYMENT_OPTIONS_PATH}`]: () => apiError('INTERNAL', 500),
    });
    await screen.findByRole('heading', { name: 'Payment Info Unavailable' });
    await expectNoAxeViolations();
  });

  it('a failed payment', async () => {
    const { user } = await render('/billing/pay-bill?open=otp', harborOptions(), {
      [`POST ${PAYMENTS_PATH}`]: () => apiError('PAYMENT_DECLINED', 422),
    });
    await user.click(await screen.findByRole('button', { name: 'Pay $289.47 now with Visa 4242' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Pay $289.47' }));
    await screen.findByTestId('payment-failure');
    await expectNoAxeViolations();
  });

  it('scheduled payments, the edit form and the cancel dialog', async () => {
    const { user } = await render(
      '/billing/pay-bill?open=fdp',
      harborOptions({
        scheduled: [
          scheduledPayment(),
          scheduledPayment({ id: '7a1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e09', editable: false }),
        ],
      }),
    );
    await screen.findByText('2 of 2 scheduled payments');
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    await user.click(screen.getByRole('button', { name: 'Cancel payment' }));
    await screen.findByRole('alertdialog');
    await expectNoAxeViolations();
  });
});

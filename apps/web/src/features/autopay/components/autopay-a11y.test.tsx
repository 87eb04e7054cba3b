import { screen, within } from '@testing-library/react';
import {
  ACCOUNTS_PATH,
  AUTOPAY_METHOD_PATH,
  AUTOPAY_PATH,
  type AutoPayStatus,
  BILLING_SUMMARY_PATH,
  PAYMENT_METHODS_PATH,
} from '@vireo/shared';
import { describe, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { HARBOR_ACCOUNT } from '../../../test/accounts';
import { harborSummary } from '../../../test/billing';
import { type FakeApiOptions, jsonResponse, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import {
  changeResponse,
  enrollment,
  FAILED_PAYMENT_ID,
  harborStatus,
  harborWallet,
  walletChecking,
  walletExpired,
  walletSoon,
  walletVisa,
} from '../testing/autopay-fixtures';

function render(path: string, status: AutoPayStatus, routes: NonNullable<FakeApiOptions['routes']> = {}) {
  return renderApp({
    path,
    profile: testProfile('BILLING'),
    routes: {
      [`GET ${ACCOUNTS_PATH}`]: HARBOR_ACCOUNT,
      [`GET ${BILLING_SUMMARY_PATH}`]: () => jsonResponse(harborSummary()),
      [`GET ${AUTOPAY_PATH}`]: () => jsonResponse(status),
      [`GET ${PAYMENT_METHODS_PATH}`]: () =>
        jsonResponse(harborWallet({ methods: [walletVisa(), walletExpired(), walletSoon(), walletChecking()] })),
      ...routes,
    },
  });
}

describe('Auto Pay screens pass axe (WCAG 2.2 AA, structure)', () => {
  it.each(['en', 'es'])('every step of the enrolment, its errors and its result (%s)', async (locale) => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    const t = (en: string, es: string) => (locale === 'en' ? en : es);
    const { user } = await render('/billing/pay-bill?open=ap', harborStatus({ services: ['core', 'mobile'] }), {
      [`POST ${AUTOPAY_PATH}`]: () =>
        jsonResponse(
          changeResponse(
            'partial',
            [
              { part: 'core', result: 'ok' },
              { part: 'mobile', result: 'AUTOPAY_ENROLLMENT_FAILED' },
              { part: 'paperless', result: 'PAPERLESS_ENROLLMENT_FAILED' },
            ],
            harborStatus({ services: ['core', 'mobile'], enrollments: [enrollment()] }),
          ),
        ),
    });
    await screen.findByRole('heading', {
      name: t('Choose services and a payment method', 'Elija los servicios y un método de pago'),
    });
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: t('Continue', 'Continuar') }));
    await expectNoAxeViolations();
    await user.click(screen.getByRole('radio', { name: t('Add a card', 'Agregar una tarjeta') }));
    await user.click(screen.getByRole('button', { name: t('Continue', 'Continuar') }));
    await expectNoAxeViolations();
    await user.click(screen.getByRole('radio', { name: 'Visa 4242' }));
    await user.click(screen.getByRole('button', { name: t('Continue', 'Continuar') }));

    await screen.findByRole('heading', { name: t('Choose your debit day', 'Elija su día de débito') });
    await user.click(screen.getByRole('button', { name: t('Continue', 'Continuar') }));
    await expectNoAxeViolations();
    await user.click(screen.getByRole('radio', { name: '31' }));
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: t('Continue', 'Continuar') }));

    await screen.findByRole('heading', { name: t('Review and enroll', 'Revise e inscríbase') });
    await user.click(screen.getByRole('button', { name: t('Enroll in Auto Pay', 'Inscribirse en Pago automático') }));
    await expectNoAxeViolations();
    await user.click(
      screen.getByRole('checkbox', {
        name: t('I accept the electronic payment terms', 'Acepto los términos de pago electrónico'),
      }),
    );
    await user.click(
      screen.getByRole('checkbox', { name: t('I accept the terms of service', 'Acepto los términos de servicio') }),
    );
    await user.click(
      screen.getByRole('checkbox', {
        name: t('Also go paperless', 'Pasarse también a la facturación sin papel'),
      }),
    );
    await user.click(screen.getByRole('button', { name: t('Enroll in Auto Pay', 'Inscribirse en Pago automático') }));
    await screen.findByTestId('autopay-result-parts');
    await expectNoAxeViolations();
  });

  it('the manage view, the change of method and date, the cancel dialog and a change result', async () => {
    const { user } = await render(
      '/billing/pay-bill?open=ap',
      harborStatus({
        services: ['core', 'mobile'],
        enrollments: [
          enrollment({ changesApplyAfter: '2026-11-22', nextDraftDate: '2026-11-22' }),
          enrollment({ scope: 'mobile', cancellable: false }),
        ],
      }),
      {
        [`PUT ${AUTOPAY_METHOD_PATH}`]: () =>
          jsonResponse(
            changeResponse('partial', [
              { part: 'cancel', result: 'ok' },
              { part: 'core', result: 'ok' },
              { part: 'mobile', result: 'AUTOPAY_ENROLLMENT_FAILED' },
            ]),
          ),
      },
    );
    await screen.findByTestId('autopay-enrollment-core');
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Cancel Auto Pay' }));
    await screen.findByRole('alertdialog');
    await expectNoAxeViolations();
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Keep Auto Pay' }));

    await user.click(screen.getByRole('button', { name: 'Change date' }));
    await screen.findByRole('heading', { name: 'Change your Auto Pay date' });
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(await screen.findByRole('button', { name: 'Change method' }));
    await screen.findByRole('heading', { name: 'Change your Auto Pay method' });
    await expectNoAxeViolations();
    await user.click(screen.getByRole('radio', { name: 'Discover 1117' }));
    await user.click(screen.getByRole('button', { name: 'Update Auto Pay method' }));
    await screen.findByRole('alertdialog');
    await expectNoAxeViolations();
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Use this card' }));
    await screen.findByTestId('autopay-result-parts');
    await expectNoAxeViolations();
  });

  it('the disconnected account', async () => {
    await render('/billing/pay-bill?open=ap', harborStatus({ ineligibleReason: 'disconnected' }));
    await screen.findByTestId('autopay-ineligible');
    await expectNoAxeViolations();
  });

  it('the billing home with the failed-draft banner, the settings card and the paperless dialog', async () => {
    const { user } = await render(
      '/billing',
      harborStatus({
        lastFailedDraft: { paymentId: FAILED_PAYMENT_ID, paymentDate: '2026-11-15', amountCents: 28_947 },
      }),
    );
    await screen.findByTestId('failed-draft-banner');
    await screen.findByRole('button', { name: 'Enroll in paperless billing' });
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Enroll in paperless billing' }));
    await screen.findByRole('alertdialog');
    await expectNoAxeViolations();
  });
});

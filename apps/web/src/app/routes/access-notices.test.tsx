import { screen } from '@testing-library/react';
import { ACCOUNTS_PATH } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../lib/locale';
import { HARBOR_ACCOUNT } from '../../test/accounts';
import { testProfile } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const routes = { [`GET ${ACCOUNTS_PATH}`]: HARBOR_ACCOUNT };

describe('a user sent away from a page their role does not include is told why (issue 14)', () => {
  it.each(['/billing', '/billing/pay-bill', '/billing/mobile', '/billing/streaming'])(
    'harbor-staff (STANDARD) opening %s lands on the account summary with the reason',
    async (path) => {
      const { router } = await renderApp({ path, profile: testProfile('STANDARD'), routes });
      expect(await screen.findByRole('heading', { level: 1, name: 'Account Summary' })).toBeVisible();
      expect(router.state.location.pathname).toBe('/account-summary');
      const notice = screen.getByRole('status');
      expect(notice).toHaveTextContent('Billing isn’t part of your role');
      // issue 16 item 4: the access state names who can change it
      expect(notice).toHaveTextContent(
        'Your role doesn’t include billing. Your account owner, Hannah Reyes, can change it.',
      );
      await expectNoAxeViolations();
    },
  );

  it('says to ask the owner or an administrator when the account has no owner on record', async () => {
    const profile = { ...testProfile('STANDARD'), accountOwner: null };
    await renderApp({ path: '/billing', profile, routes });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your user role doesn’t include billing. Ask your account owner or an administrator for access.',
    );
  });

  it('says it in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderApp({ path: '/billing', profile: testProfile('STANDARD'), routes });
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('La facturación no forma parte de su función');
    expect(notice).toHaveTextContent(
      'Su función no incluye la facturación. El titular de su cuenta, Hannah Reyes, puede cambiarla.',
    );
  });

  it('tells a billing clerk sent away from the voice manager (CPNI) why, too', async () => {
    await renderApp({ path: '/voice/messages', profile: testProfile('BILLING'), routes });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your role doesn’t include voice management. Your account owner, Hannah Reyes, can change it.',
    );
  });

  it('says nothing to a user who opened the account summary themselves, or with a made-up notice', async () => {
    await renderApp({ path: '/account-summary?notice=somethingElse', profile: testProfile('STANDARD'), routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Summary' })).toBeVisible();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

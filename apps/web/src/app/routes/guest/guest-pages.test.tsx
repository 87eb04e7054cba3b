import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { renderApp } from '../../../test/render-app';

describe('the guest entry (/wg, issue 17 item 6)', () => {
  it('offers Quick Pay first, then sign-in, create account and recovery, each a link named by its heading', async () => {
    await renderApp({ path: '/wg' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Vireo Business' })).toBeInTheDocument();
    const [doors] = within(screen.getByRole('main')).getAllByRole('list');
    const links = within(doors as HTMLElement).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Pay a bill without signing in', '/wg/pay-bill'],
      ['Sign in', '/wg/login'],
      ['Create an account', '/create-account'],
      ['Forgot your username or password?', '/wg/account-recovery?password-reset=false'],
    ]);
    expect(screen.getByRole('link', { name: 'See every way to pay' })).toHaveAttribute('href', '/wg/payment-options');
    await expectNoAxeViolations();
  });

  it('reads in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderApp({ path: '/wg' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenido a Vireo Business' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pagar una factura sin iniciar sesión' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });
});

describe('ways to pay (/wg/payment-options, issue 17 item 6)', () => {
  it('lists every way to pay, open without sign-in, with the customer-service numbers to call', async () => {
    await renderApp({ path: '/wg/payment-options' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ways to pay' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('main'))
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Online, signed in', 'Quick Pay', 'By phone', 'In person', 'By mail']);
    expect(screen.getByRole('link', { name: 'Pay with Quick Pay' })).toHaveAttribute('href', '/wg/pay-bill');
    expect(within(screen.getByRole('main')).getByRole('link', { name: '(800) 555-0123' })).toHaveAttribute(
      'href',
      'tel:+18005550123',
    );
    await expectNoAxeViolations();
  });

  it('reads in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderApp({ path: '/wg/payment-options' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Formas de pago' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });
});

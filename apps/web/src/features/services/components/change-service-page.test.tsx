import { screen, waitFor, within } from '@testing-library/react';
import {
  CHANGE_OPTIONS_PATH,
  CHANGE_ORDERS_PATH,
  CHANGE_PREVIEW_PATH,
  type ChangeOptions,
  type ChangePreview,
  type Locale,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { apiError, type FakeApiOptions } from '../../../test/fake-api';
import { renderServices } from '../testing/services-fixtures';

const OPTIONS: ChangeOptions = {
  offers: [
    {
      id: 'internet-premier',
      kind: 'internet',
      name: 'Business Internet Premier',
      monthlyCents: 8999,
      standing: 'available',
    },
    { id: 'internet-gig', kind: 'internet', name: 'Business Internet Gig', monthlyCents: 10999, standing: 'current' },
    {
      id: 'internet-ultra',
      kind: 'internet',
      name: 'Business Internet Ultra',
      monthlyCents: 14999,
      standing: 'available',
    },
    {
      id: 'tv-select',
      kind: 'tv',
      name: 'Business TV Select',
      monthlyCents: 5499,
      equipment: { description: 'HD receiver', monthlyCents: 999 },
      installation: { description: 'Professional installation, Business TV', amountCents: 4999 },
      standing: 'available',
    },
    {
      id: 'phone-line',
      kind: 'phone_line',
      name: 'Business Voice, additional line',
      monthlyCents: 2499,
      standing: 'unavailable',
    },
  ],
};

const line = (
  description: string,
  amountCents: number,
  extra: Partial<ChangePreview['current']['lines'][number]> = {},
) => ({
  category: 'internet' as const,
  kind: 'monthly_service',
  description,
  amountCents,
  periodStart: '2026-11-21',
  periodEnd: '2026-12-20',
  ...extra,
});

const PREVIEW: ChangePreview = {
  offerId: 'internet-ultra',
  effectiveOn: '2026-11-24',
  statementDate: '2026-11-21',
  current: {
    lines: [line('Business Internet Gig', 10999), line('Taxes', 912, { category: 'account', kind: 'taxes_fees' })],
    newChargesCents: 11911,
    totalDueCents: 11911,
  },
  proposed: {
    lines: [
      line('Business Internet Gig', 1100, { kind: 'proration', periodEnd: '2026-11-23' }),
      line('Business Internet Ultra', 13499, { kind: 'proration', periodStart: '2026-11-24' }),
      line('Taxes', 1201, { category: 'account', kind: 'taxes_fees' }),
    ],
    newChargesCents: 15800,
    totalDueCents: 15800,
  },
  monthly: { currentCents: 11911, proposedCents: 16242 },
  installation: false,
};

/** The page at its route in the app (its links go to the services and billing), as harbor's PRIMARY. */
function renderChange(path: '/upgrade' | '/buy', routes: FakeApiOptions['routes'], locale: Locale = 'en') {
  return renderServices({ [`GET ${CHANGE_OPTIONS_PATH}`]: OPTIONS, ...routes }, locale, path, HEADINGS[path]);
}

const HEADINGS = {
  '/upgrade': { en: 'Change Service', es: 'Cambiar servicio' },
  '/buy': { en: 'Shop Services', es: 'Comprar servicios' },
};

describe('change of service (issue 19 item 2, wider-portal.md §5)', () => {
  it('offers the other internet tiers, previews the next statement, and orders the change once', async () => {
    const { api, user } = await renderChange('/upgrade', {
      [`POST ${CHANGE_PREVIEW_PATH}`]: PREVIEW,
      [`POST ${CHANGE_ORDERS_PATH}`]: {
        id: '5b0c7c1e-8f1a-4d1b-9c3a-00000000f001',
        offerId: 'internet-ultra',
        status: 'completed',
        effectiveOn: '2026-11-24',
        preview: PREVIEW,
      },
    });
    const tiers = await screen.findByRole('group', { name: 'What would you like?' });
    expect(within(tiers).getByRole('radio', { name: /Business Internet Gig/ })).toBeDisabled();
    expect(within(tiers).queryByRole('radio', { name: /Business TV/ })).toBeNull();
    await expectNoAxeViolations();

    await user.click(within(tiers).getByRole('radio', { name: /Business Internet Ultra/ }));
    await user.click(screen.getByRole('button', { name: 'See my next bill' }));
    const heading = await screen.findByRole('heading', { name: 'Your next bill with Business Internet Ultra' });
    await waitFor(() => expect(heading).toHaveFocus());
    const table = screen.getByRole('table', { name: 'Your statement of Nov 21, 2026' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^ChargeBusiness Internet GigChangedPeriodNov 21, 2026 to Nov 23, 2026Amount\$11\.00$/),
      expect.stringMatching(/^ChargeBusiness Internet UltraChanged.*\$134\.99$/),
      expect.stringMatching(/^ChargeTaxesChanged.*\$12\.01$/),
    ]);
    expect(screen.getByText('No longer on it').nextElementSibling).toHaveTextContent('Business Internet Gig: $109.99');
    expect(screen.getByText('New charges on that statement').nextElementSibling).toHaveTextContent(
      '$119.11 now, $158.00 with the change',
    );
    expect(api.requestsTo(CHANGE_ORDERS_PATH)).toHaveLength(0);
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Confirm the change' }));
    const done = await screen.findByRole('heading', {
      name: 'Done: Business Internet Ultra is yours from Nov 24, 2026.',
    });
    await waitFor(() => expect(done).toHaveFocus());
    const [sent] = api.requestsTo(CHANGE_ORDERS_PATH, 'POST');
    expect(sent?.body).toEqual({ offer: 'internet-ultra' });
    expect(sent?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('offers TV with its receiver and installation, and says why a phone line is not offered', async () => {
    await renderChange('/buy', {});
    const offers = await screen.findByRole('group', { name: 'What would you like?' });
    expect(within(offers).getByRole('radio', { name: /Business TV Select/ })).toHaveAccessibleDescription(
      'HD receiver $9.99 a month · Installation $49.99, once, with a technician’s visit',
    );
    expect(within(offers).getByRole('radio', { name: /additional line/ })).toHaveAccessibleDescription(
      'Needs business phone service',
    );
  });

  it('tells a user whose role may not change services, instead of an error', async () => {
    await renderChange('/upgrade', { [`GET ${CHANGE_OPTIONS_PATH}`]: apiError('FORBIDDEN', 403) });
    expect(await screen.findByText(/Your role doesn’t include changing services\./)).toHaveAttribute('role', 'status');
  });

  it('reads in Spanish', async () => {
    await renderChange('/buy', {}, 'es');
    expect(await screen.findByRole('group', { name: '¿Qué desea?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver mi próxima factura' })).toBeInTheDocument();
  });
});

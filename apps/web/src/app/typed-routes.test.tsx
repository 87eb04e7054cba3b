import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import type { AppPath } from '../lib/app-path';
import { createQueryClient } from './query-client';
import { PAGE_ROUTES } from './route-table';
import { createAppRouter } from './router';

/**
 * Typed routes (issue 15 item 3). The function below is never called: it is checked by `npm run typecheck`, where each
 * `@ts-expect-error` must meet an error. If the route tree lost its types again (built as `AnyRoute`), these lines
 * would compile and the type check would fail on the unused directives.
 */
export function WrongLinksDoNotCompile() {
  const navigate = useNavigate();
  // @ts-expect-error a path that does not exist
  void navigate({ to: '/no-such-page' });
  // @ts-expect-error a path held in a variable must be one of the tree's
  const path: AppPath = '/billing/no-such-page';
  // @ts-expect-error a search key a route's schema does not have
  const { device } = useSearch({ from: '/billing/pay-bill' });
  // @ts-expect-error a route id that does not exist
  useParams({ from: '/billing/view-statements/$id' });
  return (
    <>
      {path}
      {device}
      {/* @ts-expect-error a path that does not exist */}
      <Link to="/no-such-page">x</Link>
      {/* @ts-expect-error a param the path does not have */}
      <Link to="/billing/view-statements/$statementId" params={{ orderId: '1' }}>
        x
      </Link>
      {/* @ts-expect-error a value the route's search schema refuses */}
      <Link to="/billing/pay-bill" search={{ open: 'zzz' }}>
        x
      </Link>
      {/* the right ones compile */}
      <Link to="/billing/view-statements/$statementId" params={{ statementId: '1' }}>
        x
      </Link>
      <Link to="/billing/pay-bill" search={{ open: 'otp' }}>
        x
      </Link>
    </>
  );
}

describe('route search params (route-search.ts)', () => {
  const router = createAppRouter({ queryClient: createQueryClient() });
  const validate = (path: string, search: Record<string, unknown>) => {
    const route = Object.values(router.routesById).find((candidate) => candidate.fullPath === path);
    const validator = route?.options.validateSearch as ((input: Record<string, unknown>) => unknown) | undefined;
    if (!validator) throw new Error(`${path} has no search schema`);
    return validator(search);
  };

  it('gives every route that reads search params its schema, and the others none', () => {
    const withSchema = PAGE_ROUTES.filter((route) => route.search).map((route) => route.path);
    expect(withSchema).toEqual([
      '/verify-link',
      '/account-recovery',
      '/create-sub-account',
      '/wg/account-recovery',
      '/wg/pay-bill',
      '/appointment-tracking',
      '/search-results',
      '/support/forms',
      '/account-summary',
      '/billing/pay-bill',
      '/billing/view-statements',
      '/billing/account-activity',
      '/billing/payment-history',
      '/billing/mobile/pay',
      '/billing/mobile/transactions',
      '/appointment-tracking/reschedule-appointment',
      '/appointment-tracking/cancel-appointment',
      // issue 22 items 5-6: the property chosen (`?propertyId`)
      '/manage-business-hours',
      '/manage-property-contacts',
      '/property-contact-preferences',
      '/manage/unit-ramp-billing',
    ]);
  });

  it('keeps the values a route knows (spec §2.2 open=otp|ap|fdp|bd)', () => {
    expect(validate('/billing/pay-bill', { open: 'fdp' })).toEqual({ open: 'fdp' });
    // issue 17 item 7: a pay link's token; other keys dropped
    expect(validate('/wg/pay-bill', { link: 'PayLinkToken', open: 'otp' })).toEqual({ link: 'PayLinkToken' });
    expect(validate('/billing/mobile/pay', { device: 'd-1', kind: 'extra' })).toEqual({ device: 'd-1', kind: 'extra' });
    expect(validate('/billing/account-activity', { tab: 'charges', cursor: 123 })).toEqual({
      tab: 'charges',
      cursor: 123,
    });
  });

  it('reads the recovery forms’ yes/no parameters, a bare key as yes (spec §2.2 password-reset-required)', () => {
    expect(validate('/account-recovery', { 'password-reset': true })).toEqual({
      'password-reset': true,
      'password-reset-required': undefined,
    });
    expect(validate('/account-recovery', { 'password-reset-required': '' })).toEqual({
      'password-reset': undefined,
      'password-reset-required': true,
    });
    expect(validate('/wg/account-recovery', { 'password-reset': 'maybe', token: 'x' })).toEqual({
      'password-reset': undefined,
      'password-reset-required': undefined,
    });
  });

  it('drops a value that does not parse instead of failing the page, and keys the route does not read', () => {
    expect(validate('/billing/pay-bill', { open: 'zzz' })).toEqual({ open: undefined });
    expect(validate('/account-summary', { notice: '<script>', other: 1 })).toEqual({ notice: undefined });
    expect(validate('/billing/mobile/transactions', { type: 'everything' })).toEqual({
      type: undefined,
      cursor: undefined,
    });
  });
});

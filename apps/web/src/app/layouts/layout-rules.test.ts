import { describe, expect, it } from 'vitest';
import type { HeaderRouteData, LayoutFlow } from '../route-static-data';
import {
  type HeaderVariant,
  headerVariant,
  isAlertBannerHidden,
  type NavigationEvent,
  nextLoadingIndicator,
  showsSideNavigation,
} from './layout-rules';

describe('headerVariant (spec §2.4)', () => {
  it.each<[HeaderRouteData | undefined, HeaderVariant]>([
    [undefined, 'full'],
    [{}, 'full'],
    [{ type: 'light' }, 'full'],
    [{ showSimple: true }, 'simple'],
    [{ showSimple: true, isFlat: true }, 'webForm'],
    [{ showSimpleHeaderWithBackButton: true }, 'simpleWithBack'],
    [{ showSimple: true, showSimpleHeaderWithBackButton: true }, 'simpleWithBack'],
    [{ showBuyflowHeader: true }, 'buyFlow'],
    [{ showBuyflowHeader: true, showSimple: true }, 'buyFlow'],
    [{ isHidden: true, showBuyflowHeader: true }, 'hidden'],
  ])('%j → %s', (header, variant) => {
    expect(headerVariant(header)).toBe(variant);
  });
});

describe('showsSideNavigation (spec §2.4)', () => {
  it.each<[LayoutFlow | undefined, boolean, boolean]>([
    [undefined, true, true],
    ['standard', true, true],
    ['standard', false, false],
    ['focused', true, false],
    ['nestedBuy', true, false],
    ['fullWidthHeaderOnly', true, false],
  ])('flow %s, signed in %s → %s', (flow, signedIn, shown) => {
    expect(showsSideNavigation(flow, signedIn)).toBe(shown);
  });
});

describe('isAlertBannerHidden (spec §2.4)', () => {
  const back: HeaderRouteData = { showSimpleHeaderWithBackButton: true };
  it.each<[string, { pathname: string; flow?: LayoutFlow; header?: HeaderRouteData }, boolean]>([
    ['a standard page', { pathname: '/billing' }, false],
    ['a focused flow', { pathname: '/selfinstall/modem', flow: 'focused' }, true],
    ['a nested buy flow', { pathname: '/buy', flow: 'nestedBuy' }, false],
    ['account summary', { pathname: '/account-summary' }, true],
    ['account summary with a trailing slash', { pathname: '/account-summary/' }, true],
    ['sign-in redirect', { pathname: '/sign-in-redirect' }, true],
    ['the contact-us page', { pathname: '/contactus' }, true],
    ['support home without a back button', { pathname: '/support' }, true],
    ['a support page without a back button', { pathname: '/support/forms', header: { showSimple: true } }, true],
    ['a support page with a back button', { pathname: '/support/category/internet', header: back }, false],
    [
      'a support page whose back link is switched off',
      { pathname: '/support/category/tv', header: { ...back, simpleHeaderSettings: { backLinkVisible: false } } },
      true,
    ],
    ['a page that only starts like support', { pathname: '/supportive' }, false],
    ['a page under account summary', { pathname: '/account-summary-details' }, false],
  ])('%s → hidden %s', (_title, route, hidden) => {
    expect(isAlertBannerHidden(route)).toBe(hidden);
  });
});

describe('nextLoadingIndicator (spec §4)', () => {
  it.each<[string, boolean, NavigationEvent, boolean]>([
    ['turns on at navigation start', false, { type: 'start', pathname: '/billing' }, true],
    ['does not turn on for /support/category', false, { type: 'start', pathname: '/support/category' }, false],
    [
      'does not turn on for a /support/category page',
      false,
      { type: 'start', pathname: '/support/category/tv' },
      false,
    ],
    [
      'leaves it on when it already was, for /support/category',
      true,
      { type: 'start', pathname: '/support/category/tv' },
      true,
    ],
    ['turns on for other support pages', false, { type: 'start', pathname: '/support' }, true],
    ['turns off at navigation end', true, { type: 'end', pathname: '/billing' }, false],
    ['turns off at cancel', true, { type: 'cancel', pathname: '/billing' }, false],
    ['stays on at the end of exactly /security-suite', true, { type: 'end', pathname: '/security-suite' }, true],
    ['stays on at a cancel on exactly /security-suite', true, { type: 'cancel', pathname: '/security-suite' }, true],
    ['turns off on /security-suite/new-device', true, { type: 'end', pathname: '/security-suite/new-device' }, false],
    ['turns off on /security-suite-other', true, { type: 'end', pathname: '/security-suite-other' }, false],
    ['turns off on error', true, { type: 'error' }, false],
    ['turns off on error even on /security-suite', true, { type: 'error' }, false],
  ])('%s', (_title, visible, event, expected) => {
    expect(nextLoadingIndicator(visible, event)).toBe(expected);
  });
});

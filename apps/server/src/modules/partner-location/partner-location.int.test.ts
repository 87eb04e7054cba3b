import {
  DATA_COOKIE,
  PARTNER_ADDRESS_PATH,
  PARTNER_CHECKS_PER_WINDOW,
  PARTNER_IP_PATH,
  PARTNER_LOCATION_BASE,
  type PartnerLocationResponse,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';

/**
 * spec §7.1's partner footprint checks (issue 23 item 6) for a visitor: by ZIP code in each legacy company's footprint
 * and outside all of them, by street address (served premises or not), by the caller's IP address (placed or not),
 * the support/ variants with the flow in the path; the data cookie (spec §3) with the ZIP code only when carried
 * over; network operations failing; bad input refused by field; the checks counted per client address.
 */
const portal = signedInApp();

async function check(b: Browser, url: string): Promise<PartnerLocationResponse> {
  const answer = await b.request({ url });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}
const dataCookie = (b: Browser) => Object.fromEntries(new URLSearchParams(b.jar.get(DATA_COOKIE) ?? ''));

describe('the partner footprint checks', () => {
  it("answers a ZIP code's footprint (TWC, BHN, CHTR, or none) and keeps it in the data cookie only when carried over", async () => {
    const b = await portal.visitor();
    const zip = (code: string, query = 'flow=support') => check(b, `${PARTNER_LOCATION_BASE}/zipcode/${code}?${query}`);
    expect(await zip('04101')).toEqual({
      by: 'zipcode',
      zipcode: '04101',
      inFootprint: true,
      footprint: 'CHTR',
      serviceable: null,
    });
    // not carried over: the partner type only
    expect(dataCookie(b)).toEqual({ partnerType: 'CHTR' });
    expect(await zip('78731', 'flow=contact&carryover-zipcode=true')).toMatchObject({ footprint: 'TWC' });
    expect(dataCookie(b)).toEqual({ zipcode: '78731', partnerType: 'TWC' });
    // a later check not carried over keeps the ZIP code carried before
    expect(await zip('32801', 'flow=outages&carryover-zipcode=false')).toMatchObject({ footprint: 'BHN' });
    expect(dataCookie(b)).toEqual({ zipcode: '78731', partnerType: 'BHN' });
    expect(await zip('59801', 'flow=support&carryover-zipcode=true')).toEqual({
      by: 'zipcode',
      zipcode: '59801',
      inFootprint: false,
      footprint: null,
      serviceable: null,
    });
    expect(dataCookie(b)).toEqual({ zipcode: '59801', partnerType: 'NONE' });
    // the support/ variant: the flow in the path
    expect(await check(b, `${PARTNER_LOCATION_BASE}/support/support/zipcode/32801`)).toMatchObject({
      footprint: 'BHN',
    });
  });

  it('says by street address whether the network serves the premises, inside the footprint or not', async () => {
    const b = await portal.visitor();
    const address = (line: string, zipcode: string) =>
      check(b, `${PARTNER_ADDRESS_PATH}?flow=support&addressLine1=${encodeURIComponent(line)}&zipcode=${zipcode}`);
    // Harbor Coffee Co.'s premises (demo-data.md), written loosely
    expect(await address(' 120  commercial st', '04101')).toEqual({
      by: 'address',
      zipcode: '04101',
      inFootprint: true,
      footprint: 'CHTR',
      serviceable: true,
    });
    expect(await address('1 Nowhere Rd', '04101')).toMatchObject({ inFootprint: true, serviceable: false });
    expect(await address('1 Main St', '59801')).toMatchObject({
      inFootprint: false,
      footprint: null,
      serviceable: false,
    });
    const support = await check(
      b,
      `${PARTNER_LOCATION_BASE}/support/contact/address?addressLine1=4410%20Pinecrest%20Rd&zipcode=78731&carryover-zipcode=true`,
    );
    expect(support).toMatchObject({ footprint: 'TWC', serviceable: true });
    expect(dataCookie(b)).toEqual({ zipcode: '78731', partnerType: 'TWC' });
  });

  it("places the caller's IP address where the network can, and says so when it cannot (no cookie then)", async () => {
    const austin = await portal.visitor('198.51.100.7');
    expect(await check(austin, `${PARTNER_IP_PATH}?flow=sign-in`)).toEqual({
      by: 'ip',
      zipcode: '78731',
      inFootprint: true,
      footprint: 'TWC',
      serviceable: null,
    });
    // an IP address's ZIP code is a guess: never carried over
    expect(dataCookie(austin)).toEqual({ partnerType: 'TWC' });
    const orlando = await portal.visitor('203.0.113.40');
    expect(await check(orlando, `${PARTNER_LOCATION_BASE}/support/self-install/ip`)).toMatchObject({
      footprint: 'BHN',
    });
    const unknown = await portal.visitor('10.251.0.9');
    expect(await check(unknown, `${PARTNER_IP_PATH}?flow=support`)).toEqual({
      by: 'ip',
      zipcode: null,
      inFootprint: false,
      footprint: null,
      serviceable: null,
    });
    expect(unknown.jar.get(DATA_COOKIE)).toBeUndefined();
  });

  it('refuses bad input by field, and answers 503 when network operations do not', async () => {
    const b = await portal.visitor();
    const refused = async (url: string, field: string) => {
      const answer = await b.request({ url });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().error.code).toBe('VALIDATION_FAILED');
      expect(answer.json().error.fields.map((f: { path: string }) => f.path)).toContain(field);
    };
    await refused(`${PARTNER_LOCATION_BASE}/zipcode/0410?flow=support`, 'params.zipcode');
    await refused(`${PARTNER_LOCATION_BASE}/zipcode/04101?flow=buy`, 'querystring.flow');
    await refused(`${PARTNER_LOCATION_BASE}/zipcode/04101`, 'querystring.flow');
    await refused(`${PARTNER_LOCATION_BASE}/support/nowhere/ip`, 'params.flow');
    await refused(
      `${PARTNER_ADDRESS_PATH}?flow=support&addressLine1=4242424242424242&zipcode=04101`,
      'querystring.addressLine1',
    );
    expect(b.jar.get(DATA_COOKIE)).toBeUndefined();

    const { networkOps } = portal.app().portal.services;
    networkOps.faults.set('footprint', 1);
    const down = await b.request({ url: `${PARTNER_LOCATION_BASE}/zipcode/04101?flow=support` });
    expect(down.statusCode).toBe(503);
    expect(down.json().error.code).toBe('SERVICE_UNAVAILABLE');
    expect(b.jar.get(DATA_COOKIE)).toBeUndefined();
    // the next check is answered again
    expect(await check(b, `${PARTNER_LOCATION_BASE}/zipcode/04101?flow=support`)).toMatchObject({ footprint: 'CHTR' });
  });

  it(`counts the checks per client address: ${PARTNER_CHECKS_PER_WINDOW} in 10 minutes`, async () => {
    const b = await portal.visitor('10.252.1.1');
    for (let i = 0; i < PARTNER_CHECKS_PER_WINDOW; i++) {
      expect((await b.request({ url: `${PARTNER_IP_PATH}?flow=support` })).statusCode).toBe(200);
    }
    const limited = await b.request({ url: `${PARTNER_LOCATION_BASE}/zipcode/04101?flow=support` });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  });
});

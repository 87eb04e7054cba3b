import { describe, expect, it } from 'vitest';
import { auditResultOf } from './audit';
import { createBackgroundWork } from './background-work';
import {
  asSystem,
  browserOf,
  browserPartsOf,
  currentRequest,
  ipPrefixOf,
  isLocalAddress,
  withRequest,
} from './request-context';

describe('the audit log’s "from where" (wider-portal.md §4)', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0'],
    ['::ffff:198.51.100.9', '198.51.100.0'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3::'],
    ['2001:db8::1', '2001:db8:0::'],
    ['::1', '0:0:0::'],
    ['fe80::1%eth0', 'fe80:0:0::'],
    ['not an address', null],
    ['', null],
  ])('keeps %s as %s', (ip, prefix) => {
    expect(ipPrefixOf(ip)).toBe(prefix);
  });

  it.each([
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome 131 on macOS',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133 on Windows'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari 18 on iOS',
    ],
    ['curl/8.0', null],
    [undefined, null],
  ])('names the browser of %s as %s', (userAgent, name) => {
    expect(browserOf(userAgent)).toBe(name);
  });

  it('knows the request of the work being done, and none in Vireo’s own work', async () => {
    expect(currentRequest()).toBeNull();
    const context = { ip: '10.0.0.1', userAgent: null };
    await withRequest(context, async () => {
      await Promise.resolve();
      expect(currentRequest()).toBe(context);
      expect(asSystem(() => currentRequest())).toBeNull();
    });
  });

  it('runs the background pass as Vireo’s own work, even when a request starts it (the clock routes)', async () => {
    const work = createBackgroundWork();
    work.register('who', async () => (currentRequest() === null ? 1 : 0));
    const done = await withRequest({ ip: '10.0.0.1', userAgent: null }, () => work.run());
    expect(done).toEqual({ who: 1 });
  });

  it.each([
    ['payment.failed', 'failed'],
    ['payment.returned', 'failed'],
    ['registration.code_refused', 'failed'],
    ['payment.submitted', 'succeeded'],
    ['user.invited', 'succeeded'],
  ])('gives %s the result %s', (action, result) => {
    expect(auditResultOf(action)).toBe(result);
  });
});

describe("the signed-in sessions' browser and place (issue 18 item 2, wider-portal.md §3)", () => {
  it('names the browser and the OS apart, null when unknown', () => {
    expect(
      browserPartsOf(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome 131', os: 'macOS' });
    expect(browserPartsOf(null)).toEqual({ browser: null, os: null });
    expect(browserPartsOf('curl/8.4.0')).toMatchObject({ os: null });
  });

  it.each([
    ['10.1.2.3', true],
    ['172.16.0.9', true],
    ['172.32.0.9', false],
    ['192.168.1.20', true],
    ['127.0.0.1', true],
    ['::1', true],
    ['::ffff:192.168.1.20', true],
    ['fd12:3456::1', true],
    ['fe80::1%eth0', true],
    ['203.0.113.7', false],
    ['2001:db8:85a3::8a2e:370:7334', false],
    ['not-an-address', false],
    [null, false],
  ] as const)('%s is a local network: %s', (ip, local) => {
    expect(isLocalAddress(ip)).toBe(local);
  });
});

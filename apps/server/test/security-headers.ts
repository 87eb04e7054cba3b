import { COOKIES } from '@vireo/shared';
import { expect } from 'vitest';

/** Cookies that carry a secret or a server-side state the page's scripts never need to read. */
const HTTP_ONLY_COOKIES: string[] = [COOKIES.session, COOKIES.login, COOKIES.remember];

type Answered = { headers: Record<string, string | string[] | number | undefined> };

/**
 * quality-bars.md "security headers and cookies on every response": CSP with `object-src 'none'`,
 * `base-uri 'none'`, `frame-ancestors 'none'`; HSTS; nosniff; Referrer-Policy; no-store on API responses; every cookie
 * set with SameSite (and Secure on an HTTPS portal), the session's and the sign-in's HttpOnly.
 */
export function expectSecurityHeaders(
  response: Answered,
  request: { url: string; label?: string; https?: boolean },
): void {
  const label = request.label ?? request.url;
  const header = (name: string) => String(response.headers[name] ?? '');
  const csp = header('content-security-policy');
  expect(csp, `${label}: CSP`).toContain("object-src 'none'");
  expect(csp, `${label}: CSP`).toContain("base-uri 'none'");
  expect(csp, `${label}: CSP`).toContain("frame-ancestors 'none'");
  expect(header('strict-transport-security'), `${label}: HSTS`).toMatch(/max-age=\d{7,}/);
  expect(header('x-content-type-options'), `${label}: nosniff`).toBe('nosniff');
  expect(header('referrer-policy'), `${label}: Referrer-Policy`).toBe('strict-origin-when-cross-origin');
  const path = new URL(request.url, 'http://portal.invalid').pathname;
  if (path.startsWith('/api/') && !path.startsWith('/api/docs')) {
    expect(header('cache-control'), `${label}: API answers are not stored`).toBe('no-store');
  }
  const setCookies = response.headers['set-cookie'];
  for (const cookie of setCookies === undefined ? [] : [setCookies].flat()) {
    const [pair = '', ...attributes] = String(cookie).split(';');
    const name = pair.split('=')[0]?.trim() ?? '';
    const flags = attributes.map((a) => a.trim().toLowerCase());
    const cleared = flags.some((f) => f === 'max-age=0' || f.startsWith('expires=thu, 01 jan 1970'));
    if (cleared) continue;
    expect(flags, `${label}: cookie ${name} SameSite`).toEqual(
      expect.arrayContaining([expect.stringMatching(/^samesite=(lax|strict)$/)]),
    );
    if (HTTP_ONLY_COOKIES.includes(name)) expect(flags, `${label}: cookie ${name} HttpOnly`).toContain('httponly');
    if (request.https) expect(flags, `${label}: cookie ${name} Secure`).toContain('secure');
  }
}

import { COOKIES } from '@vireo/shared';

/** Cookies that carry a secret or a server-side state the page's scripts never need to read. */
const HTTP_ONLY_COOKIES: string[] = [COOKIES.session, COOKIES.login, COOKIES.remember];

type Headers = Record<string, string | string[] | number | undefined>;

/**
 * quality-bars.md "security headers and cookies on every response": CSP with `object-src 'none'`,
 * `base-uri 'none'`, `frame-ancestors 'none'`; HSTS; nosniff; Referrer-Policy; no-store on API responses; every cookie
 * set with SameSite (and Secure on an HTTPS portal), the session's and the sign-in's HttpOnly. Returns what is wrong
 * (empty when nothing is); used by the server tests and the browser suite alike, so it asserts nothing itself.
 */
export function securityHeaderViolations(
  headers: Headers,
  request: { url: string; https?: boolean; hsts?: boolean },
): string[] {
  const wrong: string[] = [];
  const header = (name: string) => String(headers[name] ?? '');
  const csp = header('content-security-policy');
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
    if (!csp.includes(directive)) wrong.push(`CSP without ${directive}: ${csp || '(none)'}`);
  }
  if (request.hsts !== false && !/max-age=\d{7,}/.test(header('strict-transport-security'))) wrong.push('no HSTS');
  if (header('x-content-type-options') !== 'nosniff') wrong.push('no nosniff');
  if (header('referrer-policy') !== 'strict-origin-when-cross-origin') wrong.push('no Referrer-Policy');
  const path = new URL(request.url, 'http://portal.invalid').pathname;
  if (path.startsWith('/api/') && !path.startsWith('/api/docs') && header('cache-control') !== 'no-store') {
    wrong.push(`API answer without no-store: ${header('cache-control') || '(none)'}`);
  }
  const setCookies = headers['set-cookie'];
  const cookies = (setCookies === undefined ? [] : [setCookies].flat()).flatMap((c) => String(c).split('\n'));
  for (const cookie of cookies) {
    const [pair = '', ...attributes] = cookie.split(';');
    const name = pair.split('=')[0]?.trim() ?? '';
    const flags = attributes.map((a) => a.trim().toLowerCase());
    if (flags.some((f) => f === 'max-age=0' || f.startsWith('expires=thu, 01 jan 1970'))) continue; // a removal
    if (!flags.some((f) => f === 'samesite=lax' || f === 'samesite=strict'))
      wrong.push(`cookie ${name} without SameSite`);
    if (HTTP_ONLY_COOKIES.includes(name) && !flags.includes('httponly')) wrong.push(`cookie ${name} not HttpOnly`);
    if (request.https && !flags.includes('secure')) wrong.push(`cookie ${name} not Secure`);
  }
  return wrong;
}

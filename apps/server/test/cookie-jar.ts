/** A small cookie jar for driving redirect flows through `inject`: path-scoped, honours deletion. */
export class CookieJar {
  private cookies = new Map<string, { value: string; path: string; attributes: string[] }>();

  store(setCookie: string | string[] | undefined) {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired =
        attributes.some((a) => /^max-age=0$/i.test(a)) ||
        attributes.some((a) => a.toLowerCase().startsWith('expires=') && Date.parse(a.slice(8)) < Date.now());
      const key = `${name}|${path}`;
      if (expired || value === '') this.cookies.delete(key);
      else this.cookies.set(key, { value, path, attributes });
    }
  }

  header(url: string): string {
    const path = new URL(url, 'http://x').pathname;
    return [...this.cookies.entries()]
      .filter(
        ([, cookie]) =>
          path === cookie.path || path.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`),
      )
      .map(([key, cookie]) => `${key.split('|')[0]}=${cookie.value}`)
      .join('; ');
  }

  get(name: string): string | undefined {
    for (const [key, cookie] of this.cookies) if (key.split('|')[0] === name) return cookie.value;
    return undefined;
  }

  attributes(name: string): string[] | undefined {
    for (const [key, cookie] of this.cookies) if (key.split('|')[0] === name) return cookie.attributes;
    return undefined;
  }

  delete(name: string) {
    for (const key of [...this.cookies.keys()]) if (key.split('|')[0] === name) this.cookies.delete(key);
  }
}

import { render, screen } from '@testing-library/react';
import { useIntl } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocaleProvider } from '../app/providers/locale-provider';
import { applyLocale } from '../lib/locale';
import type { Messages } from '.';
import { hasMessageSlices, loadSlicedMessages, resetMessageSlicesForTests, withMessages } from './slices';

const MAP = {
  core: { en: '/assets/core.en.json', es: '/assets/core.es.json' },
  slices: {
    'src/page.tsx': { en: '/assets/page.en.json', es: '/assets/page.es.json' },
  },
};

const FILES: Record<string, Record<string, unknown>> = {
  '/assets/core.en.json': { 'shell.skipToContent': 'Skip' },
  '/assets/core.es.json': { 'shell.skipToContent': 'Saltar' },
  '/assets/page.en.json': { 'pages.billing': 'Billing' },
  // a message with an argument ships compiled, and arrives as it is
  '/assets/args.en.json': {
    'voice.card.assignedLine': [
      { type: 0, value: 'Your line: ' },
      { type: 1, value: 'number' },
    ],
  },
  '/assets/page.es.json': { 'pages.billing': 'Facturación' },
  '/assets/common.en.json': { 'ui.loading.label': 'Loading' },
  '/assets/common.es.json': { 'ui.loading.label': 'Cargando' },
  '/assets/rest.en.json': { 'voice.message.deleted': 'Restore this message first.' },
  '/assets/rest.es.json': { 'voice.message.deleted': 'Primero restaure este mensaje.' },
};

/** A plain-text message as a slice delivers it to react-intl: its one literal element (the file holds the text). */
const text = (value: string) => [{ type: 0, value }];

function serveSlices() {
  const fetchMock = vi.fn(
    async (url: string) => new Response(JSON.stringify(FILES[url]), { status: FILES[url] ? 200 : 404 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  resetMessageSlicesForTests(null);
  applyLocale('en');
});

describe('message slices (production build)', () => {
  it('are off without the map index.html carries in the build', () => {
    expect(hasMessageSlices()).toBe(false);
  });

  it('load the core slice, then each lazy module with its own slice in the current language', async () => {
    resetMessageSlicesForTests(MAP);
    const fetchMock = serveSlices();
    const messages = await loadSlicedMessages('en');
    expect(messages).toEqual({ 'shell.skipToContent': text('Skip') });

    const module = await withMessages(Promise.resolve({ Page: 'page' }), 'src/page.tsx');
    expect(module).toEqual({ Page: 'page' });
    // The same object react-intl reads: the slice joined it in place.
    expect(messages).toEqual({ 'shell.skipToContent': text('Skip'), 'pages.billing': text('Billing') });
    // A module without a slice costs no request.
    await withMessages(Promise.resolve({}), 'src/other.tsx');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/assets/core.en.json', '/assets/page.en.json']);
  });

  it('give react-intl a compiled message as it is, and a plain text as its literal element', async () => {
    resetMessageSlicesForTests({
      ...MAP,
      slices: { 'src/args.tsx': { en: '/assets/args.en.json', es: '/assets/args.en.json' } },
    });
    serveSlices();
    const messages = await loadSlicedMessages('en');
    await withMessages(Promise.resolve({}), 'src/args.tsx');
    expect(messages).toEqual({
      'shell.skipToContent': text('Skip'),
      'voice.card.assignedLine': [
        { type: 0, value: 'Your line: ' },
        { type: 1, value: 'number' },
      ],
    });
  });

  it('switch language with the core and every slice loaded so far', async () => {
    resetMessageSlicesForTests(MAP);
    serveSlices();
    await loadSlicedMessages('en');
    await withMessages(Promise.resolve({}), 'src/page.tsx');
    expect(await loadSlicedMessages('es')).toEqual({
      'shell.skipToContent': text('Saltar'),
      'pages.billing': text('Facturación'),
    });
  });

  it('bring the common slice with the first lazy module, once, and with a language switch', async () => {
    resetMessageSlicesForTests({
      ...MAP,
      slices: { ...MAP.slices, 'src/plain.tsx': { en: '/assets/page.en.json', es: '/assets/page.es.json' } },
      common: { en: '/assets/common.en.json', es: '/assets/common.es.json' },
      withCommon: ['src/page.tsx'],
    });
    const fetchMock = serveSlices();
    const messages = await loadSlicedMessages('en');
    // a module that names no common id does not fetch it
    await withMessages(Promise.resolve({}), 'src/plain.tsx');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/assets/core.en.json', '/assets/page.en.json']);
    await withMessages(Promise.resolve({}), 'src/page.tsx');
    await withMessages(Promise.resolve({}), 'src/page.tsx');
    expect(messages).toEqual({
      'shell.skipToContent': text('Skip'),
      'pages.billing': text('Billing'),
      'ui.loading.label': text('Loading'),
    });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/assets/core.en.json',
      '/assets/page.en.json',
      '/assets/common.en.json',
    ]);
    expect(await loadSlicedMessages('es')).toEqual({
      'shell.skipToContent': text('Saltar'),
      'pages.billing': text('Facturación'),
      'ui.loading.label': text('Cargando'),
    });
  });

  it('fail with the module when its slice cannot load', async () => {
    resetMessageSlicesForTests({
      ...MAP,
      slices: { 'src/page.tsx': { en: '/assets/gone.json', es: '/assets/gone.json' } },
    });
    serveSlices();
    await expect(withMessages(Promise.resolve({}), 'src/page.tsx')).rejects.toThrow('HTTP 404');
  });

  it('load every slice, the rest among them, when a message is missing all the same', async () => {
    resetMessageSlicesForTests({ ...MAP, rest: { en: '/assets/rest.en.json', es: '/assets/rest.es.json' } });
    const fetchMock = serveSlices();
    const messages = await loadSlicedMessages('en');
    const Title = () => {
      const intl = useIntl();
      return (
        <>
          <h1>{intl.formatMessage({ id: 'pages.billing' })}</h1>
          <p>{intl.formatMessage({ id: 'voice.message.deleted' })}</p>
        </>
      );
    };
    render(
      <LocaleProvider initialLocale="en" initialMessages={messages as Messages}>
        <Title />
      </LocaleProvider>,
    );
    // a lazy module's slice that was never asked for, and an id no module names (the rest)
    expect(await screen.findByRole('heading', { name: 'Billing' })).toBeInTheDocument();
    expect(screen.getByText('Restore this message first.')).toBeInTheDocument();
    // once, however many ids were missing: the core again (fetched already), the rest and the page's slice
    expect(fetchMock.mock.calls.map(([url]) => url).sort()).toEqual([
      '/assets/core.en.json',
      '/assets/page.en.json',
      '/assets/rest.en.json',
    ]);
  });
});

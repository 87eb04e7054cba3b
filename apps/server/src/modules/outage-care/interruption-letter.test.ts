import { afterEach, describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/pdf';
import { type InterruptionLetter, renderInterruptionLetter } from './interruption-letter';

function letter(overrides: Partial<InterruptionLetter> = {}): InterruptionLetter {
  return {
    companyName: 'Sunshine Dental Group',
    accountLast4: '1234',
    serviceAddress: '88 Orange Ave, Orlando, FL 32801',
    reference: 'OUT-24117',
    region: 'Downtown Orlando, FL',
    services: ['internet', 'tv', 'phone'],
    cause: 'fiber_cut',
    startsAt: new Date('2026-11-29T14:20:00Z'), // 9:20 AM in Orlando (EST)
    endedAt: new Date('2026-11-29T19:20:00Z'), // 2:20 PM
    timeZone: 'America/New_York',
    affectedMinutes: 300,
    credit: { amountCents: 300, days: 1, requestedOn: '2026-11-29' },
    issuedAt: new Date('2026-12-01T03:30:00Z'), // still November 30 in Orlando
    ...overrides,
  };
}

/** The drawn text runs, and all the text with the line breaks of the wrapping as spaces. */
async function render(input: InterruptionLetter, locale: 'en' | 'es') {
  const pdf = await renderInterruptionLetter(input, locale);
  const { pages, info } = await readPdf(pdf);
  const runs = pages.flatMap((page) => page.split('\n')).filter((run) => run.trim() !== '');
  return { pdf, pages, info, runs, text: pages.join('\n').replace(/\s+/g, ' ') };
}

describe('renderInterruptionLetter', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('writes a one-page English letter with the outage on the address’s clock', async () => {
    const { pdf, pages, text } = await render(letter(), 'en');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pages).toHaveLength(1);
    for (const expected of [
      'Vireo Business',
      'Service interruption letter',
      'November 30, 2026',
      'To whom it may concern:',
      'This letter certifies that Sunshine Dental Group (account ending in 1234), at 88 Orange Ave, Orlando, FL 32801, had its Internet, TV, and phone services interrupted by an outage on the Vireo Business network (reference OUT-24117, Downtown Orlando, FL) from November 29, 2026 at 9:20 AM EST to November 29, 2026 at 2:20 PM EST, a total of 5 hours.',
      'The interruption was caused by damage to a fiber-optic cable.',
      'Outage reference OUT-24117',
      'Affected area Downtown Orlando, FL',
      'Services interrupted Internet, TV, and phone',
      'Cause Damage to a fiber-optic cable',
      'Started November 29, 2026 at 9:20 AM EST',
      'Restored November 29, 2026 at 2:20 PM EST',
      'Time without service 5 hours',
      'Credit A credit of $3.00 (1 day) was requested on November 29, 2026 and appears on the next bill',
      'it was not caused by Sunshine Dental Group or its equipment',
      'Network Operations, Vireo Business',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/letter\.[a-z]/i);
    expect(text).not.toContain('?');
  });

  it('writes a Spanish letter in Spanish, with Spanish dates and lower-case service names', async () => {
    const { pages, text } = await render(letter(), 'es');
    expect(pages).toHaveLength(1);
    for (const expected of [
      'Carta de interrupción del servicio',
      '30 de noviembre de 2026',
      'A quien corresponda:',
      'los servicios de internet, televisión y teléfono de Sunshine Dental Group (cuenta terminada en 1234), en 88 Orange Ave, Orlando, FL 32801, se interrumpieron por una falla en la red de Vireo Business (referencia OUT-24117, Downtown Orlando, FL)',
      'durante un total de 5 horas.',
      'La interrupción se debió a daños en un cable de fibra óptica.',
      'Servicios interrumpidos Internet, televisión y teléfono',
      'Tiempo sin servicio 5 horas',
      'se solicitó un crédito de $3.00 (1 día), que aparece en la próxima factura',
      'El 29 de noviembre de 2026 se solicitó',
      'Operaciones de red, Vireo Business',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(
      /desde el 29 de noviembre de 2026 a las 9:20 a\.\s?m\. EST hasta el 29 de noviembre de 2026 a las 2:20 p\.\s?m\. EST/,
    );
    expect(text).toMatch(/Inicio 29 de noviembre de 2026 a las 9:20 a\.\s?m\. EST/);
    expect(text).not.toMatch(/letter\.[a-z]/i);
    expect(text).not.toContain('?');
  });

  it('has no English sentence or label of the English letter in the Spanish one', async () => {
    const input = letter();
    const english = await render(input, 'en');
    const spanish = await render(input, 'es');
    const data = new Set(['Vireo Business', input.companyName, input.serviceAddress, input.reference, input.region]);
    const sentences = english.text.split(/(?<=[.:])\s+/).filter((sentence) => sentence.split(' ').length >= 3);
    expect(sentences.length).toBeGreaterThan(4);
    for (const sentence of sentences) expect(spanish.text).not.toContain(sentence);
    const labels = english.runs.filter((run) => !data.has(run) && /[a-z]{3}/.test(run));
    expect(labels.length).toBeGreaterThan(15);
    for (const run of labels) expect(spanish.runs).not.toContain(run);
    for (const word of ['hours', 'To whom', 'Credit', 'Started', 'Restored', 'Sincerely', 'Network Operations'])
      expect(spanish.text).not.toContain(word);
  });

  it('says when no credit was requested, and counts hours and minutes', async () => {
    const input = letter({
      credit: null,
      services: ['internet'],
      endedAt: new Date('2026-11-29T19:40:00Z'),
      affectedMinutes: 320,
    });
    const english = await render(input, 'en');
    expect(english.text).toContain('Credit No credit was requested');
    expect(english.text).not.toContain('$');
    expect(english.text).toContain('had its Internet service interrupted');
    expect(english.text).toContain('to November 29, 2026 at 2:40 PM EST, a total of 5 hours and 20 minutes.');
    const spanish = await render(input, 'es');
    expect(spanish.text).toContain('Crédito No se solicitó ningún crédito');
    expect(spanish.text).toContain('que el servicio de internet de Sunshine Dental Group');
    expect(spanish.text).toContain('se interrumpió por una falla');
    expect(spanish.text).toContain('durante un total de 5 horas y 20 minutos.');
  });

  it('prints times on the address’s clock with its zone, whatever the server’s time zone', async () => {
    process.env.TZ = 'Pacific/Honolulu';
    const { text } = await render(letter({ timeZone: 'America/Los_Angeles' }), 'en');
    expect(text).toContain('from November 29, 2026 at 6:20 AM PST to November 29, 2026 at 11:20 AM PST');
    const summer = letter({ startsAt: new Date('2026-07-04T14:20:00Z'), endedAt: new Date('2026-07-04T19:20:00Z') });
    expect((await render(summer, 'en')).text).toContain(
      'from July 4, 2026 at 10:20 AM EDT to July 4, 2026 at 3:20 PM EDT',
    );
  });

  it('renders the same bytes for the same letter', async () => {
    const first = await renderInterruptionLetter(letter(), 'es');
    process.env.TZ = 'Asia/Tokyo';
    const second = await renderInterruptionLetter(letter(), 'es');
    expect(first.equals(second)).toBe(true);
    const { info } = await readPdf(first);
    expect(info.CreationDate).toMatch(/^D:20261201033000/);
    expect(info.Title).toBe('Carta de interrupción del servicio de Vireo Business, OUT-24117');
    const english = await renderInterruptionLetter(letter(), 'en');
    expect(english.equals(first)).toBe(false);
  });

  it('keeps unusual characters of the company name printable', async () => {
    const { pages, text } = await render(letter({ companyName: `Café “Ñandú” 📶 ${'Long name '.repeat(12)}` }), 'en');
    expect(pages).toHaveLength(1);
    expect(text).toContain('Café “Ñandú” ? Long name');
  });
});

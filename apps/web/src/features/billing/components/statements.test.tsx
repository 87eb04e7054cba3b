import { screen, waitFor, within } from '@testing-library/react';
import { STATEMENTS_PATH } from '@vireo/shared';
import { describe, expect, it, vi } from 'vitest';
import { fileSaver } from '../../../lib/browser-files';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { harborStatement, statementsPage } from '../../../test/billing';
import { apiError, type FakeApiOptions, type FakeRequest, jsonResponse, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const DETAIL = `${STATEMENTS_PATH}/st-2026-11`;

function renderStatements(path: string, routes: FakeApiOptions['routes'] = {}) {
  return renderApp({ path, profile: testProfile('BILLING'), routes });
}

/** Pages of two statements: the first page has an older page, the second both ways. */
function pagedStatements(request: FakeRequest): Response {
  const cursor = new URLSearchParams(request.search).get('cursor');
  if (cursor === 'older-1') {
    return jsonResponse(statementsPage(['st-2026-09', 'st-2026-08'], { previousCursor: 'newer-1', nextCursor: null }));
  }
  return jsonResponse(statementsPage(['st-2026-11', 'st-2026-10'], { nextCursor: 'older-1' }));
}

describe('statements list (spec §2.4)', () => {
  it('lists statements newest first and pages older and newer with the keyset cursors', async () => {
    const { user, fetchMock, router } = await renderStatements('/billing/view-statements', {
      [`GET ${STATEMENTS_PATH}`]: pagedStatements,
    });
    const table = await screen.findByRole('table', { name: 'Statements, newest first' });
    const firstPage = within(table).getAllByRole('row').slice(1);
    expect(firstPage.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Statement dateNov 10, 2026',
      'Statement dateOct 10, 2026',
    ]);
    expect(within(table).getByRole('link', { name: 'Nov 10, 2026' })).toHaveAttribute(
      'href',
      '/billing/view-statements/st-2026-11',
    );

    const pager = screen.getByRole('navigation', { name: 'Statement pages' });
    const newer = within(pager).getByRole('button', { name: 'Newer' });
    const older = within(pager).getByRole('button', { name: 'Older' });
    expect(newer).toHaveAttribute('aria-disabled', 'true');

    await user.click(older);
    expect(await screen.findByRole('link', { name: 'Sep 10, 2026' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ cursor: 'older-1' });
    expect(fetchMock.requestsTo(STATEMENTS_PATH).at(-1)?.search).toBe('?cursor=older-1');
    expect(older).toHaveAttribute('aria-disabled', 'true');
    // Inert buttons keep the focus where the user is.
    expect(older).toHaveFocus();

    await user.click(newer);
    expect(await screen.findByRole('link', { name: 'Nov 10, 2026' })).toBeInTheDocument();
    expect(fetchMock.requestsTo(STATEMENTS_PATH).at(-1)?.search).toBe('?cursor=newer-1');
  });

  it('opens the digital statement from a row', async () => {
    const { user, router } = await renderStatements('/billing/view-statements', {
      [`GET ${STATEMENTS_PATH}`]: pagedStatements,
      [`GET ${DETAIL}`]: harborStatement(),
    });
    await user.click(await screen.findByRole('link', { name: 'Nov 10, 2026' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Statement of Nov 10, 2026' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/billing/view-statements/st-2026-11');
  });

  it('shows "Unable to Load Billing Info" when the list fails, and Try again reloads it', async () => {
    let fail = true;
    const { user } = await renderStatements('/billing/view-statements', {
      [`GET ${STATEMENTS_PATH}`]: (request) => (fail ? apiError('SERVICE_UNAVAILABLE', 503) : pagedStatements(request)),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to Load Billing Info');
    expect(alert).toHaveTextContent('We couldn’t load your statements');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Nov 10, 2026' })).toBeInTheDocument();
  });
});

describe('digital statement', () => {
  async function openStatement(routes: FakeApiOptions['routes'] = {}) {
    const result = await renderStatements('/billing/view-statements/st-2026-11', {
      [`GET ${DETAIL}`]: harborStatement(),
      ...routes,
    });
    await screen.findByRole('heading', { level: 1, name: 'Statement of Nov 10, 2026' });
    return result;
  }

  it('shows the header and how the total is made', async () => {
    await openStatement();
    expect(screen.getByText('8260123456789012')).toBeInTheDocument();
    expect(screen.getByText('Harbor Coffee Co.')).toBeInTheDocument();
    expect(screen.getByText('Oct 10, 2026 – Nov 9, 2026')).toBeInTheDocument();
    expect(screen.getByTestId('statement-due-date')).toHaveTextContent('Dec 1, 2026');
    const totals = screen.getByRole('table', { name: 'How your total is calculated' });
    const rows = within(totals)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Previous balance$250.00',
      'Payments received-$250.00',
      'Credits and adjustments$0.00',
      'New charges$289.47',
      'Total due$289.47',
    ]);
    expect(screen.getByTestId('statement-comparison')).toHaveTextContent(
      'Your new charges are $46.47 more than last month’s $243.00.',
    );
  });

  it('shows the statement security code in the account details, with what it is for (issue 17)', async () => {
    await openStatement();
    expect(screen.getByTestId('statement-security-code')).toHaveTextContent(/^305127$/);
    const label = screen.getByText('Security code for online registration');
    expect(label.tagName).toBe('DT');
    expect(label.nextElementSibling).toHaveTextContent(
      '305127Printed on every statement. Enter it with your account number and service ZIP code to create an online account.',
    );
  });

  it('leaves the security code out for an account that has none', async () => {
    await renderStatements('/billing/view-statements/st-2026-11', {
      [`GET ${DETAIL}`]: harborStatement({ statementCode: null }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Statement of Nov 10, 2026' });
    expect(screen.getByText('8260123456789012')).toBeInTheDocument();
    expect(screen.queryByTestId('statement-security-code')).not.toBeInTheDocument();
    expect(screen.queryByText('Security code for online registration')).not.toBeInTheDocument();
  });

  it('expands and collapses every section at once, and one at a time', async () => {
    const { user } = await openStatement();
    const sections = ['Internet', 'TV', 'Business Phone'].map((name) =>
      screen.getByRole('button', { name: new RegExp(`^${name}`) }),
    );
    for (const button of sections) expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table', { name: 'Internet charges' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    for (const button of sections) expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('table', { name: 'Internet charges' })).toBeVisible();
    expect(screen.getByRole('table', { name: 'TV charges' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    for (const button of sections) expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table', { name: 'TV charges' })).not.toBeInTheDocument();

    const [internet] = sections;
    if (!internet) throw new Error('no Internet section');
    await user.click(internet);
    expect(internet).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(internet.getAttribute('aria-controls') ?? '')).toBeVisible();
    expect(screen.queryByRole('table', { name: 'TV charges' })).not.toBeInTheDocument();
  });

  it('explains every changed line in words, with the difference, and lists removed lines', async () => {
    const { user } = await openStatement();
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    const reasons = screen.getAllByTestId('change-reason').map((element) => element.textContent);
    expect(reasons).toEqual([
      'Promotion ended on Oct 14',
      'Plan changed on Oct 20, prorated',
      'One-time charge',
      'Tax rate changed on Nov 1',
    ]);
    const internet = screen.getByRole('table', { name: 'Internet charges' });
    expect(within(internet).getByRole('row', { name: /Business Internet 500/ })).toHaveTextContent(
      'Up $30.00 from $99.99',
    );
    const tv = screen.getByRole('table', { name: 'TV charges' });
    expect(within(tv).getByRole('row', { name: /Installation/ })).toHaveTextContent('New this month');
    const phone = screen.getByRole('table', { name: 'Business Phone charges' });
    expect(within(phone).getByRole('row', { name: /Business Voice line/ })).toHaveTextContent('Same as last month');
    expect(screen.getByTestId('removed-lines')).toHaveTextContent('Sports package: was $40.00. Removed on Oct 1.');
    expect(screen.getByRole('button', { name: /^Internet/ })).toHaveTextContent('Up $30.00 from $99.99');
  });

  it('says so on the first statement, which has nothing to compare with', async () => {
    const first = harborStatement({
      comparison: null,
      sections: harborStatement().sections.map((section) => ({
        ...section,
        previousTotalCents: null,
        lines: section.lines.map((line) => ({ ...line, change: null })),
        removedLines: [],
      })),
    });
    const { user } = await openStatement({ [`GET ${DETAIL}`]: first });
    expect(screen.getByTestId('statement-comparison')).toHaveTextContent('This is your first statement');
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(screen.queryAllByTestId('change-reason')).toEqual([]);
    expect(screen.getAllByText('Not compared (first statement)')).toHaveLength(5);
  });

  it('prints the loaded statement', async () => {
    const { user } = await openStatement();
    const { browserPrint } = await import('../../../lib/browser-files');
    const print = vi.spyOn(browserPrint, 'print').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows "Printable Statement Unavailable" when the statement is not loaded, and prints once Try again loads it', async () => {
    const { browserPrint } = await import('../../../lib/browser-files');
    const print = vi.spyOn(browserPrint, 'print').mockImplementation(() => undefined);
    let fail = true;
    const { user } = await renderStatements('/billing/view-statements/st-2026-11', {
      [`GET ${DETAIL}`]: () => (fail ? apiError('INTERNAL', 500) : jsonResponse(harborStatement())),
    });
    expect(await screen.findByRole('heading', { name: 'Bill Details Unavailable' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    const alert = screen
      .getAllByRole('alert')
      .find((element) => element.textContent?.includes('Printable Statement Unavailable'));
    if (!alert) throw new Error('no print alert');
    expect(print).not.toHaveBeenCalled();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('heading', { level: 1, name: 'Statement of Nov 10, 2026' })).toBeInTheDocument();
    expect(screen.queryByText('Printable Statement Unavailable')).not.toBeInTheDocument();
  });

  it('shows "Bill Details Unavailable" for a statement that does not exist (another business’s id), without a retry', async () => {
    await renderStatements('/billing/view-statements/st-other', {
      [`GET ${STATEMENTS_PATH}/st-other`]: () => apiError('NOT_FOUND', 404),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Bill Details Unavailable' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('We couldn’t find this statement.');
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
  });

  it('downloads the PDF and the CSV in the user’s language through fetch', async () => {
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => undefined);
    const { user, fetchMock } = await openStatement({
      [`GET ${DETAIL}/pdf`]: () =>
        new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
          headers: { 'Content-Disposition': 'attachment; filename="harbor-2026-11-10.pdf"' },
        }),
      [`GET ${DETAIL}/csv`]: () => new Response('a,b\n1,2\n', { headers: { 'Content-Type': 'text/csv' } }),
    });
    const pdf = screen.getByRole('link', { name: 'Download PDF' });
    expect(pdf).toHaveAttribute('href', `${DETAIL}/pdf?lang=en`);
    await user.click(pdf);
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[1]).toBe('harbor-2026-11-10.pdf');
    const saved = save.mock.calls[0]?.[0];
    expect(saved).toBeInstanceOf(Blob);
    expect(await saved?.text()).toBe('%PDF-1.7');

    await user.click(screen.getByRole('link', { name: 'Download CSV' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls[1]?.[1]).toBe('vireo-statement-2026-11-10.csv');
    expect(fetchMock.requestsTo(`${DETAIL}/csv`)[0]?.search).toBe('?lang=en');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for the Spanish PDF in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderStatements('/billing/view-statements/st-2026-11', { [`GET ${DETAIL}`]: harborStatement() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Estado de cuenta del 10 nov 2026' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Descargar PDF' })).toHaveAttribute('href', `${DETAIL}/pdf?lang=es`);
    expect(screen.getByRole('link', { name: 'Descargar CSV' })).toHaveAttribute('href', `${DETAIL}/csv?lang=es`);
    expect(screen.getByText('Código de seguridad para registrarse en línea').nextElementSibling).toHaveTextContent(
      '305127Aparece en cada estado de cuenta. Ingréselo con su número de cuenta y el código postal del servicio para crear una cuenta en línea.',
    );
  });

  it('shows "Statement unable to download" when a download fails, saves nothing, and Try again repeats it', async () => {
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => undefined);
    let fail = true;
    const { user, fetchMock } = await openStatement({
      [`GET ${DETAIL}/pdf`]: () =>
        fail ? apiError('INTERNAL', 500) : new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' })),
    });
    await user.click(screen.getByRole('link', { name: 'Download PDF' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Statement unable to download' })).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    // The statement itself is still there.
    expect(screen.getByRole('table', { name: 'How your total is calculated' })).toBeInTheDocument();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(fetchMock.requestsTo(`${DETAIL}/pdf`)).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('treats an empty file as a failed download', async () => {
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => undefined);
    const { user } = await openStatement({ [`GET ${DETAIL}/csv`]: () => new Response('') });
    await user.click(screen.getByRole('link', { name: 'Download CSV' }));
    expect(await screen.findByText('Statement unable to download')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });
});

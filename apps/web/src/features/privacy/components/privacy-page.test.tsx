import { screen, waitFor, within } from '@testing-library/react';
import { ANALYTICS_MY_EVENTS_EXPORT_PATH, COOKIES, CSRF_HEADER, type MyAnalyticsEvent } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeRequest, jsonResponse, setCookie } from '../../../test/fake-api';
import {
  CALL,
  ERROR,
  EVENTS_PATH,
  eventsPage,
  privacyServer,
  renderPrivacyPage,
  SETTINGS_PATH,
  VIEW,
} from '../testing/privacy-fixtures';

const LIST = `GET ${EVENTS_PATH}`;
const rowsOf = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
/** The events section's status line (the choice has one of its own). */
const eventsStatus = () => within(screen.getByRole('region', { name: 'What was collected' })).getByRole('status');

/** A person's kept events: DELETE removes them all and says how many. */
function keptEvents(initial: MyAnalyticsEvent[]) {
  let items = initial;
  return {
    [LIST]: () => jsonResponse(eventsPage(items)),
    [`DELETE ${EVENTS_PATH}`]: () => {
      const deleted = items.length;
      items = [];
      return jsonResponse({ deleted });
    },
  };
}

describe('the privacy page (/profile-and-settings/privacy, wider-portal.md §11)', () => {
  it('shows each event kept in words, newest first: when, its kind, what it says and its trace id', async () => {
    await renderPrivacyPage({ ...privacyServer(), [LIST]: eventsPage([CALL, ERROR, VIEW], { total: 3 }) });
    const table = await screen.findByRole('table', { name: 'Events kept about you, newest first' });
    expect(screen.getByText('3 events are kept about you.')).toBeInTheDocument();
    const [call, error, view] = rowsOf();
    expect(call).toHaveTextContent('Nov 21, 2026, 3:30:05 PM');
    expect(call).toHaveTextContent('Call to the portal’s serversOperational');
    expect(call).toHaveTextContent('GET /api/pub/billing/v1/statements/:statementId');
    expect(call).toHaveTextContent('Status 404 · failed · 1,234 ms');
    expect(call).toHaveTextContent('b7ad6b7169203331');
    expect(error).toHaveTextContent('Nov 21, 2026, 3:30:04 PM');
    expect(error).toHaveTextContent('Error shownOperational');
    expect(error).toHaveTextContent('Code NOT_FOUND');
    expect(view).toHaveTextContent('Page viewedUsage');
    expect(view).toHaveTextContent('/billing/view-statements/$statementId in Español');
    expect(view).toHaveTextContent('None');
    // the kinds are words: never the event's type, nor its id
    expect(table).not.toHaveTextContent(/api_call|page_view|3e4f5a6b/);
    // the choice is on the same page
    expect(screen.getByRole('region', { name: 'Your choice' })).toContainElement(
      await screen.findByRole('checkbox', { name: 'Usage analytics' }),
    );
    const download = screen.getByRole('link', { name: 'Download (JSON)' });
    expect(download).toHaveAttribute('href', ANALYTICS_MY_EVENTS_EXPORT_PATH);
    expect(download).toHaveAttribute('download');
  });

  it('says it in Spanish', async () => {
    await renderPrivacyPage({ ...privacyServer(), [LIST]: eventsPage([CALL, VIEW]) }, 'es');
    await screen.findByRole('table', { name: 'Eventos guardados sobre usted, del más reciente al más antiguo' });
    const [call, view] = rowsOf();
    expect(call).toHaveTextContent('Llamada a los servidores del portalOperativo');
    expect(call).toHaveTextContent('Estado 404 · fallida · 1234 ms');
    expect(view).toHaveTextContent('Página vistaUso');
    expect(view).toHaveTextContent('/billing/view-statements/$statementId en Español');
    expect(screen.getByText('Se guardan 2 eventos sobre usted.')).toBeInTheDocument();
  });

  it('pages older and newer with the keyset pager', async () => {
    const requests: FakeRequest[] = [];
    const { user } = await renderPrivacyPage({
      ...privacyServer(),
      [LIST]: (request) => {
        requests.push(request);
        return jsonResponse(
          new URLSearchParams(request.search).get('cursor') === 'older-1'
            ? eventsPage([VIEW], { previousCursor: 'newer-1', total: 3 })
            : eventsPage([CALL, ERROR], { nextCursor: 'older-1', total: 3 }),
        );
      },
    });
    await screen.findByRole('table');
    const pager = screen.getByRole('navigation', { name: 'Pages of events' });
    await user.click(within(pager).getByRole('button', { name: 'Older' }));
    await expect.poll(() => requests.at(-1)?.search).toBe('?cursor=older-1');
    await within(screen.getByRole('table')).findByText('Page viewed');
    expect(rowsOf()).toHaveLength(1);
    await user.click(within(pager).getByRole('button', { name: 'Newer' }));
    await within(screen.getByRole('table')).findByText('Code NOT_FOUND');
  });

  it('deletes everything after a confirmation by keyboard, says how many, and reads the list again', async () => {
    setCookie(COOKIES.csrf, 'csrf-token-1');
    const { api, user } = await renderPrivacyPage({ ...privacyServer(), ...keptEvents([CALL, ERROR, VIEW]) });
    await screen.findByRole('table');
    const deleteAll = screen.getByRole('button', { name: 'Delete all' });

    // asked first; Escape keeps everything, and focus goes back to Delete all
    deleteAll.focus();
    await user.keyboard('{Enter}');
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete every event kept about you?' });
    expect(dialog).toHaveTextContent('This deletes all 3 events kept about you. They can’t be brought back.');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep them' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(deleteAll).toHaveFocus());
    expect(api.requestsTo(EVENTS_PATH, 'DELETE')).toHaveLength(0);

    await user.keyboard('{Enter}');
    dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep them' })).toHaveFocus());
    // focus stays in the dialog: from Keep them, Tab goes round to the confirming button
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Delete all events' })).toHaveFocus();
    const listed = api.requestsTo(EVENTS_PATH, 'GET').length;
    await user.keyboard('{Enter}');

    await waitFor(() => expect(eventsStatus()).toHaveTextContent('3 events were deleted.'));
    expect(api.requestsTo(EVENTS_PATH, 'DELETE')[0]?.headers.get(CSRF_HEADER)).toBe('csrf-token-1');
    expect(await screen.findByRole('heading', { level: 3, name: 'Nothing is kept about you' })).toBeInTheDocument();
    expect(screen.getByText('No events are kept about you.')).toBeInTheDocument();
    expect(api.requestsTo(EVENTS_PATH, 'GET').length).toBeGreaterThan(listed);
    expect(screen.queryByRole('button', { name: 'Delete all' })).not.toBeInTheDocument();
    // Delete all is gone: focus lands on the section's title, which stays
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'What was collected' })).toHaveFocus());
  });

  it('says so when deleting fails, and keeps the list', async () => {
    const { user } = await renderPrivacyPage({
      ...privacyServer(),
      [LIST]: eventsPage([CALL]),
      [`DELETE ${EVENTS_PATH}`]: () => apiError('INTERNAL', 500),
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Delete all' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('This deletes the 1 event kept about you.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete all events' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The events weren’t deleted');
    expect(alert).toHaveTextContent('Nothing was changed. Try again in a few minutes.');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(rowsOf()).toHaveLength(1);
    expect(eventsStatus()).toBeEmptyDOMElement();
  });

  it('says when nothing is kept, with nothing to delete', async () => {
    await renderPrivacyPage({ ...privacyServer(), [LIST]: eventsPage([]) });
    expect(await screen.findByRole('heading', { level: 3, name: 'Nothing is kept about you' })).toBeInTheDocument();
    expect(screen.getByText(/each is removed after 90 days/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete all' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers a retry when the events or the settings fail to load, and shows them once they come', async () => {
    let calls = 0;
    let settingsCalls = 0;
    const settings = privacyServer();
    const { user } = await renderPrivacyPage({
      [`GET ${SETTINGS_PATH}`]: () => {
        settingsCalls += 1;
        return settingsCalls === 1 ? apiError('INTERNAL', 500) : settings[`GET ${SETTINGS_PATH}`]();
      },
      [LIST]: () => {
        calls += 1;
        return calls === 1 ? apiError('INTERNAL', 500) : jsonResponse(eventsPage([ERROR]));
      },
    });
    const events = await screen.findByRole('heading', { level: 3, name: 'We couldn’t load what was collected' });
    const choice = screen.getByRole('region', { name: 'Your choice' });
    expect(
      await within(choice).findByRole('heading', { level: 3, name: 'Your privacy settings couldn’t be loaded' }),
    ).toBeInTheDocument();
    await user.click(within(choice).getByRole('button', { name: /try again/i }));
    expect(await within(choice).findByRole('checkbox', { name: 'Usage analytics' })).toBeChecked();
    const eventsSection = screen.getByRole('region', { name: 'What was collected' });
    expect(eventsSection).toContainElement(events);
    await user.click(within(eventsSection).getByRole('button', { name: /try again/i }));
    expect(await within(eventsSection).findByText('Code NOT_FOUND')).toBeInTheDocument();
  });
});

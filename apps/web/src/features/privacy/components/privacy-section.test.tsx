import { screen, waitFor, within } from '@testing-library/react';
import { COOKIES, CSRF_HEADER } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { apiError, jsonResponse, setCookie } from '../../../test/fake-api';
import {
  EVENTS_PATH,
  eventsPage,
  privacyServer,
  renderProfileSettings,
  SETTINGS,
  SETTINGS_PATH,
  VIEW,
} from '../testing/privacy-fixtures';

const section = () => screen.findByRole('region', { name: 'Privacy' });

describe('the Privacy section of Profile & Settings (issue 23 item 3)', () => {
  it('says what is collected, shows the choice after Notifications, and links to the privacy page', async () => {
    const { user } = await renderProfileSettings({
      ...privacyServer(),
      [`GET ${EVENTS_PATH}`]: eventsPage([VIEW]),
    });
    const privacy = await section();
    expect(privacy).toHaveTextContent(/no name, account number or card data, and each entry is removed after 90 days/);
    const box = await within(privacy).findByRole('checkbox', { name: 'Usage analytics' });
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription(/Keep a record of the pages I view\. Calls and errors are always kept/);
    expect(privacy).toHaveTextContent('From this browser, the portal now keeps page views, calls and errors.');
    expect(privacy).not.toHaveTextContent('Global Privacy Control');
    // composed after Notifications, for a standard user too
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(notifications.compareDocumentPosition(privacy) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const link = within(privacy).getByRole('link', { name: 'See and download what was collected' });
    expect(link).toHaveAttribute('href', '/profile-and-settings/privacy');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Events kept about you, newest first' })).toBeInTheDocument();
  });

  it('saves a change at once, by keyboard, with the anti-forgery header, and says Saved', async () => {
    setCookie(COOKIES.csrf, 'csrf-token-1');
    const { user, fetchMock } = await renderProfileSettings(privacyServer());
    const privacy = await section();
    const box = await within(privacy).findByRole('checkbox', { name: 'Usage analytics' });
    box.focus();
    await user.keyboard(' ');
    await waitFor(() =>
      expect(within(privacy).getByRole('status')).toHaveTextContent('Saved: usage analytics are off.'),
    );
    const [put] = fetchMock.requestsTo(SETTINGS_PATH, 'PUT');
    expect(put?.body).toEqual({ usageAnalytics: false });
    expect(put?.headers.get(CSRF_HEADER)).toBe('csrf-token-1');
    expect(box).not.toBeChecked();
    expect(box).toHaveFocus();
    expect(privacy).toHaveTextContent('From this browser, the portal now keeps calls and errors only.');

    await user.keyboard(' ');
    await waitFor(() =>
      expect(within(privacy).getByRole('status')).toHaveTextContent('Saved: usage analytics are on.'),
    );
    expect(box).toBeChecked();
    expect(fetchMock.requestsTo(SETTINGS_PATH, 'PUT').map((request) => request.body)).toEqual([
      { usageAnalytics: false },
      { usageAnalytics: true },
    ]);
  });

  it('shows the change while it is saved, then puts the box back and says so when the save fails', async () => {
    let fail: (response: Response) => void = () => undefined;
    const { user } = await renderProfileSettings({
      ...privacyServer(),
      [`PUT ${SETTINGS_PATH}`]: () =>
        new Promise<Response>((resolve) => {
          fail = resolve;
        }),
    });
    const privacy = await section();
    const box = await within(privacy).findByRole('checkbox', { name: 'Usage analytics' });
    await user.click(box);
    expect(box).not.toBeChecked();
    // a second change while the first is on its way is not sent
    await user.click(box);
    expect(box).not.toBeChecked();
    fail(apiError('INTERNAL', 500));
    const alert = await within(privacy).findByRole('alert');
    expect(alert).toHaveTextContent('Your choice wasn’t saved');
    expect(alert).toHaveTextContent('Nothing was changed. Try again in a few minutes.');
    expect(box).toBeChecked();
    expect(within(privacy).getByRole('status')).toBeEmptyDOMElement();
  });

  it('says that Global Privacy Control keeps only operational events from this browser, whatever the choice', async () => {
    await renderProfileSettings({
      [`GET ${SETTINGS_PATH}`]: jsonResponse({ ...SETTINGS, globalPrivacyControl: true, collecting: 'operational' }),
    });
    const privacy = await section();
    expect(await within(privacy).findByRole('checkbox', { name: 'Usage analytics' })).toBeChecked();
    expect(
      within(privacy).getByText(
        'Your browser sends Global Privacy Control: only operational events are kept from this browser, whatever this setting says.',
      ),
    ).toBeInTheDocument();
    expect(privacy).toHaveTextContent('From this browser, the portal now keeps calls and errors only.');
  });
});

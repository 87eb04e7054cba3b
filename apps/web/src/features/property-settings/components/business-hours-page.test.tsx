import { screen, waitFor, within } from '@testing-library/react';
import type { BusinessHoursRequest, HoursExceptionRequest } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { NORTH, SOUTH, settingsApi } from '../testing/property-settings-fixtures';

// issue 22 item 5, wider-portal.md §10: a property's weekly hours, holidays and closures
describe('business hours (/manage-business-hours)', () => {
  it('shows the week Monday first, and saves Saturday’s new closing time; passes axe', async () => {
    const api = settingsApi();
    const { user } = await renderApp({ path: '/manage-business-hours', ...api.options });
    await screen.findByRole('heading', { level: 1, name: 'Business Hours' });
    expect(await screen.findByRole('combobox', { name: 'Property' })).toHaveValue(NORTH.id);
    const groups = await screen.findAllByRole('group', { name: /day$/ });
    expect(groups.map((group) => group.querySelector('legend')?.textContent)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    const saturday = screen.getByRole('group', { name: 'Saturday' });
    expect(within(saturday).getByRole('combobox', { name: 'Opens' })).toHaveValue('10:00');
    expect(
      within(screen.getByRole('group', { name: 'Sunday' })).getByRole('checkbox', { name: 'Open this day' }),
    ).not.toBeChecked();
    await expectNoAxeViolations();

    await user.selectOptions(within(saturday).getByRole('combobox', { name: 'Closes' }), '15:00');
    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    expect(await screen.findByText('Weekly hours saved.')).toBeInTheDocument();
    const sent = api.state.sent.at(-1) as BusinessHoursRequest;
    expect(sent.week).toHaveLength(7);
    expect(sent.week[6]).toEqual({ weekday: 6, intervals: [{ opens: '10:00', closes: '15:00' }] });
    expect(sent.week[0]).toEqual({ weekday: 0, intervals: [] });
  });

  it('checks a day before sending: closing before opening is said on the day, and focus goes there', async () => {
    const api = settingsApi();
    const { user, fetchMock } = await renderApp({ path: '/manage-business-hours', ...api.options });
    const monday = await screen.findByRole('group', { name: 'Monday' });
    await user.selectOptions(within(monday).getByRole('combobox', { name: 'Closes' }), '08:00');
    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    expect(monday).toHaveAccessibleDescription('The closing time must be after the opening time.');
    expect(within(monday).getByRole('combobox', { name: 'Opens' })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct');
    expect(fetchMock.requestsTo(`/api/pub/community/v1/properties/${NORTH.id}/hours`, 'PUT')).toHaveLength(0);
  });

  it('adds a break, and puts the server’s refusal of a day on that day', async () => {
    const api = settingsApi();
    const { user } = await renderApp({ path: '/manage-business-hours', ...api.options });
    const friday = await screen.findByRole('group', { name: 'Friday' });
    await user.click(within(friday).getByRole('button', { name: 'Add a break' }));
    expect(within(friday).getByRole('combobox', { name: 'Opens again' })).toHaveValue('18:00');
    api.state.refuse = { path: 'body.week.5.intervals.1', code: 'propertySettings.hours.error.overlap' };
    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    await waitFor(() =>
      expect(friday).toHaveAccessibleDescription('The hours after the break must start after the first hours end.'),
    );
  });

  it('switches property through the picker, the property in the address', async () => {
    const api = settingsApi();
    const { user, router } = await renderApp({ path: '/manage-business-hours', ...api.options });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Property' }), SOUTH.id);
    await waitFor(() => expect(router.state.location.search).toEqual({ propertyId: SOUTH.id }));
    expect(await screen.findByRole('group', { name: 'Monday' })).toBeInTheDocument();
  });

  it('adds a closure over two days, typed in the language’s date format', async () => {
    const api = settingsApi();
    const { user } = await renderApp({ path: '/manage-business-hours', ...api.options });
    await screen.findByText('No holidays or closures coming up.');
    await user.click(screen.getByRole('button', { name: 'Add a holiday or closure' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Thanksgiving');
    await user.type(screen.getByRole('textbox', { name: 'First day' }), '11/26/26');
    await user.type(screen.getByRole('textbox', { name: 'Last day' }), '11/25/26');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: 'Last day' })).toHaveAccessibleDescription(
      /The last day must be on or after the first day\./,
    );
    await user.clear(screen.getByRole('textbox', { name: 'Last day' }));
    await user.type(screen.getByRole('textbox', { name: 'Last day' }), '11/27/26');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Thanksgiving saved.')).toBeInTheDocument();
    expect(api.state.sent.at(-1) as HoursExceptionRequest).toEqual({
      kind: 'closed',
      label: 'Thanksgiving',
      startDate: '2026-11-26',
      endDate: '2026-11-27',
      intervals: [],
    });
    const table = await screen.findByRole('table', { name: 'Upcoming' });
    expect(within(table).getByRole('cell', { name: /Thanksgiving/ })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Remove Thanksgiving' })).toBeInTheDocument();
  });

  it('renders in Spanish and passes axe', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    const api = settingsApi();
    await renderApp({ path: '/manage-business-hours', ...api.options });
    const sabado = await screen.findByRole('group', { name: 'sábado' });
    expect(within(sabado).getByRole('combobox', { name: 'Abre' })).toHaveValue('10:00');
    expect(screen.getByRole('button', { name: 'Guardar el horario semanal' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('shows the week as text to a user who may not change it', async () => {
    const api = settingsApi({ role: 'STANDARD' });
    await renderApp({ path: '/manage-business-hours', ...api.options });
    expect(
      await screen.findByText('You can view these settings. An administrator of your account can change them.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('10:00 AM – 2:00 PM')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save weekly hours' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a holiday or closure' })).not.toBeInTheDocument();
  });

  it('is not for a business account: it lands on the account summary, told why, and reads nothing', async () => {
    const { router, fetchMock } = await renderApp({ path: '/manage-business-hours', profile: testProfile('PRIMARY') });
    await screen.findByText(/bulk \(community\) agreement/);
    expect(router.state.location.pathname).toBe('/account-summary');
    expect(fetchMock.requestsTo('/api/pub/community/v1/property-names')).toHaveLength(0);
  });
});

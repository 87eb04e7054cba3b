import { screen, waitFor, within } from '@testing-library/react';
import type { ContactPreferencesRequest } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { renderApp } from '../../../test/render-app';
import { CONTACTS, settingsApi } from '../testing/property-settings-fixtures';

const [marcus, rosa, tamsin] = CONTACTS as [(typeof CONTACTS)[0], (typeof CONTACTS)[0], (typeof CONTACTS)[0]];

// issue 22 item 5, wider-portal.md §10 ("Done when": outage notices to the maintenance contact only)
describe('contact preferences (/property-contact-preferences)', () => {
  it('shows each contact’s choices, texts off for a contact without a phone; passes axe', async () => {
    const api = settingsApi();
    await renderApp({ path: '/property-contact-preferences', ...api.options });
    await screen.findByRole('table', { name: 'Notices about Lakeside North' });
    expect(screen.getByRole('checkbox', { name: 'Outages by E-mail to Rosa Delgado' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Outages by E-mail to Marcus Bell' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Billing by Text to Marcus Bell' })).not.toBeChecked();
    const text = screen.getByRole('checkbox', { name: 'Outages by Text to Tamsin Holloway' });
    expect(text).toBeDisabled();
    expect(text).toHaveAccessibleDescription(/Texts need a mobile phone/);
    await expectNoAxeViolations();
  });

  it('sends the outages to the maintenance contact only, by keyboard, and says nobody gets a notice left out', async () => {
    const api = settingsApi();
    const { user } = await renderApp({ path: '/property-contact-preferences', ...api.options });
    const rosaOutages = await screen.findByRole('checkbox', { name: 'Outages by E-mail to Rosa Delgado' });
    rosaOutages.focus();
    await user.keyboard(' ');
    expect(rosaOutages).not.toBeChecked();
    const marcusText = screen.getByRole('checkbox', { name: 'Outages by Text to Marcus Bell' });
    marcusText.focus();
    await user.keyboard(' ');
    screen.getByRole('button', { name: 'Save preferences' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Preferences saved. The next notices follow them.')).toBeInTheDocument();
    const sent = api.state.sent.at(-1) as ContactPreferencesRequest;
    expect(sent.choices.filter((choice) => choice.notice === 'outages')).toEqual([
      { contactId: marcus.id, notice: 'outages', channel: 'email' },
      { contactId: marcus.id, notice: 'outages', channel: 'text' },
    ]);
    expect(sent.choices.filter((choice) => choice.contactId === rosa.id)).toHaveLength(3);

    // nobody left for visits: said before saving
    await user.click(screen.getByRole('checkbox', { name: 'Technician visits by E-mail to Rosa Delgado' }));
    expect(screen.getByText('Nobody gets these notices: Technician visits.')).toBeInTheDocument();
  });

  it('puts the server’s refusal of a text on that choice', async () => {
    const api = settingsApi();
    const { user } = await renderApp({ path: '/property-contact-preferences', ...api.options });
    await user.click(await screen.findByRole('checkbox', { name: 'Technician visits by Text to Marcus Bell' }));
    api.state.refuse = { path: 'body.choices.0.channel', code: 'propertySettings.preferences.error.textNeedsPhone' };
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() =>
      expect(screen.getByText('This contact has no mobile phone, so it can’t get texts.')).toBeInTheDocument(),
    );
    // the refused choice (the first sent: Marcus Bell's outages by e-mail) is marked and described by the refusal
    const refused = screen.getByRole('checkbox', { name: 'Outages by E-mail to Marcus Bell' });
    expect(refused).toHaveAttribute('aria-invalid', 'true');
    expect(refused).toHaveAccessibleDescription('This contact has no mobile phone, so it can’t get texts.');
    expect(tamsin.phone).toBeNull();
  });

  it('renders in Spanish and passes axe', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    const api = settingsApi();
    await renderApp({ path: '/property-contact-preferences', ...api.options });
    await screen.findByRole('table', { name: 'Avisos sobre Lakeside North' });
    expect(screen.getByRole('checkbox', { name: 'Interrupciones por Correo a Rosa Delgado' })).toBeChecked();
    await expectNoAxeViolations();
  });

  it('shows the choices without a way to change them to a user who may only view', async () => {
    const api = settingsApi({ role: 'STANDARD' });
    await renderApp({ path: '/property-contact-preferences', ...api.options });
    expect(await screen.findByRole('checkbox', { name: 'Outages by E-mail to Rosa Delgado' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save preferences' })).not.toBeInTheDocument();
    expect(within(document.body).queryByRole('alert')).not.toBeInTheDocument();
  });
});

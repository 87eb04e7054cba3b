import { screen, waitFor, within } from '@testing-library/react';
import {
  CHOOSABLE_NOTIFICATION_EVENTS,
  type Locale,
  NOTIFICATIONS_PATH,
  type NotificationSettings,
  type NotificationSettingsRequest,
} from '@vireo/shared';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { apiError, type FakeHandler, jsonResponse, stubApi, testProfile } from '../../../test/fake-api';
import { InLocale } from '../../../test/in-locale';
import { renderWithProviders } from '../../../test/render-with-providers';
import { NotificationsSection } from './notifications-section';

const CHOOSABLE = CHOOSABLE_NOTIFICATION_EVENTS;

const SETTINGS: NotificationSettings = {
  choices: [
    ...CHOOSABLE.map((event) => ({ event, email: true, text: false, locked: false })),
    { event: 'security', email: true, text: true, locked: true },
  ],
  mobilePhone: null,
  timeZone: 'America/New_York',
  quietHours: { startHour: 21, endHour: 8 },
};

async function render(routes: Record<string, FakeHandler>, locale: Locale = 'en', onAddMobile?: () => void) {
  const api = stubApi({ profile: testProfile('PRIMARY'), routes });
  const rendered = await renderWithProviders(
    <InLocale locale={locale}>
      <NotificationsSection onAddMobile={onAddMobile} />
    </InLocale>,
  );
  return { api, user: rendered.user };
}

describe('Notifications (issue 18 item 4)', () => {
  it('shows a row per event with an e-mail and a text box; security notices are on and locked', async () => {
    const onAddMobile = vi.fn();
    const { user } = await render({ [`GET ${NOTIFICATIONS_PATH}`]: () => jsonResponse(SETTINGS) }, 'en', onAddMobile);
    expect(await screen.findByRole('heading', { level: 2, name: 'Notifications' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'What we tell you, and how' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + SETTINGS.choices.length);
    expect(screen.getByRole('rowheader', { name: /Bill ready/ })).toHaveTextContent('When a new statement is ready');
    expect(screen.getByRole('checkbox', { name: 'Email: Bill ready' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Text: Payment received' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Text: Users and roles changed' })).toBeEnabled();

    const securityEmail = screen.getByRole('checkbox', { name: 'Email: Security notices' });
    expect(securityEmail).toBeChecked();
    expect(securityEmail).toBeDisabled();
    expect(securityEmail).toHaveAccessibleDescription('Security notices can’t be turned off.');
    expect(screen.getByRole('checkbox', { name: 'Text: Security notices' })).toBeDisabled();

    // no mobile number: the text boxes stay usable, and a note says where the number goes
    expect(screen.getByText(/Texts need a mobile number in Personal details/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a mobile number in Personal details' }));
    expect(onAddMobile).toHaveBeenCalledOnce();
    expect(
      screen.getByText(/^Texts wait until 8:00\sAM when they would arrive between 9:00\sPM and 8:00\sAM/),
    ).toHaveTextContent('(time zone: America/New_York)');
    await expectNoAxeViolations(document.body);
  });

  it('saves a change (every choosable event, security left out) and says so', async () => {
    let settings = SETTINGS;
    const { api, user } = await render({
      [`GET ${NOTIFICATIONS_PATH}`]: () => jsonResponse(settings),
      [`PUT ${NOTIFICATIONS_PATH}`]: (request) => {
        const { choices } = request.body as NotificationSettingsRequest;
        settings = {
          ...settings,
          choices: settings.choices.map((choice) => ({
            ...choice,
            ...choices.find((sent) => sent.event === choice.event),
          })),
        };
        return jsonResponse(settings);
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Text: Payment received' }));
    await user.click(screen.getByRole('checkbox', { name: 'Email: Card expiring' }));
    await user.click(screen.getByRole('button', { name: 'Save notification choices' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your notification choices are saved.'));
    const sent = api.requestsTo(NOTIFICATIONS_PATH, 'PUT')[0]?.body as { choices: unknown[] };
    expect(sent.choices).toEqual(
      CHOOSABLE.map((event) => ({
        event,
        email: event !== 'card_expiring',
        text: event === 'payment_received',
      })),
    );
    expect(screen.getByRole('checkbox', { name: 'Text: Payment received' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Email: Card expiring' })).not.toBeChecked();
  });

  it('says in Spanish that nothing was saved when the server fails; axe clean', async () => {
    const { api, user } = await render(
      {
        [`GET ${NOTIFICATIONS_PATH}`]: () => jsonResponse({ ...SETTINGS, mobilePhone: '+12125550147' }),
        [`PUT ${NOTIFICATIONS_PATH}`]: () => apiError('INTERNAL', 500),
      },
      'es',
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Avisos' })).toBeInTheDocument();
    expect(screen.getByText('Los mensajes de texto llegan al +12125550147.')).toBeInTheDocument();
    expect(
      screen.getByText(/^Los mensajes de texto esperan hasta las 8:00 cuando llegarían entre las 21:00/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Mensaje de texto: Pago recibido' }));
    await user.click(screen.getByRole('button', { name: 'Guardar preferencias de avisos' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No funcionó');
    expect(alert).toHaveTextContent('No se cambió nada. Vuelva a intentarlo en unos minutos.');
    expect(api.requestsTo(NOTIFICATIONS_PATH, 'PUT')).toHaveLength(1);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await expectNoAxeViolations(document.body);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { SELF_INSTALL_ACTIVATION_PATH, SELF_INSTALL_WIFI_PATH, type SelfInstallKit } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { apiError, type FakeHandler, jsonResponse, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { GET_KIT, KIT } from '../testing/self-install-fixtures';

const ONLINE: SelfInstallKit = { ...KIT, stage: 'online', activatedAt: '2026-11-21T15:00:00.000Z' };

const ACTIVATE = `POST ${SELF_INSTALL_ACTIVATION_PATH}`;
const PUT_WIFI = `PUT ${SELF_INSTALL_WIFI_PATH}`;

/** Answers each call with the next of `answers` (the last one again after). */
function inTurn(...answers: (SelfInstallKit | (() => Response | Promise<Response>))[]): FakeHandler {
  let call = 0;
  return () => {
    const answer = answers[Math.min(call, answers.length - 1)];
    call += 1;
    return typeof answer === 'function' ? answer() : jsonResponse(answer);
  };
}

function open(
  path: string,
  kit: SelfInstallKit,
  routes: Record<string, FakeHandler> = {},
  options: { role?: 'PRIMARY' | 'STANDARD'; speedBump?: boolean } = {},
) {
  return renderApp({
    path,
    profile: testProfile(options.role ?? 'PRIMARY'),
    flags: { selfInstallSpeedBump: options.speedBump ?? true },
    routes: { [GET_KIT]: { kit }, ...routes },
  });
}

const stepStates = (region: HTMLElement) =>
  within(region)
    .getAllByRole('listitem')
    .map((step) => within(step).getByText(/^(Done|In progress|Waiting|Didn’t finish)$/).textContent);

describe('self-install: activation and the Wi-Fi (issue 21 item 6)', () => {
  it('activates step by step, one call each, announcing the progress, until online', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const steps = inTurn(
      { ...KIT, stage: 'modem_seen' },
      async () => {
        await held;
        return jsonResponse({ ...KIT, stage: 'provisioned' });
      },
      ONLINE,
    );
    const { user, fetchMock } = await open('/selfinstall/activate', KIT, { [ACTIVATE]: steps });
    expect(await screen.findByRole('heading', { level: 1, name: 'Activate your gateway' })).toBeInTheDocument();
    expect(screen.getByText('Step 3 of 5')).toBeVisible();
    const region = await screen.findByRole('region', { name: 'Activation steps' });
    expect(stepStates(region)).toEqual(['Waiting', 'Waiting', 'Waiting']);
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Start activation' }));
    await waitFor(() => expect(stepStates(region)).toEqual(['Done', 'In progress', 'Waiting']));
    expect(within(region).getByRole('status')).toHaveTextContent('Working on: Service set up…');
    release();
    const wifi = await screen.findByRole('link', { name: 'Set up your Wi-Fi' });
    expect(wifi).toHaveAttribute('href', '/selfinstall/wifi');
    await waitFor(() => expect(wifi).toHaveFocus());
    expect(stepStates(region)).toEqual(['Done', 'Done', 'Done']);
    expect(within(region).getByRole('status')).toHaveTextContent('Activation finished: your gateway is online.');
    expect(fetchMock.requestsTo(SELF_INSTALL_ACTIVATION_PATH, 'POST')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /activation|Try again/ })).toBeNull();
  });

  it('shows why a step failed, and Try again goes on from it', async () => {
    const failed: SelfInstallKit = {
      ...KIT,
      stage: 'modem_seen',
      failure: { step: 'provisioned', reason: 'provisioningFailed', attempts: 1 },
    };
    const steps = inTurn(failed, { ...KIT, stage: 'provisioned' }, ONLINE);
    const { user, fetchMock } = await open(
      '/selfinstall/activate',
      { ...KIT, stage: 'modem_seen' },
      { [ACTIVATE]: steps },
    );
    await user.click(await screen.findByRole('button', { name: 'Continue activation' }));
    const region = screen.getByRole('region', { name: 'Activation steps' });
    await waitFor(() => expect(stepStates(region)).toEqual(['Done', 'Didn’t finish', 'Waiting']));
    const reason = 'Setting up your service didn’t finish. Try again; it usually works the second time.';
    expect(within(region).getAllByRole('listitem')[1]).toHaveTextContent(reason);
    expect(within(region).getByRole('status')).toHaveTextContent(`Service set up didn’t finish. ${reason}`);
    const retry = screen.getByRole('button', { name: 'Try again' });
    expect(retry).toHaveFocus();
    expect(fetchMock.requestsTo(SELF_INSTALL_ACTIVATION_PATH, 'POST')).toHaveLength(1);
    await expectNoAxeViolations();

    await user.click(retry);
    expect(await screen.findByRole('link', { name: 'Set up your Wi-Fi' })).toBeInTheDocument();
    expect(stepStates(region)).toEqual(['Done', 'Done', 'Done']);
    expect(fetchMock.requestsTo(SELF_INSTALL_ACTIVATION_PATH, 'POST')).toHaveLength(3);
  });

  it('says when the provisioning system did not answer, and tries again on request', async () => {
    const steps = inTurn(() => apiError('SERVICE_UNAVAILABLE', 503), ONLINE);
    const { user } = await open('/selfinstall/activate', { ...KIT, stage: 'provisioned' }, { [ACTIVATE]: steps });
    await user.click(await screen.findByRole('button', { name: 'Continue activation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Our activation system isn’t answering right now, so nothing changed. Try again in a few minutes.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Set up your Wi-Fi' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends a step that failed too often to us: the contact page and a ticket, no retry', async () => {
    const stuck: SelfInstallKit = {
      ...KIT,
      failure: { step: 'modem_seen', reason: 'modemNotSeen', attempts: 3 },
      needsHelp: true,
    };
    let kit: SelfInstallKit = { ...KIT, failure: { step: 'modem_seen', reason: 'modemNotSeen', attempts: 2 } };
    const { user, router } = await open('/selfinstall/activate', kit, {
      [GET_KIT]: () => jsonResponse({ kit }),
      [ACTIVATE]: () => {
        kit = stuck;
        return jsonResponse(kit);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    const help = await screen.findByRole('heading', { name: 'Let’s finish this together' });
    await waitFor(() => expect(help).toHaveFocus());
    expect(screen.queryByRole('button', { name: /Try again|activation/ })).toBeNull();
    const ticket = new URL(
      screen.getByRole('link', { name: 'Write to support' }).getAttribute('href') ?? '',
      'http://x',
    );
    expect(ticket.pathname).toBe('/support/forms');
    expect(ticket.searchParams.get('topic')).toBe('self-install');
    expect(ticket.searchParams.get('subject')).toBe('Activation stuck at Modem found');
    await expectNoAxeViolations();

    // nothing is lost by leaving now: no confirmation
    await user.click(screen.getByRole('link', { name: 'How to reach us' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We’ll finish activation with you' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/selfinstall/contact-to-activate');
    const call = screen.getByRole('region', { name: 'Talk to us' });
    expect(await within(call).findByRole('link', { name: '(800) 555-0123' })).toHaveAttribute(
      'href',
      'tel:+18005550123',
    );
    const again = new URL(
      screen.getByRole('link', { name: 'Write to support' }).getAttribute('href') ?? '',
      'http://x',
    );
    expect(again.searchParams.get('subject')).toBe('Activation stuck at Modem found');
  });

  it('shows a STANDARD reader where activation stands, with no action', async () => {
    await open('/selfinstall/activate', { ...KIT, stage: 'modem_seen', canActivate: false }, {}, { role: 'STANDARD' });
    const region = await screen.findByRole('region', { name: 'Activation steps' });
    expect(stepStates(region)).toEqual(['Done', 'Waiting', 'Waiting']);
    expect(
      screen.getByText(
        'Only the account’s owner or an administrator can activate this equipment and set up its Wi-Fi.',
      ),
    ).toBeVisible();
    expect(screen.queryAllByRole('button', { name: /activation|Try again/ })).toEqual([]);
  });

  it('asks before leaving an unfinished activation; Stay keeps the page, Leave goes', async () => {
    const { user, router } = await open('/selfinstall/activate', KIT);
    await user.click(await screen.findByRole('link', { name: 'Back' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave before you’re done?' });
    expect(dialog).toHaveTextContent('Activation isn’t finished.');
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/selfinstall/activate');
    expect(screen.getByRole('heading', { level: 1, name: 'Activate your gateway' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Connect your gateway' })).toBeInTheDocument();
  });

  it('does not ask when the speed bump is off', async () => {
    const { user } = await open('/selfinstall/activate', KIT, {}, { speedBump: false });
    await user.click(await screen.findByRole('link', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Connect your gateway' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('checks the Wi-Fi here first, shows the gateway’s refusal on its field, then saves and is done', async () => {
    const refused = () =>
      jsonResponse(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'test',
            fields: [{ path: 'body.password', code: 'too_small' }],
          },
        },
        400,
      );
    let kit = ONLINE;
    const saved = () => {
      kit = { ...ONLINE, wifiName: 'Harbor Coffee' };
      return jsonResponse(kit);
    };
    const { user, fetchMock, router } = await open('/selfinstall/wifi', kit, {
      [GET_KIT]: () => jsonResponse({ kit }),
      [PUT_WIFI]: inTurn(refused, saved),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up your Wi-Fi' })).toBeInTheDocument();
    expect(screen.getByText('Step 4 of 5')).toBeVisible();
    const name = screen.getByRole('textbox', { name: 'Network name' });
    const password = screen.getByLabelText('Wi-Fi password');
    await user.click(screen.getByRole('button', { name: 'Save Wi-Fi settings' }));
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Enter a network name.'));
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Enter a password.'));
    expect(name).toHaveFocus();
    await expectNoAxeViolations();

    await user.type(name, 'Harbor Coffee');
    await user.type(password, 'harbor coffee');
    await user.click(screen.getByRole('button', { name: 'Save Wi-Fi settings' }));
    expect(password).toHaveAccessibleDescription(
      expect.stringContaining('Choose a password that isn’t the network name.'),
    );
    expect(password).toHaveFocus();
    expect(fetchMock.requestsTo(SELF_INSTALL_WIFI_PATH, 'PUT')).toHaveLength(0);

    const show = screen.getByRole('button', { name: 'Show password' });
    expect(show).toHaveAttribute('aria-pressed', 'false');
    await user.click(show);
    expect(show).toHaveAttribute('aria-pressed', 'true');
    expect(password).toHaveAttribute('type', 'text');

    await user.clear(password);
    await user.type(password, 'steamed-milk-42');
    await user.click(screen.getByRole('button', { name: 'Save Wi-Fi settings' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(expect.stringContaining('Use at least 8 characters.')),
    );
    expect(password).toHaveFocus();
    expect(name).not.toHaveAttribute('aria-invalid');

    await user.click(screen.getByRole('button', { name: 'Save Wi-Fi settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You’re all set' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/selfinstall/done');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText('Harbor Coffee')).toBeVisible();
    const sent = fetchMock.requestsTo(SELF_INSTALL_WIFI_PATH, 'PUT');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toEqual({ networkName: 'Harbor Coffee', password: 'steamed-milk-42' });
  });

  it('says when the gateway could not be reached to save the Wi-Fi', async () => {
    const { user } = await open('/selfinstall/wifi', ONLINE, {
      [PUT_WIFI]: () => apiError('SERVICE_UNAVAILABLE', 503),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Network name' }), 'Harbor Coffee');
    await user.type(screen.getByLabelText('Wi-Fi password'), 'steamed-milk-42');
    await user.click(screen.getByRole('button', { name: 'Save Wi-Fi settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We couldn’t reach your gateway to save the settings. Check that its light is solid white, then try again.',
    );
  });
});

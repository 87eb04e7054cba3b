import { screen, waitFor, within } from '@testing-library/react';
import { type SelfInstallKit } from '@vireo/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { GET_KIT, KIT } from '../testing/self-install-fixtures';

function open(path: string, kit: SelfInstallKit | null, role: 'PRIMARY' | 'STANDARD' = 'PRIMARY') {
  return renderApp({ path, profile: testProfile(role), routes: { [GET_KIT]: { kit } } });
}

/** A link's address, its search parsed. */
function hrefOf(link: HTMLElement) {
  return new URL(link.getAttribute('href') ?? '', 'http://x');
}

afterEach(() => window.localStorage.removeItem(LOCALE_STORAGE_KEY));

describe('self-install: the kit and the steps around activation (issue 21 item 6)', () => {
  it('shows the kit, where activation stands and the way on', async () => {
    await open('/selfinstall', KIT);
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up your equipment' })).toBeInTheDocument();
    const kit = await screen.findByRole('region', { name: 'Your kit' });
    expect(kit).toHaveTextContent('Vireo DOCSIS 3.1 Business Gateway');
    expect(kit).toHaveTextContent('••:••:••:••:4A:1F');
    expect(kit).toHaveTextContent('Nov 18, 2026');
    const progress = screen.getByRole('region', { name: 'Where activation stands' });
    const steps = within(progress).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Modem foundWaiting',
      'Service set upWaiting',
      'OnlineWaiting',
    ]);
    expect(screen.getByRole('link', { name: 'Start setting up' })).toHaveAttribute(
      'href',
      '/selfinstall/check-contents',
    );
    await expectNoAxeViolations();
  });

  it.each([
    ['a step is due', { stage: 'modem_seen' }, 'Go to activation', '/selfinstall/activate'],
    [
      'the first step failed',
      { failure: { step: 'modem_seen', reason: 'modemNotSeen', attempts: 1 } },
      'Go to activation',
      '/selfinstall/activate',
    ],
    ['online, its Wi-Fi unnamed', { stage: 'online' }, 'Set up your Wi-Fi', '/selfinstall/wifi'],
    ['online with its Wi-Fi', { stage: 'online', wifiName: 'Harbor Coffee' }, 'See your setup', '/selfinstall/done'],
  ] as const)('leads on when %s', async (_, overrides, name, href) => {
    await open('/selfinstall', { ...KIT, ...overrides });
    expect(await screen.findByRole('link', { name })).toHaveAttribute('href', href);
  });

  it('marks the steps done before the one that failed, and says why it failed', async () => {
    await open('/selfinstall', {
      ...KIT,
      stage: 'modem_seen',
      failure: { step: 'provisioned', reason: 'provisioningFailed', attempts: 1 },
    });
    const progress = await screen.findByRole('region', { name: 'Where activation stands' });
    const [modem, service, online] = within(progress).getAllByRole('listitem');
    expect(modem).toHaveTextContent('Done');
    expect(service).toHaveTextContent('Didn’t finish');
    expect(service).toHaveTextContent(
      'Setting up your service didn’t finish. Try again; it usually works the second time.',
    );
    expect(online).toHaveTextContent('Waiting');
  });

  it('shows a STANDARD reader the kit and where it stands, with no way to activate', async () => {
    await open('/selfinstall', { ...KIT, stage: 'modem_seen', canActivate: false }, 'STANDARD');
    expect(await screen.findByRole('region', { name: 'Your kit' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Only the account’s owner or an administrator can activate this equipment and set up its Wi-Fi.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Go to activation' })).toBeNull();
  });

  it('goes to nothing-to-set-up, in place of the start page, when no kit is waiting', async () => {
    const { router } = await open('/selfinstall', null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Nothing to set up' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/selfinstall/nothing-to-set-up');
    expect(screen.getByRole('link', { name: 'See your services' })).toHaveAttribute('href', '/services');
    expect(screen.getByRole('link', { name: 'Go to support' })).toHaveAttribute('href', '/support');
    await expectNoAxeViolations();
  });

  it('refuses to go on from the contents until every item is ticked', async () => {
    const { user, router } = await open('/selfinstall/check-contents', KIT);
    expect(await screen.findByRole('heading', { level: 1, name: 'Check what’s in the box' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 5')).toBeVisible();
    const group = screen.getByRole('group', { name: 'What’s in the box' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(group).toHaveAccessibleDescription('Tick every item to continue. If something is missing, write to us.');
    expect(within(group).getByRole('checkbox', { name: /^Gateway/ })).toHaveFocus();
    await expectNoAxeViolations();

    await user.click(within(group).getByRole('checkbox', { name: /^Gateway/ }));
    await user.click(within(group).getByRole('checkbox', { name: 'Power adapter' }));
    await user.click(within(group).getByRole('checkbox', { name: /^Coaxial cable/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(within(group).getByRole('checkbox', { name: 'Ethernet cable' })).toHaveFocus();
    expect(router.state.location.pathname).toBe('/selfinstall/check-contents');
    const missing = hrefOf(screen.getByRole('link', { name: 'Write to support' }));
    expect(missing.searchParams.get('topic')).toBe('self-install');
    expect(missing.searchParams.get('subject')).toBe('Something is missing from my self-install kit');

    await user.keyboard(' ');
    expect(group).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Connect your gateway' })).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 5')).toBeVisible();
    const how = screen.getByRole('region', { name: 'How to connect it' });
    const steps = within(how).getAllByRole('listitem');
    expect(steps).toHaveLength(4);
    expect(steps[2]).toHaveTextContent('turn solid white. This can take up to 10 minutes.');
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/selfinstall/activate');
    await expectNoAxeViolations();
  });

  it('shows what to do next once done: the Wi-Fi, a speed test, the services', async () => {
    await open('/selfinstall/done', { ...KIT, stage: 'online', wifiName: 'Harbor Coffee' });
    expect(await screen.findByRole('heading', { level: 1, name: 'You’re all set' })).toBeInTheDocument();
    expect(screen.getByText('Step 5 of 5')).toBeVisible();
    expect(screen.getByText('Harbor Coffee')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Run a speed test' })).toHaveAttribute(
      'href',
      '/services/internet/speed-test',
    );
    expect(screen.getByRole('link', { name: 'See your services' })).toHaveAttribute('href', '/services');
    await expectNoAxeViolations();
  });

  it('leaves the speed test out where its flag is off', async () => {
    await renderApp({
      path: '/selfinstall/done',
      profile: testProfile('PRIMARY'),
      flags: { speedTest: false },
      routes: { [GET_KIT]: { kit: { ...KIT, stage: 'online', wifiName: 'Harbor Coffee' } } },
    });
    expect(await screen.findByRole('link', { name: 'See your services' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Run a speed test' })).toBeNull();
  });

  it('offers a call and a ticket when self-install is not online (contact-to-continue)', async () => {
    await renderApp({
      path: '/selfinstall/contact-to-continue',
      profile: testProfile(),
      flags: { selfInstall: false },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contact us to set up your equipment' }),
    ).toBeInTheDocument();
    const call = screen.getByRole('region', { name: 'Talk to us' });
    expect(await within(call).findByRole('link', { name: '(800) 555-0123' })).toHaveAttribute(
      'href',
      'tel:+18005550123',
    );
    const write = screen.getByRole('region', { name: 'Write to us' });
    const ticket = hrefOf(within(write).getByRole('link', { name: 'Write to support' }));
    expect(ticket.pathname).toBe('/support/forms');
    expect(ticket.searchParams.get('topic')).toBe('self-install');
    expect(ticket.searchParams.get('subject')).toBe('Help setting up my equipment');
    await expectNoAxeViolations();
  });

  it('shows the not-found page for a page self-install does not have', async () => {
    const { router } = await open('/selfinstall/modem', KIT);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/selfinstall/modem');
  });

  it('speaks Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await open('/selfinstall', { ...KIT, stage: 'provisioned' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Configura tu equipo' })).toBeInTheDocument();
    const kit = await screen.findByRole('region', { name: 'Tu kit' });
    expect(kit).toHaveTextContent('18 nov 2026');
    const progress = screen.getByRole('region', { name: 'Estado de la activación' });
    expect(
      within(progress)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['Módem encontradoListo', 'Servicio configuradoListo', 'En líneaEn espera']);
    expect(screen.getByRole('link', { name: 'Ir a la activación' })).toHaveAttribute('href', '/selfinstall/activate');
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'es'));
    await expectNoAxeViolations();
  });
});

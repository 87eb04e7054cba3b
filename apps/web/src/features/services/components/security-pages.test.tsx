import { act, screen, waitFor, within } from '@testing-library/react';
import { VALUE_ADDED_SERVICES_PATH } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { apiError, jsonResponse } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { harborValueAddedServices, renderServices, VAS } from '../testing/services-fixtures';

const DESKTOP = { en: 'Desktop Security', es: 'Seguridad para computadoras' };
const SUITE = { en: 'Security Suite', es: 'Paquete de seguridad' };
const NEW_DEVICE = { en: 'Add a Device', es: 'Agregar un dispositivo' };

describe('the desktop security page (wider-portal.md §5)', () => {
  it('describes the service and, when the plan has it, offers its download steps, axe-clean', async () => {
    // Harbor's desktop security leads to this very page (account.service VAS_REDIRECTS): no Manage link to itself
    await renderServices({ [VAS]: harborValueAddedServices() }, 'en', '/desktop-security', DESKTOP);
    expect(screen.getByRole('region', { name: 'What it protects against' })).toHaveTextContent(/ransomware/);
    expect(screen.getByRole('region', { name: 'How many devices it covers' })).toHaveTextContent(
      'Each computer you protect uses one licence from your plan.',
    );
    const plan = await screen.findByRole('region', { name: 'Your plan' });
    expect(plan).toHaveTextContent('Desktop Security is part of your plan.');
    expect(within(plan).getByRole('link', { name: 'Download' })).toHaveAttribute('href', '/security-suite/new-device');
    expect(within(plan).queryByRole('link', { name: /Manage/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'See the steps' })).toHaveAttribute('href', '/security-suite/new-device');
    await expectNoAxeViolations();
  });

  it('links to the security dashboard on another site as such', async () => {
    await renderServices(
      {
        [VAS]: harborValueAddedServices([
          {
            serviceId: 'DESKTOP_SECURITY_VAS_2_0',
            rateCode: 'DS2',
            redirectUri: { sbpp: 'https://secure.example/sso' },
          },
        ]),
      },
      'en',
      '/desktop-security',
      DESKTOP,
    );
    const manage = await screen.findByRole('link', { name: 'Manage Desktop Security (opens another site)' });
    expect(manage).toHaveAttribute('href', 'https://secure.example/sso');
    expect(manage).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('says when it is not part of the plan, with the way to add it', async () => {
    await renderServices({}, 'en', '/desktop-security', DESKTOP);
    const offer = await screen.findByRole('region', { name: 'Not part of your plan' });
    expect(within(offer).getByRole('link', { name: 'See how to add it' })).toHaveAttribute('href', '/upgrade');
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
  });

  it('is open to a visitor, who is asked to sign in and causes no call for the plan, axe-clean', async () => {
    const { fetchMock } = await renderApp({ path: '/desktop-security' });
    await screen.findByRole('heading', { level: 1, name: 'Desktop Security' });
    const plan = screen.getByRole('region', { name: 'Your plan' });
    expect(within(plan).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(fetchMock.requestsTo(VALUE_ADDED_SERVICES_PATH)).toEqual([]);
    await expectNoAxeViolations();
  });

  it('reads in Spanish, with no English left, axe-clean', async () => {
    await renderServices({}, 'es', '/desktop-security', DESKTOP);
    await screen.findByRole('region', { name: 'No forma parte de su plan' });
    expect(screen.getByRole('main')).not.toHaveTextContent(/What it protects|devices|Your plan|licence|computer/);
    await expectNoAxeViolations();
  });
});

describe('the security suite pages (wider-portal.md §5)', () => {
  it('keeps the loading indicator until the plan is known, then links to the dashboard, axe-clean', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { router } = await renderServices({
      [VAS]: async () => {
        await gate;
        return jsonResponse(harborValueAddedServices());
      },
    });
    await act(async () => {
      void router.navigate({ to: '/security-suite' });
    });
    await screen.findByRole('heading', { level: 1, name: SUITE.en });
    const indicator = screen.getByTestId('loading-indicator');
    expect(screen.getByRole('region', { name: 'What it protects against' })).toHaveTextContent(/Lost or stolen/);
    expect(indicator).toHaveAttribute('data-visible', 'true');
    release();
    const plan = await screen.findByRole('region', { name: 'Your plan' });
    await waitFor(() => expect(indicator).toHaveAttribute('data-visible', 'false'));
    expect(plan).toHaveTextContent('Security Suite is part of your plan.');
    expect(within(plan).getByRole('link', { name: 'Manage Security Suite' })).toHaveAttribute(
      'href',
      '/desktop-security',
    );
    expect(within(plan).getByRole('link', { name: 'Download' })).toHaveAttribute('href', '/security-suite/new-device');
    await expectNoAxeViolations();
  });

  it('still describes the suite when the plan cannot be checked', async () => {
    await renderServices({ [VAS]: apiError('SERVICE_UNAVAILABLE', 503) }, 'en', '/security-suite', SUITE);
    expect(await screen.findByText(/We can’t check your plan right now/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'How many devices it covers' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('loading-indicator')).toHaveAttribute('data-visible', 'false'));
  });

  it('lists the steps to add a device, and the way back, axe-clean', async () => {
    const { user, router } = await renderServices(
      { [VAS]: harborValueAddedServices() },
      'en',
      '/security-suite/new-device',
      NEW_DEVICE,
    );
    const steps = screen.getByRole('region', { name: 'Add the device' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('region', { name: 'Before you start' })).toHaveTextContent(/other antivirus/);
    const plan = await screen.findByRole('region', { name: 'Your plan' });
    expect(within(plan).getByRole('link', { name: 'Manage Security Suite' })).toHaveAttribute(
      'href',
      '/desktop-security',
    );
    expect(within(plan).queryByRole('link', { name: 'Download' })).toBeNull();
    await expectNoAxeViolations();
    await user.click(screen.getByRole('link', { name: 'Back to Security Suite' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Security Suite' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/security-suite');
  });

  it('reads the steps in Spanish, axe-clean', async () => {
    await renderServices({}, 'es', '/security-suite/new-device', NEW_DEVICE);
    expect(screen.getByRole('region', { name: 'Agregue el dispositivo' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'No forma parte de su plan' });
    expect(screen.getByRole('main')).not.toHaveTextContent(/device|Before you start|Back to|licence/i);
    await expectNoAxeViolations();
  });
});

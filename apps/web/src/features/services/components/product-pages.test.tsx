import { screen, within } from '@testing-library/react';
import { SERVICES_PATH } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { harborServices, renderServices } from '../testing/services-fixtures';

const LIST = `GET ${SERVICES_PATH}`;

describe('the product pages (issue 19: /services/internet, /services/tv and /tv, /services/voice)', () => {
  it('shows the internet service with its plan and equipment, and the way to change its speed, axe-clean', async () => {
    await renderServices({ [LIST]: harborServices() }, 'en', '/services/internet', { en: 'Internet', es: 'Internet' });
    const card = await screen.findByRole('region', { name: 'Internet' });
    expect(card).toHaveTextContent('Business Internet Gig');
    expect(within(card).getByRole('link', { name: 'Change your speed' })).toHaveAttribute('href', '/upgrade');
    expect(screen.queryByRole('region', { name: 'TV' })).toBeNull();
    await expectNoAxeViolations();
  });

  it('leads from the phone service to the voice manager’s pages', async () => {
    await renderServices({ [LIST]: harborServices() }, 'en', '/services/voice', { en: 'Voice', es: 'Voz' });
    const card = await screen.findByRole('region', { name: 'Business Phone' });
    expect(
      within(card)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/voice/messages',
      '/voice/call-logs',
      '/voice/manage-lines',
      '/services/voice/call-forwarding',
      '/services/voice/call-guard',
    ]);
  });

  it('offers TV to an account without it, in Spanish too', async () => {
    const withoutTv = harborServices();
    withoutTv.services = withoutTv.services.filter((service) => service.key !== 'VIDEO');
    await renderServices({ [LIST]: withoutTv }, 'es', '/tv', { en: 'TV', es: 'Televisión' });
    expect(await screen.findByText('Esta cuenta aún no tiene Business TV.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Agregar Business TV' })).toHaveAttribute('href', '/buy');
  });
});

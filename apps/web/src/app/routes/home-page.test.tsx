import { screen, within } from '@testing-library/react';
import { COMMUNITY_BRAND_NAME } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../components/ui/testing/axe';
import { renderApp, TEST_PORTAL_CONFIG } from '../../test/render-app';

const community = { ...TEST_PORTAL_CONFIG, variant: 'community' as const, brandName: COMMUNITY_BRAND_NAME };

describe('the visitor home page (spec §2.3; issue 22 item 1: each variant in its own words)', () => {
  it('speaks to small businesses on the business portal', async () => {
    await renderApp({ path: '/' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your business account, all in one place' }),
    ).toBeInTheDocument();
    const list = within(screen.getByRole('region', { name: 'What you can do here' })).getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByText(/property managers/)).toBeNull();
  });

  it('speaks to property managers on the community portal, in English and Spanish, without violations', async () => {
    const { container } = await renderApp({ path: '/', config: community });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your properties’ services, all in one place' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/for property managers with a bulk service agreement/)).toBeInTheDocument();
    expect(screen.getByText('Units and residents, with their service access and Wi-Fi')).toBeInTheDocument();
    expect(screen.queryByText(/business customers/)).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('in Spanish on the community portal', async () => {
    window.localStorage.setItem('vireo.locale', 'es');
    await renderApp({ path: '/', config: community });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Los servicios de sus propiedades, todo en un solo lugar' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Unidades y residentes, con su acceso al servicio y al Wi-Fi')).toBeInTheDocument();
  });
});

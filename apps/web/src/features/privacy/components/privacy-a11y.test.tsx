import { screen, within } from '@testing-library/react';
import type { Locale } from '@vireo/shared';
import { describe, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { apiError } from '../../../test/fake-api';
import {
  CALL,
  ERROR,
  EVENTS_PATH,
  eventsPage,
  privacyServer,
  renderPrivacyPage,
  renderProfileSettings,
  SETTINGS,
  VIEW,
} from '../testing/privacy-fixtures';

const GPC = { ...SETTINGS, globalPrivacyControl: true, collecting: 'operational' } as const;

describe('privacy passes axe (WCAG 2.2 AA, structure)', () => {
  it.each<Locale>(['en', 'es'])(
    'the page: the choice with GPC, the table, the pager and the dialog (%s)',
    async (locale) => {
      const t = (en: string, es: string) => (locale === 'en' ? en : es);
      const { user } = await renderPrivacyPage(
        { ...privacyServer(GPC), [`GET ${EVENTS_PATH}`]: eventsPage([CALL, ERROR, VIEW], { nextCursor: 'older-1' }) },
        locale,
      );
      await screen.findByRole('table');
      await screen.findByRole('checkbox', { name: t('Usage analytics', 'Analítica de uso') });
      await expectNoAxeViolations();
      await user.click(screen.getByRole('button', { name: t('Delete all', 'Eliminar todo') }));
      await screen.findByRole('alertdialog');
      await expectNoAxeViolations();
    },
  );

  it('the page with nothing kept and a failed save (en)', async () => {
    const { user } = await renderPrivacyPage({
      ...privacyServer(SETTINGS, () => apiError('INTERNAL', 500)),
      [`GET ${EVENTS_PATH}`]: eventsPage([]),
    });
    await screen.findByRole('heading', { name: 'Nothing is kept about you' });
    await user.click(await screen.findByRole('checkbox', { name: 'Usage analytics' }));
    await screen.findByRole('alert');
    await expectNoAxeViolations();
  });

  it.each<Locale>(['en', 'es'])('the section on Profile & Settings, after a save (%s)', async (locale) => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    const { user } = await renderProfileSettings(privacyServer());
    const section = await screen.findByRole('region', { name: locale === 'en' ? 'Privacy' : 'Privacidad' });
    await user.click(await within(section).findByRole('checkbox'));
    await within(section).findByText(locale === 'en' ? /^Saved/ : /^Guardado/);
    await expectNoAxeViolations(section);
  });
});

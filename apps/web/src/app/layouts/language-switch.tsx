import { useQueryClient } from '@tanstack/react-query';
import { LOCALES, type Locale, type SessionProfile } from '@vireo/shared';
import type { Key } from 'react-aria-components';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { sessionKeys } from '../../features/session/api/session-keys';
import { updateLanguage } from '../../features/session/api/update-language';
import { isLocale } from '../../lib/locale';
import { useLocale } from '../providers/locale-context';

/**
 * English / Español. A radio group (Tab in, arrow keys between, Space or Enter to choose); each name is written in
 * its own language and marked with `lang` so screen readers pronounce it right (WCAG 3.1.2). For a signed-in user
 * the choice is also saved on the server, which remembers it per user for the next sign-in.
 */
export function LanguageSwitch({ signedIn = false }: { signedIn?: boolean }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const { locale, setLocale } = useLocale();

  const saveOnServer = (next: Locale) => {
    updateLanguage(next).then(
      () =>
        queryClient.setQueryData<SessionProfile | null>(sessionKeys.profile(), (profile) =>
          profile ? { ...profile, language: next } : profile,
        ),
      // The page is already in the new language; the server keeps the old one until the next switch.
      () => undefined,
    );
  };

  const onSelectionChange = (keys: Set<Key>) => {
    const [next] = keys;
    if (!isLocale(next) || next === locale) return;
    void setLocale(next);
    if (signedIn) saveOnServer(next);
  };

  return (
    <ToggleButtonGroup
      aria-label={intl.formatMessage({ id: 'shell.language.label' })}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[locale]}
      onSelectionChange={onSelectionChange}
      className="flex rounded-full border border-(--header-control-border) p-0.5"
    >
      {LOCALES.map((option) => (
        <ToggleButton
          key={option}
          id={option}
          lang={option}
          className="cursor-pointer rounded-full px-3 py-1.5 text-sm font-medium transition-[background-color,color] hover:bg-(--header-hover-bg) data-selected:bg-(--header-selected-bg) data-selected:text-(--header-selected-fg)"
        >
          {intl.formatMessage({ id: `shell.language.${option}` as const })}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

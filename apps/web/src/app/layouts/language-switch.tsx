import { useQueryClient } from '@tanstack/react-query';
import { LOCALES, type Locale, type SessionProfile } from '@vireo/shared';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { sessionKeys } from '../../features/session/api/session-keys';
import { updateLanguage } from '../../features/session/api/update-language';
import { useLocale } from '../../lib/locale-context';

/**
 * English / Español: native radio buttons (Tab in, arrow keys move and choose, as in any radio group). Each name is
 * written in its own language and marked with `lang` so screen readers pronounce it right (WCAG 3.1.2). For a
 * signed-in user the choice is also saved on the server, which remembers it for the next sign-in.
 *
 * Plain elements, not react-aria: this is on every page, and react-aria's interaction layer would add ~15 KB
 * (gzipped) to the first load (quality-bars.md budget); dialogs that need it load it lazily.
 */
export function LanguageSwitch({ signedIn = false }: { signedIn?: boolean }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const { locale, setLocale } = useLocale();
  const name = useId();

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

  const choose = (next: Locale) => {
    if (next === locale) return;
    void setLocale(next);
    if (signedIn) saveOnServer(next);
  };

  return (
    <div
      role="radiogroup"
      aria-label={intl.formatMessage({ id: 'shell.language.label' })}
      className="flex rounded-full border border-(--header-control-border) p-0.5"
    >
      {LOCALES.map((option) => (
        <label
          key={option}
          lang={option}
          className="relative cursor-pointer rounded-full px-3 py-1.5 text-sm font-medium transition-[background-color,color] hover:bg-(--header-hover-bg) has-checked:bg-(--header-selected-bg) has-checked:text-(--header-selected-fg) has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-(--focus-ring)"
        >
          <input
            type="radio"
            name={name}
            value={option}
            lang={option}
            checked={option === locale}
            onChange={() => choose(option)}
            // Transparent over the whole pill: the radio itself takes the click, the pill shows the state.
            className="absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
          />
          {intl.formatMessage({ id: `shell.language.${option}` as const })}
        </label>
      ))}
    </div>
  );
}

import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useLocation, useRouter } from '@tanstack/react-router';
import { POST_LOGIN_REDIRECT_MS, type SessionProfile, safeTargetUrl } from '@vireo/shared';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { PageSkeleton } from '../../components/ui/loading';
import { getValueAddedServices } from '../../entities/api/get-value-added-services';
import { sessionProfileQueryOptions } from '../../features/session/api/get-session-profile';
import { updateLanguage } from '../../features/session/api/update-language';
import { loginEdgeUrl } from '../../features/session/utils/login-edge';
import { browserNavigation } from '../../lib/browser-navigation';
import { MEMBER_DETAILS_STORAGE_KEY, VAS_STORAGE_KEY, writeSessionJson } from '../../lib/client-storage';
import { getCurrentLocale, readStoredLocale } from '../../lib/locale';
import { useLocale } from '../../lib/locale-context';

/**
 * spec §2.3 / §4, once authenticated: load the value-added services (known ids only) into `vas`, load the profile
 * (the query cache then configures the tabs) and store its member details. A failed value-added-services call does
 * not stop the sign-in. Returns null when there is no session after all.
 */
export async function completeSignIn(queryClient: QueryClient, signal: AbortSignal): Promise<SessionProfile | null> {
  const [valueAddedServices, profile] = await Promise.all([
    getValueAddedServices(signal).catch(() => null),
    queryClient.fetchQuery({ ...sessionProfileQueryOptions(), staleTime: 0 }),
  ]);
  if (valueAddedServices) writeSessionJson(VAS_STORAGE_KEY, valueAddedServices);
  if (profile) writeSessionJson(MEMBER_DETAILS_STORAGE_KEY, profile.memberDetails);
  return profile;
}

/** `/sign-in-redirect?targetUrl=…`: where the login edge lands after a successful sign-in. */
export function SignInRedirectPage() {
  const intl = useIntl();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { setLocale } = useLocale();
  const searchStr = useLocation({ select: (location) => location.searchStr });
  // Read once: while the app navigates on, this page still renders for a moment with the next location.
  const [targetUrl] = useState(() => new URLSearchParams(searchStr).get('targetUrl'));
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the sign-in steps on "Try again".
  useEffect(() => {
    const controller = new AbortController();
    let timer: number | undefined;
    completeSignIn(queryClient, controller.signal).then(
      async (profile) => {
        if (controller.signal.aborted) return;
        if (!profile) {
          browserNavigation.assign(loginEdgeUrl(targetUrl));
          return;
        }
        // A language chosen on this device (the switch on the sign-in page) wins and is saved for the user; else the
        // language the user chose before wins; a user who never chose keeps this device's language.
        const chosen = readStoredLocale();
        if (chosen && chosen !== profile.language) await updateLanguage(chosen).catch(() => {});
        else if (profile.language && profile.language !== getCurrentLocale()) await setLocale(profile.language);
        if (controller.signal.aborted) return;
        // spec §2.3 / §9: the browser goes on after 100 ms, to a same-origin target only.
        timer = window.setTimeout(() => {
          void router.navigate({ href: safeTargetUrl(targetUrl), replace: true });
        }, POST_LOGIN_REDIRECT_MS);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [queryClient, router, setLocale, targetUrl, attempt]);

  if (failed) {
    return (
      <div className="px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-navy-900">{intl.formatMessage({ id: 'signInRedirect.failedTitle' })}</h1>
        <p className="mt-4 text-ink-muted">{intl.formatMessage({ id: 'signInRedirect.failedBody' })}</p>
        <button
          type="button"
          onClick={() => {
            setFailed(false);
            setAttempt((count) => count + 1);
          }}
          className="mt-6 inline-flex min-h-11 cursor-pointer items-center rounded-md bg-brand-700 px-5 font-semibold text-surface hover:bg-brand-800"
        >
          {intl.formatMessage({ id: 'ui.retry' })}
        </button>
      </div>
    );
  }
  return (
    <div className="px-4 py-16 text-center">
      <h1 className="sr-only">{intl.formatMessage({ id: 'pages.signInRedirect' })}</h1>
      <PageSkeleton label={intl.formatMessage({ id: 'signInRedirect.loading' })} />
    </div>
  );
}

import { useMatch } from '@tanstack/react-router';
import { isCpniCompliant } from '@vireo/shared';
import type { ComponentType } from 'react';
import { useIntl } from 'react-intl';
import { PAGE, PAGE_TITLE } from '../../components/ui/form-styles';
import { useSessionProfile } from '../../features/session/api/get-session-profile';
import type { ScreenComponent } from '../screens';
import { AccessNoticeBanner } from './account-summary/access-notice';

/**
 * The services' voice pages (`/services/voice/call-forwarding`, `/services/voice/call-guard`: spec §2.1, behind
 * sign-in and TDCS, not the voice manager's CPNI guard) show a line's settings, which only a user who may manage
 * voice sees (spec §4 and §6, CPNI; ADR 008): anyone else gets the page's title and why, with who can change it.
 * The server refuses them all the same (`voice.manage` on every voice route).
 */
export function withVoiceAccess(Screen: ComponentType): ScreenComponent {
  return function VoiceAccessScreen() {
    const intl = useIntl();
    const capabilities = useSessionProfile()?.capabilities ?? [];
    const titleId = useMatch({ strict: false, select: (match) => match.staticData?.titleId });
    if (isCpniCompliant(capabilities)) return <Screen />;
    return (
      <div className={PAGE}>
        <h1 className={PAGE_TITLE}>{titleId ? intl.formatMessage({ id: titleId }) : null}</h1>
        <AccessNoticeBanner notice="noVoiceAccess" />
      </div>
    );
  };
}

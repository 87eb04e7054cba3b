import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { CARD, SECTION_TITLE } from '../../../components/ui/form-styles';
import { ChangePasswordForm } from './change-password-form';
import { PasskeyList } from './passkey-list';
import { SessionList } from './session-list';

/**
 * The Security section of Profile & Settings (issue 18 item 2, wider-portal.md §3): change password, passkeys, and
 * where the user is signed in. A status line says what each change did.
 */
export function SecuritySection() {
  const intl = useIntl();
  const titleId = useId();
  const [announcement, setAnnouncement] = useState('');
  return (
    <section aria-labelledby={titleId} className={`${CARD} space-y-8`}>
      <div>
        <h2 id={titleId} className={SECTION_TITLE}>
          {intl.formatMessage({ id: 'security.title' })}
        </h2>
        <p role="status" className="mt-3 font-semibold text-ink empty:hidden">
          {announcement}
        </p>
      </div>
      <ChangePasswordForm onChanged={() => setAnnouncement(intl.formatMessage({ id: 'security.password.done' }))} />
      <PasskeyList onChanged={setAnnouncement} />
      <SessionList
        onEnded={(count) => setAnnouncement(intl.formatMessage({ id: 'security.sessions.ended' }, { count }))}
      />
    </section>
  );
}

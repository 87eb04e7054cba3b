import { dateInZone, type PortalRole, USERS_PAGE } from '@vireo/shared';
import { INTL_LOCALE_TAGS, type Translate } from '../../messages/intl';
import type { Notice } from '../notifications/notifications.service';

/** The security notice to a user whose role changed (wider-portal.md §3; with "This wasn't me", issue 18 item 4). */
export function roleChangedNotice(
  target: { id: string; email: string; language: string | null; username: string; role: PortalRole },
  accountId: string,
  role: PortalRole,
): Notice {
  return {
    user: target,
    accountId,
    event: 'security',
    kind: 'role-changed',
    compose: (t) => {
      const values = { username: target.username, from: roleName(t, target.role), to: roleName(t, role) };
      return {
        subject: t('security.roleChanged.subject'),
        text: t('security.roleChanged.body', values),
        sms: t('sms.roleChanged', values),
      };
    },
  };
}

function roleName(t: Translate, role: PortalRole): string {
  return t(`audit.role.${role}` as Parameters<Translate>[0]);
}

export type AccessEnding = {
  accountId: string;
  firstName: string;
  lastName: string;
  accessEndsAt: Date;
  timeZone: string;
  inviter: { id: string; email: string; language: string | null; firstName: string | null };
};

/** "Users and roles changed" to the inviter, before a time-boxed access ends (ACCESS_END_REMINDER_DAYS). */
export function accessEndingNotice(ending: AccessEnding, publicUrl: string): Notice {
  const { inviter } = ending;
  return {
    user: inviter,
    accountId: ending.accountId,
    event: 'users_changed',
    kind: 'access-ending',
    compose: (t, locale) => {
      // the last day of access, as the inviter chose it (the end is the next midnight in the account's zone)
      const lastDay = dateInZone(new Date(ending.accessEndsAt.getTime() - 1), ending.timeZone);
      const values = {
        name: inviter.firstName ?? '',
        member: `${ending.firstName} ${ending.lastName}`,
        lastDay: new Intl.DateTimeFormat(INTL_LOCALE_TAGS[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(
          new Date(`${lastDay}T12:00:00Z`),
        ),
      };
      return {
        subject: t('users.accessEnding.subject', values),
        text: t('users.accessEnding.body', values),
        action: { label: t('users.accessEnding.action'), url: `${publicUrl}${USERS_PAGE}` },
        sms: t('sms.accessEnding', values),
      };
    },
  };
}

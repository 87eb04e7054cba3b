import { useIntl } from 'react-intl';
import { WARNING } from '../../../components/ui/form-styles';
import { useSessionProfile } from '../../../features/session/api/get-session-profile';
import type { MessageId } from '../../../messages';
import type { AccessNotice } from '../../guards';

type NoticeText = {
  titleId?: MessageId;
  /** The sentence naming the account owner, who can change the role (issue 16 item 4). */
  ownerBodyId: MessageId;
  /** The sentence when the account has no owner on record. */
  bodyId: MessageId;
};

const ACCESS_NOTICE_TEXT: Record<AccessNotice, NoticeText> = {
  // spec §6: billing needs a non-standard role; without an owner, the same sentence as the billing screens' refusal
  noBillingAccess: {
    titleId: 'accountSummary.noBillingAccess.title',
    ownerBodyId: 'accountSummary.noBillingAccess.owner',
    bodyId: 'billing.errors.forbidden',
  },
  // spec §2.1 CPNI compliance guard (ADR 008)
  noVoiceAccess: { ownerBodyId: 'accountSummary.noVoiceAccess.owner', bodyId: 'accountSummary.noVoiceAccess' },
  // wider-portal.md §4: users (and the audit log) are for the PRIMARY and ADMINs
  noAdminAccess: { ownerBodyId: 'accountSummary.noAdminAccess.owner', bodyId: 'accountSummary.noAdminAccess' },
  // wider-portal.md §10: the community pages need a bulk agreement, which no role changes
  noCommunityAccess: { ownerBodyId: 'accountSummary.noCommunityAccess', bodyId: 'accountSummary.noCommunityAccess' },
  // issue 22 item 4: importing residents is for the property's managers (`community.manage`)
  noCommunityManage: { ownerBodyId: 'accountSummary.noCommunityManage', bodyId: 'accountSummary.noCommunityManage' },
};

/**
 * Why the user is here instead of the page they opened (guards.ts, `?notice=`; issue 14), and who can change it: the
 * account owner, by name (issue 16 item 4: an access state says why, not only "no").
 */
export function AccessNoticeBanner({ notice }: { notice: AccessNotice }) {
  const intl = useIntl();
  const owner = useSessionProfile()?.accountOwner;
  const { titleId, ownerBodyId, bodyId } = ACCESS_NOTICE_TEXT[notice];
  return (
    <div role="status" className={`mt-6 ${WARNING}`}>
      {titleId ? (
        <h2 className="mb-1 text-lg font-semibold text-navy-900">{intl.formatMessage({ id: titleId })}</h2>
      ) : null}
      <p>
        {owner
          ? intl.formatMessage({ id: ownerBodyId }, { ownerName: `${owner.firstName} ${owner.lastName}` })
          : intl.formatMessage({ id: bodyId })}
      </p>
    </div>
  );
}

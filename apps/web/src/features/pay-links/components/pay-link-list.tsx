import { useQueryClient } from '@tanstack/react-query';
import { type PayLinkStatus } from '@vireo/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { errorCode } from '../../../components/ui/api-errors';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { BADGE, CARD, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { KeysetPager } from '../../../components/ui/keyset-pager';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { formatInstant } from '../../../lib/dates';
import type { MessageId } from '../../../messages';
import { type PayLink, type PayLinksPage, payLinkKeys, useRevokePayLink } from '../api/pay-links-api';

/** A status in words (never only a colour); the active one stands out. */
const STATUS: Record<PayLinkStatus, MessageId> = {
  active: 'payLinks.status.active',
  used: 'payLinks.status.used',
  expired: 'payLinks.status.expired',
  revoked: 'payLinks.status.revoked',
};

type ItemProps = {
  link: PayLink;
  /** Revoke was pressed. */
  onRevoke: (link: PayLink) => void;
  /** The revoke of this link failed: the message id. */
  failure: MessageId | null;
  /** Set by the list to move focus here once the link is revoked (its Revoke button is gone). */
  titleRef: (element: HTMLHeadingElement | null) => void;
};

function PayLinkItem({ link, onRevoke, failure, titleRef }: ItemProps) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const titleId = useId();
  const createdId = useId();
  const date = (iso: string) => formatInstant(intl, new Date(iso), 'date');
  const creator = link.createdBy
    ? `${link.createdBy.firstName} ${link.createdBy.lastName}`.trim()
    : intl.formatMessage({ id: 'payLinks.item.formerUser' });
  const rows: [MessageId, string][] = [
    ['payLinks.item.paid', format.money(link.paidCents)],
    [
      'payLinks.item.uses',
      intl.formatMessage({ id: 'payLinks.item.usesValue' }, { count: link.usesCount, allowed: link.usesAllowed }),
    ],
    [link.status === 'expired' ? 'payLinks.item.expired' : 'payLinks.item.expires', date(link.expiresAt)],
  ];
  if (link.revokedAt) rows.push(['payLinks.item.revokedAt', date(link.revokedAt)]);
  if (link.note) rows.push(['payLinks.item.note', link.note]);
  return (
    <li className="rounded-lg border border-line p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={titleId} ref={titleRef} tabIndex={-1} className="text-lg font-semibold text-navy-900 outline-none">
            {intl.formatMessage({ id: 'payLinks.item.title' }, { amount: format.money(link.capCents) })}
          </h3>
          <p id={createdId} className="text-sm text-ink-muted">
            {intl.formatMessage({ id: 'payLinks.item.created' }, { date: date(link.createdAt), name: creator })}
          </p>
        </div>
        <p
          className={`${BADGE} ${link.status === 'active' ? 'border-brand-700/40 bg-brand-50 text-brand-800' : 'border-line-strong bg-surface-muted text-ink'}`}
        >
          <span className="sr-only">{intl.formatMessage({ id: 'payLinks.item.status' })} </span>
          {intl.formatMessage({ id: STATUS[link.status] })}
        </p>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 narrow:grid-cols-[max-content_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-ink-muted">{intl.formatMessage({ id: term })}</dt>
            <dd className="break-words text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {link.status === 'active' ? (
        <button
          type="button"
          aria-describedby={`${titleId} ${createdId}`}
          className={`${SECONDARY_BUTTON} mt-3`}
          onClick={() => onRevoke(link)}
        >
          {intl.formatMessage({ id: 'payLinks.revoke' })}
        </button>
      ) : null}
      {failure ? (
        <div className="mt-3">
          <ErrorPanel titleId="payLinks.errors.revoke.title" bodyId={failure} headingLevel={4} />
        </div>
      ) : null}
    </li>
  );
}

type PayLinkListProps = {
  page: PayLinksPage;
  cursor: string | undefined;
  onPage: (cursor: string) => void;
  isFetching: boolean;
  /** The empty list's call to action: to the create form. */
  onCreate: () => void;
  /** Says what happened in the page's status line. */
  announce: (message: string) => void;
  /** The id of the list's heading. */
  labelledBy: string;
};

/** The account's links, newest first, a keyset page at a time; Revoke (with a confirmation) on the active ones. */
export function PayLinkList({ page, cursor, onPage, isFetching, onCreate, announce, labelledBy }: PayLinkListProps) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const queryClient = useQueryClient();
  const revoke = useRevokePayLink();
  // the link the dialog asks about stays while the dialog closes
  const [asked, setAsked] = useState<PayLink | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState<{ id: string; bodyId: MessageId } | null>(null);
  const titles = useRef(new Map<string, HTMLHeadingElement>());
  // the revoked link's title takes focus once the dialog has closed and handed focus back to Revoke, which is gone
  const [revokedId, setRevokedId] = useState<string | null>(null);
  useEffect(() => {
    if (revokedId === null) return;
    const frame = requestAnimationFrame(() => {
      titles.current.get(revokedId)?.focus();
      setRevokedId(null);
    });
    return () => cancelAnimationFrame(frame);
  }, [revokedId]);

  const confirm = () => {
    if (!asked) return;
    const link = asked;
    revoke.mutate(link.id, {
      onSuccess: (revoked) => {
        queryClient.setQueryData<PayLinksPage>(payLinkKeys.page(cursor), (current) =>
          current
            ? { ...current, items: current.items.map((item) => (item.id === revoked.id ? revoked : item)) }
            : current,
        );
        void queryClient.invalidateQueries({ queryKey: payLinkKeys.all });
        setConfirming(false);
        setRevokedId(link.id);
        announce(intl.formatMessage({ id: 'payLinks.revoke.done' }, { amount: format.money(link.capCents) }));
      },
      onError: (error) => {
        setConfirming(false);
        setFailed({
          id: link.id,
          bodyId: errorCode(error) === 'NOT_FOUND' ? 'payLinks.errors.revoke.notFound' : 'payLinks.errors.revoke.body',
        });
        void queryClient.invalidateQueries({ queryKey: payLinkKeys.all });
      },
    });
  };

  if (page.items.length === 0 && cursor === undefined) {
    return (
      <div className={CARD}>
        <h3 className="text-lg font-semibold text-navy-900">{intl.formatMessage({ id: 'payLinks.empty.title' })}</h3>
        <p className="mt-2 max-w-3xl text-ink">{intl.formatMessage({ id: 'payLinks.empty.body' })}</p>
        <button type="button" className={`${PRIMARY_BUTTON} mt-4`} onClick={onCreate}>
          {intl.formatMessage({ id: 'payLinks.create.title' })}
        </button>
      </div>
    );
  }

  return (
    <>
      <ul aria-labelledby={labelledBy} aria-busy={isFetching || undefined} className="grid gap-4 md:grid-cols-2">
        {page.items.map((link) => (
          <PayLinkItem
            key={link.id}
            link={link}
            failure={failed?.id === link.id ? failed.bodyId : null}
            onRevoke={(chosen) => {
              setFailed(null);
              revoke.reset();
              setAsked(chosen);
              setConfirming(true);
            }}
            titleRef={(element) => {
              if (element) titles.current.set(link.id, element);
              else titles.current.delete(link.id);
            }}
          />
        ))}
      </ul>
      <KeysetPager
        labelId="payLinks.list.pages"
        previousCursor={page.previousCursor}
        nextCursor={page.nextCursor}
        onPage={onPage}
        isBusy={isFetching}
      />
      <ConfirmDialog
        isOpen={confirming}
        title={intl.formatMessage({ id: 'payLinks.revoke.title' })}
        confirmLabel={intl.formatMessage({ id: 'payLinks.revoke.confirm' })}
        cancelLabel={intl.formatMessage({ id: 'payLinks.revoke.keep' })}
        isPending={revoke.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      >
        <p>{intl.formatMessage({ id: 'payLinks.revoke.body' }, { amount: format.money(asked?.capCents ?? 0) })}</p>
        {revoke.isPending ? <p role="status">{intl.formatMessage({ id: 'payLinks.revoke.pending' })}</p> : null}
      </ConfirmDialog>
    </>
  );
}

import { useId } from 'react';
import { useIntl } from 'react-intl';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { BADGE, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { KeysetPager } from '../../../components/ui/keyset-pager';
import { formatInstant } from '../../../lib/dates';
import type { MessageId } from '../../../messages';
import type { ManagedUser, UsersPage } from '../api/users-api';
import { ROLE_NAME } from '../utils/user-rules';

/** What can be done to a user; each shows only where the server's `can` says so. */
export type UserActionKind = 'changeRole' | 'changeAccess' | 'deactivate' | 'reactivate' | 'remove' | 'makePrimary';

const ACTIONS: readonly { kind: UserActionKind; label: MessageId; allowed: (user: ManagedUser) => boolean }[] = [
  { kind: 'changeRole', label: 'users.action.changeRole', allowed: (user) => user.can.changeRole },
  { kind: 'changeAccess', label: 'users.action.changeAccess', allowed: (user) => user.can.changeAccess },
  { kind: 'makePrimary', label: 'users.action.makePrimary', allowed: (user) => user.can.receivePrimary },
  { kind: 'deactivate', label: 'users.action.deactivate', allowed: (user) => user.can.deactivate },
  { kind: 'reactivate', label: 'users.action.reactivate', allowed: (user) => user.can.reactivate },
  { kind: 'remove', label: 'users.action.remove', allowed: (user) => user.can.remove },
];

export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

type ItemProps = {
  user: ManagedUser;
  onAction: (kind: UserActionKind, user: ManagedUser) => void;
  /** The last change to this user failed: why. */
  failure: MessageId | null;
  /** The list keeps the titles to move focus to a user after a change (the button pressed may be gone). */
  titleRef: (element: HTMLHeadingElement | null) => void;
};

function UserItem({ user, onAction, failure, titleRef }: ItemProps) {
  const intl = useIntl();
  const titleId = useId();
  const date = (iso: string) => formatInstant(intl, new Date(iso), 'date');
  const status =
    user.status === 'deactivated'
      ? intl.formatMessage({ id: 'users.status.deactivated' })
      : user.accessEndsAt
        ? intl.formatMessage({ id: 'users.status.accessEnds' }, { date: date(user.accessEndsAt) })
        : intl.formatMessage({ id: 'users.status.active' });
  const rows: [MessageId, string][] = [
    ['users.item.username', user.username],
    ['users.item.email', user.email],
    ['users.item.role', intl.formatMessage({ id: ROLE_NAME[user.role] })],
    [
      'users.item.lastSignIn',
      user.lastSignInAt ? date(user.lastSignInAt) : intl.formatMessage({ id: 'users.item.neverSignedIn' }),
    ],
  ];
  const actions = ACTIONS.filter((action) => !user.isYou && action.allowed(user));
  return (
    <li className="rounded-lg border border-line p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={titleId} ref={titleRef} tabIndex={-1} className="text-lg font-semibold text-navy-900 outline-none">
          {user.isYou
            ? intl.formatMessage({ id: 'users.item.you' }, { name: fullName(user) })
            : fullName(user) || user.username}
        </h3>
        <p
          className={`${BADGE} ${user.status === 'active' ? 'border-brand-700/40 bg-brand-50 text-brand-800' : 'border-line-strong bg-surface-muted text-ink'}`}
        >
          <span className="sr-only">{intl.formatMessage({ id: 'users.item.status' })} </span>
          {status}
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
      {actions.length > 0 ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {actions.map((action) => (
            <button
              key={action.kind}
              type="button"
              aria-describedby={titleId}
              className={SECONDARY_BUTTON}
              onClick={() => onAction(action.kind, user)}
            >
              {intl.formatMessage({ id: action.label })}
            </button>
          ))}
        </div>
      ) : null}
      {failure ? (
        <div className="mt-3">
          <ErrorPanel titleId="users.errors.change.title" bodyId={failure} headingLevel={4} />
        </div>
      ) : null}
    </li>
  );
}

type UserListProps = {
  page: UsersPage;
  isFetching: boolean;
  onPage: (cursor: string) => void;
  /** The id of the list's heading. */
  labelledBy: string;
  /** A search or filter is on: the empty list says nothing matched rather than "no users". */
  isFiltered: boolean;
  onAction: (kind: UserActionKind, user: ManagedUser) => void;
  failure: { userId: string; bodyId: MessageId } | null;
  titleRef: (userId: string, element: HTMLHeadingElement | null) => void;
};

/** The account's users in name order, a keyset page at a time, each with the actions the server allows. */
export function UserList({
  page,
  isFetching,
  onPage,
  labelledBy,
  isFiltered,
  onAction,
  failure,
  titleRef,
}: UserListProps) {
  const intl = useIntl();
  if (page.items.length === 0) {
    return (
      <p className="rounded-lg border border-line bg-surface-muted p-4 text-ink">
        {intl.formatMessage({ id: isFiltered ? 'users.list.noMatch' : 'users.list.empty' })}
      </p>
    );
  }
  return (
    <>
      <ul aria-labelledby={labelledBy} aria-busy={isFetching || undefined} className="grid gap-4 md:grid-cols-2">
        {page.items.map((user) => (
          <UserItem
            key={user.id}
            user={user}
            onAction={onAction}
            failure={failure?.userId === user.id ? failure.bodyId : null}
            titleRef={(element) => titleRef(user.id, element)}
          />
        ))}
      </ul>
      <KeysetPager
        labelId="users.list.pages"
        previousLabelId="users.pager.previous"
        nextLabelId="users.pager.next"
        previousCursor={page.previousCursor}
        nextCursor={page.nextCursor}
        onPage={onPage}
        isBusy={isFetching}
      />
    </>
  );
}

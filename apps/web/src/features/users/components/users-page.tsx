import { USER_STATUSES } from '@vireo/shared';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { SelectField } from '../../../components/form/select-field';
import { isForbidden } from '../../../components/ui/api-errors';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { PAGE, PAGE_TITLE, PRIMARY_BUTTON, SECONDARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { lazyComponent, usePrefetch } from '../../../components/ui/lazy-component';
import { ListSkeleton } from '../../../components/ui/loading';
import { TextField } from '../../../components/ui/text-field';
import type { MessageId } from '../../../messages';
import { type ManagedUser, type ManagedUserStatus, useInvitations, useUsers } from '../api/users-api';
import { InvitationList } from './invitation-list';
import { type UserChange, useUserChange } from './use-user-change';
import { fullName, type UserActionKind, UserList } from './user-list';

// The invite form (the form kit, its rules, the date field) is a chunk of its own, fetched a moment after the lists:
// with it the route's first load was within 0.1 kB of its 170 kB budget.
const InviteForm = lazyComponent(() => import('./invite-form').then((module) => module.InviteForm));
// The change dialogs open only on an action: their code (react-aria's modal among it) is not part of the first load.
const UserDialogs = lazyComponent(() => import('./user-actions').then((module) => module.UserDialogs));

/** What the status line says after each change (the user's name filled in). */
const DONE: Record<UserChange['kind'], MessageId> = {
  changeRole: 'users.done.changeRole',
  changeAccess: 'users.done.changeAccess',
  deactivate: 'users.done.deactivate',
  reactivate: 'users.done.reactivate',
  remove: 'users.done.remove',
  makePrimary: 'users.done.makePrimary',
};

/**
 * `/manage-users/list` and `/user-preferences/people` (issue 18 item 5, wider-portal.md §4): the account's users
 * (search, status filter, name order, keyset pages) with the actions the server allows on each, the invitations
 * (resend, delete) and the invite form. The route table gives the page its access (`users.manage`) and title.
 */
export function UsersPage() {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<{ q: string; status: ManagedUserStatus | undefined }>({
    q: '',
    status: undefined,
  });
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [invitationCursor, setInvitationCursor] = useState<string | undefined>(undefined);
  const users = useUsers({ ...filter, cursor });
  usePrefetch(InviteForm);
  usePrefetch(UserDialogs);
  const invitations = useInvitations(invitationCursor);
  const [announcement, setAnnouncement] = useState('');
  const [inviting, setInviting] = useState(false);
  const inviteButtonRef = useRef<HTMLButtonElement>(null);
  const usersTitleId = useId();
  const invitationsTitleId = useId();
  const invitationsTitleRef = useRef<HTMLHeadingElement>(null);
  const usersTitleRef = useRef<HTMLHeadingElement>(null);

  // the action asked for, its dialog, and the last failure (in the dialog of a form, else on the user's row)
  const [asked, setAsked] = useState<{ kind: UserActionKind; user: ManagedUser } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogFailure, setDialogFailure] = useState<MessageId | null>(null);
  const [rowFailure, setRowFailure] = useState<{ userId: string; bodyId: MessageId } | null>(null);
  const titles = useRef(new Map<string, HTMLHeadingElement>());
  // where focus goes after a change: the user's name (the button pressed may be gone), or the users list's title if
  // they left it; the Invite button when the form closes; the invitations' title when a row is deleted. Moved once the
  // render that shows the target is committed, a frame later than the closing dialog's own focus restore
  const [focusTo, setFocusTo] = useState<{ userId: string } | 'invite' | 'invitations' | null>(null);
  useEffect(() => {
    if (focusTo === null) return;
    const frame = requestAnimationFrame(() => {
      const target =
        focusTo === 'invite'
          ? inviteButtonRef.current
          : focusTo === 'invitations'
            ? invitationsTitleRef.current
            : (titles.current.get(focusTo.userId) ?? usersTitleRef.current);
      target?.focus();
      setFocusTo(null);
    });
    return () => cancelAnimationFrame(frame);
  }, [focusTo]);

  const change = useUserChange({
    onDone: (done, user) => {
      setDialogOpen(false);
      setAnnouncement(intl.formatMessage({ id: DONE[done.kind] }, { name: fullName(user) || user.username }));
      setFocusTo({ userId: done.user.id });
    },
    onFailed: (failed, bodyId) => {
      if (failed.kind === 'changeRole' || failed.kind === 'changeAccess') {
        setDialogFailure(bodyId);
        return;
      }
      setDialogOpen(false);
      setRowFailure({ userId: failed.user.id, bodyId });
      setFocusTo({ userId: failed.user.id });
    },
  });

  const onAction = (kind: UserActionKind, user: ManagedUser) => {
    setAnnouncement('');
    setRowFailure(null);
    setDialogFailure(null);
    change.reset();
    // reactivating asks nothing: it gives back what deactivating took
    if (kind === 'reactivate') {
      change.mutate({ kind, user });
      return;
    }
    setAsked({ kind, user });
    setDialogOpen(true);
  };

  const applySearch = (event: FormEvent) => {
    event.preventDefault();
    setCursor(undefined);
    setFilter((current) => ({ ...current, q: search.trim() }));
  };

  const forbidden = users.isError && isForbidden(users.error);
  const page = users.data;
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.users' })}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{intl.formatMessage({ id: 'users.intro' })}</p>
      <p role="status" className="mt-4 text-ink empty:hidden">
        {announcement}
      </p>
      {forbidden ? (
        <ErrorNotice className="mt-6" titleId="users.errors.load.title" bodyId="users.errors.forbidden" />
      ) : (
        <div className="mt-6 space-y-10">
          {inviting ? (
            <InviteForm
              onCancel={() => {
                setInviting(false);
                setFocusTo('invite');
              }}
              onInvited={(invitation) => {
                setInviting(false);
                setInvitationCursor(undefined);
                setAnnouncement(intl.formatMessage({ id: 'users.invite.sent' }, { email: invitation.email }));
                setFocusTo('invite');
              }}
            />
          ) : (
            <button
              ref={inviteButtonRef}
              type="button"
              className={PRIMARY_BUTTON}
              onClick={() => {
                setAnnouncement('');
                if (InviteForm.isLoaded()) setInviting(true);
                else void InviteForm.ready().then(() => setInviting(true));
              }}
            >
              {intl.formatMessage({ id: 'users.invite.open' })}
            </button>
          )}

          <section aria-labelledby={usersTitleId} className="min-w-0 space-y-4">
            <h2 id={usersTitleId} ref={usersTitleRef} tabIndex={-1} className={`${SECTION_TITLE} outline-none`}>
              {intl.formatMessage({ id: 'users.list.title' })}
            </h2>
            {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to browsers before 2023 (and to the test DOM); a search landmark on the form works everywhere */}
            <form
              role="search"
              aria-label={intl.formatMessage({ id: 'users.search.label' })}
              onSubmit={applySearch}
              className="flex flex-wrap items-end gap-4"
            >
              <TextField
                label={intl.formatMessage({ id: 'users.search.field' })}
                type="search"
                name="q"
                autoComplete="off"
                value={search}
                onChange={setSearch}
                className="min-w-64 flex-1"
              />
              <SelectField
                label={intl.formatMessage({ id: 'users.filter.status' })}
                options={[
                  { value: '', label: intl.formatMessage({ id: 'users.filter.all' }) },
                  ...USER_STATUSES.map((status) => ({
                    value: status,
                    label: intl.formatMessage({
                      id: status === 'active' ? 'users.filter.active' : 'users.filter.deactivated',
                    }),
                  })),
                ]}
                value={filter.status ?? ''}
                onChange={(value) => {
                  setCursor(undefined);
                  setFilter({
                    q: search.trim(),
                    status: value === 'active' || value === 'deactivated' ? value : undefined,
                  });
                }}
              />
              <button type="submit" className={SECONDARY_BUTTON}>
                {intl.formatMessage({ id: 'users.search.submit' })}
              </button>
            </form>
            {users.isError && !page ? (
              <ErrorNotice
                headingLevel={3}
                titleId="users.errors.load.title"
                bodyId="users.errors.load.body"
                onRetry={() => void users.refetch()}
                isRetrying={users.isFetching}
              />
            ) : page ? (
              <UserList
                page={page}
                isFetching={users.isFetching}
                onPage={setCursor}
                labelledBy={usersTitleId}
                isFiltered={filter.q !== '' || filter.status !== undefined}
                onAction={onAction}
                failure={rowFailure}
                titleRef={(userId, element) => {
                  if (element) titles.current.set(userId, element);
                  else titles.current.delete(userId);
                }}
              />
            ) : (
              <ListSkeleton rows={3} label={intl.formatMessage({ id: 'users.list.loading' })} />
            )}
          </section>

          <section aria-labelledby={invitationsTitleId} className="min-w-0 space-y-4">
            <h2
              id={invitationsTitleId}
              ref={invitationsTitleRef}
              tabIndex={-1}
              className={`${SECTION_TITLE} outline-none`}
            >
              {intl.formatMessage({ id: 'users.invitations.title' })}
            </h2>
            {invitations.isError && !invitations.data ? (
              <ErrorNotice
                headingLevel={3}
                titleId="users.errors.invitations.title"
                bodyId="users.errors.load.body"
                onRetry={() => void invitations.refetch()}
                isRetrying={invitations.isFetching}
              />
            ) : invitations.data ? (
              <InvitationList
                page={invitations.data}
                isFetching={invitations.isFetching}
                onPage={setInvitationCursor}
                labelledBy={invitationsTitleId}
                announce={setAnnouncement}
                onDeleted={() => setFocusTo('invitations')}
              />
            ) : (
              <ListSkeleton rows={2} label={intl.formatMessage({ id: 'users.invitations.loading' })} />
            )}
          </section>
        </div>
      )}
      <UserDialogs
        asked={asked}
        isOpen={dialogOpen}
        isPending={change.isPending}
        failure={dialogFailure}
        onSubmit={(submitted) => {
          setDialogFailure(null);
          change.mutate(submitted);
        }}
        onCancel={() => setDialogOpen(false)}
      />
    </div>
  );
}

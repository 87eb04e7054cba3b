import type { InvitedRole, IsoDate } from '@vireo/shared';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { RadioGroup } from '../../../components/form/radio-group';
import { ruleMessage } from '../../../components/form/rule-message';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { lazyDialog } from '../../../components/ui/lazy-dialog';
import { TextField } from '../../../components/ui/text-field';
import { useDateFormat } from '../../../lib/date-format';
import type { MessageId } from '../../../messages';
import type { ManagedUser } from '../api/users-api';
import { INVITED_ROLE_CHOICES, localToday, ROLE_NAME, ROLE_SUMMARY, validateAccessEnd } from '../utils/user-rules';
import type { UserChange } from './use-user-change';
import { fullName, type UserActionKind } from './user-list';

const FormDialog = lazyDialog(() => import('./form-dialog-modal').then((module) => module.FormDialogModal));

/** What a confirmation asks, by action. */
const CONFIRM: Partial<
  Record<UserActionKind, { title: MessageId; body: MessageId; confirm: MessageId; pending: MessageId }>
> = {
  deactivate: {
    title: 'users.deactivate.title',
    body: 'users.deactivate.body',
    confirm: 'users.deactivate.confirm',
    pending: 'users.pending',
  },
  remove: {
    title: 'users.remove.title',
    body: 'users.remove.body',
    confirm: 'users.remove.confirm',
    pending: 'users.pending',
  },
  makePrimary: {
    title: 'users.makePrimary.title',
    body: 'users.makePrimary.body',
    confirm: 'users.makePrimary.confirm',
    pending: 'users.pending',
  },
};

type UserDialogsProps = {
  /** The action asked for (it stays while its dialog closes). */
  asked: { kind: UserActionKind; user: ManagedUser } | null;
  isOpen: boolean;
  isPending: boolean;
  /** The last failure of a form dialog's change (it stays open and says why). */
  failure: MessageId | null;
  onSubmit: (change: UserChange) => void;
  onCancel: () => void;
};

/** The dialogs of the user actions: Change role and Change access end date (forms), the confirmations. */
export function UserDialogs({ asked, isOpen, isPending, failure, onSubmit, onCancel }: UserDialogsProps) {
  const intl = useIntl();
  const dates = useDateFormat();
  const [role, setRole] = useState<InvitedRole | null>(null);
  const [accessText, setAccessText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const fieldRef = useRef<HTMLElement | null>(null);
  const user = asked?.user;
  const kind = asked?.kind;

  // each opening starts from the user's current state
  useEffect(() => {
    if (!isOpen || !user) return;
    setRole(user.role === 'PRIMARY' ? null : user.role);
    setAccessText(user.accessEndsAt ? dates.toInput(localDay(user.accessEndsAt)) : '');
    setFieldError(null);
  }, [isOpen, user, dates]);

  const name = user ? fullName(user) || user.username : '';
  const failurePanel = failure ? (
    <ErrorPanel titleId="users.errors.change.title" bodyId={failure} headingLevel={3} />
  ) : null;
  const confirm = kind ? CONFIRM[kind] : undefined;

  const submitRole = () => {
    if (!user) return;
    if (role === null) {
      setFieldError(intl.formatMessage({ id: 'users.invite.role.required' }));
      fieldRef.current?.focus();
      return;
    }
    onSubmit({ kind: 'changeRole', user, role });
  };
  const submitAccess = () => {
    if (!user) return;
    const today = localToday();
    const result = validateAccessEnd(accessText, dates.parseInput, today);
    if (!result.ok) {
      setFieldError(ruleMessage(intl, result));
      fieldRef.current?.focus();
      return;
    }
    onSubmit({ kind: 'changeAccess', user, accessEndsOn: accessText.trim() ? dates.parseInput(accessText) : null });
  };

  return (
    <>
      <FormDialog
        isOpen={isOpen && kind === 'changeRole'}
        title={intl.formatMessage({ id: 'users.changeRole.title' }, { name })}
        submitLabel={intl.formatMessage({ id: 'users.changeRole.save' })}
        cancelLabel={intl.formatMessage({ id: 'users.cancel' })}
        isPending={isPending}
        onSubmit={submitRole}
        onCancel={onCancel}
      >
        <RadioGroup<InvitedRole>
          legend={intl.formatMessage({ id: 'users.field.role' })}
          note={intl.formatMessage({ id: 'users.changeRole.note' })}
          options={INVITED_ROLE_CHOICES.map((choice) => ({
            value: choice,
            label: intl.formatMessage({ id: ROLE_NAME[choice] }),
            description: intl.formatMessage({ id: ROLE_SUMMARY[choice] }),
          }))}
          value={role}
          onChange={(value) => {
            setRole(value);
            setFieldError(null);
          }}
          error={fieldError}
          inputRef={(element) => {
            fieldRef.current = element;
          }}
        />
        {isPending ? <p role="status">{intl.formatMessage({ id: 'users.pending' })}</p> : null}
        {failurePanel}
      </FormDialog>
      <FormDialog
        isOpen={isOpen && kind === 'changeAccess'}
        title={intl.formatMessage({ id: 'users.changeAccess.title' }, { name })}
        submitLabel={intl.formatMessage({ id: 'users.changeAccess.save' })}
        cancelLabel={intl.formatMessage({ id: 'users.cancel' })}
        isPending={isPending}
        onSubmit={submitAccess}
        onCancel={onCancel}
      >
        <TextField
          label={intl.formatMessage({ id: 'users.field.accessEndsOn' })}
          hint={intl.formatMessage({ id: 'users.field.accessEndsOn.hint' }, { pattern: dates.inputPattern })}
          name="accessEndsOn"
          autoComplete="off"
          value={accessText}
          onChange={(value) => {
            setAccessText(value);
            setFieldError(null);
          }}
          error={fieldError}
          inputRef={(element) => {
            fieldRef.current = element;
          }}
        />
        {isPending ? <p role="status">{intl.formatMessage({ id: 'users.pending' })}</p> : null}
        {failurePanel}
      </FormDialog>
      <ConfirmDialog
        isOpen={isOpen && confirm !== undefined}
        title={confirm ? intl.formatMessage({ id: confirm.title }, { name }) : ''}
        confirmLabel={confirm ? intl.formatMessage({ id: confirm.confirm }) : ''}
        cancelLabel={intl.formatMessage({ id: 'users.cancel' })}
        isPending={isPending}
        onConfirm={() => {
          if (user && (kind === 'deactivate' || kind === 'remove' || kind === 'makePrimary')) onSubmit({ kind, user });
        }}
        onCancel={onCancel}
      >
        <p>{confirm ? intl.formatMessage({ id: confirm.body }, { name }) : null}</p>
        {isPending && confirm ? <p role="status">{intl.formatMessage({ id: confirm.pending })}</p> : null}
      </ConfirmDialog>
    </>
  );
}

/** The user's calendar day of an instant (the last day of access as the browser's clock sees it). */
function localDay(iso: string): IsoDate {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AppError, PASSKEY_NAME_MAX_LENGTH } from '@vireo/shared';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { PRIMARY_BUTTON, SECONDARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { TextField } from '../../../components/ui/text-field';
import { formatInstant } from '../../../lib/dates';
import { PasskeyCeremonyError } from '../../../lib/passkeys';
import type { MessageId } from '../../../messages';
import { addPasskey, type Passkey, removePasskey, renamePasskey, securityKeys, usePasskeys } from '../api/security-api';

/** Why adding or renaming did not work, in words (no raw codes shown). */
function problemMessage(error: unknown): MessageId {
  if (error instanceof PasskeyCeremonyError) {
    if (error.problem === 'cancelled') return 'security.passkeys.cancelled';
    if (error.problem === 'unsupported') return 'security.passkeys.unsupported';
    return 'security.passkeys.failed';
  }
  if (AppError.is(error)) {
    if (error.code === 'PASSKEYS_FULL') return 'security.passkeys.full';
    if (error.code === 'VALIDATION_FAILED') return 'security.passkeys.nameInvalid';
    if (error.code === 'PASSKEY_REFUSED') return 'security.passkeys.failed';
  }
  return 'security.passkeys.failed';
}

/**
 * Passkeys (wider-portal.md §3, ADR 029): each with its name, when it was added and last used; add one (named, then
 * the browser's own dialog), rename one, remove one after a confirmation.
 */
export function PasskeyList({ onChanged }: { onChanged: (message: string) => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const passkeys = usePasskeys();
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.passkeys() });
  const add = useMutation({
    mutationFn: addPasskey,
    onSuccess: (passkey) => {
      setName('');
      void refresh();
      onChanged(intl.formatMessage({ id: 'security.passkeys.added' }, { name: passkey.name }));
    },
  });
  const rename = useMutation({
    mutationFn: renamePasskey,
    onSuccess: () => {
      setRenaming(null);
      void refresh();
      onChanged(intl.formatMessage({ id: 'security.passkeys.renamed' }));
      titleRef.current?.focus();
    },
  });
  const remove = useMutation({
    mutationFn: removePasskey,
    onSuccess: () => {
      setRemoving(null);
      void refresh();
      onChanged(intl.formatMessage({ id: 'security.passkeys.removed' }));
      titleRef.current?.focus();
    },
  });
  const list = passkeys.data?.passkeys ?? [];
  const full = list.length >= (passkeys.data?.max ?? Number.POSITIVE_INFINITY);
  const submitAdd = (event: FormEvent) => {
    event.preventDefault();
    if (!add.isPending) add.mutate(name.trim() || intl.formatMessage({ id: 'security.passkeys.defaultName' }));
  };
  const submitRename = (event: FormEvent) => {
    event.preventDefault();
    if (renaming && !rename.isPending) rename.mutate(renaming);
  };

  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <h3 id={titleId} ref={titleRef} tabIndex={-1} className={`${SECTION_TITLE} outline-none`}>
        {intl.formatMessage({ id: 'security.passkeys.title' })}
      </h3>
      <p className="text-ink-muted">{intl.formatMessage({ id: 'security.passkeys.intro' })}</p>
      {passkeys.isPending ? (
        <ListSkeleton />
      ) : passkeys.isError ? (
        <ErrorNotice titleId="security.failed" bodyId="security.tryLater" />
      ) : list.length === 0 ? (
        <p>{intl.formatMessage({ id: 'security.passkeys.none' })}</p>
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
          {list.map((passkey) => (
            <li key={passkey.id} className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:justify-between">
              {renaming?.id === passkey.id ? (
                <form onSubmit={submitRename} className="flex flex-wrap items-end gap-3">
                  <TextField
                    label={intl.formatMessage({ id: 'security.passkeys.name' })}
                    value={renaming.name}
                    maxLength={PASSKEY_NAME_MAX_LENGTH}
                    onChange={(value) => setRenaming({ id: passkey.id, name: value })}
                    error={rename.isError ? intl.formatMessage({ id: problemMessage(rename.error) }) : null}
                    autoFocus
                  />
                  <button type="submit" className={PRIMARY_BUTTON} aria-disabled={rename.isPending || undefined}>
                    {intl.formatMessage({ id: 'security.passkeys.save' })}
                  </button>
                  <button type="button" className={SECONDARY_BUTTON} onClick={() => setRenaming(null)}>
                    {intl.formatMessage({ id: 'security.cancel' })}
                  </button>
                </form>
              ) : (
                <>
                  <div>
                    <p className="font-semibold text-ink">{passkey.name}</p>
                    <p className="text-sm text-ink-muted">
                      {intl.formatMessage(
                        { id: 'security.passkeys.details' },
                        {
                          created: formatInstant(intl, new Date(passkey.createdAt), 'date'),
                          lastUsed: passkey.lastUsedAt
                            ? formatInstant(intl, new Date(passkey.lastUsedAt), 'dateTime')
                            : intl.formatMessage({ id: 'security.passkeys.never' }),
                        },
                      )}
                    </p>
                  </div>
                  <div className="flex gap-3">
                    <button
                      type="button"
                      className={SECONDARY_BUTTON}
                      aria-label={intl.formatMessage({ id: 'security.passkeys.renameOf' }, { name: passkey.name })}
                      onClick={() => {
                        rename.reset();
                        setRenaming({ id: passkey.id, name: passkey.name });
                      }}
                    >
                      {intl.formatMessage({ id: 'security.passkeys.rename' })}
                    </button>
                    <button
                      type="button"
                      className={SECONDARY_BUTTON}
                      aria-label={intl.formatMessage({ id: 'security.passkeys.removeOf' }, { name: passkey.name })}
                      onClick={() => setRemoving(passkey)}
                    >
                      {intl.formatMessage({ id: 'security.passkeys.remove' })}
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p>{intl.formatMessage({ id: 'security.passkeys.full' })}</p>
      ) : (
        <form onSubmit={submitAdd} className="flex flex-wrap items-end gap-3">
          <TextField
            label={intl.formatMessage({ id: 'security.passkeys.newName' })}
            hint={intl.formatMessage({ id: 'security.passkeys.newNameHint' })}
            value={name}
            maxLength={PASSKEY_NAME_MAX_LENGTH}
            onChange={setName}
            error={add.isError ? intl.formatMessage({ id: problemMessage(add.error) }) : null}
          />
          <button type="submit" className={PRIMARY_BUTTON} aria-disabled={add.isPending || undefined}>
            {intl.formatMessage({ id: 'security.passkeys.add' })}
          </button>
        </form>
      )}
      <ConfirmDialog
        isOpen={removing !== null}
        title={intl.formatMessage({ id: 'security.passkeys.removeTitle' }, { name: removing?.name ?? '' })}
        confirmLabel={intl.formatMessage({ id: 'security.passkeys.remove' })}
        cancelLabel={intl.formatMessage({ id: 'security.cancel' })}
        isPending={remove.isPending}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id);
        }}
        onCancel={() => setRemoving(null)}
      >
        <p>{intl.formatMessage({ id: 'security.passkeys.removeConfirm' })}</p>
      </ConfirmDialog>
    </section>
  );
}

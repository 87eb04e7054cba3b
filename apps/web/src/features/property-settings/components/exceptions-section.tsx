import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { CARD, PRIMARY_BUTTON, SECONDARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import { useDateFormat } from '../../../lib/date-format';
import { type HoursException, removeHoursException, useHoursExceptions } from '../api/business-hours-api';
import { propertySettingsKeys } from '../api/property-settings-keys';
import { intervalsText } from '../utils/settings-words';
import { ExceptionForm } from './exception-form';
import { LoadFailure } from './settings-frame';

type Editing = { exception: HoursException | null } | null;

/**
 * Holidays and closures (wider-portal.md §10): the upcoming ones soonest first (the past ones on a second list,
 * latest first, kept as they were), a keyset page at a time ("Show more"); a manager adds one, changes or removes one
 * not over yet (removal confirmed). Every change is audited on the server.
 */
export function ExceptionsSection({ propertyId, canManage }: { propertyId: string; canManage: boolean }) {
  const intl = useIntl();
  const dates = useDateFormat();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [when, setWhen] = useState<'upcoming' | 'past'>('upcoming');
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<HoursException | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const list = useHoursExceptions(propertyId, when);
  const remove = useMutation({ mutationFn: (id: string) => removeHoursException(propertyId, id) });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const range = (exception: HoursException) =>
    exception.startDate === exception.endDate
      ? dates.date(exception.startDate)
      : intl.formatMessage(
          { id: 'propertySettings.exception.range' },
          { from: dates.date(exception.startDate), to: dates.date(exception.endDate) },
        );
  const columns = [
    { label: intl.formatMessage({ id: 'propertySettings.exception.column.label' }) },
    { label: intl.formatMessage({ id: 'propertySettings.exception.column.dates' }) },
    { label: intl.formatMessage({ id: 'propertySettings.exception.column.hours' }) },
    ...(canManage && when === 'upcoming' ? [{ label: intl.formatMessage({ id: 'propertySettings.actions' }) }] : []),
  ];
  return (
    <section aria-labelledby={headingId} className={`${CARD} space-y-4`}>
      <h2 id={headingId} className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'propertySettings.exception.title' })}
      </h2>
      <p className="text-ink-muted">{intl.formatMessage({ id: 'propertySettings.exception.intro' })}</p>
      <p role="status" className="font-semibold text-ink empty:hidden">
        {announcement}
      </p>
      <div className="flex flex-wrap gap-3">
        {(['upcoming', 'past'] as const).map((each) => (
          <button
            key={each}
            type="button"
            aria-pressed={when === each}
            className={`${SECONDARY_BUTTON} aria-pressed:border-brand-700 aria-pressed:bg-brand-50`}
            onClick={() => setWhen(each)}
          >
            {intl.formatMessage({
              id: each === 'upcoming' ? 'propertySettings.exception.upcoming' : 'propertySettings.exception.past',
            })}
          </button>
        ))}
        {canManage && when === 'upcoming' && editing === null ? (
          <button type="button" className={PRIMARY_BUTTON} onClick={() => setEditing({ exception: null })}>
            {intl.formatMessage({ id: 'propertySettings.exception.add' })}
          </button>
        ) : null}
      </div>
      {editing ? (
        <ExceptionForm
          propertyId={propertyId}
          exception={editing.exception}
          onDone={(saved) => {
            setEditing(null);
            if (saved)
              setAnnouncement(intl.formatMessage({ id: 'propertySettings.exception.saved' }, { label: saved.label }));
          }}
        />
      ) : null}
      {remove.isError ? (
        <ErrorPanel
          titleId="propertySettings.errors.save.title"
          bodyId="propertySettings.errors.save.body"
          headingLevel={3}
        />
      ) : null}
      {list.isError ? (
        <LoadFailure onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
      ) : !list.data ? (
        <ListSkeleton rows={3} label={intl.formatMessage({ id: 'propertySettings.loading' })} />
      ) : items.length === 0 ? (
        <p className="text-ink">
          {intl.formatMessage({
            id: when === 'upcoming' ? 'propertySettings.exception.noneUpcoming' : 'propertySettings.exception.nonePast',
          })}
        </p>
      ) : (
        <ResponsiveTable
          caption={intl.formatMessage({
            id: when === 'upcoming' ? 'propertySettings.exception.upcoming' : 'propertySettings.exception.past',
          })}
          columns={columns}
        >
          {items.map((exception) => (
            <ResponsiveRow key={exception.id}>
              <ResponsiveCell label={columns[0]?.label ?? ''}>{exception.label}</ResponsiveCell>
              <ResponsiveCell label={columns[1]?.label ?? ''}>{range(exception)}</ResponsiveCell>
              <ResponsiveCell label={columns[2]?.label ?? ''}>
                {intervalsText(intl, exception.intervals)}
              </ResponsiveCell>
              {canManage && when === 'upcoming' ? (
                <ResponsiveCell label={columns[3]?.label ?? ''}>
                  {exception.editable ? (
                    <span className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        className={SECONDARY_BUTTON}
                        aria-label={intl.formatMessage(
                          { id: 'propertySettings.exception.editOf' },
                          { label: exception.label },
                        )}
                        onClick={() => setEditing({ exception })}
                      >
                        {intl.formatMessage({ id: 'propertySettings.edit' })}
                      </button>
                      <button
                        type="button"
                        className={SECONDARY_BUTTON}
                        aria-label={intl.formatMessage(
                          { id: 'propertySettings.exception.removeOf' },
                          { label: exception.label },
                        )}
                        onClick={() => setRemoving(exception)}
                      >
                        {intl.formatMessage({ id: 'propertySettings.remove' })}
                      </button>
                    </span>
                  ) : null}
                </ResponsiveCell>
              ) : null}
            </ResponsiveRow>
          ))}
        </ResponsiveTable>
      )}
      {list.hasNextPage ? (
        <button
          type="button"
          className={SECONDARY_BUTTON}
          aria-disabled={list.isFetchingNextPage || undefined}
          onClick={() => {
            if (!list.isFetchingNextPage) void list.fetchNextPage();
          }}
        >
          {intl.formatMessage({ id: 'propertySettings.showMore' })}
        </button>
      ) : null}
      <ConfirmDialog
        isOpen={removing !== null}
        title={intl.formatMessage({ id: 'propertySettings.exception.removeTitle' })}
        confirmLabel={intl.formatMessage({ id: 'propertySettings.remove' })}
        cancelLabel={intl.formatMessage({ id: 'propertySettings.cancel' })}
        isPending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const target = removing;
          if (!target) return;
          remove.mutate(target.id, {
            onSuccess: () => {
              void queryClient.invalidateQueries({ queryKey: propertySettingsKeys.exceptions(propertyId, 'upcoming') });
              setAnnouncement(
                intl.formatMessage({ id: 'propertySettings.exception.removed' }, { label: target.label }),
              );
            },
            onSettled: () => setRemoving(null),
          });
        }}
      >
        <p>
          {removing
            ? intl.formatMessage(
                { id: 'propertySettings.exception.removeBody' },
                { label: removing.label, dates: range(removing) },
              )
            : null}
        </p>
      </ConfirmDialog>
    </section>
  );
}

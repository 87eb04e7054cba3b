import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ANALYTICS_RETENTION_DAYS } from '@vireo/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { CARD, PAGE, PAGE_TITLE, SECONDARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { KeysetPager } from '../../../components/ui/keyset-pager';
import { ListSkeleton } from '../../../components/ui/loading';
import { refusalBodyId } from '../../../components/ui/refusal';
import {
  deleteMyEvents,
  MY_EVENTS_EXPORT_PATH,
  type MyAnalyticsPage,
  privacyKeys,
  useMyEvents,
} from '../api/privacy-api';
import { MyEventsTable } from './my-events-table';
import { UsageAnalyticsSetting } from './usage-analytics-setting';

/**
 * `/profile-and-settings/privacy` (issue 23 item 3, wider-portal.md §11), for every signed-in person: their choice
 * (the section's block), then what was collected about them: how many events, a table of them newest first a keyset
 * page at a time, the whole as a JSON file, and Delete all behind a confirmation, after which the page says how many
 * were deleted and reads the list again. The route table gives the page its access (sign-in) and title.
 */
export function PrivacyPage() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const choiceTitleId = useId();
  const eventsTitleId = useId();
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const events = useMyEvents(cursor);
  const page = events.data;
  const [confirming, setConfirming] = useState(false);
  const [deleted, setDeleted] = useState<number | null>(null);
  const remove = useMutation({ mutationFn: deleteMyEvents });
  // once everything is deleted, Delete all (to which the closing dialog hands focus back) is gone: the section's
  // title takes focus instead, in a frame, after react-aria's own restoring (also in a frame)
  const eventsTitleRef = useRef<HTMLHeadingElement>(null);
  const [focusTitle, setFocusTitle] = useState(false);
  useEffect(() => {
    if (!focusTitle) return;
    const frame = requestAnimationFrame(() => {
      eventsTitleRef.current?.focus();
      setFocusTitle(false);
    });
    return () => cancelAnimationFrame(frame);
  }, [focusTitle]);

  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: ({ deleted: count }) => {
        // what is on screen is empty at once; the list is then read again (events recorded since appear again)
        queryClient.setQueriesData<MyAnalyticsPage>({ queryKey: privacyKeys.events() }, (current) =>
          current ? { items: [], nextCursor: null, previousCursor: null, total: 0 } : current,
        );
        void queryClient.invalidateQueries({ queryKey: privacyKeys.events() });
        setCursor(undefined);
        setConfirming(false);
        setDeleted(count);
        setFocusTitle(true);
      },
      onError: () => setConfirming(false),
    });

  return (
    <div className={`${PAGE} space-y-6`}>
      <div>
        <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.privacy' })}</h1>
        <p className="mt-2 max-w-3xl text-ink-muted">{intl.formatMessage({ id: 'privacy.page.intro' })}</p>
      </div>
      <section aria-labelledby={choiceTitleId} className={`${CARD} space-y-4`}>
        <h2 id={choiceTitleId} className={SECTION_TITLE}>
          {intl.formatMessage({ id: 'privacy.choice.title' })}
        </h2>
        <UsageAnalyticsSetting />
      </section>
      <section aria-labelledby={eventsTitleId} className="min-w-0 space-y-4">
        <div>
          <h2 id={eventsTitleId} ref={eventsTitleRef} tabIndex={-1} className={`${SECTION_TITLE} outline-none`}>
            {intl.formatMessage({ id: 'privacy.events.title' })}
          </h2>
          {page ? (
            <p className="mt-1 text-ink">{intl.formatMessage({ id: 'privacy.events.total' }, { total: page.total })}</p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-3 print:hidden">
          <a href={MY_EVENTS_EXPORT_PATH} download="my-analytics-events.json" className={SECONDARY_BUTTON}>
            {intl.formatMessage({ id: 'privacy.download' })}
          </a>
          {page && page.total > 0 ? (
            <button
              type="button"
              className={SECONDARY_BUTTON}
              onClick={() => {
                setDeleted(null);
                remove.reset();
                setConfirming(true);
              }}
            >
              {intl.formatMessage({ id: 'privacy.delete' })}
            </button>
          ) : null}
        </div>
        <p role="status" className="font-semibold text-ink empty:hidden">
          {deleted === null ? '' : intl.formatMessage({ id: 'privacy.delete.done' }, { count: deleted })}
        </p>
        {remove.isError ? (
          <ErrorPanel
            headingLevel={3}
            titleId="privacy.errors.delete.title"
            bodyId={refusalBodyId(remove.error) ?? 'privacy.errors.save.body'}
          />
        ) : null}
        {events.isError && !page ? (
          <ErrorNotice
            headingLevel={3}
            titleId="privacy.errors.events.title"
            bodyId="privacy.errors.tryAgain"
            onRetry={() => void events.refetch()}
            isRetrying={events.isFetching}
          />
        ) : !page ? (
          <ListSkeleton rows={5} label={intl.formatMessage({ id: 'privacy.events.loading' })} />
        ) : page.items.length === 0 ? (
          <div className={CARD}>
            <h3 className="text-lg font-semibold text-navy-900">
              {intl.formatMessage({ id: 'privacy.events.empty.title' })}
            </h3>
            <p className="mt-2 max-w-3xl text-ink">
              {intl.formatMessage({ id: 'privacy.events.empty.body' }, { days: ANALYTICS_RETENTION_DAYS })}
            </p>
          </div>
        ) : (
          <>
            <MyEventsTable items={page.items} busy={events.isFetching} />
            <KeysetPager
              labelId="privacy.events.pages"
              previousCursor={page.previousCursor}
              nextCursor={page.nextCursor}
              onPage={setCursor}
              isBusy={events.isFetching}
            />
          </>
        )}
      </section>
      <ConfirmDialog
        isOpen={confirming}
        title={intl.formatMessage({ id: 'privacy.delete.title' })}
        confirmLabel={intl.formatMessage({ id: 'privacy.delete.confirm' })}
        cancelLabel={intl.formatMessage({ id: 'privacy.delete.keep' })}
        isPending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      >
        <p>{intl.formatMessage({ id: 'privacy.delete.body' }, { total: page?.total ?? 0 })}</p>
        {remove.isPending ? <p role="status">{intl.formatMessage({ id: 'privacy.delete.pending' })}</p> : null}
      </ConfirmDialog>
    </div>
  );
}

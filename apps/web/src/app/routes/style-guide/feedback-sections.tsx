import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyOffer } from '../../../components/ui/empty-offer';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import {
  ListSkeleton,
  LoadingPlaceholder,
  PageSkeleton,
  PanelSkeleton,
  SkeletonLine,
} from '../../../components/ui/loading';
import { SHOP_PATH } from '../../../features/mobile/utils/shop';
import { NoticeDialog } from './lazy-modals';
import { GuideSection, Specimen, SpecimenGrid } from './specimen';

/** How long the samples' pretend work (a retry, a removal) takes. */
const PRETEND_WORK_MS = 1_500;

/** A flag that turns itself off after the pretend work. */
function usePretendWork(): [boolean, () => void] {
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = window.setTimeout(() => setBusy(false), PRETEND_WORK_MS);
    return () => window.clearTimeout(timer);
  }, [busy]);
  return [busy, () => setBusy(true)];
}

function RetryingNotice({ alwaysBusy }: { alwaysBusy: boolean }) {
  const [retrying, retry] = usePretendWork();
  return (
    <ErrorNotice
      titleId="billing.errors.summary.title"
      bodyId="billing.errors.summary.body"
      headingLevel={3}
      onRetry={retry}
      isRetrying={alwaysBusy || retrying}
    />
  );
}

export function ErrorsSection() {
  const intl = useIntl();
  return (
    <GuideSection id="errors" titleId="styleGuide.errors.title" bodyId="styleGuide.errors.body">
      <SpecimenGrid>
        <Specimen state="default">
          <RetryingNotice alwaysBusy={false} />
        </Specimen>
        <Specimen state="loading">
          <RetryingNotice alwaysBusy />
        </Specimen>
        <Specimen state="error">
          <ErrorPanel titleId="payments.errors.declined.title" bodyId="payments.errors.declined.body" headingLevel={3}>
            <button type="button" className={SECONDARY_BUTTON}>
              {intl.formatMessage({ id: 'payments.method.otherCard' })}
            </button>
          </ErrorPanel>
        </Specimen>
      </SpecimenGrid>
    </GuideSection>
  );
}

export function DialogsSection() {
  const intl = useIntl();
  const [notice, setNotice] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [removing, startRemoving] = usePretendWork();
  const [removed, setRemoved] = useState(false);
  // the pretend removal is over: the dialog closes and the page says what happened
  useEffect(() => {
    if (!confirm || removing || !removed) return;
    setConfirm(false);
  }, [confirm, removing, removed]);
  return (
    <GuideSection id="dialogs" titleId="styleGuide.dialogs.title" bodyId="styleGuide.dialogs.body">
      <div className="flex flex-wrap gap-3">
        <button type="button" className={SECONDARY_BUTTON} onClick={() => setNotice(true)}>
          {intl.formatMessage({ id: 'styleGuide.dialogs.openNotice' })}
        </button>
        <button
          type="button"
          className={SECONDARY_BUTTON}
          onClick={() => {
            setRemoved(false);
            setConfirm(true);
          }}
        >
          {intl.formatMessage({ id: 'styleGuide.dialogs.openConfirm' })}
        </button>
      </div>
      <p role="status" className="text-ink empty:hidden">
        {removed && !confirm ? intl.formatMessage({ id: 'styleGuide.dialogs.removed' }) : ''}
      </p>
      <NoticeDialog
        isOpen={notice}
        title={intl.formatMessage({ id: 'styleGuide.dialogs.noticeTitle' })}
        closeLabel={intl.formatMessage({ id: 'styleGuide.dialogs.close' })}
        onClose={() => setNotice(false)}
      >
        <p>{intl.formatMessage({ id: 'styleGuide.dialogs.noticeBody' })}</p>
      </NoticeDialog>
      <ConfirmDialog
        isOpen={confirm}
        title={intl.formatMessage({ id: 'styleGuide.dialogs.confirmTitle' })}
        confirmLabel={intl.formatMessage({ id: 'styleGuide.dialogs.confirm' })}
        cancelLabel={intl.formatMessage({ id: 'styleGuide.dialogs.cancel' })}
        isPending={removing}
        onConfirm={() => {
          setRemoved(true);
          startRemoving();
        }}
        onCancel={() => setConfirm(false)}
      >
        <p>{intl.formatMessage({ id: 'styleGuide.dialogs.confirmBody' })}</p>
        {removing ? <p role="status">{intl.formatMessage({ id: 'styleGuide.dialogs.removing' })}</p> : null}
      </ConfirmDialog>
    </GuideSection>
  );
}

export function LoadingSection() {
  return (
    <GuideSection id="loading" titleId="styleGuide.loading.title" bodyId="styleGuide.loading.body">
      <SpecimenGrid wide>
        <Specimen state="loading">
          <LoadingPlaceholder>
            <p className="text-xl">
              <SkeletonLine className="w-48" />
            </p>
            <p className="mt-3">
              <SkeletonLine className="w-64" />
            </p>
          </LoadingPlaceholder>
          <ListSkeleton rows={3} />
        </Specimen>
        <Specimen state="loading">
          <PanelSkeleton lines={2} />
        </Specimen>
      </SpecimenGrid>
      <Specimen state="loading">
        <div className="rounded-lg bg-surface-muted">
          <PageSkeleton />
        </div>
      </Specimen>
    </GuideSection>
  );
}

export function EmptySection() {
  const intl = useIntl();
  return (
    <GuideSection id="empty" titleId="styleGuide.empty.title" bodyId="styleGuide.empty.body">
      <SpecimenGrid wide>
        <Specimen state="empty">
          <EmptyOffer titleId="mobile.none.title" actionId="mobile.none.action" to={SHOP_PATH} headingLevel={3} />
        </Specimen>
        <Specimen state="empty">
          <p className="rounded-lg border border-line bg-surface p-4 text-ink">
            {intl.formatMessage({ id: 'billing.history.emptyFiltered' })}
          </p>
        </Specimen>
      </SpecimenGrid>
    </GuideSection>
  );
}

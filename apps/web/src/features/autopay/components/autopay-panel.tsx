import type { AutoPayScope } from '@vireo/shared';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { isForbidden } from '../../../components/ui/api-errors';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { NOTICE } from '../../../components/ui/form-styles';
import { PanelSkeleton } from '../../../components/ui/loading';
import { refusalBodyId } from '../../../components/ui/refusal';
import { useAutoPayStatus } from '../../../entities/api/get-autopay-status';
import { unenrolledScopes } from '../utils/autopay-scopes';
import { EnrollFlow } from './enroll-flow';
import { ManageView } from './manage-view';
import { WalletGate } from './wallet-gate';

type PanelProps = {
  /** Called after every submitted change, so the page refreshes what depends on it (billing status, wallet). */
  onChanged?: () => void;
};

/**
 * Which screen shows. `auto` follows the status (enrol when nothing is enrolled, else manage); the others keep a flow
 * on screen while the status changes under it (a result must not vanish because the enrolment it reports arrived).
 */
type View = { kind: 'auto' } | { kind: 'enroll'; scopes: AutoPayScope[] } | { kind: 'manage' };

/** spec §2.2 `open=ap`: Auto Pay enrolment (3 steps) or, once enrolled, its management (spec §2.4). */
export function AutoPayPanel({ onChanged }: PanelProps) {
  const intl = useIntl();
  const status = useAutoPayStatus();
  const [view, setView] = useState<View>({ kind: 'auto' });
  const changed = () => onChanged?.();

  // A failed refresh (after a change) keeps the data it had: the result on screen must not disappear.
  if (status.isError && !status.data) {
    return (
      <ErrorNotice
        headingLevel={3}
        titleId="autopay.errors.unavailable.title"
        bodyId={refusalBodyId(status.error) ?? 'autopay.errors.unavailable.body'}
        onRetry={isForbidden(status.error) ? undefined : () => void status.refetch()}
        isRetrying={status.isFetching}
      />
    );
  }
  if (!status.data) return <PanelSkeleton />;
  const data = status.data;
  const enrolled = data.enrollments.length > 0;
  const enrolling = view.kind === 'enroll' || (view.kind === 'auto' && !enrolled);

  if (enrolling) {
    // spec §4: disconnected accounts cannot enrol.
    if (data.ineligibleReason === 'disconnected' && view.kind === 'auto') {
      return (
        <div className={`${NOTICE} max-w-2xl`} data-testid="autopay-ineligible">
          <h3 className="text-lg font-semibold text-navy-900">
            {intl.formatMessage({ id: 'autopay.ineligible.title' })}
          </h3>
          <p className="mt-1">{intl.formatMessage({ id: 'autopay.ineligible.body' })}</p>
        </div>
      );
    }
    const scopes = view.kind === 'enroll' ? view.scopes : unenrolledScopes(data);
    return (
      <WalletGate>
        {(wallet) => (
          <EnrollFlow
            key="enroll"
            status={data}
            wallet={wallet}
            availableScopes={scopes}
            onResult={() => setView({ kind: 'enroll', scopes })}
            onDone={() => setView({ kind: 'auto' })}
            onCancel={enrolled ? () => setView({ kind: 'auto' }) : undefined}
            onChanged={changed}
            focusFirstStep={view.kind === 'enroll'}
          />
        )}
      </WalletGate>
    );
  }

  return (
    <ManageView
      status={data}
      onResult={() => setView({ kind: 'manage' })}
      onDone={() => setView({ kind: 'auto' })}
      onEnroll={(scopes) => setView({ kind: 'enroll', scopes })}
      onChanged={changed}
    />
  );
}

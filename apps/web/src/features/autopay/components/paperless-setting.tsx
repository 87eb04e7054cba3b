import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { isOutcomeUnknown } from '../../../components/ui/api-errors';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { IntentKey } from '../../../components/ui/idempotency-key';
import { autopayKeys } from '../../../entities/query-keys';
import type { MessageId } from '../../../messages';
import { useUpdatePaperless } from '../api/update-paperless';

type PaperlessSettingProps = {
  /** Whether the account is enrolled now (the page's billing status knows). */
  enrolled: boolean;
  /** Called after a change, so the page reads the status again. */
  onChanged: () => void;
};

/** Paperless billing on or off (spec §1, §4), with a confirmation; a failure stays in place under the button. */
export function PaperlessSetting({ enrolled, onChanged }: PaperlessSettingProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const update = useUpdatePaperless();
  const intentKey = useRef(new IntentKey());
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<{ titleId: MessageId; bodyId: MessageId } | null>(null);
  const [done, setDone] = useState<MessageId | null>(null);
  const target = !enrolled;

  const confirm = () => {
    if (update.isPending) return;
    setFailure(null);
    update.mutate(
      { enrolled: target, idempotencyKey: intentKey.current.for({ enrolled: target }) },
      {
        onSuccess: () => {
          intentKey.current.reset();
          setConfirming(false);
          setDone(target ? 'autopay.paperless.enrolled' : 'autopay.paperless.unenrolled');
          void queryClient.invalidateQueries({ queryKey: autopayKeys.status() });
          onChanged();
        },
        onError: (error) => {
          if (!isOutcomeUnknown(error)) intentKey.current.reset();
          setConfirming(false);
          setDone(null);
          setFailure({
            titleId: target ? 'autopay.errors.paperless.title' : 'autopay.errors.paperlessOff.title',
            bodyId: isOutcomeUnknown(error) ? 'autopay.errors.unknownOutcome' : 'autopay.paperless.failed',
          });
        },
      },
    );
  };

  return (
    <div className="mt-2 space-y-2">
      <button
        type="button"
        className={SECONDARY_BUTTON}
        onClick={() => {
          setDone(null);
          setConfirming(true);
        }}
      >
        {intl.formatMessage({ id: enrolled ? 'autopay.paperless.unenroll' : 'autopay.paperless.enroll' })}
      </button>
      <p role="status" className="text-sm text-ink empty:hidden">
        {done ? intl.formatMessage({ id: done }) : ''}
      </p>
      {failure ? <ErrorPanel titleId={failure.titleId} bodyId={failure.bodyId} headingLevel={3} /> : null}
      <ConfirmDialog
        isOpen={confirming}
        title={intl.formatMessage({
          id: target ? 'autopay.paperless.confirm.enrollTitle' : 'autopay.paperless.confirm.unenrollTitle',
        })}
        confirmLabel={intl.formatMessage({ id: target ? 'autopay.paperless.enroll' : 'autopay.paperless.unenroll' })}
        cancelLabel={intl.formatMessage({ id: 'payments.cancel' })}
        isPending={update.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {intl.formatMessage({
            id: target ? 'autopay.paperless.confirm.enrollBody' : 'autopay.paperless.confirm.unenrollBody',
          })}
        </p>
        {update.isPending ? <p role="status">{intl.formatMessage({ id: 'autopay.manage.submitting' })}</p> : null}
      </ConfirmDialog>
    </div>
  );
}

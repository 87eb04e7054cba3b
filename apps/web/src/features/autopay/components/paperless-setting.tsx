import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { isOutcomeUnknown } from '../../../components/ui/api-errors';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { useIdempotentChange } from '../../../components/ui/use-idempotent-change';
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
  const target = !enrolled;
  const [done, setDone] = useState<MessageId | null>(null);
  const change = useIdempotentChange(useUpdatePaperless(), (error) => {
    setDone(null);
    return {
      titleId: target ? 'autopay.errors.paperless.title' : 'autopay.errors.paperlessOff.title',
      bodyId: isOutcomeUnknown(error) ? 'autopay.errors.unknownOutcome' : 'autopay.paperless.failed',
    } satisfies { titleId: MessageId; bodyId: MessageId };
  });

  const confirm = () =>
    change.send({ enrolled: target }, () => {
      setDone(target ? 'autopay.paperless.enrolled' : 'autopay.paperless.unenrolled');
      void queryClient.invalidateQueries({ queryKey: autopayKeys.status() });
      onChanged();
    });

  return (
    <div className="mt-2 space-y-2">
      <button
        type="button"
        className={SECONDARY_BUTTON}
        onClick={() => {
          setDone(null);
          change.ask();
        }}
      >
        {intl.formatMessage({ id: enrolled ? 'autopay.paperless.unenroll' : 'autopay.paperless.enroll' })}
      </button>
      <p role="status" className="text-sm text-ink empty:hidden">
        {done ? intl.formatMessage({ id: done }) : ''}
      </p>
      {change.failure ? (
        <ErrorPanel titleId={change.failure.titleId} bodyId={change.failure.bodyId} headingLevel={3} />
      ) : null}
      <ConfirmDialog
        isOpen={change.confirming}
        title={intl.formatMessage({
          id: target ? 'autopay.paperless.confirm.enrollTitle' : 'autopay.paperless.confirm.unenrollTitle',
        })}
        confirmLabel={intl.formatMessage({ id: target ? 'autopay.paperless.enroll' : 'autopay.paperless.unenroll' })}
        cancelLabel={intl.formatMessage({ id: 'payments.cancel' })}
        isPending={change.pending}
        onConfirm={confirm}
        onCancel={change.dismiss}
      >
        <p>
          {intl.formatMessage({
            id: target ? 'autopay.paperless.confirm.enrollBody' : 'autopay.paperless.confirm.unenrollBody',
          })}
        </p>
        {change.pending ? <p role="status">{intl.formatMessage({ id: 'autopay.manage.submitting' })}</p> : null}
      </ConfirmDialog>
    </div>
  );
}

import { AppError, attachmentSizeRefusal, SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_ATTACHMENTS_MAX } from '@vireo/shared';
import { useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { HINT, LABEL, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import type { MessageId } from '../../../messages';
import { type SupportAttachment, uploadAttachment } from '../api/tickets-api';

/** A chosen file: being sent, taken (the server's view of it), or refused with the reason. */
export type AttachmentItem = {
  key: number;
  name: string;
  state: 'sending' | 'taken' | 'refused';
  attachment?: SupportAttachment;
  reason?: MessageId;
};

/** Why the server refused a file, as the message id the list shows. */
function reasonOf(error: unknown): MessageId {
  if (!AppError.is(error)) return 'support.forms.files.refused.failed';
  const code = error.fields?.[0]?.code;
  if (code === 'attachment.notAllowed' || error.code === 'UNSUPPORTED_MEDIA_TYPE') {
    return 'support.forms.files.refused.notAllowed';
  }
  if (code === 'attachment.tooBig' || error.code === 'PAYLOAD_TOO_LARGE') return 'support.forms.files.refused.tooBig';
  if (code === 'attachment.empty') return 'support.forms.files.refused.empty';
  if (error.code === 'RATE_LIMITED') return 'support.forms.files.refused.tooMany';
  return 'support.forms.files.refused.failed';
}

let nextKey = 0;

/**
 * Issue 21 item 4: up to SUPPORT_ATTACHMENTS_MAX files of 5 MB. Each is sent as soon as it is chosen, so a refused one
 * is named with its reason at once (the server reads its content: a program renamed `.png` is refused) while the
 * message typed stays as it is; a taken one can be removed.
 */
export function AttachmentsField({
  items,
  onChange,
  signedIn,
}: {
  items: AttachmentItem[];
  onChange: (update: (items: AttachmentItem[]) => AttachmentItem[]) => void;
  signedIn: boolean;
}) {
  const intl = useIntl();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const kept = items.filter((item) => item.state !== 'refused');
  const room = SUPPORT_ATTACHMENTS_MAX - kept.length;
  const megabytes = SUPPORT_ATTACHMENT_MAX_BYTES / 1024 / 1024;

  const settle = (key: number, change: Partial<AttachmentItem>, said: string) => {
    onChange((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
    setAnnouncement(said);
  };

  const choose = (files: File[]) => {
    const chosen = files.slice(0, Math.max(room, 0));
    const overflow = files.slice(chosen.length);
    const added: AttachmentItem[] = [
      ...chosen.map((file) => ({ key: nextKey++, name: file.name, state: 'sending' as const })),
      ...overflow.map((file) => ({
        key: nextKey++,
        name: file.name,
        state: 'refused' as const,
        reason: 'support.forms.files.refused.tooMany' as const,
      })),
    ];
    // the refused ones first drop out of the list: the newest answer is the one shown
    onChange((current) => [...current.filter((item) => item.state !== 'refused'), ...added]);
    chosen.forEach((file, index) => {
      const key = (added[index] as AttachmentItem).key;
      // what cannot pass by its size never leaves the browser; the server reads the type from the content
      const early = attachmentSizeRefusal(file.size);
      if (early) {
        const reason = `support.forms.files.refused.${early}` as const;
        settle(key, { state: 'refused', reason }, intl.formatMessage({ id: reason }, { name: file.name, megabytes }));
        return;
      }
      uploadAttachment(file, signedIn).then(
        (attachment) =>
          settle(
            key,
            { state: 'taken', attachment },
            intl.formatMessage({ id: 'support.forms.files.taken' }, { name: file.name }),
          ),
        (error: unknown) => {
          const reason = reasonOf(error);
          settle(key, { state: 'refused', reason }, intl.formatMessage({ id: reason }, { name: file.name, megabytes }));
        },
      );
    });
  };

  return (
    <fieldset aria-describedby={`${id}-hint`}>
      <legend className={LABEL}>{intl.formatMessage({ id: 'support.forms.files.label' })}</legend>
      <p id={`${id}-hint`} className={HINT}>
        {intl.formatMessage({ id: 'support.forms.files.hint' }, { max: SUPPORT_ATTACHMENTS_MAX, megabytes })}
      </p>
      <input
        ref={input}
        id={`${id}-input`}
        type="file"
        multiple
        accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          choose(Array.from(event.target.files ?? []));
          // the same file may be chosen again after a refusal
          event.target.value = '';
        }}
      />
      <button
        type="button"
        className={`${SECONDARY_BUTTON} mt-3`}
        aria-disabled={room <= 0 || undefined}
        aria-describedby={`${id}-hint`}
        onClick={() => {
          if (room > 0) input.current?.click();
        }}
      >
        {intl.formatMessage({ id: 'support.forms.files.choose' })}
      </button>
      {items.length > 0 ? (
        <ul className="mt-3 space-y-2">
          {items.map((item) => (
            <li
              key={item.key}
              className={`flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 ${
                item.state === 'refused' ? 'border-danger-700/40 bg-danger-50' : 'border-line'
              }`}
            >
              <span className="min-w-0 break-words">
                {item.state === 'refused'
                  ? intl.formatMessage(
                      { id: item.reason ?? 'support.forms.files.refused.failed' },
                      { name: item.name, megabytes },
                    )
                  : intl.formatMessage(
                      { id: item.state === 'sending' ? 'support.forms.files.sending' : 'support.forms.files.item' },
                      {
                        name: item.name,
                        size: intl.formatNumber((item.attachment?.sizeBytes ?? 0) / 1024 / 1024, {
                          maximumFractionDigits: 1,
                          minimumFractionDigits: 1,
                        }),
                      },
                    )}
              </span>
              {item.state === 'sending' ? null : (
                <button
                  type="button"
                  className="font-semibold text-brand-700 underline underline-offset-2"
                  onClick={() => onChange((current) => current.filter((other) => other.key !== item.key))}
                >
                  {intl.formatMessage(
                    { id: item.state === 'refused' ? 'support.forms.files.dismiss' : 'support.forms.files.remove' },
                    { name: item.name },
                  )}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { INPUT, LABEL, SECONDARY_BUTTON, SUCCESS } from '../../../components/ui/form-styles';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import type { CreatePayLinkRequest } from '../api/pay-links-api';

type CreatedLinkProps = {
  url: string;
  request: CreatePayLinkRequest;
  /** Back to an empty form, for another link. */
  onDone: () => void;
};

/**
 * The link just made: its address, shown this once (the server keeps only its hash), in a read-only field with
 * "Copy link". Its heading takes focus when it appears, so the user hears that the link is ready.
 */
export function CreatedLink({ url, request, onDone }: CreatedLinkProps) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const fieldId = useId();
  const onceId = useId();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      // no clipboard (an old browser, a denied permission): the address is selected for the user to copy
      setCopy('failed');
      fieldRef.current?.focus();
      fieldRef.current?.select();
    }
  };

  return (
    <section aria-labelledby={headingId} className={`${SUCCESS} space-y-4`}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-navy-900 outline-none">
        {intl.formatMessage({ id: 'payLinks.created.title' })}
      </h2>
      <p>
        {intl.formatMessage(
          { id: 'payLinks.created.summary' },
          {
            amount: format.money(request.capCents),
            uses: request.usesAllowed,
            days: request.expiresInDays,
          },
        )}
      </p>
      <div>
        <label htmlFor={fieldId} className={LABEL}>
          {intl.formatMessage({ id: 'payLinks.created.field' })}
        </label>
        <p id={onceId} className="mt-1 font-semibold text-ink">
          {intl.formatMessage({ id: 'payLinks.created.once' })}
        </p>
        <input
          id={fieldId}
          ref={fieldRef}
          readOnly
          value={url}
          aria-describedby={onceId}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          className={`${INPUT} max-w-2xl font-mono text-sm`}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className={SECONDARY_BUTTON} onClick={() => void copyLink()}>
          {intl.formatMessage({ id: 'payLinks.created.copy' })}
        </button>
        <button type="button" className={SECONDARY_BUTTON} onClick={onDone}>
          {intl.formatMessage({ id: 'payLinks.created.another' })}
        </button>
      </div>
      <p role="status" className="font-semibold text-ink empty:hidden">
        {copy === 'copied'
          ? intl.formatMessage({ id: 'payLinks.created.copied' })
          : copy === 'failed'
            ? intl.formatMessage({ id: 'payLinks.created.copyFailed' })
            : ''}
      </p>
    </section>
  );
}

import {
  parseSupportCode,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_SUBJECT_MAX,
  SUPPORT_TOPICS,
  type SupportTicketCreated,
} from '@vireo/shared';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Form } from '../../../components/form/form';
import { SelectField } from '../../../components/form/select-field';
import { useForm } from '../../../components/form/use-form';
import { errorCode, fieldErrorsOf } from '../../../components/ui/api-errors';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { FieldError, FieldNote, useFieldNotes } from '../../../components/ui/field-notes';
import { INPUT, LABEL, PRIMARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import { localeOf } from '../../../lib/dates';
import type { MessageId } from '../../../messages';
import { useCreateTicket } from '../api/tickets-api';
import {
  INITIAL_TICKET,
  isTopic,
  type TicketFormValues,
  ticketFieldErrors,
  ticketRules,
  toTicketRequest,
} from '../utils/ticket-rules';
import { type AttachmentItem, AttachmentsField } from './attachments-field';
import { ContextConsent } from './context-consent';
import { SuggestedArticles } from './suggested-articles';
import { topicName } from './support-common';

/** A ticket begun elsewhere: troubleshooting's topic and subject, an error message's support code (`?supportCode=`). */
export type TicketPrefill = {
  topic?: string | undefined;
  subject?: string | undefined;
  supportCode?: string | undefined;
};

/** The page-level failure's body: too many sent, a program's answer, or a failure to retry. */
function failureBodyId(error: unknown): MessageId {
  if (errorCode(error) === 'RATE_LIMITED') return 'support.forms.errors.tooMany';
  if (fieldErrorsOf(error).some((field) => field.field === 'website')) return 'support.forms.errors.refused';
  if (errorCode(error) === 'NOT_FOUND') return 'support.forms.errors.filesGone';
  return 'support.forms.errors.body';
}

/**
 * The support form (issue 21 item 4, wider-portal.md §9): topic, subject (the articles that may answer it shown as it is
 * typed), message, files, and for a signed-in user the consent to send the service's context; a visitor gives a name
 * and an address. A hidden honeypot field stays empty for people. Nothing typed is lost on a refusal.
 */
export function TicketForm({
  signedIn,
  onSent,
  prefill = {},
}: {
  /** The address a signed-in user is answered at; null for a visitor. */
  signedIn: { email: string } | null;
  onSent: (created: SupportTicketCreated) => void;
  prefill?: TicketPrefill;
}) {
  const intl = useIntl();
  const headingId = useId();
  const form = useForm<TicketFormValues>({
    initial: () => ({
      ...INITIAL_TICKET,
      topic: prefill.topic && isTopic(prefill.topic) ? prefill.topic : '',
      subject: (prefill.subject ?? '').slice(0, SUPPORT_SUBJECT_MAX),
      supportCode: prefill.supportCode ? (parseSupportCode(prefill.supportCode) ?? '') : '',
    }),
    rules: ticketRules(signedIn !== null),
  });
  const [files, setFiles] = useState<AttachmentItem[]>([]);
  const [share, setShare] = useState(false);
  const create = useCreateTicket(signedIn !== null);
  const sending = files.some((file) => file.state === 'sending');
  const fieldsFailed = Object.keys(ticketFieldErrors(fieldErrorsOf(create.error))).length > 0;
  const message = form.field('message');
  const messageNotes = useFieldNotes({ note: true, error: message.error });

  const submit = (values: TicketFormValues) => {
    const attachmentIds = files.flatMap((file) => (file.attachment ? [file.attachment.id] : []));
    const request = toTicketRequest(values, {
      signedIn: signedIn !== null,
      lang: localeOf(intl),
      attachmentIds,
      shareContext: share,
    });
    create.mutate(request, {
      onSuccess: onSent,
      onError: (error) => {
        const errors = ticketFieldErrors(fieldErrorsOf(error));
        if (Object.keys(errors).length > 0) form.showErrors(errors);
      },
    });
  };

  return (
    <Form
      form={form}
      labelledBy={headingId}
      onSubmit={() => {
        if (!create.isPending && !sending) form.submit(submit);
      }}
      heading={
        <h2 id={headingId} className={SECTION_TITLE}>
          {intl.formatMessage({ id: 'support.forms.title' })}
        </h2>
      }
      alerts={
        create.isError && !fieldsFailed ? (
          <ErrorPanel titleId="support.forms.errors.title" bodyId={failureBodyId(create.error)} headingLevel={3} />
        ) : null
      }
      className="mt-6 max-w-3xl space-y-5 rounded-xl border border-line bg-surface p-5 md:p-6"
    >
      <p className="text-ink-muted">
        {signedIn
          ? intl.formatMessage({ id: 'support.forms.answerAt' }, { email: signedIn.email })
          : intl.formatMessage({ id: 'support.forms.visitorIntro' })}
      </p>
      {signedIn ? null : (
        <div className="grid gap-5 md:grid-cols-2">
          <TextField
            label={intl.formatMessage({ id: 'support.forms.name.label' })}
            name="name"
            autoComplete="name"
            {...form.field('name')}
          />
          <TextField
            label={intl.formatMessage({ id: 'support.forms.email.label' })}
            name="email"
            type="email"
            autoComplete="email"
            {...form.field('email')}
          />
        </div>
      )}
      <SelectField
        label={intl.formatMessage({ id: 'support.forms.topic.label' })}
        options={[
          { value: '', label: intl.formatMessage({ id: 'support.forms.topic.choose' }) },
          ...SUPPORT_TOPICS.map((topic) => ({ value: topic, label: intl.formatMessage({ id: topicName(topic) }) })),
        ]}
        {...form.field('topic')}
      />
      <div>
        <TextField
          label={intl.formatMessage({ id: 'support.forms.subject.label' })}
          hint={intl.formatMessage({ id: 'support.forms.subject.hint' })}
          name="subject"
          autoComplete="off"
          {...form.field('subject')}
        />
        <SuggestedArticles subject={form.values.subject} />
      </div>
      <div>
        <label htmlFor={messageNotes.id} className={LABEL}>
          {intl.formatMessage({ id: 'support.forms.message.label' })}
        </label>
        <FieldNote
          id={messageNotes.noteId}
          note={intl.formatMessage({ id: 'support.forms.message.hint' }, { max: SUPPORT_MESSAGE_MAX })}
        />
        <textarea
          id={messageNotes.id}
          ref={message.inputRef}
          name="message"
          rows={7}
          value={message.value}
          onChange={(event) => message.onChange(event.target.value)}
          aria-invalid={message.error ? true : undefined}
          aria-describedby={messageNotes.describedBy}
          className={INPUT}
        />
        <FieldError id={messageNotes.errorId} error={message.error} />
      </div>
      <TextField
        label={intl.formatMessage({ id: 'support.forms.supportCode.label' })}
        hint={intl.formatMessage({ id: 'support.forms.supportCode.hint' })}
        name="supportCode"
        autoComplete="off"
        spellCheck={false}
        maxLength={20}
        className="max-w-xs"
        {...form.field('supportCode')}
      />
      <AttachmentsField items={files} onChange={setFiles} signedIn={signedIn !== null} />
      {signedIn ? <ContextConsent checked={share} onChange={setShare} /> : null}
      {/* the honeypot: out of sight and out of the tab order; people leave it empty, programs fill it */}
      <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
        <label>
          {intl.formatMessage({ id: 'support.forms.honeypot' })}
          <input
            type="text"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={form.values.website}
            onChange={(event) => form.set('website', event.target.value)}
          />
        </label>
      </div>
      <button type="submit" aria-disabled={create.isPending || sending || undefined} className={PRIMARY_BUTTON}>
        {intl.formatMessage({
          id: create.isPending ? 'support.forms.sending' : sending ? 'support.forms.waitFiles' : 'support.forms.send',
        })}
      </button>
    </Form>
  );
}

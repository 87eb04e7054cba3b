import { useQueryClient } from '@tanstack/react-query';
import { PAY_LINK_MAX_USES, PAY_LINK_NOTE_MAX_LENGTH } from '@vireo/shared';
import { type RefObject, useId } from 'react';
import { useIntl } from 'react-intl';
import { Form } from '../../../components/form/form';
import { SelectField } from '../../../components/form/select-field';
import { useForm } from '../../../components/form/use-form';
import { fieldErrorsOf, isOutcomeUnknown } from '../../../components/ui/api-errors';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { PRIMARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { refusalBodyId } from '../../../components/ui/refusal';
import { TextField } from '../../../components/ui/text-field';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { type CreatePayLinkRequest, payLinkKeys, useCreatePayLink } from '../api/pay-links-api';
import {
  CAP_BOUNDS,
  EXPIRY_CHOICES,
  INITIAL_VALUES,
  PAY_LINK_RULES,
  type PayLinkFormValues,
  serverFieldErrors,
  toRequest,
} from '../utils/pay-link-rules';

type CreatePayLinkFormProps = {
  /** The link was made: its address (shown once) and what it allows. */
  onCreated: (created: { url: string; request: CreatePayLinkRequest }) => void;
  /** The amount field, for the empty list's "Create a pay link" to bring the form to the user. */
  capRef: RefObject<HTMLInputElement | null>;
};

/** The failure panel's body for a failure that is not about the fields. */
function failureBodyId(error: unknown) {
  const refusal = refusalBodyId(error);
  if (refusal) return refusal;
  return isOutcomeUnknown(error) ? 'payLinks.errors.create.unknownOutcome' : 'payLinks.errors.create.body';
}

/**
 * "Create a pay link": the cap in dollars (a one-time payment's bounds), the expiry (days), the uses and an optional
 * note. The shared rules check the fields first; the server's field errors land on the same fields.
 */
export function CreatePayLinkForm({ onCreated, capRef }: CreatePayLinkFormProps) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const queryClient = useQueryClient();
  const headingId = useId();
  const form = useForm<PayLinkFormValues>({ initial: INITIAL_VALUES, rules: PAY_LINK_RULES });
  const create = useCreatePayLink();
  const fieldsFailed = fieldErrorsOf(create.error).length > 0;

  const submit = (values: PayLinkFormValues) => {
    const request = toRequest(values);
    create.mutate(request, {
      onSuccess: ({ url }) => {
        void queryClient.invalidateQueries({ queryKey: payLinkKeys.all });
        onCreated({ url, request });
      },
      onError: (error) => {
        const errors = serverFieldErrors(fieldErrorsOf(error));
        if (Object.keys(errors).length > 0) form.showErrors(errors);
        // the link may have been made: the list shows it if so
        if (isOutcomeUnknown(error)) void queryClient.invalidateQueries({ queryKey: payLinkKeys.all });
      },
    });
  };

  const cap = form.field('cap');
  return (
    <Form
      form={form}
      labelledBy={headingId}
      onSubmit={() => {
        if (!create.isPending) form.submit(submit);
      }}
      heading={
        <h2 id={headingId} className={SECTION_TITLE}>
          {intl.formatMessage({ id: 'payLinks.create.title' })}
        </h2>
      }
      alerts={
        create.isError && !fieldsFailed ? (
          <ErrorPanel titleId="payLinks.errors.create.title" bodyId={failureBodyId(create.error)} headingLevel={3} />
        ) : null
      }
      className="space-y-5 rounded-xl border border-line bg-surface p-5 md:p-6"
    >
      <TextField
        label={intl.formatMessage({ id: 'payLinks.field.cap' })}
        hint={intl.formatMessage(
          { id: 'payLinks.field.cap.hint' },
          { min: format.money(CAP_BOUNDS.minCents), max: format.money(CAP_BOUNDS.maxCents) },
        )}
        name="cap"
        inputMode="decimal"
        autoComplete="off"
        value={cap.value}
        onChange={cap.onChange}
        error={cap.error}
        inputRef={(element) => {
          cap.inputRef(element);
          capRef.current = element;
        }}
      />
      <SelectField
        label={intl.formatMessage({ id: 'payLinks.field.days' })}
        options={EXPIRY_CHOICES.map((days) => ({
          value: String(days),
          label: intl.formatMessage({ id: 'payLinks.field.days.option' }, { days }),
        }))}
        {...form.field('days')}
      />
      <TextField
        label={intl.formatMessage({ id: 'payLinks.field.uses' })}
        hint={intl.formatMessage({ id: 'payLinks.field.uses.hint' }, { max: PAY_LINK_MAX_USES })}
        name="uses"
        inputMode="numeric"
        autoComplete="off"
        {...form.field('uses')}
      />
      <TextField
        label={intl.formatMessage({ id: 'payLinks.field.note' })}
        hint={intl.formatMessage({ id: 'payLinks.field.note.hint' }, { max: PAY_LINK_NOTE_MAX_LENGTH })}
        name="note"
        autoComplete="off"
        {...form.field('note')}
      />
      <button type="submit" aria-disabled={create.isPending || undefined} className={PRIMARY_BUTTON}>
        {intl.formatMessage({ id: create.isPending ? 'payLinks.create.submitting' : 'payLinks.create.submit' })}
      </button>
    </Form>
  );
}

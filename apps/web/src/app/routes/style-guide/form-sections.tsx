import type { RuleResult } from '@vireo/shared';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Form } from '../../../components/form/form';
import { RadioGroup } from '../../../components/form/radio-group';
import { useForm } from '../../../components/form/use-form';
import { type AutoPayTerms, AutoPayTermsFields, termAccepted } from '../../../components/ui/auto-pay-terms';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { FormErrorSummary } from '../../../components/ui/form-alerts';
import { PRIMARY_BUTTON, SECONDARY_BUTTON, STEP_TITLE } from '../../../components/ui/form-styles';
import { StepForm } from '../../../components/ui/step-form';
import { TextField } from '../../../components/ui/text-field';
import { GuideSection, Specimen, SpecimenGrid, type SpecimenState } from './specimen';

type OrderValues = { purchaseOrder: string };

function required(value: string): RuleResult {
  return value.trim() ? { ok: true } : { ok: false, message: 'styleGuide.sample.fieldError' };
}

/**
 * A form of the kit (components/form/form.tsx): its heading, its alerts, its field. Check runs the rule; the error
 * state is shown as a failed submission leaves it, the error summary and a spec §8 failure panel above the field.
 */
function SampleForm({ state }: { state: SpecimenState }) {
  const intl = useIntl();
  const headingId = useId();
  const failed = state === 'error';
  const form = useForm<OrderValues>({ initial: { purchaseOrder: '' }, rules: { purchaseOrder: required } });
  const field = form.field('purchaseOrder');
  const shownError =
    failed && form.values.purchaseOrder === ''
      ? intl.formatMessage({ id: 'styleGuide.sample.fieldError' })
      : field.error;
  return (
    <Form
      form={{ hasErrors: Boolean(shownError) }}
      labelledBy={headingId}
      onSubmit={() => form.validate()}
      heading={
        <h3 id={headingId} className={`${STEP_TITLE} mb-3`}>
          {intl.formatMessage({ id: 'styleGuide.sample.field' })}
        </h3>
      }
      alerts={
        failed ? (
          <ErrorPanel
            titleId="payments.errors.declined.title"
            bodyId="payments.errors.declined.body"
            headingLevel={4}
          />
        ) : null
      }
      className="space-y-4"
    >
      <TextField
        {...field}
        error={shownError}
        label={intl.formatMessage({ id: 'styleGuide.sample.field' })}
        hint={intl.formatMessage({ id: 'styleGuide.sample.fieldHint' })}
        autoComplete="off"
      />
      <button type="submit" className={PRIMARY_BUTTON}>
        {intl.formatMessage({ id: 'styleGuide.sample.check' })}
      </button>
    </Form>
  );
}

export function FormAlertsSection() {
  return (
    <GuideSection id="form-alerts" titleId="styleGuide.formAlerts.title" bodyId="styleGuide.formAlerts.body">
      <SpecimenGrid wide>
        {(['default', 'error'] as const).map((state) => (
          <Specimen key={state} state={state}>
            <SampleForm state={state} />
          </Specimen>
        ))}
      </SpecimenGrid>
    </GuideSection>
  );
}

type AmountValues = { amount: 'due' | 'other' | '' };

function SampleStep({ state }: { state: SpecimenState }) {
  const intl = useIntl();
  const form = useForm<AmountValues>({
    initial: { amount: '' },
    rules: { amount: (value) => (value ? { ok: true } : { ok: false, message: 'styleGuide.sample.amountError' }) },
  });
  const field = form.field('amount');
  const error =
    state === 'error' && form.values.amount === ''
      ? intl.formatMessage({ id: 'styleGuide.sample.amountError' })
      : field.error;
  return (
    <StepForm
      title={intl.formatMessage({ id: 'styleGuide.sample.amount' })}
      step={{ current: 1, total: 3 }}
      focusOnMount={false}
      onSubmit={() => form.validate()}
      alerts={<FormErrorSummary show={Boolean(error)} />}
    >
      <RadioGroup<'due' | 'other'>
        legend={intl.formatMessage({ id: 'styleGuide.sample.amount' })}
        legendClassName="sr-only"
        value={field.value || null}
        onChange={field.onChange}
        inputRef={field.inputRef}
        error={error}
        options={[
          { value: 'due', label: intl.formatMessage({ id: 'styleGuide.sample.amountDue' }) },
          { value: 'other', label: intl.formatMessage({ id: 'styleGuide.sample.otherAmount' }) },
        ]}
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={PRIMARY_BUTTON}>
          {intl.formatMessage({ id: 'styleGuide.sample.continue' })}
        </button>
        <button type="button" className={SECONDARY_BUTTON}>
          {intl.formatMessage({ id: 'styleGuide.sample.secondary' })}
        </button>
      </div>
    </StepForm>
  );
}

export function StepFormSection() {
  return (
    <GuideSection id="step-form" titleId="styleGuide.stepForm.title" bodyId="styleGuide.stepForm.body">
      <SpecimenGrid wide>
        {(['default', 'error'] as const).map((state) => (
          <Specimen key={state} state={state}>
            <SampleStep state={state} />
          </Specimen>
        ))}
      </SpecimenGrid>
    </GuideSection>
  );
}

/**
 * spec §5: the Auto Pay terms, each accepted with its own required box, on the form kit. The card and bank forms of
 * payment-method-forms.tsx are not shown here: importing them moved the payment screens' shared modules into new
 * chunks (+1.4 kB of the whole app); they are the text fields and radio rows above (the wallet's add form has them).
 */
function SampleTerms() {
  const intl = useIntl();
  const headingId = useId();
  const terms = useForm<AutoPayTerms>({
    initial: { electronic: false, service: false },
    rules: {
      electronic: (accepted) => termAccepted(accepted, 'electronic'),
      service: (accepted) => termAccepted(accepted, 'service'),
    },
  });
  return (
    <Form
      form={terms}
      labelledBy={headingId}
      onSubmit={() => terms.validate()}
      heading={
        <h3 id={headingId} className={`${STEP_TITLE} mb-3`}>
          {intl.formatMessage({ id: 'styleGuide.terms.heading' })}
        </h3>
      }
      className="space-y-5"
    >
      <AutoPayTermsFields electronic={terms.field('electronic')} service={terms.field('service')} />
      <button type="submit" className={PRIMARY_BUTTON}>
        {intl.formatMessage({ id: 'styleGuide.sample.check' })}
      </button>
    </Form>
  );
}

export function TermsSection() {
  return (
    <GuideSection id="terms" titleId="styleGuide.terms.title" bodyId="styleGuide.terms.body">
      <Specimen state="default">
        <SampleTerms />
      </Specimen>
    </GuideSection>
  );
}

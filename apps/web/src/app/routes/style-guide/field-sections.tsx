import { useState } from 'react';
import { useIntl } from 'react-intl';
import { RadioGroup } from '../../../components/form/radio-group';
import { SelectField } from '../../../components/form/select-field';
import { CheckboxField, ChoiceGroup } from '../../../components/ui/checkbox-field';
import { LABEL, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import { useInlineEdit } from '../../../components/ui/use-inline-edit';
import { formatMoney } from '../../../lib/formatters';
import { GuideSection, Specimen, SpecimenGrid, type SpecimenState } from './specimen';

/** A sample value: a code, the same in every language. */
const PURCHASE_ORDER = 'PO-2026-0142';

function SampleTextField({ state }: { state: SpecimenState }) {
  const intl = useIntl();
  const [value, setValue] = useState(state === 'default' || state === 'error' ? '' : PURCHASE_ORDER);
  return (
    <TextField
      label={intl.formatMessage({ id: 'styleGuide.sample.field' })}
      hint={intl.formatMessage({ id: 'styleGuide.sample.fieldHint' })}
      value={value}
      onChange={setValue}
      error={state === 'error' && value === '' ? intl.formatMessage({ id: 'styleGuide.sample.fieldError' }) : null}
      disabled={state === 'disabled'}
      readOnly={state === 'readOnly'}
      autoComplete="off"
    />
  );
}

export function TextFieldSection() {
  return (
    <GuideSection id="text-field" titleId="styleGuide.textField.title" bodyId="styleGuide.textField.body">
      <SpecimenGrid>
        {(['default', 'focus', 'error', 'disabled', 'readOnly'] as const).map((state) => (
          <Specimen key={state} state={state}>
            <SampleTextField state={state} />
          </Specimen>
        ))}
      </SpecimenGrid>
    </GuideSection>
  );
}

function SampleSelect({ state }: { state: SpecimenState }) {
  const intl = useIntl();
  const [value, setValue] = useState(state === 'error' ? '' : 'checking');
  const options = [
    ...(state === 'error' ? [{ value: '', label: '—' }] : []),
    { value: 'checking', label: intl.formatMessage({ id: 'payments.bank.accountType.checking' }) },
    { value: 'savings', label: intl.formatMessage({ id: 'payments.bank.accountType.savings' }) },
  ];
  return (
    <SelectField
      label={intl.formatMessage({ id: 'styleGuide.sample.select' })}
      options={options}
      value={value}
      onChange={setValue}
      error={value === '' ? intl.formatMessage({ id: 'styleGuide.sample.selectError' }) : null}
    />
  );
}

export function SelectSection() {
  return (
    <GuideSection id="select" titleId="styleGuide.select.title" bodyId="styleGuide.select.body">
      <SpecimenGrid>
        {(['default', 'focus', 'error'] as const).map((state) => (
          <Specimen key={state} state={state}>
            <SampleSelect state={state} />
          </Specimen>
        ))}
      </SpecimenGrid>
    </GuideSection>
  );
}

function SampleCheckbox({ state }: { state: SpecimenState }) {
  const intl = useIntl();
  const [checked, setChecked] = useState(state === 'checked' || state === 'disabled');
  return (
    <CheckboxField
      label={intl.formatMessage({ id: 'styleGuide.sample.checkbox' })}
      checked={checked}
      onChange={setChecked}
      disabled={state === 'disabled'}
      required={state === 'error'}
      description={state === 'disabled' ? intl.formatMessage({ id: 'styleGuide.sample.checkboxNote' }) : null}
      error={state === 'error' && !checked ? intl.formatMessage({ id: 'styleGuide.sample.checkboxError' }) : null}
    />
  );
}

export function CheckboxSection() {
  return (
    <GuideSection id="checkbox" titleId="styleGuide.checkbox.title" bodyId="styleGuide.checkbox.body">
      <SpecimenGrid>
        {(['default', 'checked', 'focus', 'disabled', 'error'] as const).map((state) => (
          <Specimen key={state} state={state}>
            <SampleCheckbox state={state} />
          </Specimen>
        ))}
      </SpecimenGrid>
    </GuideSection>
  );
}

type Amount = 'due' | 'pastDue' | 'other';

function SampleRadioRows({ state }: { state: SpecimenState }) {
  const intl = useIntl();
  const [value, setValue] = useState<Amount | null>(state === 'error' ? null : 'due');
  return (
    <RadioGroup<Amount>
      legend={intl.formatMessage({ id: 'styleGuide.sample.amount' })}
      value={value}
      onChange={setValue}
      error={value === null ? intl.formatMessage({ id: 'styleGuide.sample.amountError' }) : null}
      options={[
        {
          value: 'due',
          label: intl.formatMessage({ id: 'styleGuide.sample.amountDue' }),
          detail: formatMoney(28_947, intl.locale),
        },
        {
          value: 'pastDue',
          label: intl.formatMessage({ id: 'styleGuide.sample.pastDue' }),
          description: intl.formatMessage({ id: 'styleGuide.sample.nothingPastDue' }),
          disabled: state === 'disabled',
        },
        { value: 'other', label: intl.formatMessage({ id: 'styleGuide.sample.otherAmount' }) },
      ]}
    />
  );
}

export function RadioSection() {
  return (
    <GuideSection id="radio" titleId="styleGuide.radio.title" bodyId="styleGuide.radio.body">
      <SpecimenGrid>
        {(['default', 'focus', 'disabled', 'error'] as const).map((state) => (
          <Specimen key={state} state={state}>
            <SampleRadioRows state={state} />
          </Specimen>
        ))}
      </SpecimenGrid>
    </GuideSection>
  );
}

function SampleGroup({ state }: { state: SpecimenState }) {
  const intl = useIntl();
  const [email, setEmail] = useState(state !== 'error');
  const [text, setText] = useState(false);
  return (
    <ChoiceGroup
      legend={intl.formatMessage({ id: 'styleGuide.sample.contact' })}
      description={intl.formatMessage({ id: 'styleGuide.sample.contactNote' })}
      error={!email && !text ? intl.formatMessage({ id: 'styleGuide.sample.contactError' }) : null}
    >
      <CheckboxField
        label={intl.formatMessage({ id: 'styleGuide.sample.email' })}
        checked={email}
        onChange={setEmail}
      />
      <CheckboxField label={intl.formatMessage({ id: 'styleGuide.sample.text' })} checked={text} onChange={setText} />
    </ChoiceGroup>
  );
}

export function FieldNotesSection() {
  return (
    <GuideSection id="field-notes" titleId="styleGuide.fieldNotes.title" bodyId="styleGuide.fieldNotes.body">
      <SpecimenGrid>
        {(['default', 'error'] as const).map((state) => (
          <Specimen key={state} state={state}>
            <SampleGroup state={state} />
          </Specimen>
        ))}
      </SpecimenGrid>
    </GuideSection>
  );
}

/** A value edited in place (use-inline-edit.ts): Edit opens the field, Save or Cancel closes it and focus returns. */
function SampleInlineEdit() {
  const intl = useIntl();
  const edit = useInlineEdit<'purchaseOrder'>();
  const [value, setValue] = useState(PURCHASE_ORDER);
  const [draft, setDraft] = useState(PURCHASE_ORDER);
  const label = intl.formatMessage({ id: 'styleGuide.sample.field' });
  if (edit.opened) {
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setValue(draft.trim() || value);
          edit.close();
        }}
        className="space-y-3"
      >
        <TextField label={label} value={draft} onChange={setDraft} autoComplete="off" autoFocus />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={PRIMARY_BUTTON}>
            {intl.formatMessage({ id: 'styleGuide.inlineEdit.save' })}
          </button>
          <button type="button" className={SECONDARY_BUTTON} onClick={edit.close}>
            {intl.formatMessage({ id: 'styleGuide.sample.secondary' })}
          </button>
        </div>
      </form>
    );
  }
  return (
    <dl className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <dt className={LABEL}>{label}</dt>
      <dd className="tabular-nums text-ink">{value}</dd>
      <dd>
        <button
          type="button"
          ref={edit.buttonRef('purchaseOrder')}
          onClick={() => {
            setDraft(value);
            edit.open('purchaseOrder');
          }}
          className={SECONDARY_BUTTON}
          aria-label={intl.formatMessage({ id: 'styleGuide.inlineEdit.edit' }, { name: label })}
        >
          {intl.formatMessage({ id: 'styleGuide.inlineEdit.editShort' })}
        </button>
      </dd>
    </dl>
  );
}

export function InlineEditSection() {
  return (
    <GuideSection id="inline-edit" titleId="styleGuide.inlineEdit.title" bodyId="styleGuide.inlineEdit.body">
      <Specimen state="default">
        <SampleInlineEdit />
      </Specimen>
    </GuideSection>
  );
}

import { screen, waitFor } from '@testing-library/react';
import { validatePaymentAmount, validateZip } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { useLocale } from '../../lib/locale-context';
import { renderWithProviders } from '../../test/render-with-providers';
import { TextField } from '../ui/text-field';
import { Form } from './form';
import { RadioGroup } from './radio-group';
import { fieldErrorsFor, useForm } from './use-form';

type Values = { plan: 'monthly' | 'yearly' | null; amount: string; zip: string; note: string };

/** A form of the kit: a radio group, two ruled text fields, and a field shown only for the yearly plan. */
function Harness({ serverFields }: { serverFields?: { field: string; code: string }[] }) {
  const { setLocale } = useLocale();
  const form = useForm<Values>({
    initial: { plan: null, amount: '', zip: '', note: '' },
    rules: {
      plan: (value) => (value ? null : { ok: false, message: 'ui.field.check' }),
      amount: (value) => validatePaymentAmount(Math.round(Number(value) * 100), { minCents: 500, maxCents: 100_000 }),
      zip: (value) => validateZip(value.trim()),
    },
  });
  const submitted = form.values;
  return (
    <Form
      form={form}
      onSubmit={() =>
        serverFields
          ? form.showErrors(fieldErrorsFor(serverFields, ['amount', 'zip'], 'zip'))
          : form.submit((values) => document.body.setAttribute('data-sent', JSON.stringify(values)))
      }
    >
      <RadioGroup
        {...form.field('plan')}
        legend="Plan"
        options={[
          { value: 'monthly', label: 'Monthly' },
          { value: 'yearly', label: 'Yearly' },
        ]}
      />
      <TextField {...form.field('amount')} label="Amount" />
      {submitted.plan === 'yearly' ? <TextField {...form.field('note')} label="Note" /> : null}
      <TextField {...form.field('zip')} label="ZIP" />
      <button type="submit">Send</button>
      <button type="button" onClick={() => void setLocale('es')}>
        Español
      </button>
    </Form>
  );
}

describe('the form kit (ADR 020)', () => {
  it('checks every field with the shared rules, shows the summary and focuses the first field in error', async () => {
    const { user } = await renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct');
    expect(screen.getByRole('radio', { name: 'Monthly' })).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Plan' })).toHaveAccessibleDescription('Please check this information.');
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveAccessibleDescription(
      'Please enter a payment amount between $5.00 and $1,000.00.',
    );
    expect(screen.getByRole('textbox', { name: 'ZIP' })).toHaveAttribute('aria-invalid', 'true');
    expect(document.body).not.toHaveAttribute('data-sent');

    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(screen.getByRole('group', { name: 'Plan' })).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    // the plan passes now: focus goes to the next field in error, in the order of the form's values
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveFocus();

    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '12.5');
    expect(screen.getByRole('textbox', { name: 'Amount' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('textbox', { name: 'ZIP' })).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByRole('textbox', { name: 'ZIP' }), '30301');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(JSON.parse(document.body.getAttribute('data-sent') ?? '{}')).toEqual({
      plan: 'yearly',
      amount: '12.5',
      zip: '30301',
      note: '',
    });
    document.body.removeAttribute('data-sent');
  });

  it('keeps errors as message ids: a language switch translates the errors shown', async () => {
    const { user } = await renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.click(screen.getByRole('button', { name: 'Español' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'ZIP' })).toHaveAccessibleDescription(
        'Ingrese un código postal válido de 5 dígitos.',
      ),
    );
  });

  it('shows the server’s field errors on their fields (others on the fallback) and focuses the first', async () => {
    const { user } = await renderWithProviders(
      <Harness
        serverFields={[
          { field: 'zip', code: 'payments.zip.invalid' },
          { field: 'routingNumber', code: 'NO_SUCH_MESSAGE' },
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const zip = screen.getByRole('textbox', { name: 'ZIP' });
    expect(zip).toHaveFocus();
    // the unknown field lands on the fallback (zip), and an unknown code reads as the general field message
    expect(zip).toHaveAccessibleDescription('Please check this information.');
    expect(screen.getByRole('textbox', { name: 'Amount' })).not.toHaveAttribute('aria-invalid');
  });
});

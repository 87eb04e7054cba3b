import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../messages/en';
import es from '../../../messages/es';
import { useBillingFormat } from './use-billing-format';

function formatIn(locale: 'en' | 'es') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <IntlProvider locale={locale} messages={locale === 'es' ? es : en}>
      {children}
    </IntlProvider>
  );
  return renderHook(() => useBillingFormat(), { wrapper }).result.current;
}

describe('useBillingFormat: no English from the billing engine in the Spanish UI', () => {
  it('translates bank account words and keeps card brand names', () => {
    const format = formatIn('es');
    expect(format.method('Checking 6789')).toBe('Cuenta corriente 6789');
    expect(format.method('Savings 1116')).toBe('Cuenta de ahorros 1116');
    expect(format.method('Visa 4242')).toBe('Visa 4242');
    expect(formatIn('en').method('Checking 6789')).toBe('Checking 6789');
  });

  it('translates the lines the engine names itself and keeps product names', () => {
    const format = formatIn('es');
    expect(format.line({ kind: 'taxes_fees', description: 'Taxes' })).toBe('Impuestos');
    expect(format.line({ kind: 'auto_pay_discount', description: 'Auto Pay discount' })).toBe(
      'Descuento por Pago automático',
    );
    expect(format.line({ kind: 'taxes_fees', description: 'Broadcast TV surcharge' })).toBe('Broadcast TV surcharge');
    expect(format.line({ kind: 'monthly_service', description: 'Business Internet Gig' })).toBe(
      'Business Internet Gig',
    );
  });
});

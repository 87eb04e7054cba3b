import { screen, waitFor } from '@testing-library/react';
import {
  COMPANY_DETAILS_PATH,
  type CompanyDetails,
  EMAIL_CHANGE_PATH,
  LANGUAGE_PATH,
  type Locale,
  PERSONAL_DETAILS_PATH,
  type PersonalDetails,
} from '@vireo/shared';
import { type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { type FakeHandler, jsonResponse, stubApi, testProfile } from '../../../test/fake-api';
import { InLocale } from '../../../test/in-locale';
import { renderWithProviders } from '../../../test/render-with-providers';
import { CompanySection } from './company-section';
import { PersonalSection } from './personal-section';

const PERSONAL: PersonalDetails = {
  username: 'maple-owner',
  firstName: 'Marta',
  lastName: 'Ellison',
  email: 'maple-owner@maplestreetbakery.example',
  mobilePhone: null,
  language: 'en',
  pendingEmail: null,
};
const COMPANY: CompanyDetails = {
  accountNumber: '8260170010011234',
  displayName: 'Harbor Coffee Co.',
  businessPhone: null,
  billingContactName: null,
  billingContactEmail: null,
  serviceAddress: { addressLine1: '12 Wharf St', city: 'Portland', state: 'ME', zip: '04101' },
};

const fieldError = (path: string, code: string) =>
  jsonResponse({ error: { code: 'VALIDATION_FAILED', message: 'test', fields: [{ path, code }] } }, 400);

async function render(node: ReactNode, routes: Record<string, FakeHandler>, locale: Locale = 'en') {
  const api = stubApi({ profile: testProfile('PRIMARY'), routes });
  const rendered = await renderWithProviders(<InLocale locale={locale}>{node}</InLocale>);
  return { api, user: rendered.user };
}

describe('Personal details', () => {
  it('saves names and the mobile number, and says so', async () => {
    let details = PERSONAL;
    const { api, user } = await render(<PersonalSection />, {
      [`GET ${PERSONAL_DETAILS_PATH}`]: () => jsonResponse(details),
      [`PUT ${PERSONAL_DETAILS_PATH}`]: (request) => {
        details = { ...details, ...(request.body as object), mobilePhone: '+12125550147' };
        return jsonResponse(details);
      },
    });
    const first = await screen.findByLabelText('First name');
    expect(first).toHaveValue('Marta');
    await user.clear(first);
    await user.type(first, 'Marta Jo');
    await user.type(screen.getByLabelText('Mobile number for texts (optional)'), '(212) 555-0147');
    await user.click(screen.getByRole('button', { name: 'Save personal details' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Personal details saved.'));
    expect(api.requestsTo(PERSONAL_DETAILS_PATH, 'PUT')[0]?.body).toEqual({
      firstName: 'Marta Jo',
      lastName: 'Ellison',
      mobilePhone: '(212) 555-0147',
    });
    expect(screen.getByLabelText('Mobile number for texts (optional)')).toHaveValue('+12125550147');
    await expectNoAxeViolations(document.body);
  });

  it('shows the server’s refusal of the number on its field, and a required name', async () => {
    const { api, user } = await render(<PersonalSection />, {
      [`GET ${PERSONAL_DETAILS_PATH}`]: () => jsonResponse(PERSONAL),
      [`PUT ${PERSONAL_DETAILS_PATH}`]: () => fieldError('body.mobilePhone', 'phone.invalid'),
    });
    await user.clear(await screen.findByLabelText('Last name'));
    await user.click(screen.getByRole('button', { name: 'Save personal details' }));
    expect(await screen.findByText('Enter your last name.')).toBeInTheDocument();
    expect(api.requestsTo(PERSONAL_DETAILS_PATH, 'PUT')).toHaveLength(0);
    await user.type(screen.getByLabelText('Last name'), 'Ellison');
    await user.type(screen.getByLabelText('Mobile number for texts (optional)'), '555-01');
    await user.click(screen.getByRole('button', { name: 'Save personal details' }));
    expect(await screen.findByText(/That isn’t a valid phone number/)).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number for texts (optional)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends a confirmation link for a new e-mail address and shows it pending; the address stays', async () => {
    let details = PERSONAL;
    const { api, user } = await render(<PersonalSection />, {
      [`GET ${PERSONAL_DETAILS_PATH}`]: () => jsonResponse(details),
      [`POST ${EMAIL_CHANGE_PATH}`]: (request) => {
        const { email } = request.body as { email: string };
        details = { ...details, pendingEmail: email };
        return jsonResponse({ pendingEmail: email, expiresAt: '2026-11-22T15:00:00.000Z' }, 202);
      },
    });
    await user.type(await screen.findByLabelText('New e-mail address'), 'marta@bakery.example');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('A confirmation link was sent to marta@bakery.example.'),
    );
    expect(api.requestsTo(EMAIL_CHANGE_PATH, 'POST')[0]?.body).toEqual({ email: 'marta@bakery.example' });
    expect(await screen.findByText(/The address changes when that link is opened/)).toBeInTheDocument();
    expect(screen.getByText(PERSONAL.email)).toBeInTheDocument();
  });

  it('changes the language, saved on the server; in Spanish, axe clean', async () => {
    const { api, user } = await render(
      <PersonalSection />,
      {
        [`GET ${PERSONAL_DETAILS_PATH}`]: () => jsonResponse(PERSONAL),
        [`PUT ${LANGUAGE_PATH}`]: () => new Response(null, { status: 204 }),
      },
      'es',
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Datos personales' })).toBeInTheDocument();
    await expectNoAxeViolations(document.body);
    await user.click(screen.getByRole('radio', { name: 'English' }));
    await waitFor(() => expect(api.requestsTo(LANGUAGE_PATH, 'PUT')[0]?.body).toEqual({ language: 'en' }));
    // said in the language of the moment of the choice (the page switches as it is saved)
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/Language saved\.|Idioma guardado\./));
  });
});

describe('Company details', () => {
  it('focuses its title when asked (goToCompany), saves the details, and shows the service address read-only', async () => {
    const { api, user } = await render(<CompanySection focusOnOpen />, {
      [`GET ${COMPANY_DETAILS_PATH}`]: () => jsonResponse(COMPANY),
      [`PUT ${COMPANY_DETAILS_PATH}`]: (request) =>
        jsonResponse({ ...COMPANY, ...(request.body as object), businessPhone: '+12125550199' }),
    });
    const title = await screen.findByRole('heading', { level: 2, name: 'Company details' });
    await waitFor(() => expect(title).toHaveFocus());
    expect(screen.getByText('12 Wharf St', { exact: false })).toBeInTheDocument();
    expect(screen.getByText(/a move is an order by phone/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Service address')).toBeNull();
    await user.type(screen.getByLabelText('Business phone'), '212-555-0199');
    await user.type(screen.getByLabelText('Billing contact name'), 'Dana Reyes');
    await user.type(screen.getByLabelText('Billing contact e-mail'), 'ap@harborcoffee.example');
    await user.click(screen.getByRole('button', { name: 'Save company details' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Company details saved.'));
    expect(api.requestsTo(COMPANY_DETAILS_PATH, 'PUT')[0]?.body).toEqual({
      displayName: 'Harbor Coffee Co.',
      businessPhone: '212-555-0199',
      billingContactName: 'Dana Reyes',
      billingContactEmail: 'ap@harborcoffee.example',
    });
    await expectNoAxeViolations(document.body);
  });
});

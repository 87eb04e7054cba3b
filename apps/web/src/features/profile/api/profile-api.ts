import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  COMPANY_DETAILS_PATH,
  type CompanyDetails,
  type CompanyDetailsRequest,
  CompanyDetailsSchema,
  EMAIL_CHANGE_PATH,
  type EmailChangeResponse,
  EmailChangeResponseSchema,
  LANGUAGE_PATH,
  type Locale,
  PERSONAL_DETAILS_PATH,
  type PersonalDetails,
  type PersonalDetailsRequest,
  PersonalDetailsSchema,
} from '@vireo/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type { CompanyDetails, PersonalDetails };

/** Query keys of the profile sections (no other feature reads them). */
export const profileKeys = {
  all: ['profile'] as const,
  personal: () => [...profileKeys.all, 'personal'] as const,
  company: () => [...profileKeys.all, 'company'] as const,
};

export function usePersonalDetails() {
  return useQuery(
    queryOptions({
      queryKey: profileKeys.personal(),
      queryFn: ({ signal }) => apiRequest(PERSONAL_DETAILS_PATH, { schema: PersonalDetailsSchema, signal }),
    }),
  );
}

export function savePersonalDetails(request: PersonalDetailsRequest): Promise<PersonalDetails> {
  return apiRequest(PERSONAL_DETAILS_PATH, { method: 'PUT', body: request, schema: PersonalDetailsSchema });
}

/** Sends a confirmation link to the new address (and a notice to the current one); nothing changes until it is opened. */
export function requestEmailChange(email: string): Promise<EmailChangeResponse> {
  return apiRequest(EMAIL_CHANGE_PATH, { method: 'POST', body: { email }, schema: EmailChangeResponseSchema });
}

/** The language the portal's e-mails, texts, PDFs and CSV files follow (audited on the server). */
export async function saveLanguage(language: Locale): Promise<void> {
  await apiRequest(LANGUAGE_PATH, { method: 'PUT', body: { language }, schema: z.unknown() });
}

export function useCompanyDetails() {
  return useQuery(
    queryOptions({
      queryKey: profileKeys.company(),
      queryFn: ({ signal }) => apiRequest(COMPANY_DETAILS_PATH, { schema: CompanyDetailsSchema, signal }),
    }),
  );
}

export function saveCompanyDetails(request: CompanyDetailsRequest): Promise<CompanyDetails> {
  return apiRequest(COMPANY_DETAILS_PATH, { method: 'PUT', body: request, schema: CompanyDetailsSchema });
}

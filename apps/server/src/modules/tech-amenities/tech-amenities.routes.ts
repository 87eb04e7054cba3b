import {
  AgreementDocumentQuerySchema,
  AgreementResponseSchema,
  AllPropertiesRampLedgerSchema,
  AppError,
  COMMUNITY_BRAND_NAME,
  type FlagName,
  localeOf,
  PropertyRampLedgerSchema,
  TECH_AMENITIES_AGREEMENT_DOCUMENT_PATH,
  TECH_AMENITIES_AGREEMENT_PATH,
  TECH_AMENITIES_PROPERTY_RAMP_LEDGER_PATH,
  TECH_AMENITIES_RAMP_LEDGER_PATH,
} from '@vireo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth';
import { renderAgreementDocument } from './agreement-document';

const tags = ['community'];

/**
 * Contract details and the ramp ledger (issue 22 item 6, wider-portal.md §10), read-only, for every user of an account
 * with a bulk agreement (`community.view`): the agreement, its PDF (in the user's language, or `?lang=`), the ramp
 * ledger of all properties and of one; another account's property is 404.
 */
export const techAmenitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { techAmenities, identity, flags } = app.portal.services;
  /**
   * The flags gate the API as they gate the pages (spec §2.3, wider-portal.md §10): the contract details behind
   * `techAmenitiesPropertyHome`, the ramp ledger behind `techAmenitiesMfe` (both off in production by default); off,
   * the routes are not there (404), after the sign-in and access checks.
   */
  const behind = (name: FlagName) => async () => {
    if (!(await flags.isEnabled(name, app.portal.environment))) throw new AppError('NOT_FOUND', `${name} is off`);
  };
  const contractDetails = behind('techAmenitiesPropertyHome');
  const rampLedger = behind('techAmenitiesMfe');

  app.get(
    TECH_AMENITIES_AGREEMENT_PATH,
    {
      schema: { tags, response: { 200: AgreementResponseSchema } },
      config: { access: 'community.view' },
      preHandler: contractDetails,
    },
    async (request) => ({ agreement: (await techAmenities.agreement(authOf(request).accountId)).agreement }),
  );

  app.get(
    TECH_AMENITIES_AGREEMENT_DOCUMENT_PATH,
    {
      schema: { tags, querystring: AgreementDocumentQuerySchema },
      config: { access: 'community.view' },
      preHandler: contractDetails,
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { agreement, companyName, accountNumber, timeZone } = await techAmenities.agreement(auth.accountId);
      if (!agreement) throw new AppError('NOT_FOUND', 'agreement');
      const language = request.query.lang ?? localeOf((await identity.profile(auth)).language);
      const pdf = await renderAgreementDocument(
        {
          agreement,
          brand: COMMUNITY_BRAND_NAME,
          companyName,
          accountLast4: accountNumber.slice(-4),
          issuedAt: app.portal.clock.now(),
          timeZone,
        },
        language,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="bulk-agreement-${agreement.reference}.pdf"`)
        .send(pdf);
    },
  );

  app.get(
    TECH_AMENITIES_RAMP_LEDGER_PATH,
    {
      schema: { tags, response: { 200: AllPropertiesRampLedgerSchema } },
      config: { access: 'community.view' },
      preHandler: rampLedger,
    },
    async (request) => techAmenities.allPropertiesLedger(authOf(request).accountId),
  );

  app.get(
    TECH_AMENITIES_PROPERTY_RAMP_LEDGER_PATH,
    {
      schema: { tags, params: z.object({ propertyId: z.uuid() }), response: { 200: PropertyRampLedgerSchema } },
      config: { access: 'community.view' },
      preHandler: rampLedger,
    },
    async (request) => techAmenities.propertyLedger(authOf(request).accountId, request.params.propertyId),
  );
};

import {
  BusinessHoursRequestSchema,
  BusinessHoursSchema,
  ContactPreferencesRequestSchema,
  ContactPreferencesSchema,
  HoursExceptionRequestSchema,
  HoursExceptionSchema,
  HoursExceptionsPageSchema,
  HoursExceptionsQuerySchema,
  PROPERTY_CONTACT_PATH,
  PROPERTY_CONTACT_PREFERENCES_PATH,
  PROPERTY_CONTACTS_PATH,
  PROPERTY_HOURS_EXCEPTION_PATH,
  PROPERTY_HOURS_EXCEPTIONS_PATH,
  PROPERTY_HOURS_PATH,
  PROPERTY_NAMES_PATH,
  PropertyContactRequestSchema,
  PropertyContactSchema,
  PropertyContactsSchema,
  PropertyNamesSchema,
} from '@vireo/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth';
import type { SettingsActor } from './business-hours.service';

const tags = ['community'];
const view = { access: 'community.view' } as const;
const manage = { access: 'community.manage' } as const;
const property = z.object({ propertyId: z.uuid() });
const exception = property.extend({ exceptionId: z.uuid() });
const contact = property.extend({ contactId: z.uuid() });

/**
 * A community property's settings (issue 22 item 5, wider-portal.md §10): business hours and their exceptions,
 * contacts, contact preferences. Every user of an account with a bulk agreement reads them (`community.view`), its
 * admin group changes them (`community.manage`); another account's property, exception or contact is 404. Nothing
 * here moves money: no Idempotency-Key (a repeated PUT saves the same; a repeated POST adds a second exception that the
 * overlap rule refuses, or a second contact the manager sees and can remove).
 */
export const propertySettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { businessHours, propertyContacts } = app.portal.services;
  const actor = (request: FastifyRequest): SettingsActor => {
    const auth = authOf(request);
    return { userId: auth.userId, accountId: auth.accountId };
  };

  app.get(
    PROPERTY_NAMES_PATH,
    { schema: { tags, response: { 200: PropertyNamesSchema } }, config: view },
    async (request) =>
      businessHours.propertyNames(actor(request), authOf(request).capabilities.includes('community.manage')),
  );

  app.get(
    PROPERTY_HOURS_PATH,
    { schema: { tags, params: property, response: { 200: BusinessHoursSchema } }, config: view },
    async (request) => businessHours.hours(actor(request), request.params.propertyId),
  );
  app.put(
    PROPERTY_HOURS_PATH,
    {
      schema: { tags, params: property, body: BusinessHoursRequestSchema, response: { 200: BusinessHoursSchema } },
      config: manage,
    },
    async (request) => businessHours.setHours(actor(request), request.params.propertyId, request.body),
  );

  app.get(
    PROPERTY_HOURS_EXCEPTIONS_PATH,
    {
      schema: {
        tags,
        params: property,
        querystring: HoursExceptionsQuerySchema,
        response: { 200: HoursExceptionsPageSchema },
      },
      config: view,
    },
    async (request) => businessHours.exceptions(actor(request), request.params.propertyId, request.query),
  );
  app.post(
    PROPERTY_HOURS_EXCEPTIONS_PATH,
    {
      schema: { tags, params: property, body: HoursExceptionRequestSchema, response: { 201: HoursExceptionSchema } },
      config: manage,
    },
    async (request, reply) =>
      reply.code(201).send(await businessHours.addException(actor(request), request.params.propertyId, request.body)),
  );
  app.put(
    PROPERTY_HOURS_EXCEPTION_PATH,
    {
      schema: { tags, params: exception, body: HoursExceptionRequestSchema, response: { 200: HoursExceptionSchema } },
      config: manage,
    },
    async (request) =>
      businessHours.updateException(
        actor(request),
        request.params.propertyId,
        request.params.exceptionId,
        request.body,
      ),
  );
  app.delete(
    PROPERTY_HOURS_EXCEPTION_PATH,
    { schema: { tags, params: exception }, config: manage },
    async (request, reply) => {
      await businessHours.removeException(actor(request), request.params.propertyId, request.params.exceptionId);
      return reply.code(204).send();
    },
  );

  app.get(
    PROPERTY_CONTACTS_PATH,
    { schema: { tags, params: property, response: { 200: PropertyContactsSchema } }, config: view },
    async (request) => propertyContacts.contacts(actor(request), request.params.propertyId),
  );
  app.post(
    PROPERTY_CONTACTS_PATH,
    {
      schema: { tags, params: property, body: PropertyContactRequestSchema, response: { 201: PropertyContactSchema } },
      config: manage,
    },
    async (request, reply) =>
      reply.code(201).send(await propertyContacts.addContact(actor(request), request.params.propertyId, request.body)),
  );
  app.put(
    PROPERTY_CONTACT_PATH,
    {
      schema: { tags, params: contact, body: PropertyContactRequestSchema, response: { 200: PropertyContactSchema } },
      config: manage,
    },
    async (request) =>
      propertyContacts.updateContact(actor(request), request.params.propertyId, request.params.contactId, request.body),
  );
  app.delete(PROPERTY_CONTACT_PATH, { schema: { tags, params: contact }, config: manage }, async (request, reply) => {
    await propertyContacts.removeContact(actor(request), request.params.propertyId, request.params.contactId);
    return reply.code(204).send();
  });

  app.get(
    PROPERTY_CONTACT_PREFERENCES_PATH,
    { schema: { tags, params: property, response: { 200: ContactPreferencesSchema } }, config: view },
    async (request) => propertyContacts.preferences(actor(request), request.params.propertyId),
  );
  app.put(
    PROPERTY_CONTACT_PREFERENCES_PATH,
    {
      schema: {
        tags,
        params: property,
        body: ContactPreferencesRequestSchema,
        response: { 200: ContactPreferencesSchema },
      },
      config: manage,
    },
    async (request) => propertyContacts.setPreferences(actor(request), request.params.propertyId, request.body),
  );
};

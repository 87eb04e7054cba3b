import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ContactPreferences,
  type ContactPreferencesRequest,
  ContactPreferencesSchema,
  PROPERTY_CONTACT_PATH,
  PROPERTY_CONTACT_PREFERENCES_PATH,
  PROPERTY_CONTACTS_PATH,
  type PropertyContact,
  type PropertyContactRequest,
  PropertyContactSchema,
  PropertyContactsSchema,
} from '@vireo/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { propertySettingsKeys, settingsPath } from './property-settings-keys';

export type { ContactPreferences, PropertyContact };

/** A property's contacts, by name (at most PROPERTY_CONTACTS_MAX: one read). */
export function usePropertyContacts(propertyId: string) {
  return useQuery(
    queryOptions({
      queryKey: propertySettingsKeys.contacts(propertyId),
      queryFn: ({ signal }) =>
        apiRequest(settingsPath(PROPERTY_CONTACTS_PATH, { propertyId }), { schema: PropertyContactsSchema, signal }),
    }),
  );
}

/** Adds a contact (`contactId` null) or changes one. */
export function savePropertyContact(
  propertyId: string,
  contactId: string | null,
  request: PropertyContactRequest,
): Promise<PropertyContact> {
  return contactId === null
    ? apiRequest(settingsPath(PROPERTY_CONTACTS_PATH, { propertyId }), {
        method: 'POST',
        body: request,
        schema: PropertyContactSchema,
      })
    : apiRequest(settingsPath(PROPERTY_CONTACT_PATH, { propertyId, contactId }), {
        method: 'PUT',
        body: request,
        schema: PropertyContactSchema,
      });
}

export async function removePropertyContact(propertyId: string, contactId: string): Promise<void> {
  await apiRequest(settingsPath(PROPERTY_CONTACT_PATH, { propertyId, contactId }), {
    method: 'DELETE',
    schema: z.unknown(),
  });
}

/** The contacts with every notice choice of the property. */
export function useContactPreferences(propertyId: string) {
  return useQuery(
    queryOptions({
      queryKey: propertySettingsKeys.preferences(propertyId),
      queryFn: ({ signal }) =>
        apiRequest(settingsPath(PROPERTY_CONTACT_PREFERENCES_PATH, { propertyId }), {
          schema: ContactPreferencesSchema,
          signal,
        }),
    }),
  );
}

export function saveContactPreferences(
  propertyId: string,
  request: ContactPreferencesRequest,
): Promise<ContactPreferences> {
  return apiRequest(settingsPath(PROPERTY_CONTACT_PREFERENCES_PATH, { propertyId }), {
    method: 'PUT',
    body: request,
    schema: ContactPreferencesSchema,
  });
}

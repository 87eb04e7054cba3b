/** Query keys of the property settings pages (issue 22 item 5); no other feature reads them. */
export const propertySettingsKeys = {
  all: ['propertySettings'] as const,
  names: () => [...propertySettingsKeys.all, 'names'] as const,
  hours: (propertyId: string) => [...propertySettingsKeys.all, 'hours', propertyId] as const,
  exceptions: (propertyId: string, when: 'upcoming' | 'past') =>
    [...propertySettingsKeys.all, 'exceptions', propertyId, when] as const,
  contacts: (propertyId: string) => [...propertySettingsKeys.all, 'contacts', propertyId] as const,
  preferences: (propertyId: string) => [...propertySettingsKeys.all, 'preferences', propertyId] as const,
};

/** A path of the settings with its property (and item) ids put in. */
export function settingsPath(path: string, ids: { propertyId: string; exceptionId?: string; contactId?: string }) {
  return path
    .replace(':propertyId', encodeURIComponent(ids.propertyId))
    .replace(':exceptionId', encodeURIComponent(ids.exceptionId ?? ''))
    .replace(':contactId', encodeURIComponent(ids.contactId ?? ''));
}

/**
 * The property settings pages (issue 22 item 5, wider-portal.md §10) as one lazy module: business hours, property
 * contacts and contact preferences share their frame (the property picker), words and API, so one chunk and one
 * message slice serve the three routes (route-table.ts).
 */
export { BusinessHoursPage } from './business-hours-page';
export { ContactPreferencesPage } from './contact-preferences-page';
export { PropertyContactsPage } from './property-contacts-page';

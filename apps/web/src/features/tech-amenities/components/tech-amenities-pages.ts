/**
 * Contract details and the tech amenities (issue 22 item 6, wider-portal.md §10) as one lazy module: the overview
 * (`/manage`, `/tech-amenities-stub`), the ramp ledger of one property and of all, and the contract share their words
 * and API, so one chunk and one message slice serve the five routes (route-table.ts).
 */
export { ContractDetailsPage } from './contract-details-page';
export { ManagePropertiesPage, TechAmenitiesPage } from './overview-page';
export { AllPropertiesRampPage, PropertyRampPage } from './ramp-pages';

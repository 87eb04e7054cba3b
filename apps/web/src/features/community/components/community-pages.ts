/**
 * The community pages (issue 22 items 2-3, wider-portal.md §10) as one lazy module: the portfolio and a property's
 * units share their words and API, so one chunk and one message slice serve both routes (route-table.ts).
 */
export { PortfolioPage } from './portfolio-page';
export { PropertyUnitsPage } from './property-units-page';
export { UnitPage } from './unit-page';

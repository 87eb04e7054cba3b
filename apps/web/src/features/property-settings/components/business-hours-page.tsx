import { ExceptionsSection } from './exceptions-section';
import { SettingsFrame } from './settings-frame';
import { WeekSection } from './week-form';

/**
 * `/manage-business-hours` (spec §2.1; issue 22 item 5, wider-portal.md §10): a property's weekly hours and its
 * holidays and closures, which the visit windows offered at its address follow (site access). Read by every user of
 * the community account, changed by its admins.
 */
export function BusinessHoursPage() {
  return (
    <SettingsFrame path="/manage-business-hours" titleId="pages.businessHours" introId="propertySettings.hours.intro">
      {({ property, canManage }) => (
        <>
          <WeekSection propertyId={property.id} canManage={canManage} />
          <ExceptionsSection propertyId={property.id} canManage={canManage} />
        </>
      )}
    </SettingsFrame>
  );
}

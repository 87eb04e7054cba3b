import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { SelectField } from '../../../components/form/select-field';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { CARD, PAGE, PAGE_TITLE, SECTION_TITLE } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import type { MessageId } from '../../../messages';
import { type PropertyNames, usePropertyNames } from '../api/get-property-names';

/** The three pages (spec §2.1 paths), each with the property in its address (`?propertyId=`). */
export type SettingsPath = '/manage-business-hours' | '/manage-property-contacts' | '/property-contact-preferences';

export type ChosenProperty = {
  property: PropertyNames['properties'][number];
  timeZone: string;
  canManage: boolean;
};

/**
 * The frame of a property settings page (issue 22 item 5, wider-portal.md §10): its title and intro, a labelled
 * property picker (the property in the address, so a reload or a shared link keeps it; none or an unknown one: the
 * first), then the page's part for the chosen property, keyed by it so nothing of one property's form stays on
 * another's. The route table gives the page its access (`community.view`).
 */
export function SettingsFrame({
  path,
  titleId,
  introId,
  children,
}: {
  path: SettingsPath;
  titleId: MessageId;
  introId: MessageId;
  children: (chosen: ChosenProperty) => ReactNode;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { propertyId } = useSearch({ strict: false }) as { propertyId?: string };
  const names = usePropertyNames();
  const list = names.data?.properties ?? [];
  const property = list.find((each) => each.id === propertyId) ?? list[0];
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: titleId })}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{intl.formatMessage({ id: introId })}</p>
      <div className="mt-6 space-y-6">
        {names.isError ? (
          <ErrorNotice
            titleId="propertySettings.errors.load.title"
            bodyId="propertySettings.errors.load.body"
            onRetry={() => void names.refetch()}
            isRetrying={names.isFetching}
          />
        ) : !names.data ? (
          <ListSkeleton rows={3} label={intl.formatMessage({ id: 'propertySettings.loading' })} />
        ) : !property ? (
          <div className={CARD}>
            <h2 className={SECTION_TITLE}>{intl.formatMessage({ id: 'propertySettings.empty.title' })}</h2>
            <p className="mt-2 text-ink">{intl.formatMessage({ id: 'propertySettings.empty.body' })}</p>
          </div>
        ) : (
          <>
            <SelectField
              label={intl.formatMessage({ id: 'propertySettings.property' })}
              options={list.map((each) => ({ value: each.id, label: each.name }))}
              value={property.id}
              onChange={(value) => void navigate({ to: path, search: { propertyId: value } })}
            />
            {names.data.canManage ? null : (
              <p className="text-ink-muted">{intl.formatMessage({ id: 'propertySettings.readOnly' })}</p>
            )}
            <div key={property.id} className="space-y-6">
              {children({ property, timeZone: names.data.timeZone, canManage: names.data.canManage })}
            </div>
          </>
        )}
      </div>
    </div>
  );
}

/** A section's load failure, with a retry. */
export function LoadFailure({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  return (
    <ErrorNotice
      titleId="propertySettings.errors.load.title"
      bodyId="propertySettings.errors.load.body"
      onRetry={onRetry}
      isRetrying={isRetrying}
    />
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROPERTY_CONTACTS_MAX } from '@vireo/shared';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { CARD, PRIMARY_BUTTON, SECONDARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import type { MessageId } from '../../../messages';
import { type PropertyContact, removePropertyContact, usePropertyContacts } from '../api/contacts-api';
import { propertySettingsKeys } from '../api/property-settings-keys';
import { LANGUAGE_NAMES, ROLE_NAMES } from '../utils/settings-words';
import { ContactForm } from './contact-form';
import { LoadFailure, SettingsFrame } from './settings-frame';

type Editing = { contact: PropertyContact | null } | null;

/**
 * A property's contacts (wider-portal.md §10): name, role, phone, e-mail and language in a table; a manager adds one
 * (at most PROPERTY_CONTACTS_MAX), changes or removes one (confirmed: its notice choices go with it).
 */
function ContactsSection({ propertyId, canManage }: { propertyId: string; canManage: boolean }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<PropertyContact | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const contacts = usePropertyContacts(propertyId);
  const remove = useMutation({ mutationFn: (id: string) => removePropertyContact(propertyId, id) });
  const list = contacts.data?.contacts ?? [];
  const t = (id: MessageId) => intl.formatMessage({ id });
  const columns = [
    { label: intl.formatMessage({ id: 'propertySettings.contact.name' }) },
    { label: intl.formatMessage({ id: 'propertySettings.contact.role' }) },
    { label: intl.formatMessage({ id: 'propertySettings.contact.phone' }) },
    { label: intl.formatMessage({ id: 'propertySettings.contact.email' }) },
    { label: intl.formatMessage({ id: 'propertySettings.contact.language' }) },
    ...(canManage ? [{ label: intl.formatMessage({ id: 'propertySettings.actions' }) }] : []),
  ];
  const label = (index: number) => columns[index]?.label ?? '';
  return (
    <section aria-labelledby={headingId} className={`${CARD} space-y-4`}>
      <h2 id={headingId} className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'propertySettings.contact.title' })}
      </h2>
      <p role="status" className="font-semibold text-ink empty:hidden">
        {announcement}
      </p>
      {canManage && editing === null && list.length < PROPERTY_CONTACTS_MAX && contacts.data ? (
        <button type="button" className={PRIMARY_BUTTON} onClick={() => setEditing({ contact: null })}>
          {intl.formatMessage({ id: 'propertySettings.contact.add' })}
        </button>
      ) : null}
      {editing ? (
        <ContactForm
          propertyId={propertyId}
          contact={editing.contact}
          onDone={(saved) => {
            setEditing(null);
            if (saved)
              setAnnouncement(intl.formatMessage({ id: 'propertySettings.contact.saved' }, { name: saved.name }));
          }}
        />
      ) : null}
      {remove.isError ? (
        <ErrorPanel
          titleId="propertySettings.errors.save.title"
          bodyId="propertySettings.errors.save.body"
          headingLevel={3}
        />
      ) : null}
      {contacts.isError ? (
        <LoadFailure onRetry={() => void contacts.refetch()} isRetrying={contacts.isFetching} />
      ) : !contacts.data ? (
        <ListSkeleton rows={3} label={intl.formatMessage({ id: 'propertySettings.loading' })} />
      ) : list.length === 0 ? (
        <p className="text-ink">{intl.formatMessage({ id: 'propertySettings.contact.none' })}</p>
      ) : (
        <ResponsiveTable
          caption={intl.formatMessage(
            { id: 'propertySettings.contact.caption' },
            { name: contacts.data.property.name },
          )}
          columns={columns}
        >
          {list.map((contact) => (
            <ResponsiveRow key={contact.id}>
              <ResponsiveCell label={label(0)}>{contact.name}</ResponsiveCell>
              <ResponsiveCell label={label(1)}>{t(ROLE_NAMES[contact.role])}</ResponsiveCell>
              <ResponsiveCell label={label(2)}>{contact.phone ?? t('propertySettings.contact.noPhone')}</ResponsiveCell>
              <ResponsiveCell label={label(3)}>{contact.email}</ResponsiveCell>
              <ResponsiveCell label={label(4)}>{t(LANGUAGE_NAMES[contact.language])}</ResponsiveCell>
              {canManage ? (
                <ResponsiveCell label={label(5)}>
                  <span className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className={SECONDARY_BUTTON}
                      aria-label={intl.formatMessage({ id: 'propertySettings.contact.editOf' }, { name: contact.name })}
                      onClick={() => setEditing({ contact })}
                    >
                      {t('propertySettings.edit')}
                    </button>
                    <button
                      type="button"
                      className={SECONDARY_BUTTON}
                      aria-label={intl.formatMessage(
                        { id: 'propertySettings.contact.removeOf' },
                        { name: contact.name },
                      )}
                      onClick={() => setRemoving(contact)}
                    >
                      {t('propertySettings.remove')}
                    </button>
                  </span>
                </ResponsiveCell>
              ) : null}
            </ResponsiveRow>
          ))}
        </ResponsiveTable>
      )}
      <ConfirmDialog
        isOpen={removing !== null}
        title={intl.formatMessage({ id: 'propertySettings.contact.removeTitle' })}
        confirmLabel={t('propertySettings.remove')}
        cancelLabel={t('propertySettings.cancel')}
        isPending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const target = removing;
          if (!target) return;
          remove.mutate(target.id, {
            onSuccess: () => {
              void queryClient.invalidateQueries({ queryKey: propertySettingsKeys.contacts(propertyId) });
              void queryClient.invalidateQueries({ queryKey: propertySettingsKeys.preferences(propertyId) });
              setAnnouncement(intl.formatMessage({ id: 'propertySettings.contact.removed' }, { name: target.name }));
            },
            onSettled: () => setRemoving(null),
          });
        }}
      >
        <p>
          {removing
            ? intl.formatMessage(
                { id: 'propertySettings.contact.removeBody' },
                { name: removing.name, property: contacts.data?.property.name ?? '' },
              )
            : null}
        </p>
      </ConfirmDialog>
    </section>
  );
}

/** `/manage-property-contacts` (spec §2.1; issue 22 item 5, wider-portal.md §10). */
export function PropertyContactsPage() {
  return (
    <SettingsFrame
      path="/manage-property-contacts"
      titleId="pages.propertyContacts"
      introId="propertySettings.contact.intro"
    >
      {({ property, canManage }) => <ContactsSection propertyId={property.id} canManage={canManage} />}
    </SettingsFrame>
  );
}

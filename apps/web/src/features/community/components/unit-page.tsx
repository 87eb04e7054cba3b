import { Link, useParams } from '@tanstack/react-router';
import { AppError, LOCALES, type Locale, type UnitConflict, type WifiChannel } from '@vireo/shared';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { RadioGroup } from '../../../components/form/radio-group';
import { SelectField } from '../../../components/form/select-field';
import { errorCode } from '../../../components/ui/api-errors';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import {
  BADGE,
  CARD,
  PAGE,
  PAGE_TITLE,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
  SECTION_TITLE,
  TEXT_LINK,
  WARNING,
} from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { formatCalendarDate } from '../../../lib/dates';
import { formatPhoneNumber } from '../../../lib/formatters';
import type { MessageId } from '../../../messages';
import { type UnitDetail, useUnit } from '../api/get-unit';
import { useSendWifi, useSetUnitAccess } from '../api/unit-changes';
import { ACCESS_BADGES } from '../utils/community-words';
import { ResidentForm } from './resident-form';

/** A refused change's reason (409 `details.reason`) in words. */
const CONFLICT_WORDS: Record<UnitConflict, MessageId> = {
  notActivated: 'community.unit.conflict.notActivated',
  noResident: 'community.unit.conflict.noResident',
  noDestination: 'community.unit.conflict.noDestination',
  accessSuspended: 'community.unit.conflict.accessSuspended',
};

/** What a failed change says: the conflict's reason, the network not answering, or that it did not work. */
function problemOf(error: unknown, failed: MessageId): MessageId {
  const code = errorCode(error);
  if (code === 'CONFLICT' && AppError.is(error)) {
    const reason = error.details?.reason as UnitConflict | undefined;
    return (reason && CONFLICT_WORDS[reason]) ?? failed;
  }
  if (code === 'SERVICE_UNAVAILABLE') return 'community.unit.unavailable';
  if (code === 'NOT_FOUND') return 'community.unit.gone';
  return failed;
}

/**
 * `/community/units/$unitId` (issue 22 item 3, wider-portal.md §10; our address): one unit, its resident and lease,
 * its service access, and for a manager (`canManage`) the three changes: the resident edited (or a new one moved in),
 * access suspended or restored (confirmed first), the Wi-Fi details sent to the resident by e-mail or text.
 */
export function UnitPage() {
  const intl = useIntl();
  const { unitId } = useParams({ from: '/community/units/$unitId' });
  const unit = useUnit(unitId);
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  if (unit.isError && !unit.data) {
    return (
      <div className={PAGE}>
        <h1 className={PAGE_TITLE}>{t('pages.communityUnit')}</h1>
        <div className="mt-6">
          <ErrorNotice
            titleId="community.unit.errors.load.title"
            bodyId="community.unit.errors.load.body"
            onRetry={() => void unit.refetch()}
            isRetrying={unit.isFetching}
          />
        </div>
      </div>
    );
  }
  if (!unit.data) {
    return (
      <div className={PAGE}>
        <ListSkeleton rows={4} label={t('community.unit.loading')} />
      </div>
    );
  }
  const detail = unit.data;
  return (
    <div className={PAGE}>
      <p>
        <Link to="/community/properties/$propertyId" params={{ propertyId: detail.property.id }} className={TEXT_LINK}>
          <span aria-hidden="true">← </span>
          {t('community.unit.back', { name: detail.property.name })}
        </Link>
      </p>
      <h1 className={`${PAGE_TITLE} mt-3`}>
        {t('community.unit.title', { number: detail.number, name: detail.property.name })}
      </h1>
      <div className="mt-6 grid gap-6">
        <ResidentSection unit={detail} />
        {detail.nextResident ? <ResidentSection unit={detail} next /> : null}
        <AccessSection unit={detail} />
        {detail.canManage && detail.resident ? <WifiSection unit={detail} /> : null}
      </div>
    </div>
  );
}

/**
 * The unit's resident, or (`next`) the one entered ahead to follow them: their details, and for a manager the form
 * that edits them (the same request: the server reads a move-in after the current move-out as the next tenancy).
 */
function ResidentSection({ unit, next = false }: { unit: UnitDetail; next?: boolean }) {
  const intl = useIntl();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const t = (id: MessageId) => intl.formatMessage({ id });
  const resident = next ? unit.nextResident : unit.resident;
  const id = next ? 'unit-next-resident' : 'unit-resident';
  return (
    <section aria-labelledby={id} className={CARD}>
      <h2 id={id} className={SECTION_TITLE}>
        {t(next ? 'community.unit.nextResident' : 'community.unit.resident')}
      </h2>
      {next && resident ? (
        <p className="mt-2 text-ink">
          {intl.formatMessage(
            { id: 'community.unit.nextResident.body' },
            { date: formatCalendarDate(intl, resident.moveIn) },
          )}
        </p>
      ) : null}
      {editing ? (
        <ResidentForm
          unitId={unit.id}
          resident={resident}
          onDone={(done) => {
            setEditing(false);
            setSaved(done);
          }}
        />
      ) : (
        <>
          {resident ? (
            <dl className="mt-4 grid gap-x-6 gap-y-3 narrow:grid-cols-2">
              <Term label={t('community.resident.name')}>{resident.name}</Term>
              <Term label={t('community.resident.email')}>{resident.email ?? t('community.unit.none')}</Term>
              <Term label={t('community.resident.phone')}>
                {resident.phone ? formatPhoneNumber(resident.phone) : t('community.unit.none')}
              </Term>
              <Term label={t('community.resident.moveIn')}>{formatCalendarDate(intl, resident.moveIn)}</Term>
              <Term label={t('community.resident.moveOut')}>
                {resident.moveOut ? formatCalendarDate(intl, resident.moveOut) : t('community.units.leaseOngoing')}
              </Term>
            </dl>
          ) : (
            <p className="mt-2 text-ink">{t('community.unit.vacant')}</p>
          )}
          {saved ? (
            <p role="status" className="mt-3 text-ink">
              {t('community.resident.saved')}
            </p>
          ) : null}
          {unit.canManage ? (
            <button
              type="button"
              className={`${SECONDARY_BUTTON} mt-4`}
              onClick={() => {
                setSaved(false);
                setEditing(true);
              }}
            >
              {t(
                next ? 'community.resident.editNext' : resident ? 'community.resident.edit' : 'community.resident.add',
              )}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}

function Term({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="font-semibold text-ink">{label}</dt>
      <dd className="text-ink">{children}</dd>
    </div>
  );
}

function AccessSection({ unit }: { unit: UnitDetail }) {
  const intl = useIntl();
  const change = useSetUnitAccess(unit.id);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<MessageId | null>(null);
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const badge = ACCESS_BADGES[unit.access];
  const next = unit.access === 'active' ? 'suspended' : 'active';
  const verb = unit.access === 'active' ? 'suspend' : 'restore';
  return (
    <section aria-labelledby="unit-access" className={CARD}>
      <h2 id="unit-access" className={SECTION_TITLE}>
        {t('community.unit.access')}
      </h2>
      <p className="mt-2">
        <span className={`${BADGE} ${badge.className}`}>{t(badge.id)}</span>
      </p>
      <p className="mt-2 text-ink">{t(`community.unit.access.${unit.access}`)}</p>
      {done ? (
        <p role="status" className="mt-3 text-ink">
          {t(done)}
        </p>
      ) : null}
      {change.isError ? (
        <p role="alert" className={`${WARNING} mt-3`}>
          {t(problemOf(change.error, 'community.unit.access.failed'))}
        </p>
      ) : null}
      {unit.canManage && unit.access !== 'inactive' ? (
        <button
          type="button"
          className={`${unit.access === 'active' ? SECONDARY_BUTTON : PRIMARY_BUTTON} mt-4`}
          onClick={() => {
            setDone(null);
            change.reset();
            setConfirming(true);
          }}
        >
          {t(`community.unit.${verb}`)}
        </button>
      ) : null}
      <ConfirmDialog
        isOpen={confirming}
        title={t(`community.unit.${verb}.title`, { number: unit.number })}
        confirmLabel={t(`community.unit.${verb}`)}
        cancelLabel={t('community.resident.cancel')}
        isPending={change.isPending}
        onConfirm={() =>
          change.mutate(next, {
            onSuccess: () => setDone(`community.unit.${verb}.done`),
            onSettled: () => setConfirming(false),
          })
        }
        onCancel={() => setConfirming(false)}
      >
        <p>{t(`community.unit.${verb}.body`, { name: unit.resident?.name ?? unit.number })}</p>
      </ConfirmDialog>
    </section>
  );
}

function WifiSection({ unit }: { unit: UnitDetail }) {
  const intl = useIntl();
  const send = useSendWifi(unit.id);
  const [channel, setChannel] = useState<WifiChannel>(unit.resident?.email ? 'email' : 'text');
  const [language, setLanguage] = useState<Locale>(intl.locale.startsWith('es') ? 'es' : 'en');
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const options = [
    { value: 'email' as const, label: t('community.wifi.email'), disabled: !unit.resident?.email },
    { value: 'text' as const, label: t('community.wifi.text'), disabled: !unit.resident?.phone },
  ];
  return (
    <section aria-labelledby="unit-wifi" className={CARD}>
      <h2 id="unit-wifi" className={SECTION_TITLE}>
        {t('community.wifi.title')}
      </h2>
      <p className="mt-2 text-ink">{t('community.wifi.intro')}</p>
      <form
        className="mt-4 max-w-2xl space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (!send.isPending) send.mutate({ channel, language });
        }}
      >
        <RadioGroup legend={t('community.wifi.channel')} options={options} value={channel} onChange={setChannel} />
        <SelectField
          label={t('community.wifi.language')}
          options={LOCALES.map((each) => ({ value: each, label: t(`community.wifi.language.${each}`) }))}
          value={language}
          onChange={(value) => setLanguage(value as Locale)}
        />
        {send.isSuccess ? (
          <p role="status" className="text-ink">
            {t(`community.wifi.sent.${send.data.channel}`, { to: send.data.sentTo })}
          </p>
        ) : null}
        {send.isError ? (
          <p role="alert" className={WARNING}>
            {t(problemOf(send.error, 'community.wifi.failed'))}
          </p>
        ) : null}
        <button type="submit" className={PRIMARY_BUTTON} aria-disabled={send.isPending || undefined}>
          {t('community.wifi.send')}
        </button>
      </form>
    </section>
  );
}

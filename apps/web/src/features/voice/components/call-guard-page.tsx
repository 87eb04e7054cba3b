import { ALLOWED_NUMBERS_MAX, BLOCKED_NUMBERS_MAX, BLOCKED_PREFIXES_MAX, CALL_GUARD_LEVELS } from '@vireo/shared';
import { useIntl } from 'react-intl';
import { RadioGroup } from '../../../components/form/radio-group';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FormAlerts, FormErrorSummary } from '../../../components/ui/form-alerts';
import { CARD, PRIMARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { type CallGuardSettings, useCallGuard, useCallLogs, useSaveCallGuard, type VoiceLine } from '../api/voice-api';
import { callGuardForDisplay } from '../utils/voice-format';
import { CallTable } from './call-table';
import { EntryList } from './entry-list';
import { LineFrame } from './line-frame';
import { itemErrors, SettingsLoader, useLineSettingsForm } from './line-settings';

/** How many of the latest blocked calls the page shows (the call log has them all). */
const RECENT_BLOCKED = 10;

/**
 * `/services/voice/call-guard` (issue 19 item 8, wider-portal.md §6): per line, the protection level against
 * robocalls (off, label as spam, block), blocked numbers and prefixes, callers who hide their number, numbers always
 * let through, and the latest blocked calls with the reason.
 */
export function CallGuardPage() {
  return (
    <LineFrame titleId="pages.callGuard" introId="voice.guard.intro">
      {(line) => (
        <div className="flex flex-col gap-6">
          <CallGuardEditor line={line} />
          <RecentBlocked line={line} />
        </div>
      )}
    </LineFrame>
  );
}

function CallGuardEditor({ line }: { line: VoiceLine }) {
  const guard = useCallGuard(line.id);
  return <SettingsLoader query={guard}>{(saved) => <CallGuardForm line={line} saved={saved} />}</SettingsLoader>;
}

function CallGuardForm({ line, saved }: { line: VoiceLine; saved: CallGuardSettings }) {
  const intl = useIntl();
  const { settings, errors, outcome, form, onSubmit, pending, change } = useLineSettingsForm({
    lineId: line.id,
    saved,
    display: callGuardForDisplay,
    save: useSaveCallGuard(),
  });
  const list = (name: 'blockedNumbers' | 'blockedPrefixes' | 'allowedNumbers', max: number) => (
    <EntryList
      legend={intl.formatMessage({ id: `voice.guard.${name}.legend` })}
      note={intl.formatMessage({ id: `voice.guard.${name}.note` })}
      values={settings[name]}
      onChange={(values) => change({ [name]: values })}
      max={max}
      kind={name === 'blockedPrefixes' ? 'prefix' : 'number'}
      itemLabel={(position) =>
        intl.formatMessage({ id: name === 'blockedPrefixes' ? 'voice.list.prefix' : 'voice.list.number' }, { position })
      }
      addLabel={intl.formatMessage({
        id: name === 'blockedPrefixes' ? 'voice.list.addPrefix' : 'voice.list.addNumber',
      })}
      error={errors[name]}
      itemErrors={itemErrors(errors, name)}
    />
  );

  return (
    <form ref={form} noValidate aria-labelledby="guard-title" className={CARD} onSubmit={onSubmit}>
      <h2 id="guard-title" className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'voice.guard.title' })}
      </h2>
      <FormAlerts>
        <FormErrorSummary show={Object.keys(errors).length > 0} />
        {outcome === 'failed' ? (
          <p role="alert" className="font-semibold text-danger-700">
            {intl.formatMessage({ id: 'voice.guard.failed' })}
          </p>
        ) : null}
      </FormAlerts>
      <div className="mt-4 flex flex-col gap-6">
        <RadioGroup
          legend={intl.formatMessage({ id: 'voice.guard.level' })}
          options={CALL_GUARD_LEVELS.map((level) => ({
            value: level,
            label: intl.formatMessage({ id: `voice.guard.level.${level}` }),
            description: intl.formatMessage({ id: `voice.guard.level.${level}.note` }),
          }))}
          value={settings.level}
          onChange={(level) => change({ level })}
        />
        <CheckboxField
          label={intl.formatMessage({ id: 'voice.guard.anonymous' })}
          description={intl.formatMessage({ id: 'voice.guard.anonymous.note' })}
          checked={settings.blockAnonymous}
          onChange={(blockAnonymous) => change({ blockAnonymous })}
        />
        {list('blockedNumbers', BLOCKED_NUMBERS_MAX)}
        {list('blockedPrefixes', BLOCKED_PREFIXES_MAX)}
        {list('allowedNumbers', ALLOWED_NUMBERS_MAX)}
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-4">
        <button type="submit" className={PRIMARY_BUTTON} aria-disabled={pending || undefined}>
          {intl.formatMessage({ id: 'voice.guard.save' })}
        </button>
        <p role="status" className="font-semibold text-brand-900">
          {outcome === 'saved' ? intl.formatMessage({ id: 'voice.guard.saved' }) : ''}
        </p>
      </div>
    </form>
  );
}

function RecentBlocked({ line }: { line: VoiceLine }) {
  const intl = useIntl();
  const calls = useCallLogs(line.id, { direction: 'blocked' }, undefined, RECENT_BLOCKED);
  const caption = intl.formatMessage({ id: 'voice.guard.recent' });
  return (
    <section className={CARD} aria-label={caption}>
      {calls.isError ? (
        <ErrorNotice
          headingLevel={2}
          titleId="voice.errors.load.title"
          bodyId="voice.errors.load.body"
          onRetry={() => void calls.refetch()}
          isRetrying={calls.isFetching}
        />
      ) : !calls.data ? (
        <ListSkeleton rows={3} label={intl.formatMessage({ id: 'voice.calls.loading' })} />
      ) : calls.data.items.length === 0 ? (
        <p>{intl.formatMessage({ id: 'voice.guard.recentNone' })}</p>
      ) : (
        <CallTable calls={calls.data.items} caption={caption} busy={calls.isFetching} />
      )}
    </section>
  );
}

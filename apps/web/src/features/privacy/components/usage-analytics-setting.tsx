import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ANALYTICS_RETENTION_DAYS } from '@vireo/shared';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { NOTICE } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { refusalBodyId } from '../../../components/ui/refusal';
import { privacyKeys, savePrivacyChoice, usePrivacySettings } from '../api/privacy-api';

/**
 * What the portal collects and the person's choice (wider-portal.md §11), as the Privacy section of Profile & Settings
 * and the privacy page both show it: a sentence on what is kept, the "Usage analytics" box (page views), saved as soon
 * as it changes, what this browser's events are kept as now, and the Global Privacy Control note when the browser
 * sends it. A failed save puts the box back as the server has it and says so; "Saved" is said in a live region.
 * Its headings (the failures') are h3: it sits under an h2 on both pages.
 */
export function UsageAnalyticsSetting() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const settings = usePrivacySettings();
  const save = useMutation({ mutationFn: savePrivacyChoice });
  const [saved, setSaved] = useState<boolean | null>(null);

  const intro = (
    <p className="max-w-3xl text-ink">
      {intl.formatMessage({ id: 'privacy.collected' }, { days: ANALYTICS_RETENTION_DAYS })}
    </p>
  );
  if (!settings.data) {
    return (
      <div className="space-y-4">
        {intro}
        {settings.isError ? (
          <ErrorNotice
            headingLevel={3}
            titleId="privacy.errors.settings.title"
            bodyId="privacy.errors.tryAgain"
            onRetry={() => void settings.refetch()}
            isRetrying={settings.isFetching}
          />
        ) : (
          <ListSkeleton rows={2} label={intl.formatMessage({ id: 'privacy.loading' })} />
        )}
      </div>
    );
  }

  const current = settings.data;
  // the box shows the choice being saved at once; a failure puts it back as the server has it
  const checked = save.isPending && save.variables ? save.variables.usageAnalytics : current.usageAnalytics;
  const change = (usageAnalytics: boolean) => {
    // one save at a time: a change while one is on its way is ignored (the box keeps focus, and says what is sent)
    if (save.isPending) return;
    setSaved(null);
    save.mutate(
      { usageAnalytics },
      {
        onSuccess: (next) => {
          queryClient.setQueryData(privacyKeys.settings(), next);
          setSaved(next.usageAnalytics);
        },
      },
    );
  };

  return (
    <div className="space-y-4">
      {intro}
      <CheckboxField
        label={<span className="font-semibold">{intl.formatMessage({ id: 'privacy.usage.label' })}</span>}
        description={intl.formatMessage({ id: 'privacy.usage.hint' })}
        checked={checked}
        onChange={change}
      />
      {current.globalPrivacyControl ? (
        <p className={`${NOTICE} max-w-3xl`}>{intl.formatMessage({ id: 'privacy.gpc' })}</p>
      ) : null}
      <p className="max-w-3xl text-ink">
        {intl.formatMessage({
          id: current.collecting === 'all' ? 'privacy.collecting.all' : 'privacy.collecting.operational',
        })}
      </p>
      <p role="status" className="font-semibold text-ink empty:hidden">
        {saved === null ? '' : intl.formatMessage({ id: saved ? 'privacy.saved.on' : 'privacy.saved.off' })}
      </p>
      {save.isError ? (
        <ErrorPanel
          headingLevel={3}
          titleId="privacy.errors.save.title"
          bodyId={refusalBodyId(save.error) ?? 'privacy.errors.save.body'}
        />
      ) : null}
    </div>
  );
}

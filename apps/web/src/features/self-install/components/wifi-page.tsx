import { useNavigate } from '@tanstack/react-router';
import { validateWifiName, validateWifiPassword } from '@vireo/shared';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Form } from '../../../components/form/form';
import { fieldErrorsFor, useForm } from '../../../components/form/use-form';
import { errorCode, fieldErrorsOf } from '../../../components/ui/api-errors';
import { NOTICE, PRIMARY_BUTTON, WARNING } from '../../../components/ui/form-styles';
import { RevealableField } from '../../../components/ui/revealable-field';
import { TextField } from '../../../components/ui/text-field';
import type { MessageId } from '../../../messages';
import { type SelfInstallKit, useSaveWifi } from '../api/self-install-api';
import { useLeaveWarning } from './leave-warning';
import { BackLink, KitGate, NotOnlineYet, SelfInstallFrame } from './self-install-common';

type WifiValues = { networkName: string; password: string };
const FIELDS = ['networkName', 'password'] as const;

/** The server's codes that are zod's own (a length, a pattern) as the field's words; the rules' codes are ids already. */
const SCHEMA_CODES: Record<(typeof FIELDS)[number], Record<string, MessageId>> = {
  networkName: {
    too_small: 'selfInstall.wifi.name.required',
    too_big: 'selfInstall.wifi.name.tooLong',
    invalid_format: 'selfInstall.wifi.name.invalid',
  },
  password: {
    too_small: 'selfInstall.wifi.password.tooShort',
    too_big: 'selfInstall.wifi.password.tooLong',
    invalid_format: 'selfInstall.wifi.password.invalid',
  },
};

function problemOf(error: unknown): MessageId {
  switch (errorCode(error)) {
    case 'SERVICE_UNAVAILABLE':
      return 'selfInstall.wifi.unreachable';
    case 'CONFLICT':
      return 'selfInstall.wifi.notOnline';
    case 'FORBIDDEN':
      return 'selfInstall.adminsOnly';
    default:
      return 'selfInstall.wifi.failed';
  }
}

/** Step 4: the Wi-Fi's name and password, checked here by the shared rules before the gateway is asked. */
export function WifiPage({ speedBump }: { speedBump: boolean }) {
  const intl = useIntl();
  return (
    <SelfInstallFrame
      step={4}
      titleId="selfInstall.wifi.title"
      intro={intl.formatMessage({ id: 'selfInstall.wifi.intro' })}
    >
      <KitGate>
        {(kit) =>
          kit.stage !== 'online' ? (
            <NotOnlineYet messageId="selfInstall.wifi.notOnline" />
          ) : kit.canActivate ? (
            <WifiForm kit={kit} speedBump={speedBump} />
          ) : (
            <p className={`${NOTICE} mt-6 max-w-3xl`}>{intl.formatMessage({ id: 'selfInstall.adminsOnly' })}</p>
          )
        }
      </KitGate>
      <BackLink page="activate" />
    </SelfInstallFrame>
  );
}

function WifiForm({ kit, speedBump }: { kit: SelfInstallKit; speedBump: boolean }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const save = useSaveWifi();
  const [problem, setProblem] = useState<MessageId | null>(null);
  const form = useForm<WifiValues>({
    initial: { networkName: kit.wifiName ?? '', password: '' },
    rules: {
      networkName: (name) => validateWifiName(name),
      password: (password, values) => validateWifiPassword(password, values.networkName),
    },
  });
  const leave = useLeaveWarning({
    speedBump,
    suppressed: false,
    installType: kit.installType,
    unfinished: !save.isSuccess,
    bodyId: 'selfInstall.leave.wifi',
  });

  const onSubmit = () =>
    form.submit((values) => {
      if (save.isPending) return;
      setProblem(null);
      save.mutate(values, {
        onSuccess: () => {
          leave.release();
          void navigate({ to: '/selfinstall/$page', params: { page: 'done' } });
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error).map(({ field, code }) => ({
            field,
            code: (field === 'networkName' || field === 'password' ? SCHEMA_CODES[field][code] : undefined) ?? code,
          }));
          if (fields.length > 0) form.showErrors(fieldErrorsFor<WifiValues>(fields, FIELDS, 'networkName'));
          else setProblem(problemOf(error));
        },
      });
    });

  return (
    <>
      <Form
        form={form}
        onSubmit={onSubmit}
        className="mt-6 max-w-3xl space-y-5"
        alerts={
          problem ? (
            <p role="alert" className={WARNING}>
              {intl.formatMessage({ id: problem })}
            </p>
          ) : null
        }
      >
        <TextField
          {...form.field('networkName')}
          label={intl.formatMessage({ id: 'selfInstall.wifi.nameLabel' })}
          hint={intl.formatMessage({ id: 'selfInstall.wifi.nameHint' })}
          autoComplete="off"
          spellCheck={false}
        />
        <RevealableField
          {...form.field('password')}
          label={intl.formatMessage({ id: 'selfInstall.wifi.passwordLabel' })}
          hint={intl.formatMessage({ id: 'selfInstall.wifi.passwordHint' })}
          showLabel={intl.formatMessage({ id: 'selfInstall.wifi.showPassword' })}
        />
        <button type="submit" className={PRIMARY_BUTTON} aria-disabled={save.isPending || undefined}>
          {intl.formatMessage({ id: 'selfInstall.wifi.save' })}
        </button>
      </Form>
      {leave.dialog}
    </>
  );
}

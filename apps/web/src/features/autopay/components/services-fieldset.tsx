import type { AutoPayScope } from '@vireo/shared';
import type { Ref } from 'react';
import { useIntl } from 'react-intl';
import { CheckboxField, ChoiceGroup } from '../../../components/ui/checkbox-field';
import { SCOPE_NAMES, sortScopes } from '../utils/autopay-scopes';

type ServicesFieldsetProps = {
  available: readonly AutoPayScope[];
  value: readonly AutoPayScope[];
  onChange: (next: AutoPayScope[]) => void;
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
};

/** spec §5: Auto Pay changes apply to the services chosen here; at least one is required. */
export function ServicesFieldset({ available, value, onChange, error, inputRef }: ServicesFieldsetProps) {
  const intl = useIntl();
  const scopes = sortScopes(available);
  return (
    <ChoiceGroup legend={intl.formatMessage({ id: 'autopay.services.legend' })} error={error}>
      {scopes.map((scope, index) => (
        <CheckboxField
          key={scope}
          label={intl.formatMessage({ id: SCOPE_NAMES[scope] })}
          checked={value.includes(scope)}
          onChange={(checked) =>
            onChange(sortScopes(checked ? [...value, scope] : value.filter((chosen) => chosen !== scope)))
          }
          inputRef={index === 0 ? inputRef : undefined}
        />
      ))}
    </ChoiceGroup>
  );
}

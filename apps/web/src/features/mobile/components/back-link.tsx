import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { TEXT_LINK } from '../../../components/ui/form-styles';
import type { AppPath } from '../../../lib/app-path';
import type { MessageId } from '../../../messages';

/** Back to the page a mobile screen belongs to (print-hidden, like the statement's "All statements"). */
export function BackLink({ to, labelId }: { to: AppPath; labelId: MessageId }) {
  const intl = useIntl();
  return (
    // Exact: a parent page is not "the current page" (aria-current) of its children.
    <Link to={to} activeOptions={{ exact: true }} className={`${TEXT_LINK} print:hidden`}>
      <span aria-hidden="true">← </span>
      {intl.formatMessage({ id: labelId })}
    </Link>
  );
}

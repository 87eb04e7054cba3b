import { useIntl } from 'react-intl';
import type { MessageId } from '../../messages';
import { SECONDARY_BUTTON } from './form-styles';

type KeysetPagerProps = {
  /** The accessible name of the pager, e.g. "Statement pages". */
  labelId: MessageId;
  /** The page's cursors (null at either end). */
  previousCursor: string | null;
  nextCursor: string | null;
  onPage: (cursor: string) => void;
  /** A page is on its way: ignore presses until it arrives. */
  isBusy: boolean;
  /** The buttons' words for a list not in time order (e.g. users by name): default Newer / Older. */
  previousLabelId?: MessageId;
  nextLabelId?: MessageId;
};

/**
 * Keyset paging both ways, newest first: Newer takes `previousCursor`, Older `nextCursor`. At either end the button
 * stays focusable but inert (aria-disabled rather than disabled), so focus never falls back to the page.
 */
export function KeysetPager({
  labelId,
  previousCursor,
  nextCursor,
  onPage,
  isBusy,
  previousLabelId,
  nextLabelId,
}: KeysetPagerProps) {
  const intl = useIntl();
  if (previousCursor === null && nextCursor === null) return null;
  const button = (cursor: string | null, id: 'billing.pager.newer' | 'billing.pager.older') => {
    const inert = cursor === null || isBusy;
    const label = (id === 'billing.pager.newer' ? previousLabelId : nextLabelId) ?? id;
    return (
      <button
        type="button"
        aria-disabled={inert || undefined}
        onClick={() => {
          if (!inert && cursor !== null) onPage(cursor);
        }}
        className={SECONDARY_BUTTON}
      >
        {id === 'billing.pager.newer' ? <span aria-hidden="true">←</span> : null}
        {intl.formatMessage({ id: label })}
        {id === 'billing.pager.older' ? <span aria-hidden="true">→</span> : null}
      </button>
    );
  };
  return (
    <nav
      aria-label={intl.formatMessage({ id: labelId })}
      className="mt-4 flex flex-wrap justify-between gap-3 print:hidden"
    >
      {button(previousCursor, 'billing.pager.newer')}
      {button(nextCursor, 'billing.pager.older')}
    </nav>
  );
}

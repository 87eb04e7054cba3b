import { type ReactNode, useId } from 'react';
import { useIntl } from 'react-intl';
import { SECTION_TITLE } from '../../../components/ui/form-styles';
import type { MessageId } from '../../../messages';
import { type ForcedState, ForcedStateWrapper } from './forced-state';

export type SpecimenState =
  | 'default'
  | 'hover'
  | 'focus'
  | 'disabled'
  | 'error'
  | 'loading'
  | 'empty'
  | 'checked'
  | 'readOnly'
  | 'atEnd';

const STATE_LABEL: Record<SpecimenState, MessageId> = {
  default: 'styleGuide.state.default',
  hover: 'styleGuide.state.hover',
  focus: 'styleGuide.state.focus',
  disabled: 'styleGuide.state.disabled',
  error: 'styleGuide.state.error',
  loading: 'styleGuide.state.loading',
  empty: 'styleGuide.state.empty',
  checked: 'styleGuide.state.checked',
  readOnly: 'styleGuide.state.readOnly',
  atEnd: 'styleGuide.state.atEnd',
};

const FORCED: Partial<Record<SpecimenState, ForcedState>> = { hover: 'hover', focus: 'focus' };

/** A section of the style guide: a heading (linked from the contents), a sentence, then its specimens. */
export function GuideSection({
  id,
  titleId,
  bodyId,
  children,
}: {
  id: string;
  titleId: MessageId;
  bodyId: MessageId;
  children: ReactNode;
}) {
  const intl = useIntl();
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className="border-t border-line pt-6">
      <h2 id={headingId} className={SECTION_TITLE}>
        {intl.formatMessage({ id: titleId })}
      </h2>
      <p className="mt-2 max-w-3xl text-ink-muted">{intl.formatMessage({ id: bodyId })}</p>
      <div className="mt-5 space-y-5">{children}</div>
    </section>
  );
}

/** Specimens two by two from 768 px; `wide` ones (tables, whole forms) one per row. */
export function SpecimenGrid({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return <div className={`grid gap-4 ${wide ? '' : 'md:grid-cols-2'}`}>{children}</div>;
}

/**
 * One state of a part, named by its caption. Hover and focus are held (ForcedStateWrapper); the others are the part's
 * own props. A figure, so that a screen reader hears which state the controls inside are shown in.
 */
export function Specimen({ state, children }: { state: SpecimenState; children: ReactNode }) {
  const intl = useIntl();
  const forced = FORCED[state];
  // named by its caption explicitly too: not every accessibility tree reads a figcaption as the figure's name
  const captionId = useId();
  return (
    <figure aria-labelledby={captionId} className="min-w-0 rounded-lg border border-line bg-surface p-4">
      <figcaption id={captionId} className="mb-2 text-sm font-semibold text-ink-muted">
        {intl.formatMessage({ id: STATE_LABEL[state] })}
      </figcaption>
      {forced ? <ForcedStateWrapper state={forced}>{children}</ForcedStateWrapper> : children}
    </figure>
  );
}

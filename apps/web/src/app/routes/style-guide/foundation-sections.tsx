import { useId } from 'react';
import { useIntl } from 'react-intl';
import {
  HINT,
  PAGE_TITLE,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
  SECTION_TITLE,
  STEP_TITLE,
  TEXT_LINK,
} from '../../../components/ui/form-styles';
import { formatMoney } from '../../../lib/formatters';
import { GuideSection, Specimen, SpecimenGrid, type SpecimenState } from './specimen';

/** The colour tokens of styles.css (`--color-*`), by family. */
const COLOR_TOKENS: readonly (readonly string[])[] = [
  ['brand-50', 'brand-100', 'brand-200', 'brand-300', 'brand-500', 'brand-700', 'brand-800', 'brand-900'],
  ['navy-700', 'navy-900', 'ink', 'ink-muted', 'surface', 'surface-muted', 'line', 'line-strong'],
  ['danger-50', 'danger-700', 'warning-50', 'warning-700', 'focus', 'focus-on-dark'],
];

export function ColorsSection() {
  return (
    <GuideSection id="colors" titleId="styleGuide.colors.title" bodyId="styleGuide.colors.body">
      {COLOR_TOKENS.map((family) => (
        <ul key={family[0]} className="flex flex-wrap gap-4">
          {family.map((token) => (
            <li key={token} className="flex w-44 items-center gap-2">
              {/* The token itself (a CSS variable), not a utility class, so the stylesheet gains nothing. */}
              <span
                aria-hidden="true"
                className="size-10 shrink-0 rounded-md border border-line"
                style={{ backgroundColor: `var(--color-${token})` }}
              />
              <code className="text-sm text-ink">{token}</code>
            </li>
          ))}
        </ul>
      ))}
    </GuideSection>
  );
}

export function TypeSection() {
  const intl = useIntl();
  const sample = intl.formatMessage({ id: 'styleGuide.type.sample' });
  return (
    <GuideSection id="type" titleId="styleGuide.type.title" bodyId="styleGuide.type.body">
      {/* Paragraphs in the heading styles: the guide's own headings stay the only ones. */}
      <div className="space-y-3 rounded-lg border border-line bg-surface p-5">
        <p className={PAGE_TITLE}>{sample}</p>
        <p className={SECTION_TITLE}>{sample}</p>
        <p className={STEP_TITLE}>{sample}</p>
        <p className="max-w-3xl leading-relaxed text-ink">{intl.formatMessage({ id: 'styleGuide.type.bodySample' })}</p>
        <p className={HINT}>{intl.formatMessage({ id: 'styleGuide.sample.fieldHint' })}</p>
        <p className="text-2xl font-semibold tabular-nums text-navy-900">{formatMoney(128_947, intl.locale)}</p>
      </div>
    </GuideSection>
  );
}

/** The three action styles in one state: primary and secondary buttons, and a link where a link has that state. */
function Actions({ state }: { state: SpecimenState }) {
  const intl = useIntl();
  const noteId = useId();
  const inert = state === 'disabled' || state === 'loading';
  const note =
    state === 'disabled'
      ? intl.formatMessage({ id: 'styleGuide.sample.unavailable' })
      : state === 'loading'
        ? intl.formatMessage({ id: 'styleGuide.sample.saving' })
        : null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        aria-disabled={inert || undefined}
        aria-describedby={note ? noteId : undefined}
        className={PRIMARY_BUTTON}
      >
        {intl.formatMessage({ id: 'styleGuide.sample.primary' })}
      </button>
      <button type="button" aria-disabled={inert || undefined} className={SECONDARY_BUTTON}>
        {intl.formatMessage({ id: 'styleGuide.sample.secondary' })}
      </button>
      {inert ? null : (
        <a href="#buttons" className={TEXT_LINK}>
          {intl.formatMessage({ id: 'styleGuide.sample.link' })}
        </a>
      )}
      {note ? (
        <p id={noteId} role={state === 'loading' ? 'status' : undefined} className="w-full text-sm text-ink-muted">
          {note}
        </p>
      ) : null}
    </div>
  );
}

export function ButtonsSection() {
  return (
    <GuideSection id="buttons" titleId="styleGuide.buttons.title" bodyId="styleGuide.buttons.body">
      <SpecimenGrid>
        {(['default', 'hover', 'focus', 'disabled', 'loading'] as const).map((state) => (
          <Specimen key={state} state={state}>
            <Actions state={state} />
          </Specimen>
        ))}
      </SpecimenGrid>
    </GuideSection>
  );
}

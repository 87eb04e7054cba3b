import type { ComponentType } from 'react';
import { useIntl } from 'react-intl';
import { PAGE, PAGE_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import type { MessageId } from '../../../messages';
import { DatePickerSection, DayOfMonthSection, PagerSection, TableSection } from './data-sections';
import { DialogsSection, EmptySection, ErrorsSection, LoadingSection } from './feedback-sections';
import {
  CheckboxSection,
  FieldNotesSection,
  InlineEditSection,
  RadioSection,
  SelectSection,
  TextFieldSection,
} from './field-sections';
import { FormAlertsSection, StepFormSection, TermsSection } from './form-sections';
import { ButtonsSection, ColorsSection, TypeSection } from './foundation-sections';
import { FrameSection } from './frame-section';

/** The sections in page order: each section's `id` is its anchor (GuideSection), `titleId` its heading. */
const SECTIONS: readonly { id: string; titleId: MessageId; Section: ComponentType }[] = [
  { id: 'colors', titleId: 'styleGuide.colors.title', Section: ColorsSection },
  { id: 'type', titleId: 'styleGuide.type.title', Section: TypeSection },
  { id: 'buttons', titleId: 'styleGuide.buttons.title', Section: ButtonsSection },
  { id: 'text-field', titleId: 'styleGuide.textField.title', Section: TextFieldSection },
  { id: 'select', titleId: 'styleGuide.select.title', Section: SelectSection },
  { id: 'checkbox', titleId: 'styleGuide.checkbox.title', Section: CheckboxSection },
  { id: 'radio', titleId: 'styleGuide.radio.title', Section: RadioSection },
  { id: 'field-notes', titleId: 'styleGuide.fieldNotes.title', Section: FieldNotesSection },
  { id: 'inline-edit', titleId: 'styleGuide.inlineEdit.title', Section: InlineEditSection },
  { id: 'form-alerts', titleId: 'styleGuide.formAlerts.title', Section: FormAlertsSection },
  { id: 'step-form', titleId: 'styleGuide.stepForm.title', Section: StepFormSection },
  { id: 'terms', titleId: 'styleGuide.terms.title', Section: TermsSection },
  { id: 'date-picker', titleId: 'styleGuide.datePicker.title', Section: DatePickerSection },
  { id: 'day-of-month', titleId: 'styleGuide.dayOfMonth.title', Section: DayOfMonthSection },
  { id: 'pager', titleId: 'styleGuide.pager.title', Section: PagerSection },
  { id: 'table', titleId: 'styleGuide.table.title', Section: TableSection },
  { id: 'errors', titleId: 'styleGuide.errors.title', Section: ErrorsSection },
  { id: 'dialogs', titleId: 'styleGuide.dialogs.title', Section: DialogsSection },
  { id: 'loading', titleId: 'styleGuide.loading.title', Section: LoadingSection },
  { id: 'empty', titleId: 'styleGuide.empty.title', Section: EmptySection },
  { id: 'frame', titleId: 'styleGuide.frame.title', Section: FrameSection },
];

/**
 * The living style guide (issue 16 item 6; `/dev/ui`, outside production only: its route's `nonProduction` guard).
 * Every part of components/ui and components/form, and the frame, in each state that applies, built from the parts
 * themselves, so a change to a part shows here; the browser suite compares its screenshots (docs/design.md).
 */
export function StyleGuidePage() {
  const intl = useIntl();
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'styleGuide.title' })}</h1>
      <p className="mt-3 max-w-3xl leading-relaxed text-ink">{intl.formatMessage({ id: 'styleGuide.intro' })}</p>
      <nav aria-label={intl.formatMessage({ id: 'styleGuide.contents' })} className="mt-6">
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          {SECTIONS.map(({ id, titleId }) => (
            <li key={id}>
              <a href={`#${id}`} className={TEXT_LINK}>
                {intl.formatMessage({ id: titleId })}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-10 space-y-8">
        {SECTIONS.map(({ id, Section }) => (
          <Section key={id} />
        ))}
      </div>
    </div>
  );
}

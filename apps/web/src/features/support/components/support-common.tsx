import { Link } from '@tanstack/react-router';
import { type ArticleCategory, SUPPORT_CATEGORIES, type SupportCategory, type SupportTopic } from '@vireo/shared';
import { useIntl } from 'react-intl';
import { CARD, SECTION_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import type { MessageId } from '../../../messages';

/** A message key's part for a topic: `self-install` -> `selfInstall`. */
const keyOf = (category: ArticleCategory) => category.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
/** A topic's name and what it covers (`support.category.*`). */
export const categoryName = (category: ArticleCategory) => `support.category.${keyOf(category)}` as MessageId;
export const categoryAbout = (category: ArticleCategory) => `support.category.${keyOf(category)}.about` as MessageId;
/** A ticket's topic (support forms): a help category's name, or "Something else". */
export const topicName = (topic: SupportTopic) =>
  (topic === 'other' ? 'support.forms.topic.other' : categoryName(topic)) as MessageId;
export const isSupportCategory = (value: string): value is SupportCategory =>
  (SUPPORT_CATEGORIES as readonly string[]).includes(value);

/** The ways to a person when no article answers (wider-portal.md §9). */
export function ContactOptions() {
  const intl = useIntl();
  return (
    <section aria-labelledby="support-contact" className={`${CARD} mt-10 max-w-3xl`}>
      <h2 id="support-contact" className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'support.contact.title' })}
      </h2>
      <p className="mt-1 text-ink-muted">{intl.formatMessage({ id: 'support.contact.intro' })}</p>
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        <li>
          <Link to="/support/forms" className={TEXT_LINK}>
            {intl.formatMessage({ id: 'support.contact.forms' })}
          </Link>
        </li>
        <li>
          <Link to="/contactus" className={TEXT_LINK}>
            {intl.formatMessage({ id: 'support.contact.phone' })}
          </Link>
        </li>
      </ul>
    </section>
  );
}

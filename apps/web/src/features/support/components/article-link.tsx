import { Link } from '@tanstack/react-router';
import type { ArticleSummary } from '@vireo/shared';
import { useIntl } from 'react-intl';
import { BADGE, TEXT_LINK } from '../../../components/ui/form-styles';
import { localeOf } from '../../../lib/dates';

/**
 * An article's title as a link to `/page/$slug`; one written in the other language only is marked in its language
 * (its title in its own `lang`, so a screen reader says it rightly).
 */
export function ArticleLink({ article }: { article: ArticleSummary }) {
  const intl = useIntl();
  const foreign = article.lang !== localeOf(intl);
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Link
        to="/page/$slug"
        params={{ slug: article.slug }}
        className={TEXT_LINK}
        lang={foreign ? article.lang : undefined}
      >
        {article.title}
      </Link>
      {foreign ? <LanguageBadge lang={article.lang} /> : null}
    </span>
  );
}

export function LanguageBadge({ lang }: { lang: ArticleSummary['lang'] }) {
  const intl = useIntl();
  return (
    <span className={`${BADGE} border-line text-ink-muted`}>
      {intl.formatMessage({ id: lang === 'en' ? 'support.language.en' : 'support.language.es' })}
    </span>
  );
}

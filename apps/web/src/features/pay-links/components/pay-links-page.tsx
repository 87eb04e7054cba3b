import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { isForbidden } from '../../../components/ui/api-errors';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { PAGE, PAGE_TITLE, SECTION_TITLE } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { refusalBodyId } from '../../../components/ui/refusal';
import { type CreatePayLinkRequest, usePayLinks } from '../api/pay-links-api';
import { CreatePayLinkForm } from './create-pay-link-form';
import { CreatedLink } from './created-link';
import { PayLinkList } from './pay-link-list';

/**
 * `/billing/pay-links` (issue 17 item 7, wider-portal.md §1 "Pay link for a bookkeeper"): make a link for someone
 * outside the account (a cap, an expiry, a number of uses, a note), see its address once, and list, page through
 * and revoke the account's links. The route table gives the page its access (`billing.pay`) and title.
 */
export function PayLinksPage() {
  const intl = useIntl();
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const links = usePayLinks(cursor);
  const [created, setCreated] = useState<{ url: string; request: CreatePayLinkRequest } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const capRef = useRef<HTMLInputElement>(null);
  const listTitleId = useId();
  // back from the created link to the form: focus goes to its first field
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus || created) return;
    setRefocus(false);
    capRef.current?.focus();
  }, [refocus, created]);

  const page = links.data;
  const forbidden = links.isError && isForbidden(links.error);

  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.payLinks' })}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{intl.formatMessage({ id: 'payLinks.intro' })}</p>
      <p role="status" className="mt-4 text-ink empty:hidden">
        {announcement}
      </p>
      {forbidden ? (
        <ErrorNotice
          className="mt-6"
          titleId="payLinks.errors.load.title"
          bodyId={refusalBodyId(links.error) ?? 'payLinks.errors.load.body'}
        />
      ) : (
        <div className="mt-6 grid items-start gap-8 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div>
            {created ? (
              <CreatedLink
                url={created.url}
                request={created.request}
                onDone={() => {
                  setCreated(null);
                  setRefocus(true);
                }}
              />
            ) : (
              <CreatePayLinkForm
                capRef={capRef}
                onCreated={(made) => {
                  setAnnouncement('');
                  setCursor(undefined);
                  setCreated(made);
                }}
              />
            )}
          </div>
          <section aria-labelledby={listTitleId} className="min-w-0 space-y-4">
            <h2 id={listTitleId} className={SECTION_TITLE}>
              {intl.formatMessage({ id: 'payLinks.list.title' })}
            </h2>
            {links.isError && !page ? (
              <ErrorNotice
                headingLevel={3}
                titleId="payLinks.errors.load.title"
                bodyId="payLinks.errors.load.body"
                onRetry={() => void links.refetch()}
                isRetrying={links.isFetching}
              />
            ) : page ? (
              <PayLinkList
                page={page}
                cursor={cursor}
                onPage={setCursor}
                isFetching={links.isFetching}
                labelledBy={listTitleId}
                announce={setAnnouncement}
                onCreate={() => {
                  if (created) {
                    setCreated(null);
                    setRefocus(true);
                  } else capRef.current?.focus();
                }}
              />
            ) : (
              <ListSkeleton rows={3} label={intl.formatMessage({ id: 'payLinks.list.loading' })} />
            )}
          </section>
        </div>
      )}
    </div>
  );
}

import type { Company } from '@pipstream/protocol';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/index.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Icon } from '../../ui/Icon.js';
import { Logo } from '../../ui/Logo.js';
import { SkeletonList } from '../../ui/Skeleton.js';
import { companyHref } from './company-link.js';
import { searchPhase } from './search-phase.js';

/** Quiet time after the last keystroke before the search is sent (this project's choice). */
const SEARCH_DELAY_MS = 300;

/** The latest answer and the name it answers. */
interface Answer {
  readonly name: string;
  readonly companies: readonly Company[];
}

/** One company; its site opens in a new tab when it has a usable address. */
function CompanyRow({ company }: { readonly company: Company }) {
  const { t } = useTranslation();
  const nameId = useId();
  const newTabId = useId();
  const detailsId = useId();
  const href = companyHref(company.url);
  const body = (
    <>
      <Logo src={company.logo} size={40} />
      <span className="company-text">
        <span className="company-name" id={nameId} dir="auto">
          {company.name}
        </span>
        <span className="company-details" id={detailsId} dir="auto">
          {[company.subject, company.location].filter(Boolean).join(' · ')}
        </span>
      </span>
    </>
  );
  return (
    <li>
      {href ? (
        <a
          className="company-row"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          data-testid={`company-row-${company.id}`}
          aria-labelledby={`${nameId} ${newTabId}`}
          aria-describedby={detailsId}
        >
          {body}
          <span className="visually-hidden" id={newTabId}>
            {t('web.product.opens_new_tab')}
          </span>
          <Icon name="chevron" size={18} className="row-chevron" />
        </a>
      ) : (
        <div className="company-row" data-testid={`company-row-${company.id}`}>
          {body}
        </div>
      )}
    </li>
  );
}

/**
 * Company-directory mode's results: the `companySearch` call, sent once typing pauses. A newer
 * query aborts the call still running (SPEC §8: a cancelled call is not toasted), and the
 * results of the last answer stay on screen until the next one comes.
 */
export function CompanyResults({ query }: { readonly query: string }) {
  const { t } = useTranslation();
  const name = query.trim();
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (name === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.call('companySearch', { name }, { signal: controller.signal }).then(
        (companies) => {
          if (!controller.signal.aborted) setAnswer({ name, companies });
        },
        () => {
          // The API layer has told the user; a failed search shows as finding nothing.
          if (!controller.signal.aborted) setAnswer({ name, companies: [] });
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [name]);

  const pending = answer?.name !== name;
  const companies = answer?.companies ?? null;
  switch (searchPhase(name, companies, pending)) {
    case 'hint':
      return <EmptyState icon="search" text={t('web.product.hint')} />;
    case 'loading':
      return <SkeletonList rows={3} />;
    case 'empty':
      return <EmptyState icon="search" text={t('web.common.no_data')} />;
    case 'results':
      return (
        <ul className="company-list" aria-label={t('web.product.results')} aria-busy={pending}>
          {companies?.map((company) => (
            <CompanyRow key={company.id} company={company} />
          ))}
        </ul>
      );
  }
}

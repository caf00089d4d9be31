import { type Company, NO_VALUE } from '@pipstream/protocol';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.js';
import { IconButton } from '../../ui/IconButton.js';
import { Logo } from '../../ui/Logo.js';
import { SkeletonBlock } from '../../ui/Skeleton.js';
import { copyText } from '../../widgets/copy.js';
import { companyHref } from '../product/company-link.js';
import { useCompany } from './useCompany.js';

/** An address a `mailto:` link may carry: one @, no spaces, nothing that ends the URL. */
const EMAIL = /^[^\s@?#/:]+@[^\s@?#/:]+\.[^\s@?#/:]+$/;

/**
 * One term and value of the company's details; `--` for a value the server left empty. The value
 * is upstream text, often English in an Arabic page: it takes its own direction, so a trailing
 * full stop or bracket stays at its end.
 */
function Fact({
  label,
  children,
  testId,
}: {
  readonly label: string;
  readonly children: ReactNode;
  readonly testId: string;
}) {
  return (
    <div className="company-fact">
      <dt>{label}</dt>
      <dd data-testid={testId} dir="auto">
        {children || NO_VALUE}
      </dd>
    </div>
  );
}

/**
 * The details of docs/product.md#scope: main company, contact e-mail, website, office and register
 * address.
 */
function CompanyFacts({ company }: { readonly company: Company }) {
  const { t } = useTranslation();
  const newTabId = useId();
  const website = companyHref(company.url);
  const email = company.email.trim();
  return (
    <>
      <div className="company-card-head">
        <Logo src={company.logo} size={48} />
        <p className="company-card-name" data-testid="company-name" dir="auto">
          {company.name}
        </p>
      </div>
      <dl className="company-facts">
        <Fact label={t('web.company.main_company')} testId="company-subject">
          {company.subject}
        </Fact>
        <Fact label={t('web.company.email')} testId="company-email">
          {email && (
            <span className="company-email">
              {EMAIL.test(email) ? <a href={`mailto:${email}`}>{email}</a> : email}
              <IconButton
                icon="copy"
                label={t('web.company.copy_email')}
                onClick={() => void copyText(email)}
              />
            </span>
          )}
        </Fact>
        <Fact label={t('web.company.website')} testId="company-website">
          {website ? (
            <a href={website} target="_blank" rel="noopener noreferrer" aria-describedby={newTabId}>
              {company.url.trim()}
              <span className="visually-hidden" id={newTabId}>
                {t('web.company.opens_new_tab')}
              </span>
            </a>
          ) : (
            company.url.trim()
          )}
        </Fact>
        <Fact label={t('web.company.office_address')} testId="company-office">
          {company.location}
        </Fact>
        <Fact label={t('web.company.register_address')} testId="company-registered">
          {company.registered_address}
        </Fact>
      </dl>
    </>
  );
}

/**
 * The company information section (docs/product.md#scope): shown from the company cookie at once
 * when this browser remembers the company, then from the fresh answer.
 */
export function CompanyInfo() {
  const { t } = useTranslation();
  const titleId = useId();
  const { company, failed, retry } = useCompany();

  let body: ReactNode;
  if (company) {
    body = <CompanyFacts company={company} />;
  } else if (failed) {
    body = (
      <div className="company-failed">
        <p>{t('web.company.load_failed')}</p>
        <Button variant="secondary" onClick={retry}>
          {t('web.list.retry')}
        </Button>
      </div>
    );
  } else {
    body = <SkeletonBlock height={220} label={t('web.common.loading')} />;
  }

  return (
    <section className="card company-card" aria-labelledby={titleId} data-testid="company-info">
      <h2 id={titleId} className="card-title">
        {t('web.company.title')}
      </h2>
      {body}
    </section>
  );
}

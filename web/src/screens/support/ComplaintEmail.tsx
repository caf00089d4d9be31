import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/index.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { SkeletonBlock } from '../../ui/Skeleton.js';
import { copyText } from '../../widgets/copy.js';

type EmailState =
  | { readonly phase: 'loading' }
  | { readonly phase: 'ready'; readonly email: string }
  | { readonly phase: 'failed' };

/** The complaint address (`complaintEmail`); a failure was toasted and can be retried. */
function useComplaintEmail(): { readonly state: EmailState; readonly retry: () => void } {
  const [state, setState] = useState<EmailState>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what asks for a new read.
  useEffect(() => {
    let current = true;
    setState({ phase: 'loading' });
    api.call('complaintEmail').then(
      ({ email }) => current && setState({ phase: 'ready', email: email.trim() }),
      () => current && setState({ phase: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}

/** `/mine/email`: the company's complaint e-mail with a copy button (docs/product.md#routes). */
export default function ComplaintEmail() {
  const { t } = useTranslation();
  const { state, retry } = useComplaintEmail();
  const titleId = useId();
  return (
    <>
      <PageHeader backTo="/user" title={t('web.email.title')} />
      <div className="page-body form-stack">
        <p className="form-note">{t('web.email.intro')}</p>
        {state.phase === 'loading' && <SkeletonBlock height={56} label={t('web.common.loading')} />}
        {state.phase === 'failed' && (
          <EmptyState icon="mail" text={t('web.email.unavailable')}>
            <Button variant="secondary" onClick={retry}>
              {t('web.common.reload')}
            </Button>
          </EmptyState>
        )}
        {state.phase === 'ready' &&
          (state.email === '' ? (
            <EmptyState icon="mail" text={t('web.email.none')} />
          ) : (
            <>
              <section className="card email-card" aria-labelledby={titleId}>
                <h2 className="card-title" id={titleId}>
                  {t('web.email.address')}
                </h2>
                <a
                  className="email-address"
                  href={`mailto:${state.email}`}
                  data-testid="complaint-email"
                >
                  {state.email}
                </a>
              </section>
              <Button block variant="secondary" onClick={() => copyText(state.email)}>
                {t('web.common.copy')}
              </Button>
            </>
          ))}
      </div>
    </>
  );
}

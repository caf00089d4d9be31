import type { Verification as VerificationRecord } from '@pipstream/protocol';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/index.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Field } from '../../ui/Field.js';
import { Icon } from '../../ui/Icon.js';
import { uploadedUrl } from '../../ui/image-upload.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { RefreshButton } from '../../ui/PullToRefresh.js';
import { SkeletonBlock } from '../../ui/Skeleton.js';
import { ImageUploadField, useImageUpload } from '../../widgets/ImageUploadField.js';
import { useRemote } from '../../widgets/useRemote.js';
import {
  BANNER_KEYS,
  checkVerification,
  startOf,
  submittedState,
  type VerificationErrors,
  type VerificationField,
  type VerificationPayload,
  type VerificationView,
  verificationView,
} from './verification-form.js';

/** Bounds of the `real_name` fields (protocol/src/routes/content.ts). */
const NAME_MAX = 64;
const CARD_ID_MAX = 32;

const BANNER_ICONS = {
  not_done: 'shield',
  waiting: 'history',
  finished: 'check',
  rejected: 'close',
} as const;

/** Where the verification stands, and why a rejection was given when there is a reason. */
function StatusBanner({ view }: { readonly view: VerificationView }) {
  const { t } = useTranslation();
  return (
    <div className={`auth-banner auth-banner-${view.banner}`} role="status">
      <Icon name={BANNER_ICONS[view.banner]} size={22} />
      <div>
        <p className="auth-banner-title">{t(BANNER_KEYS[view.banner])}</p>
        {view.reason !== '' && (
          <p className="auth-banner-reason">{t('web.auth_page.reason', { reason: view.reason })}</p>
        )}
      </div>
    </div>
  );
}

/** What was submitted, read-only: name, ID number and the two images. */
function SubmittedData({ verification }: { readonly verification: VerificationRecord }) {
  const { t } = useTranslation();
  const images = [
    { label: t('web.auth_page.front'), url: verification.front_pic },
    { label: t('web.auth_page.back'), url: verification.reverse_pic },
  ];
  return (
    <section className="card auth-submitted" aria-label={t('web.auth_page.submitted')}>
      <dl className="auth-data">
        <div>
          <dt>{t('web.auth_page.name')}</dt>
          <dd>{verification.name}</dd>
        </div>
        <div>
          <dt>{t('web.auth_page.id_number')}</dt>
          <dd className="num">{verification.card_id}</dd>
        </div>
      </dl>
      <div className="picker-pair">
        {images.map((image) => (
          <figure className="auth-image" key={image.label}>
            {image.url !== '' && <img src={image.url} alt={image.label} />}
            <figcaption>{image.label}</figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}

/**
 * The form: name, ID number, the front and back of the ID. After a rejection it starts from
 * what was submitted, so only what was wrong needs changing.
 */
function VerificationForm({
  verification,
  onSubmitted,
}: {
  readonly verification: VerificationRecord;
  readonly onSubmitted: (payload: VerificationPayload) => void;
}) {
  const { t } = useTranslation();
  const [start] = useState(() => startOf(verification));
  const [name, setName] = useState(start.name);
  const [cardId, setCardId] = useState(start.cardId);
  const front = useImageUpload(start.front);
  const back = useImageUpload(start.back);
  const [errors, setErrors] = useState<VerificationErrors>({});
  const [sending, setSending] = useState(false);

  const clearError = (field: VerificationField) =>
    setErrors((before) => {
      if (!before[field]) return before;
      const { [field]: _cleared, ...rest } = before;
      return rest;
    });

  // A picked image answers its "add" message.
  const frontKind = front.state.kind;
  const backKind = back.state.kind;
  useEffect(() => {
    if (frontKind !== 'empty') setErrors(({ front: _front, ...rest }) => rest);
  }, [frontKind]);
  useEffect(() => {
    if (backKind !== 'empty') setErrors(({ back: _back, ...rest }) => rest);
  }, [backKind]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const check = checkVerification({
      name,
      cardId,
      front: uploadedUrl(front.state),
      back: uploadedUrl(back.state),
      frontUploading: front.state.kind === 'uploading',
      backUploading: back.state.kind === 'uploading',
    });
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      // The server's "submitted" message is the success toast (docs/product.md#errors).
      await api.call('realName', check.payload);
      onSubmitted(check.payload);
    } catch {
      // The API layer showed why; the form keeps everything for another try.
      setSending(false);
    }
  };

  const message = (field: VerificationField) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };

  return (
    <form
      className="form-stack"
      noValidate
      aria-label={t('web.auth_page.form_label')}
      onSubmit={submit}
    >
      <p className="form-note">{t('web.auth_page.intro')}</p>
      <Field
        label={t('web.auth_page.name')}
        autoComplete="name"
        maxLength={NAME_MAX}
        value={name}
        error={message('name')}
        onChange={(event) => {
          setName(event.target.value);
          clearError('name');
        }}
      />
      <Field
        label={t('web.auth_page.id_number')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={CARD_ID_MAX}
        value={cardId}
        error={message('cardId')}
        onChange={(event) => {
          setCardId(event.target.value);
          clearError('cardId');
        }}
      />
      <div className="picker-pair">
        <ImageUploadField
          label={t('web.auth_page.front')}
          upload={front}
          error={message('front')}
          disabled={sending}
        />
        <ImageUploadField
          label={t('web.auth_page.back')}
          upload={back}
          error={message('back')}
          disabled={sending}
        />
      </div>
      <Button type="submit" block busy={sending}>
        {t('web.common.submit')}
      </Button>
    </form>
  );
}

/**
 * `/mine/auth`: real-name verification. The form while nothing is submitted or after a rejection;
 * the submitted data, read-only, while it waits for review and once approved; a status banner over
 * either (docs/product.md#routes, #states).
 */
export default function Verification() {
  const { t } = useTranslation();
  const center = useRemote('center', (signal) => api.call('realNameCenter', {}, { signal }));
  const verification = center.data;

  let body: ReactNode;
  if (verification === undefined && center.failed) {
    body = (
      <EmptyState icon="shield" text={t('web.auth_page.load_failed')}>
        <Button variant="secondary" onClick={() => void center.reload()}>
          {t('web.list.retry')}
        </Button>
      </EmptyState>
    );
  } else if (verification === undefined) {
    body = <SkeletonBlock height={320} label={t('web.common.loading')} />;
  } else {
    const view = verificationView(verification);
    body = (
      <>
        <StatusBanner view={view} />
        {view.editable ? (
          <VerificationForm
            // A new status (rejected after waiting) starts a new form from its data.
            key={verification.review_status}
            verification={verification}
            onSubmitted={(payload) => {
              // Waiting at once (docs/product.md#states), then what the server says.
              center.set(submittedState(payload));
              void center.reload();
            }}
          />
        ) : (
          <SubmittedData verification={verification} />
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader
        backTo="/user"
        title={t('web.auth_page.title')}
        actions={<RefreshButton onRefresh={center.reload} />}
      />
      <div className="page-body form-stack auth-body">{body}</div>
    </>
  );
}

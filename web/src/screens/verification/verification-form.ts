/**
 * Real-name verification as pure functions: which of the form or the submitted data shows, with
 * which banner (docs/product.md#states: not done / waiting / finished, and this project's
 * "rejected" with its reason), the checks of docs/product.md#validation and the `real_name`
 * payload.
 */
import { REVIEW_STATUS, type RequestOf, type Routes, type Verification } from '@pipstream/protocol';
import type { UploadedImage } from '../../ui/image-upload.js';

/** What `realName` takes. */
export type VerificationPayload = RequestOf<Routes['realName']>;

/** The banner over the screen. */
export type VerificationBanner = 'not_done' | 'waiting' | 'finished' | 'rejected';

/** Locale keys of the banners. */
export const BANNER_KEYS: Readonly<Record<VerificationBanner, string>> = {
  not_done: 'web.auth_page.status.not_done',
  waiting: 'web.auth_page.status.waiting',
  finished: 'web.auth_page.status.finished',
  rejected: 'web.auth_page.status.rejected',
};

/** What the screen shows for a verification state. */
export interface VerificationView {
  readonly banner: VerificationBanner;
  /** The form (nothing submitted, or a rejection to answer), else the read-only data. */
  readonly editable: boolean;
  /** Why a review was rejected; empty otherwise. */
  readonly reason: string;
}

/**
 * The view of `verification`: the form while nothing is submitted (0) or after a rejection
 * (3, submitting again is allowed: this project's choice, and what the server accepts); the
 * read-only data once approved (2) and while waiting (1). A status this app does not know is
 * read as waiting: the server decides when the form may come back.
 */
export function verificationView(
  verification: Pick<Verification, 'review_status' | 'reject_reason'>,
): VerificationView {
  switch (verification.review_status) {
    case REVIEW_STATUS.NONE:
      return { banner: 'not_done', editable: true, reason: '' };
    case REVIEW_STATUS.REJECTED:
      return { banner: 'rejected', editable: true, reason: verification.reject_reason.trim() };
    case REVIEW_STATUS.APPROVED:
      return { banner: 'finished', editable: false, reason: '' };
    default:
      return { banner: 'waiting', editable: false, reason: '' };
  }
}

/** The form as the user left it. */
export interface VerificationDraft {
  readonly name: string;
  readonly cardId: string;
  /** The uploaded images' URLs; `null` until an upload has finished. */
  readonly front: string | null;
  readonly back: string | null;
  /** Images still on their way to the server. */
  readonly frontUploading: boolean;
  readonly backUploading: boolean;
}

export type VerificationField = 'name' | 'cardId' | 'front' | 'back';

/** Field → locale key of its message. */
export type VerificationErrors = Partial<Record<VerificationField, string>>;

export type VerificationCheck =
  | { readonly ok: true; readonly payload: VerificationPayload }
  | { readonly ok: false; readonly errors: VerificationErrors };

function imageError(url: string | null, uploading: boolean, missing: string): string | undefined {
  if (uploading) return 'web.funding.upload.wait';
  return url === null ? missing : undefined;
}

/**
 * docs/product.md#validation: name and ID number required ("input name", "input ID number"), one
 * image each for the front and the back. Each missing field gets its own message at once.
 */
export function checkVerification(draft: VerificationDraft): VerificationCheck {
  const name = draft.name.trim();
  const cardId = draft.cardId.trim();
  const errors: VerificationErrors = {};
  if (name === '') errors.name = 'web.auth_page.input_name';
  if (cardId === '') errors.cardId = 'web.auth_page.input_id_number';
  const front = imageError(draft.front, draft.frontUploading, 'web.auth_page.add_front');
  if (front) errors.front = front;
  const back = imageError(draft.back, draft.backUploading, 'web.auth_page.add_back');
  if (back) errors.back = back;
  if (Object.keys(errors).length > 0 || draft.front === null || draft.back === null) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    payload: { name, card_id: cardId, front_pic: draft.front, reverse_pic: draft.back },
  };
}

/** What a form starts with: a rejected submission's data, to correct rather than retype. */
export interface VerificationStart {
  readonly name: string;
  readonly cardId: string;
  readonly front: UploadedImage | null;
  readonly back: UploadedImage | null;
}

const image = (url: string): UploadedImage | null => (url === '' ? null : { url, preview: url });

/** The form's start: empty, or (after a rejection) what was submitted. */
export function startOf(verification: Verification): VerificationStart {
  if (verification.review_status !== REVIEW_STATUS.REJECTED) {
    return { name: '', cardId: '', front: null, back: null };
  }
  return {
    name: verification.name,
    cardId: verification.card_id,
    front: image(verification.front_pic),
    back: image(verification.reverse_pic),
  };
}

/** The state a successful submission leads to (docs/product.md#states: it becomes 1, waiting). */
export function submittedState(payload: VerificationPayload): Verification {
  return {
    review_status: REVIEW_STATUS.WAITING,
    name: payload.name,
    card_id: payload.card_id,
    front_pic: payload.front_pic,
    reverse_pic: payload.reverse_pic,
    reject_reason: '',
  };
}

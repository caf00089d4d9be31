import { REVIEW_STATUS, type Verification } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import {
  BANNER_KEYS,
  checkVerification,
  startOf,
  submittedState,
  type VerificationDraft,
  verificationView,
} from './verification-form.js';

const FILLED: VerificationDraft = {
  name: ' Chan Tai Man ',
  cardId: ' A1234567 ',
  front: '/uploads/front.png',
  back: '/uploads/back.png',
  frontUploading: false,
  backUploading: false,
};

const SUBMITTED: Verification = {
  review_status: REVIEW_STATUS.REJECTED,
  name: 'Chan Tai Man',
  card_id: 'A1234567',
  front_pic: '/uploads/front.png',
  reverse_pic: '/uploads/back.png',
  reject_reason: ' The photo is blurred ',
};

describe('verificationView', () => {
  it('shows the form with "not done" while nothing is submitted', () => {
    expect(verificationView({ review_status: 0, reject_reason: '' })).toEqual({
      banner: 'not_done',
      editable: true,
      reason: '',
    });
  });

  it('shows the data with "waiting" and "finished"', () => {
    expect(verificationView({ review_status: 1, reject_reason: '' })).toMatchObject({
      banner: 'waiting',
      editable: false,
    });
    expect(verificationView({ review_status: 2, reject_reason: '' })).toMatchObject({
      banner: 'finished',
      editable: false,
    });
  });

  it('shows the form again after a rejection, with its reason', () => {
    expect(verificationView(SUBMITTED)).toEqual({
      banner: 'rejected',
      editable: true,
      reason: 'The photo is blurred',
    });
  });

  it('reads an unknown status as waiting, never as an open form', () => {
    expect(verificationView({ review_status: 7, reject_reason: 'x' })).toEqual({
      banner: 'waiting',
      editable: false,
      reason: '',
    });
  });

  it('has a text key for every banner', () => {
    expect(Object.keys(BANNER_KEYS).sort()).toEqual(
      ['finished', 'not_done', 'rejected', 'waiting'].sort(),
    );
  });
});

describe('checkVerification', () => {
  it('builds the real_name payload, trimmed', () => {
    expect(checkVerification(FILLED)).toEqual({
      ok: true,
      payload: {
        name: 'Chan Tai Man',
        card_id: 'A1234567',
        front_pic: '/uploads/front.png',
        reverse_pic: '/uploads/back.png',
      },
    });
  });

  it('gives each missing field its docs/product.md#validation message at once', () => {
    expect(
      checkVerification({
        name: '  ',
        cardId: '',
        front: null,
        back: null,
        frontUploading: false,
        backUploading: false,
      }),
    ).toEqual({
      ok: false,
      errors: {
        name: 'web.auth_page.input_name',
        cardId: 'web.auth_page.input_id_number',
        front: 'web.auth_page.add_front',
        back: 'web.auth_page.add_back',
      },
    });
  });

  it('names the one field missing', () => {
    expect(checkVerification({ ...FILLED, back: null })).toEqual({
      ok: false,
      errors: { back: 'web.auth_page.add_back' },
    });
    expect(checkVerification({ ...FILLED, cardId: ' ' })).toEqual({
      ok: false,
      errors: { cardId: 'web.auth_page.input_id_number' },
    });
  });

  it('waits for an image still uploading', () => {
    expect(checkVerification({ ...FILLED, front: null, frontUploading: true })).toEqual({
      ok: false,
      errors: { front: 'web.funding.upload.wait' },
    });
  });
});

describe('startOf', () => {
  it('starts a rejected submission from what was sent', () => {
    expect(startOf(SUBMITTED)).toEqual({
      name: 'Chan Tai Man',
      cardId: 'A1234567',
      front: { url: '/uploads/front.png', preview: '/uploads/front.png' },
      back: { url: '/uploads/back.png', preview: '/uploads/back.png' },
    });
  });

  it('starts empty otherwise', () => {
    expect(startOf({ ...SUBMITTED, review_status: REVIEW_STATUS.NONE })).toEqual({
      name: '',
      cardId: '',
      front: null,
      back: null,
    });
  });

  it('leaves out an image the submission lacks', () => {
    expect(startOf({ ...SUBMITTED, reverse_pic: '' }).back).toBeNull();
  });
});

describe('submittedState', () => {
  it('is waiting with the data sent (docs/product.md#states)', () => {
    const payload = {
      name: 'Chan Tai Man',
      card_id: 'A1234567',
      front_pic: '/uploads/f.png',
      reverse_pic: '/uploads/b.png',
    };
    expect(submittedState(payload)).toEqual({
      review_status: REVIEW_STATUS.WAITING,
      ...payload,
      reject_reason: '',
    });
    expect(verificationView(submittedState(payload)).banner).toBe('waiting');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { CODE } from '../../envelope.js';
import { routes } from '../../routes/table.js';
import { REVIEW_STATUS, verificationSchema } from '../../schemas/verification.js';
import type { Caller } from '../http/handler.js';
import { Reply } from '../http/handler.js';
import { ctxFor, insertUser, makeDeps, refusalOf } from '../test-support.js';
import { createUploadService } from './uploads.js';
import { createVerificationService } from './verification.js';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function setup() {
  const deps = makeDeps();
  const uploads = createUploadService(deps);
  cleanups.push(() => uploads.close());
  const service = createVerificationService(deps);
  const user = insertUser(deps);
  const { handlers } = service;

  /** An image uploaded by `caller`: its URL. */
  const uploadFor = async (caller: Caller) => {
    const file = new File([new Uint8Array(PNG)], 'id.png', { type: 'image/png' });
    const result = await uploads.handlers.imageUpload({ file }, ctxFor(caller));
    return (result instanceof Reply ? result.data : result).url;
  };
  const submit = (caller: Caller, fields: Record<string, unknown>) =>
    handlers.realName(
      routes.realName.request.parse({ name: 'Ann Lee', card_id: 'A1234567', ...fields }),
      ctxFor(caller),
    );
  const center = (caller: Caller) =>
    verificationSchema.parse(handlers.realNameCenter({}, ctxFor(caller)));
  const review = (raw: Record<string, unknown>) => {
    const action = service.controls.find((c) => c.path === '/verification/review');
    if (!action) throw new Error('no review control');
    return action.run(action.input.parse(raw));
  };
  const submitOwn = async (caller: Caller) =>
    submit(caller, { front_pic: await uploadFor(caller), reverse_pic: await uploadFor(caller) });
  return { deps, user, uploadFor, submit, submitOwn, center, review };
}

describe('realNameCenter', () => {
  it('answers status 0 with empty fields before anything is submitted', () => {
    const { user, center } = setup();
    expect(center(user)).toEqual({
      review_status: REVIEW_STATUS.NONE,
      name: '',
      card_id: '',
      front_pic: '',
      reverse_pic: '',
      reject_reason: '',
    });
  });
});

describe('realName', () => {
  it('submits name, ID number and the user’s own images: status 1', async () => {
    const { user, uploadFor, submit, center } = setup();
    const front = await uploadFor(user);
    const reverse = await uploadFor(user);
    const result = await submit(user, { front_pic: front, reverse_pic: reverse });
    expect(result).toBeInstanceOf(Reply);
    expect(result instanceof Reply && result.key).toBe('verify.submitted');
    expect(center(user)).toEqual({
      review_status: REVIEW_STATUS.WAITING,
      name: 'Ann Lee',
      card_id: 'A1234567',
      front_pic: front,
      reverse_pic: reverse,
      reject_reason: '',
    });
  });

  it('refuses a second submission while waiting or once approved', async () => {
    const { user, submitOwn, review } = setup();
    await submitOwn(user);
    expect((await refusalOf(() => submitOwn(user))).key).toBe('verify.already_submitted');
    review({ uid: user.uid, approve: true });
    expect((await refusalOf(() => submitOwn(user))).key).toBe('verify.already_submitted');
  });

  it('refuses images that are not this user’s uploads', async () => {
    const { deps, user, uploadFor, submit, center } = setup();
    const own = await uploadFor(user);
    const someoneElse = await uploadFor(insertUser(deps));
    for (const pics of [
      { front_pic: someoneElse, reverse_pic: own },
      { front_pic: own, reverse_pic: `/uploads/${'f'.repeat(32)}.png` },
      { front_pic: own, reverse_pic: 'https://elsewhere.example/me.png' },
      { front_pic: '/uploads/../pipstream-mock.sqlite', reverse_pic: own },
    ]) {
      const refusal = await refusalOf(() => submit(user, pics));
      expect(refusal, JSON.stringify(pics)).toMatchObject({
        key: 'upload.not_found',
        code: CODE.FAILED,
      });
    }
    expect(center(user).review_status).toBe(REVIEW_STATUS.NONE);
  });

  it('rejects bad input before any handler runs', () => {
    const ok = { name: 'Ann', card_id: 'A1', front_pic: '/uploads/a', reverse_pic: '/uploads/b' };
    expect(routes.realName.request.safeParse(ok).success).toBe(true);
    expect(routes.realName.request.safeParse({ ...ok, name: '  ' }).success).toBe(false);
    expect(routes.realName.request.safeParse({ ...ok, card_id: '' }).success).toBe(false);
    const { reverse_pic: _, ...oneImage } = ok;
    expect(routes.realName.request.safeParse(oneImage).success).toBe(false);
  });
});

describe('review control', () => {
  it('approves a waiting verification: 0 → 1 → 2', async () => {
    const { user, submitOwn, center, review } = setup();
    await submitOwn(user);
    const approved = review({ uid: user.uid, approve: true });
    expect(approved).toMatchObject({ review_status: REVIEW_STATUS.APPROVED, reject_reason: '' });
    expect(center(user).review_status).toBe(REVIEW_STATUS.APPROVED);
  });

  it('rejects with a reason; the user resubmits and the reason clears: 1 → 3 → 1 → 2', async () => {
    const { user, submitOwn, uploadFor, submit, center, review } = setup();
    await submitOwn(user);
    review({ uid: user.uid, approve: false, reason: 'Image is blurred' });
    expect(center(user)).toMatchObject({
      review_status: REVIEW_STATUS.REJECTED,
      reject_reason: 'Image is blurred',
    });
    const front = await uploadFor(user);
    await submit(user, {
      name: 'Ann B. Lee',
      front_pic: front,
      reverse_pic: await uploadFor(user),
    });
    expect(center(user)).toMatchObject({
      review_status: REVIEW_STATUS.WAITING,
      name: 'Ann B. Lee',
      front_pic: front,
      reject_reason: '',
    });
    review({ uid: user.uid, approve: true });
    expect(center(user).review_status).toBe(REVIEW_STATUS.APPROVED);
  });

  it('refuses an unknown user or one with nothing waiting', async () => {
    const { user, review } = setup();
    const unknown = await refusalOf(() => review({ uid: 'nobody', approve: true }));
    expect(unknown.code).toBe(CODE.NOT_FOUND);
    const nothing = await refusalOf(() => review({ uid: user.uid, approve: false }));
    expect(nothing).toMatchObject({
      code: CODE.NOT_FOUND,
      details: expect.stringContaining('no verification'),
    });
  });

  it('validates its input', () => {
    const { review } = setup();
    expect(() => review({ uid: 'x', approve: 'yes' })).toThrow();
    expect(() => review({ approve: true })).toThrow();
  });
});

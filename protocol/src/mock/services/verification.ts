import { z } from 'zod';
import { CODE } from '../../envelope.js';
import type { routes } from '../../routes/table.js';
import { REVIEW_STATUS, type Verification } from '../../schemas/verification.js';
import type { MockDeps } from '../deps.js';
import { type ControlAction, defineControl } from '../http/control.js';
import { callerOf, type Handlers, reply } from '../http/handler.js';
import { Refusal, refuse } from '../refusal.js';
import { uploadNameOf } from './uploads.js';

type VerificationRow = Omit<Verification, 'review_status'> & { review_status: number };

const NOTHING_SUBMITTED: Verification = {
  review_status: REVIEW_STATUS.NONE,
  name: '',
  card_id: '',
  front_pic: '',
  reverse_pic: '',
  reject_reason: '',
};

/**
 * Real-name verification: the user submits name, ID number and two uploaded ID images
 * (0 none / 3 rejected → 1 waiting); a reviewer approves (2) or rejects (3, with a reason)
 * through the control API.
 */
export function createVerificationService({ db, clock }: MockDeps) {
  const read = db.prepare(
    `SELECT review_status, name, card_id, front_pic, reverse_pic, reject_reason
     FROM verifications WHERE user_id = ?`,
  );
  const submit = db.prepare(
    `INSERT INTO verifications (user_id, name, card_id, front_pic, reverse_pic, review_status, reject_reason, submitted_at)
     VALUES (@user_id, @name, @card_id, @front_pic, @reverse_pic, @review_status, '', @now)
     ON CONFLICT (user_id) DO UPDATE SET
       name = excluded.name, card_id = excluded.card_id, front_pic = excluded.front_pic,
       reverse_pic = excluded.reverse_pic, review_status = excluded.review_status,
       reject_reason = '', submitted_at = excluded.submitted_at, reviewed_at = NULL`,
  );
  const ownUpload = db.prepare('SELECT 1 FROM uploads WHERE file_name = ? AND user_id = ?');
  const userByUid = db.prepare('SELECT id FROM users WHERE uid = ?');
  const review = db.prepare(
    `UPDATE verifications SET review_status = ?, reject_reason = ?, reviewed_at = ?
     WHERE user_id = ? AND review_status = ?`,
  );

  function current(userId: number): Verification {
    return (read.get(userId) as VerificationRow | undefined) ?? NOTHING_SUBMITTED;
  }

  /** An image the user uploaded: its `/uploads/<name>` URL, refused otherwise. */
  function ownImage(url: string, userId: number): string {
    const name = uploadNameOf(url);
    if (!name || !ownUpload.get(name, userId)) refuse('upload.not_found');
    return url;
  }

  const handlers: Pick<Handlers<typeof routes>, 'realName' | 'realNameCenter'> = {
    realName(input, ctx) {
      const { id } = callerOf(ctx);
      db.transaction(() => {
        const status = current(id).review_status;
        if (status !== REVIEW_STATUS.NONE && status !== REVIEW_STATUS.REJECTED) {
          refuse('verify.already_submitted');
        }
        submit.run({
          user_id: id,
          name: input.name,
          card_id: input.card_id,
          front_pic: ownImage(input.front_pic, id),
          reverse_pic: ownImage(input.reverse_pic, id),
          review_status: REVIEW_STATUS.WAITING,
          now: clock.now(),
        });
      })();
      return reply(null, 'verify.submitted');
    },

    realNameCenter(_input, ctx) {
      return current(callerOf(ctx).id);
    },
  };

  const controls: ControlAction[] = [
    defineControl({
      method: 'POST',
      path: '/verification/review',
      input: z.object({
        uid: z.string().min(1),
        approve: z.boolean(),
        reason: z.string().max(500).optional(),
      }),
      summary:
        'Approves (review_status 2) or rejects (3, with reason) the waiting verification of a user.',
      run({ uid, approve, reason }) {
        const user = userByUid.get(uid) as { id: number } | undefined;
        if (!user) throw new Refusal('not_found', undefined, CODE.NOT_FOUND, `no user ${uid}`);
        const status = approve ? REVIEW_STATUS.APPROVED : REVIEW_STATUS.REJECTED;
        const changed = review.run(
          status,
          approve ? '' : (reason ?? ''),
          clock.now(),
          user.id,
          REVIEW_STATUS.WAITING,
        ).changes;
        if (changed === 0) {
          throw new Refusal(
            'not_found',
            undefined,
            CODE.NOT_FOUND,
            `user ${uid} has no verification waiting for review`,
          );
        }
        return current(user.id);
      },
    }),
  ];

  return { handlers, controls };
}

export type VerificationService = ReturnType<typeof createVerificationService>;

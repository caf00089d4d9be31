import { z } from 'zod';

/**
 * Real-name verification states (docs/product.md#states): 0 not submitted, 1 waiting, 2
 * approved; 3 rejected (the form is shown again with the reason) is this project's addition.
 */
export const REVIEW_STATUS = { NONE: 0, WAITING: 1, APPROVED: 2, REJECTED: 3 } as const;
export type ReviewStatus = (typeof REVIEW_STATUS)[keyof typeof REVIEW_STATUS];

/** `user_real/center`: `review_status` and the submitted data, if any. */
export const verificationSchema = z.object({
  review_status: z.number().int(),
  name: z.string(),
  card_id: z.string(),
  front_pic: z.string(),
  reverse_pic: z.string(),
  /** Why a review was rejected; empty otherwise. */
  reject_reason: z.string(),
});
export type Verification = z.infer<typeof verificationSchema>;

/** `common/image_upload` answer: the image's `url`. */
export const uploadSchema = z.object({ url: z.string() });

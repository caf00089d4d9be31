import { z } from 'zod';
import { requiredText, text, wireChoice } from '../schemas/primitives.js';
import { loginTypeSchema, sessionSchema, userSchema } from '../schemas/user.js';
import { defineRoute } from './define.js';
import { ack, areaId, code, noPayload, optionalText, password } from './shared.js';

/** Purpose of a verification code: 1 registration, 2 password reset. */
export const CODE_PURPOSE = { REGISTER: 1, RESET: 2 } as const;

/** Both passwords of a form must match (docs/product.md#validation). */
function samePasswords<T extends z.ZodObject>(schema: T, first: string, second: string) {
  return schema.superRefine((value, ctx) => {
    const record = value as Record<string, unknown>;
    if (record[first] !== record[second]) {
      ctx.addIssue({ code: 'custom', path: [second], message: 'passwords do not match' });
    }
  });
}

/** An e-mail or, with `area_id`, a phone number: checked by `login_type`/`type`. */
const account = () => requiredText(254);

export const loginForU = defineRoute({
  method: 'POST',
  path: '/api/user/loginForU',
  access: 'public',
  summary: 'Log in by e-mail or phone and password; returns token and user.',
  // `area_id` (for a phone login) is this project's addition: the same number may exist in two
  // areas. Without it a phone login matches when the number is unique.
  request: z.object({
    account: account(),
    password: requiredText(64),
    login_type: loginTypeSchema,
    area_id: areaId().optional(),
  }),
  response: sessionSchema,
});

export const createAccountDemoForU = defineRoute({
  method: 'GET',
  path: '/api/user/createAccountDemoForU',
  access: 'public',
  summary: 'Opens a demo account (or reopens the one named by demo_id); returns token and user.',
  // This project's reading of `demo_id`: the uid of a demo account this device used before, so
  // the same demo balance comes back. Unknown or absent: a new demo account.
  request: z.object({ demo_id: optionalText(64) }),
  response: sessionSchema,
});

export const userInfo = defineRoute({
  method: 'GET',
  path: '/api/user/info',
  summary: 'The logged-in user.',
  request: noPayload,
  response: userSchema,
  initial: true,
  noErrorToast: true,
});

export const register = defineRoute({
  method: 'POST',
  path: '/api/user/register',
  access: 'public',
  summary: 'Registers by e-mail or phone; credits the inviter of invite_code. Returns a session.',
  // `type` is the identifier kind; for a phone, `mobile` (or `account`) holds the number and
  // `area_id` its area. `key` is the captcha id when verify_reg_type is 2.
  request: samePasswords(
    z.object({
      type: loginTypeSchema,
      account: text(254).optional(),
      mobile: text(15).optional(),
      area_id: areaId().optional(),
      password: password(),
      re_password: z.string().max(64),
      invite_code: optionalText(16),
      sms_code: optionalText(8),
      key: optionalText(64),
    }),
    'password',
    're_password',
  ),
  response: sessionSchema,
  toastOnSuccess: true,
});

export const forgetPassword = defineRoute({
  method: 'POST',
  path: '/api/user/forget_password',
  access: 'public',
  summary: 'Sets a new password with a code sent to the e-mail or phone.',
  request: samePasswords(
    z.object({
      type: loginTypeSchema,
      account: account(),
      area_id: areaId().optional(),
      new_password: password(),
      secondary_password: z.string().max(64),
      auth_code: code(),
    }),
    'new_password',
    'secondary_password',
  ),
  response: ack,
  toastOnSuccess: true,
});

export const amendPassword = defineRoute({
  method: 'POST',
  path: '/api/user/amend_password',
  access: 'real',
  summary: 'Changes the password of the logged-in real account.',
  // The product leaves the payload open; this project's choice: the old password and the new
  // one twice.
  request: samePasswords(
    z.object({
      old_password: requiredText(64),
      new_password: password(),
      secondary_password: z.string().max(64),
    }),
    'new_password',
    'secondary_password',
  ),
  response: ack,
  toastOnSuccess: true,
});

const sendCodeRequest = z.object({
  /** The e-mail address, or the phone number without prefix. */
  to: requiredText(254),
  area_id: areaId().optional(),
  type: wireChoice([CODE_PURPOSE.REGISTER, CODE_PURPOSE.RESET]),
});

export const sendEmail = defineRoute({
  method: 'POST',
  path: '/api/notify/send_email',
  access: 'public',
  summary: 'Sends a verification code by e-mail (60 s cooldown per address and purpose).',
  request: sendCodeRequest,
  response: ack,
  toastOnSuccess: true,
});

export const sendSms = defineRoute({
  method: 'POST',
  path: '/api/notify/send_sms',
  access: 'public',
  summary: 'Sends a verification code by SMS (60 s cooldown per number and purpose).',
  request: sendCodeRequest.extend({ area_id: areaId() }),
  response: ack,
  toastOnSuccess: true,
});

export const resetForexDemoAccount = defineRoute({
  method: 'GET',
  path: '/v1/api/main/user/resetForexDemoAccount',
  summary: 'Closes every order of the demo account and restores its starting balance.',
  request: noPayload,
  response: ack,
  toastOnSuccess: true,
});

export const accountRoutes = {
  loginForU,
  createAccountDemoForU,
  userInfo,
  register,
  forgetPassword,
  amendPassword,
  sendEmail,
  sendSms,
  resetForexDemoAccount,
} as const;

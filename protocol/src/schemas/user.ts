import { z } from 'zod';

/** Login identifier types (docs/product.md#constants). */
export const LOGIN_TYPES = ['email', 'mobile'] as const;
export const loginTypeSchema = z.enum(LOGIN_TYPES);
export type LoginType = z.infer<typeof loginTypeSchema>;

/**
 * A user (docs/product.md#entities). `mobile` and `area_id` are this project's additions for phone
 * accounts.
 */
export const userSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  /** Empty for an account registered by phone. */
  email: z.string(),
  mobile: z.string(),
  area_id: z.number().int().nullable(),
  /** 1 = demo (simulation) account. */
  is_demo: z.number().int(),
  invite_code: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** What logging in, registering and opening a demo answer: a token and the user. */
export const sessionSchema = z.object({ token: z.string().min(1), user: userSchema });
export type Session = z.infer<typeof sessionSchema>;

/** An area code: `code` is the region (e.g. HK), `global_code` the dialling prefix. */
export const areaCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  global_code: z.string(),
});
export type AreaCode = z.infer<typeof areaCodeSchema>;

/**
 * How customer service opens (docs/product.md#screens): 2 dialog with the link, 3 redirect, else
 * in-app chat.
 */
export const SERVICE_LINK_TYPE = { CHAT: 1, DIALOG: 2, REDIRECT: 3 } as const;

/**
 * What registration asks to prove the identifier — this project's reading of `verify_reg_type`
 * (docs/product.md#entities): 0 nothing, 1 a code sent by e-mail or SMS (`sms_code`), 2 the image
 * captcha (`key` is the captcha id, `sms_code` the characters shown).
 */
export const VERIFY_REG_TYPE = { NONE: 0, CODE: 1, CAPTCHA: 2 } as const;

/** The site's base settings (docs/product.md#entities). */
export const baseSettingsSchema = z.object({
  service_link: z.string(),
  service_link_type: z.number().int(),
  verify_reg_type: z.number().int(),
  trade_fee_type: z.number().int(),
  /** The site title; "DEMO" marks a test site (the announcement says so). */
  title: z.string(),
});
export type BaseSettings = z.infer<typeof baseSettingsSchema>;

/** The company behind the site (docs/product.md#entities). */
export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  url: z.string(),
  subject: z.string(),
  registered_address: z.string(),
  location: z.string(),
  email: z.string(),
});
export type Company = z.infer<typeof companySchema>;

// In a module of its own: a browser checks it before its first screen, without the rest.
export { type CompanyStatus, companyStatusSchema } from './company-status.js';

/** Keys `default/setting` answers. */
export const SETTING_KEYS = ['is_show_mobile'] as const;
/** This project's shape for `default/setting`: the key asked and its value. */
export const settingSchema = z.object({ key: z.enum(SETTING_KEYS), value: z.string() });

/** The captcha call's answer: its id, and the image as a data URL. */
export const captchaSchema = z.object({ id: z.string(), b64s: z.string() });

/** This project's shape for the complaint provider's answer. */
export const complaintEmailSchema = z.object({ email: z.string() });

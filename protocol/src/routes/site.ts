import { z } from 'zod';
import { manifestSchema } from '../schemas/content.js';
import { text } from '../schemas/primitives.js';
import {
  areaCodeSchema,
  baseSettingsSchema,
  captchaSchema,
  companySchema,
  complaintEmailSchema,
  SETTING_KEYS,
  settingSchema,
} from '../schemas/user.js';
import { uploadSchema } from '../schemas/verification.js';
import { defineRoute } from './define.js';
import { noPayload } from './shared.js';
import { companyStatus } from './startup.js';

export const areaList = defineRoute({
  method: 'GET',
  path: '/api/default/area_list',
  access: 'public',
  summary: 'Phone area codes.',
  request: noPayload,
  response: z.array(areaCodeSchema),
  cacheable: true,
});

export const basicInfo = defineRoute({
  method: 'GET',
  path: '/api/basicSet/getBasicInfo',
  access: 'public',
  summary: 'Base settings: service link and type, registration check, fee type, site title.',
  request: noPayload,
  response: baseSettingsSchema,
  cacheable: true,
});

export const company = defineRoute({
  method: 'GET',
  path: '/api/company/getCompany',
  access: 'public',
  summary: 'Company information; its e-mail is data.email.',
  request: noPayload,
  response: companySchema,
  cacheable: true,
});

export const companySearch = defineRoute({
  method: 'GET',
  // The product names the search but not its path: this path is this project's choice.
  path: '/api/company/search',
  access: 'public',
  summary: 'Companies whose name contains `name` (company-directory mode).',
  request: z.object({ name: text(64).default('') }),
  response: z.array(companySchema),
});

export const defaultSetting = defineRoute({
  method: 'GET',
  path: '/api/default/setting',
  access: 'public',
  summary: 'One public setting by key (is_show_mobile: whether phone registration is offered).',
  request: z.object({ key: z.enum(SETTING_KEYS) }),
  response: settingSchema,
  cacheable: true,
});

export const captcha = defineRoute({
  method: 'GET',
  // The product leaves the captcha's path open: this path is this project's choice.
  path: '/api/common/captcha',
  access: 'public',
  summary: 'A new image captcha: its id and the image as a base64 data URL.',
  request: noPayload,
  response: captchaSchema,
  noErrorToast: true,
});

export const imageUpload = defineRoute({
  method: 'POST',
  path: '/api/common/image_upload',
  encoding: 'multipart',
  access: 'real',
  summary: 'Uploads one image (field `file`: PNG, JPEG or WebP); returns its URL.',
  // Checked as "a file"; type and size are the server's to judge and answer.
  request: z.object({ file: z.instanceof(Blob, { message: 'one image file' }) }),
  response: uploadSchema,
  showsLoading: true,
});

export const complaintEmail = defineRoute({
  method: 'GET',
  // Served by a separate provider host; its path and answer are this project's choice.
  path: '/api/complaint_email',
  host: 'provider',
  access: 'public',
  summary: 'The e-mail address complaints go to (served by the provider host).',
  request: noPayload,
  response: complaintEmailSchema,
  cacheable: true,
});

export const manifest = defineRoute({
  method: 'GET',
  path: '/manifest.json',
  host: 'origin',
  answer: 'raw',
  access: 'public',
  summary: 'The web app manifest of the site (a bare JSON document).',
  request: noPayload,
  response: manifestSchema,
  // Network errors of manifest calls are not toasted (docs/product.md#errors).
  noErrorToast: true,
});

export const siteRoutes = {
  areaList,
  basicInfo,
  company,
  companyStatus,
  companySearch,
  defaultSetting,
  captcha,
  imageUpload,
  complaintEmail,
  manifest,
} as const;

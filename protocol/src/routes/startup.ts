import { companyStatusSchema } from '../schemas/company-status.js';
import { defineRoute } from './define.js';
import { noPayload } from './shared.js';

/** In a module of its own, with its one schema: the startup check runs before anything else. */
export const companyStatus = defineRoute({
  method: 'GET',
  path: '/api/company/getCompanyStatus',
  access: 'public',
  summary: 'Startup check: status (0 → loss_url), type (0 → company-directory mode).',
  request: noPayload,
  response: companyStatusSchema,
  initial: true,
  cacheable: true,
});

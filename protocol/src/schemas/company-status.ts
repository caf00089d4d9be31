import { z } from 'zod';

/**
 * Startup check (docs/product.md#states): status 0 sends the browser to `loss_url`; otherwise type
 * 0 switches the app to company-directory mode.
 */
export const companyStatusSchema = z.object({
  status: z.number().int(),
  type: z.number().int(),
  loss_url: z.string(),
});
export type CompanyStatus = z.infer<typeof companyStatusSchema>;

import { z } from 'zod';
import { zId, zOptionalText } from './common.js';
import { zOptionalCustomerId, zPageQuery, zRequiredId } from './list-query.js';

const zProjectName = (message: string) => z.string({ error: message }).trim().min(1, message).max(200);
const zDescription = zOptionalText(5000);

/** POST /api/customers/{id}/projects (customer from the path). */
export const zCustomerProjectCreate = z.object({
  name: zProjectName('Bitte geben Sie einen Projektnamen ein'),
  description: zDescription,
  is_active: z.boolean().default(true),
});
export type CustomerProjectCreate = z.input<typeof zCustomerProjectCreate>;

/** POST /api/projects (admin panel: customer chosen in the form). */
export const zProjectCreate = zCustomerProjectCreate.extend({
  customer_id: zRequiredId('Bitte wählen Sie einen Kunden aus'),
});
export type ProjectCreate = z.input<typeof zProjectCreate>;

/** PUT /api/projects/{id}: name required; customer_id and is_active optional. */
export const zProjectUpdate = z.object({
  name: zProjectName('Projektname ist erforderlich'),
  description: zDescription,
  customer_id: zId.optional(),
  is_active: z.boolean().optional(),
});
export type ProjectUpdate = z.input<typeof zProjectUpdate>;

export const zProjectListQuery = zPageQuery.extend({ customer_id: zOptionalCustomerId });

export const zProject = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  customer_id: z.number(),
  customer_name: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type Project = z.infer<typeof zProject>;

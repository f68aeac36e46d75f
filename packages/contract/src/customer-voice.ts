import { z } from 'zod';
import { CUSTOMER_VOICES } from './voice.js';

/** GET/PUT /api/admin/customer-voice: "Anrede der Kunden" (decision 0620). */
export const zCustomerVoiceSetting = z.object({
  customer_voice: z.enum(CUSTOMER_VOICES, { error: 'Bitte wählen Sie „du“ oder „Sie“' }),
});
export type CustomerVoiceSetting = z.infer<typeof zCustomerVoiceSetting>;

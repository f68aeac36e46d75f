import { z } from 'zod';

import { USER_TYPES } from './session-rules.js';

export {
  IDLE_TIMEOUT_MINUTES,
  SESSION_MAX_AGE_HOURS,
  SESSION_WARNING_SECONDS,
  USER_TYPES,
  type UserType,
} from './session-rules.js';

export const zLoginRequest = z.object({
  email: z
    .string({ error: 'Bitte füllen Sie alle Felder aus' })
    .trim()
    .min(1, 'Bitte füllen Sie alle Felder aus')
    .max(254),
  password: z
    .string({ error: 'Bitte füllen Sie alle Felder aus' })
    .min(1, 'Bitte füllen Sie alle Felder aus')
    .max(1024),
  user_type: z.enum(USER_TYPES, { error: 'Ungültiger Benutzertyp' }),
});
export type LoginRequest = z.infer<typeof zLoginRequest>;

export const zAdminUser = z.object({ id: z.number(), username: z.string(), name: z.string() });
export const zCustomerUser = z.object({
  id: z.number(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export const zSessionUser = z.union([zAdminUser, zCustomerUser]);
export type AdminUser = z.infer<typeof zAdminUser>;
export type CustomerUser = z.infer<typeof zCustomerUser>;
export type SessionUser = z.infer<typeof zSessionUser>;

export const zLoginResponse = z.object({
  success: z.literal(true),
  user: zSessionUser,
  user_type: z.enum(USER_TYPES),
  token: z.string(),
  expires_at: z.string(),
  idle_timeout_minutes: z.number(),
});
export type LoginResponse = z.infer<typeof zLoginResponse>;

export const zValidateTokenResponse = z.object({
  valid: z.literal(true),
  user: zSessionUser,
  user_type: z.enum(USER_TYPES),
  expires_at: z.string(),
  idle_timeout_minutes: z.number(),
});
export type ValidateTokenResponse = z.infer<typeof zValidateTokenResponse>;

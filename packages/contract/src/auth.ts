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

/** After a correct password a staff account with 2FA gets a challenge instead of a session. */
export const SECOND_FACTORS = ['totp', 'enrol'] as const;
export const zLoginChallenge = z.object({
  success: z.literal(true),
  /** totp: ask for the code; enrol: 2FA is required and not set up yet, set it up now. */
  second_factor: z.enum(SECOND_FACTORS),
  challenge: z.string(),
  expires_at: z.string(),
});
export type LoginChallenge = z.infer<typeof zLoginChallenge>;
export const zLoginAnswer = z.union([zLoginResponse, zLoginChallenge]);
export type LoginAnswer = z.infer<typeof zLoginAnswer>;

const zChallenge = z
  .string({ error: 'Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.' })
  .trim()
  .min(1, 'Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.')
  .max(200, 'Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.');
/** A 6-digit code of the authenticator app, or one of the recovery codes. */
export const zOneTimeCode = z
  .string({ error: 'Bitte geben Sie den Code ein' })
  .trim()
  .min(1, 'Bitte geben Sie den Code ein')
  .max(40, 'Der Code ist zu lang');

export const zSecondFactorRequest = z.object({ challenge: zChallenge, code: zOneTimeCode });
export const zEnrolStartRequest = z.object({ challenge: zChallenge });

/** What an authenticator app needs: QR code (PNG data URL), the key for typing, the otpauth URI. */
export const zTotpSetup = z.object({ secret: z.string(), otpauth_uri: z.string(), qr_code: z.string() });
export type TotpSetup = z.infer<typeof zTotpSetup>;

/** Ten single-use recovery codes, shown exactly once. */
export const zRecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export const zLoginWithRecoveryCodes = zLoginResponse.extend({ recovery_codes: z.array(z.string()) });
export type LoginWithRecoveryCodes = z.infer<typeof zLoginWithRecoveryCodes>;
/** A login with a recovery code tells how many are left. */
export const zSecondFactorResponse = zLoginResponse.extend({ recovery_codes_left: z.number().nullable() });
export type SecondFactorResponse = z.infer<typeof zSecondFactorResponse>;

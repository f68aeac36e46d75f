import { z } from 'zod';

import { zNewPassword as zNewPasswordForLink } from './password-rules.js';
import { ALL_PERMISSIONS, type Permission, STAFF_ROLES } from './permissions.js';
import { USER_TYPES } from './session-rules.js';
import { CUSTOMER_VOICES } from './voice.js';

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

/** A staff member with their role and what it allows (contract/permissions.ts); the app hides the rest. */
export const zAdminUser = z.object({
  id: z.number(),
  username: z.string(),
  /** The display name, the username until one is set. */
  name: z.string(),
  /** No display name yet: the app asks for one (decision 0622). */
  needs_display_name: z.boolean(),
  /** Signs in with the password the first start generated: the app offers to change it (decision 0756). */
  password_generated: z.boolean(),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]])),
});
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
  /** "Anrede der Kunden" (decision 0620): the lounge and the staff's customer view follow it. */
  customer_voice: z.enum(CUSTOMER_VOICES),
});
export type LoginResponse = z.infer<typeof zLoginResponse>;

export const zValidateTokenResponse = z.object({
  valid: z.literal(true),
  user: zSessionUser,
  user_type: z.enum(USER_TYPES),
  expires_at: z.string(),
  idle_timeout_minutes: z.number(),
  customer_voice: z.enum(CUSTOMER_VOICES),
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

const zLinkToken = z
  .string({ error: 'Dieser Link ist ungültig' })
  .trim()
  .min(1, 'Dieser Link ist ungültig')
  .max(200, 'Dieser Link ist ungültig');
/** The token of an invitation or reset link (sent in the body, never in a logged URL path). */
export const zPasswordLinkToken = z.object({ token: zLinkToken });
export const zPasswordLinkInfo = z.object({
  kind: z.enum(['invitation', 'reset']),
  user_type: z.enum(USER_TYPES),
  name: z.string(),
  /** Username (staff) or e-mail (customers): what to type at the login. */
  login: z.string(),
  expires_at: z.string(),
  /** Customers' links: the form of address of the page (decision 0620). */
  voice: z.enum(CUSTOMER_VOICES),
});
export type PasswordLinkInfo = z.infer<typeof zPasswordLinkInfo>;
export const zPasswordLinkSet = z.object({ token: zLinkToken, password: zNewPasswordForLink });
export const zPasswordLinkDone = z.object({
  success: z.literal(true),
  user_type: z.enum(USER_TYPES),
  login: z.string(),
});

/** "Passwort vergessen?": the same answer whether the address exists or not. */
export const zForgotPassword = z.object({
  email: z
    .string({ error: 'Bitte gib deine E-Mail-Adresse ein' })
    .trim()
    .min(1, 'Bitte gib deine E-Mail-Adresse ein')
    .max(254, 'Bitte gib eine gültige E-Mail-Adresse ein')
    .pipe(z.email('Bitte gib eine gültige E-Mail-Adresse ein')),
});
/** "Passwort vergessen?" of the staff login: username or the account's e-mail address (decision 0756). */
export const zStaffForgotPassword = z.object({
  login: z
    .string({ error: 'Bitte geben Sie Ihren Benutzernamen oder Ihre E-Mail-Adresse ein' })
    .trim()
    .min(1, 'Bitte geben Sie Ihren Benutzernamen oder Ihre E-Mail-Adresse ein')
    .max(254, 'Benutzername oder E-Mail-Adresse ist zu lang'),
});
/** The one answer for every staff request, found or not, with or without an e-mail address. */
export const STAFF_FORGOT_PASSWORD_ANSWER =
  'Wenn es dieses Konto gibt und eine E-Mail-Adresse hinterlegt ist, ist eine E-Mail mit einem Link zum Zurücksetzen unterwegs. Der Link gilt 60 Minuten. Ist keine E-Mail-Adresse hinterlegt, hilft Ihnen eine Inhaberin oder ein Inhaber weiter: unter Einstellungen → Mitarbeiter „E-Mail-Adresse ändern“ und dann „Link zum Passwort-Setzen senden“.';
export const FORGOT_PASSWORD_ANSWER =
  'Wenn es zu dieser Adresse ein Konto gibt, ist eine E-Mail mit einem Link zum Zurücksetzen unterwegs. Der Link gilt 60 Minuten.';

import { z } from 'zod';
import { zOneTimeCode } from './auth.js';
import { zCurrentPassword, zNewPassword } from './password-rules.js';
import { USER_TYPES } from './session-rules.js';

/** "Mein Konto" / "Konto & Sicherheit": who am I and how do I sign in. */
export const zAccount = z.object({
  user_type: z.enum(USER_TYPES),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  totp_enabled: z.boolean(),
  /** Staff: the setting "Zwei-Faktor-Anmeldung für alle Mitarbeiter verpflichtend". */
  totp_required: z.boolean(),
  recovery_codes_left: z.number(),
});
export type Account = z.infer<typeof zAccount>;

export const zPasswordChange = z.object({ current_password: zCurrentPassword, new_password: zNewPassword });
export type PasswordChange = z.input<typeof zPasswordChange>;

/** One signed-in device ("Angemeldete Geräte"). */
export const zDeviceSession = z.object({
  id: z.string(),
  browser: z.string(),
  address: z.string().nullable(),
  signed_in_at: z.string(),
  last_active_at: z.string(),
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof zDeviceSession>;
export const zSessionParams = z.object({ sessionId: z.uuid('Unbekannte Sitzung') });
export const zEndedSessions = z.object({ success: z.literal(true), ended: z.number() });

export const zTotpConfirm = z.object({ code: zOneTimeCode });
export const zTotpDisable = z.object({ password: zCurrentPassword, code: zOneTimeCode });

/** "Zugriffe auf Ihre Zugangsdaten": a staff member revealed one of the customer's stored passwords. */
export const zSecretReveal = z.object({
  id: z.number(),
  at: z.string(),
  staff_name: z.string(),
  entry_id: z.number().nullable(),
  entry_title: z.string().nullable(),
});
export type SecretReveal = z.infer<typeof zSecretReveal>;

/** "Anzeigename" (Konto): the name colleagues and customers see on bookings, reveals and the Protokoll. */
export const zDisplayNameUpdate = z.object({
  name: z
    .string({ error: 'Bitte geben Sie Ihren Namen ein' })
    .trim()
    .min(2, 'Bitte geben Sie Ihren Namen ein (mindestens 2 Zeichen)')
    .max(100, 'Der Name darf höchstens 100 Zeichen lang sein'),
});
export type DisplayNameUpdate = z.input<typeof zDisplayNameUpdate>;

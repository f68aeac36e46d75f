import { z } from 'zod';

/** A staff account in "Einstellungen → Mitarbeiter". */
export const zStaffMember = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  is_active: z.boolean(),
  /** Invited, password not set yet. */
  invitation_pending: z.boolean(),
  totp_enabled: z.boolean(),
  active_sessions: z.number(),
  last_login_at: z.string().nullable(),
  is_self: z.boolean(),
});
export type StaffMember = z.infer<typeof zStaffMember>;

export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{1,49}$/;

export const zStaffInvite = z.object({
  name: z
    .string({ error: 'Bitte geben Sie einen Namen ein' })
    .trim()
    .min(1, 'Bitte geben Sie einen Namen ein')
    .max(100, 'Höchstens 100 Zeichen'),
  username: z
    .string({ error: 'Bitte geben Sie einen Benutzernamen ein' })
    .trim()
    .toLowerCase()
    .min(1, 'Bitte geben Sie einen Benutzernamen ein')
    .max(50, 'Höchstens 50 Zeichen')
    .regex(USERNAME_PATTERN, 'Nur Kleinbuchstaben, Ziffern, Punkt, Binde- und Unterstrich (2–50 Zeichen)'),
  email: z
    .string({ error: 'Bitte geben Sie eine E-Mail-Adresse ein' })
    .trim()
    .min(1, 'Bitte geben Sie eine E-Mail-Adresse ein')
    .max(254)
    .pipe(z.email('Bitte geben Sie eine gültige E-Mail-Adresse ein')),
});
export type StaffInvite = z.input<typeof zStaffInvite>;

export const zStaffActive = z.object({ is_active: z.boolean({ error: 'Ungültiger Wert' }) });

export const zSecuritySettings = z.object({
  require_staff_totp: z.boolean({ error: 'Ungültiger Wert' }),
});
export type SecuritySettings = z.infer<typeof zSecuritySettings>;

import { z } from 'zod';
import { zCurrentPassword } from './password-rules.js';
import {
  ALL_PERMISSIONS,
  MAX_BUTLER_TIME_ENTRY_DAYS,
  type Permission,
  ROLE_LABELS,
  STAFF_ROLES,
} from './permissions.js';

const zPermission = z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]], { error: 'Unbekannte Berechtigung' });
const zRole = z.enum(STAFF_ROLES, {
  error: `Bitte wählen Sie eine Rolle (${Object.values(ROLE_LABELS).join(', ')})`,
});

/** A staff member's e-mail address: invitations, reset links and security notices go there. */
const zStaffEmail = z
  .string({ error: 'Bitte geben Sie eine E-Mail-Adresse ein' })
  .trim()
  .min(1, 'Bitte geben Sie eine E-Mail-Adresse ein')
  .max(254, 'Die E-Mail-Adresse ist zu lang')
  .pipe(z.email('Bitte geben Sie eine gültige E-Mail-Adresse ein'));

/** A staff account in "Einstellungen → Mitarbeiter". */
export const zStaffMember = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  /** Permissions granted beyond the role (only those the role allows, GRANTABLE). */
  grants: z.array(zPermission),
  /** How many customers this person is Betreuer of. */
  customer_count: z.number(),
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
  email: zStaffEmail,
  role: zRole,
  grants: z.array(zPermission).max(ALL_PERMISSIONS.length).default([]),
});
export type StaffInvite = z.input<typeof zStaffInvite>;

/** PUT /api/staff/:id/role: the role and its grants; holds from the person's next request. */
export const zStaffRoleUpdate = z.object({
  role: zRole,
  grants: z.array(zPermission).max(ALL_PERMISSIONS.length).default([]),
});
export type StaffRoleUpdate = z.input<typeof zStaffRoleUpdate>;

/** An active staff member as the "Betreuer" choice lists them. */
export const zStaffOption = z.object({ id: z.number(), name: z.string(), role: z.enum(STAFF_ROLES) });
export type StaffOption = z.infer<typeof zStaffOption>;

/** Rules for staff work (Einstellungen → Mitarbeiter). */
export const zStaffRules = z.object({
  butler_time_entry_days: z
    .number({ error: 'Bitte geben Sie eine Anzahl Tage ein' })
    .int('Bitte geben Sie ganze Tage ein')
    .min(0, 'Mindestens 0 Tage')
    .max(MAX_BUTLER_TIME_ENTRY_DAYS, `Höchstens ${MAX_BUTLER_TIME_ENTRY_DAYS} Tage`),
});
export type StaffRules = z.infer<typeof zStaffRules>;

export const zStaffActive = z.object({ is_active: z.boolean({ error: 'Ungültiger Wert' }) });

export const zSecuritySettings = z.object({
  require_staff_totp: z.boolean({ error: 'Ungültiger Wert' }),
});
export type SecuritySettings = z.infer<typeof zSecuritySettings>;

/**
 * PUT /api/account/email and PUT /api/staff/:id/email (decision 0756): the address of a staff
 * account, confirmed with the password of whoever changes it.
 */
export const zStaffEmailUpdate = z.object({ email: zStaffEmail, current_password: zCurrentPassword });
export type StaffEmailUpdate = z.input<typeof zStaffEmailUpdate>;

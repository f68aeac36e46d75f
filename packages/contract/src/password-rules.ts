import { z } from 'zod';

/** Length limits of every password a person sets (docs/decisions/0300-password-policy.md). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** A new password: length here, the list of common passwords on the server. */
export const zNewPassword = z
  .string({ error: 'Bitte geben Sie ein Passwort ein' })
  .min(1, 'Bitte geben Sie ein Passwort ein')
  .refine((v) => [...v].length >= PASSWORD_MIN_LENGTH, {
    message: `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein`,
  })
  .refine((v) => [...v].length <= PASSWORD_MAX_LENGTH, {
    message: `Das Passwort darf höchstens ${PASSWORD_MAX_LENGTH} Zeichen lang sein`,
  });

/** A password typed to prove who one is (login, current password): any stored password must still work. */
export const zCurrentPassword = z
  .string({ error: 'Bitte geben Sie Ihr aktuelles Passwort ein' })
  .min(1, 'Bitte geben Sie Ihr aktuelles Passwort ein')
  .max(1024, 'Das Passwort ist zu lang');

import { STAFF_FORGOT_PASSWORD_ANSWER } from '@butler/contract/auth';
import { ForgotPasswordForm, postForgot } from './forgot-password-form';

/**
 * "Passwort vergessen?" of the staff login (decision 0756): username or e-mail address, the
 * link goes to the account's address; the same answer whatever was found.
 */
export function StaffForgotPasswordPage() {
  return (
    <ForgotPasswordForm
      texts={{
        eyebrow: 'Back Office',
        tagline: 'Ein Link per E-Mail an die Adresse Ihres Kontos genügt, um ein neues festzulegen.',
        hint: 'Ihr Benutzername oder die E-Mail-Adresse Ihres Mitarbeiter-Kontos:',
        label: 'Benutzername oder E-Mail-Adresse',
        empty: 'Bitte geben Sie Ihren Benutzernamen oder Ihre E-Mail-Adresse ein',
        failed: 'Das hat nicht geklappt. Bitte versuchen Sie es noch einmal.',
        sentTitle: 'Bitte im Postfach nachsehen',
        answer: STAFF_FORGOT_PASSWORD_ANSWER,
        back: { to: '/admin/login', label: 'Zurück zur Mitarbeiter-Anmeldung' },
        send: (login) => postForgot('/api/auth/staff/forgot-password', { login }),
      }}
    />
  );
}

import { FORGOT_PASSWORD_ANSWER } from '@butler/contract/auth';
import { PUBLIC_PAGE_TEXTS } from '@butler/contract/lounge-texts';
import { ForgotPasswordForm, postForgot } from './forgot-password-form';

/** "Passwort vergessen?" for customers: always the same answer, whether the address exists or not. */
export function ForgotPasswordPage() {
  return (
    <ForgotPasswordForm
      texts={{
        eyebrow: PUBLIC_PAGE_TEXTS.eyebrow,
        tagline: PUBLIC_PAGE_TEXTS.forgotTagline,
        hint: PUBLIC_PAGE_TEXTS.forgotHint,
        label: 'E-Mail',
        type: 'email',
        placeholder: 'name@beispiel.at',
        empty: PUBLIC_PAGE_TEXTS.forgotEmpty,
        failed: 'Das hat nicht geklappt. Bitte noch einmal versuchen.',
        sentTitle: PUBLIC_PAGE_TEXTS.forgotSentTitle,
        answer: FORGOT_PASSWORD_ANSWER,
        back: { to: '/', label: 'Zurück zur Anmeldung' },
        send: (email) => postForgot('/api/auth/forgot-password', { email }),
      }}
    />
  );
}

// The public surface of features/account (decision 0830): what other features use of it.
// They import it from here, never from a file inside the folder.
export { useSecretReveals } from './api/account';
export { CalendarFeedPanel, type CalendarFeedTexts } from './components/calendar-feed-panel';
export { withoutUrl } from './components/calendar-feed-rules';
export { PasswordChangeCard } from './components/password-change-card';
export { RecoveryCodesPanel } from './components/recovery-codes-panel';
export { TotpEnrolment } from './components/totp-enrolment';

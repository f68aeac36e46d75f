import type { MailSetup } from '@butler/contract/mail';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** How the portal delivers mail (SMTP or only the outbox folder) and where links point; fixed while it runs. */
export function useMailSetup(enabled = true) {
  return useQuery({
    queryKey: ['mail-setup'],
    queryFn: () => apiRequest<MailSetup>('/api/mail/setup'),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

/** True while no mail server is set: "gesendet" would be untrue (decision 0755). */
export const mailStaysHere = (setup: MailSetup | undefined) => setup?.transport === 'outbox';

/**
 * What became of a mail in a run's progress and result: "versendet", or without a mail server
 * "im Ausgangsordner abgelegt" (decision 0755).
 */
export const sentWord = (setup: MailSetup | undefined) =>
  mailStaysHere(setup) ? 'im Ausgangsordner abgelegt' : 'versendet';

/** The words for a mail that was filed but not sent. */
export const FILED_NOT_SENT = 'im Ausgangsordner abgelegt – nicht versendet';

/**
 * The toast after a mail was queued: `sent` with a mail server; without one the thing it is
 * about and that the mail only lies in the outbox folder (decision 0755).
 */
export function mailToast(setup: MailSetup | undefined, sent: string, about: string): string {
  return mailStaysHere(setup) ? `${about}: E-Mail ${FILED_NOT_SENT} (kein Mailserver eingerichtet)` : sent;
}

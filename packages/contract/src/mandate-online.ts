import { z } from 'zod';
import { isBic, isIban, normalizeBic, normalizeIban } from './sepa-rules.js';

/**
 * "Lastschrift einrichten" in the lounge (decision 0853): the customer reads the mandate
 * text, enters the account and signs with their password; a second mandate replaces the
 * first; "Lastschrift widerrufen" ends it. The messages here are neutral (no du, no Sie):
 * the lounge checks the same fields in the customer's voice before it sends.
 */

/** How many signings (tries included) one customer may start within 24 hours. */
export const MANDATE_SIGNINGS_PER_DAY = 5;
/** The longest mandate text the portal shows and stores. */
export const MANDATE_TEXT_MAX_CHARS = 5000;

/** The customer's current mandate as the lounge shows it (the IBAN masked: `AT...1234`). */
export const zLoungeMandate = z.object({
  id: z.number(),
  reference: z.string(),
  debtor_name: z.string(),
  account: z.string(),
  signed_on: z.string(),
  /** online: signed in the lounge; paper: signed on the form and recorded by staff. */
  channel: z.enum(['online', 'paper']),
});
export type LoungeMandate = z.infer<typeof zLoungeMandate>;

/** What the lounge needs to offer "Lastschrift einrichten". */
export const zMandateOnlineState = z.object({
  /** Creditor ID and collection account are set: mandates can be signed. */
  ready: z.boolean(),
  active: zLoungeMandate.nullable(),
  /** The mandate the customer would sign now; null while not ready. */
  offer: z
    .object({
      reference: z.string(),
      creditor_name: z.string(),
      creditor_id: z.string(),
      /** The mandate text exactly as it is shown and, once signed, stored. */
      mandate_text: z.string(),
      /** The account holder proposed: the customer's (company) name. */
      debtor_name: z.string(),
    })
    .nullable(),
  /** Open invoices whose direct debit was announced with the active mandate (they go by transfer once revoked). */
  announced_invoices: z.number(),
});
export type MandateOnlineState = z.infer<typeof zMandateOnlineState>;

export const zMandateOnlineSign = z.object({
  idempotency_key: z
    .string({ error: 'Schlüssel der Anfrage fehlt' })
    .trim()
    .min(8, 'Schlüssel der Anfrage zu kurz')
    .max(100, 'Schlüssel der Anfrage zu lang'),
  reference: z.string({ error: 'Mandatsreferenz fehlt' }).trim().min(1, 'Mandatsreferenz fehlt').max(35),
  mandate_text: z
    .string({ error: 'Der Mandatstext fehlt' })
    .min(1, 'Der Mandatstext fehlt')
    .max(MANDATE_TEXT_MAX_CHARS, 'Der Mandatstext ist zu lang'),
  debtor_name: z
    .string({ error: 'Der Kontoinhaber fehlt' })
    .trim()
    .min(1, 'Der Kontoinhaber fehlt')
    .max(70, 'Höchstens 70 Zeichen'),
  debtor_iban: z
    .string({ error: 'Die IBAN fehlt' })
    .trim()
    .max(42, 'Höchstens 42 Zeichen')
    .transform(normalizeIban)
    .refine((v) => v !== '', 'Die IBAN fehlt')
    .refine((v) => isIban(v), 'Die IBAN ist ungültig (Prüfziffer oder Länge stimmt nicht)'),
  debtor_bic: z
    .string()
    .trim()
    .max(20, 'Höchstens 20 Zeichen')
    .transform(normalizeBic)
    .refine((v) => v === '' || isBic(v), 'Der BIC ist ungültig (8 oder 11 Zeichen, z. B. BKAUATWW)')
    .default(''),
  password: z.string({ error: 'Das Passwort fehlt' }).min(1, 'Das Passwort fehlt').max(200),
});
export type MandateOnlineSign = z.input<typeof zMandateOnlineSign>;

export const zMandateOnlineSigned = z.object({
  mandate: zLoungeMandate,
  /** The reference of the mandate this one replaced, if there was one. */
  replaced_reference: z.string().nullable(),
});
export type MandateOnlineSigned = z.infer<typeof zMandateOnlineSigned>;

export const zMandateOnlineRevoke = z.object({
  reason: z.string().trim().max(500, 'Höchstens 500 Zeichen').default(''),
});
export type MandateOnlineRevoke = z.input<typeof zMandateOnlineRevoke>;

import { z } from 'zod';
import { zDate } from './common.js';
import {
  creditorIdProblem,
  isBic,
  isIban,
  normalizeBic,
  normalizeCreditorId,
  normalizeIban,
  sepaIdentifierProblem,
} from './sepa-rules.js';

/** SEPA direct debit: settings, mandates, runs ("Lastschriften"). Decisions 0600–0605. */

export const MANDATE_STATUS_LABELS = {
  active: 'aktiv',
  revoked: 'widerrufen',
  expired: 'abgelaufen',
  closed: 'deaktiviert',
} as const;
export type MandateStatus = keyof typeof MANDATE_STATUS_LABELS;

export const SCHEME_LABELS = { CORE: 'SEPA-Basislastschrift (Core)', B2B: 'SEPA-Firmenlastschrift (B2B)' } as const;
export const PAIN_VERSION_LABELS = {
  '001.08': 'pain.008.001.08 (aktuell)',
  '001.02': 'pain.008.001.02 (ältere Bankschnittstellen)',
} as const;

/** `label` names the field as a sentence starts it ("Die IBAN …"). */
const zIban = (label: string) =>
  z
    .string({ error: `Bitte geben Sie ${label.replace(/^Die /, 'die ')} an` })
    .trim()
    .max(42, 'Höchstens 42 Zeichen')
    .transform(normalizeIban)
    .refine((v) => v === '' || isIban(v), `${label} ist ungültig (Prüfziffer oder Länge stimmt nicht)`);

const zOptionalBic = z
  .string()
  .trim()
  .max(20, 'Höchstens 20 Zeichen')
  .transform(normalizeBic)
  .refine((v) => v === '' || isBic(v), 'Der BIC ist ungültig (8 oder 11 Zeichen, z. B. BKAUATWW)');

export const zDirectDebitSettingsInput = z
  .object({
    creditor_id: z
      .string()
      .trim()
      .max(40, 'Höchstens 35 Zeichen')
      .transform(normalizeCreditorId)
      .superRefine((value, ctx) => {
        const problem = value === '' ? null : creditorIdProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    collection_iban: zIban('Die IBAN des Einzugskontos'),
    collection_bic: zOptionalBic,
    pre_notification_days: z.coerce
      .number({ error: 'Bitte geben Sie die Vorabankündigung in Tagen an' })
      .int('Bitte ganze Tage angeben')
      .min(1, 'Mindestens 1 Tag')
      .max(30, 'Höchstens 30 Tage'),
    shorter_period_agreed: z.boolean().default(false),
    pain_version: z.enum(['001.08', '001.02'], { error: 'Bitte wählen Sie das Dateiformat' }).default('001.08'),
  })
  .superRefine((value, ctx) => {
    if (value.pre_notification_days < 14 && !value.shorter_period_agreed) {
      ctx.addIssue({
        code: 'custom',
        path: ['pre_notification_days'],
        message: 'Weniger als 14 Tage nur, wenn mit den Kunden eine kürzere Frist vereinbart ist',
      });
    }
  });
export type DirectDebitSettingsInput = z.input<typeof zDirectDebitSettingsInput>;

export const zDirectDebitSettings = z.object({
  creditor_id: z.string(),
  collection_iban: z.string(),
  collection_bic: z.string(),
  pre_notification_days: z.number(),
  shorter_period_agreed: z.boolean(),
  pain_version: z.enum(['001.08', '001.02']),
  /** Creditor ID and collection account are set: runs can be written. */
  ready: z.boolean(),
});
export type DirectDebitSettings = z.infer<typeof zDirectDebitSettings>;

export const zMandateInput = z.object({
  /** Empty: the portal proposes the next free reference (K{customer}-{n}). */
  reference: z
    .string()
    .trim()
    .max(35, 'Die Mandatsreferenz darf höchstens 35 Zeichen lang sein')
    .default('')
    .superRefine((value, ctx) => {
      const problem = value === '' ? null : sepaIdentifierProblem(value, 'Die Mandatsreferenz');
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  signed_on: zDate,
  debtor_name: z
    .string({ error: 'Bitte geben Sie den Kontoinhaber an' })
    .trim()
    .min(1, 'Bitte geben Sie den Kontoinhaber an')
    .max(70, 'Höchstens 70 Zeichen'),
  debtor_iban: zIban('Die IBAN').refine((v) => v !== '', 'Bitte geben Sie die IBAN an'),
  debtor_bic: zOptionalBic.default(''),
  scheme: z.enum(['CORE', 'B2B'], { error: 'Bitte wählen Sie die Lastschriftart' }).default('CORE'),
});
export type MandateInput = z.input<typeof zMandateInput>;

export const zMandateRevokeInput = z.object({
  reason: z.string().trim().min(1, 'Bitte geben Sie einen Grund an').max(500, 'Höchstens 500 Zeichen'),
});

export const zMandate = z.object({
  id: z.number(),
  /** Null once the customer is deleted: the mandate is kept seven years (decision 0821). */
  customer_id: z.number().nullable(),
  reference: z.string(),
  signed_on: z.string(),
  debtor_name: z.string(),
  debtor_iban: z.string(),
  debtor_bic: z.string().nullable(),
  scheme: z.enum(['CORE', 'B2B']),
  status: z.enum(['active', 'revoked', 'expired', 'closed']),
  status_reason: z.string().nullable(),
  /** FRST until a collection on it went through, then RCUR. */
  next_sequence: z.enum(['FRST', 'RCUR']),
  last_collection_on: z.string().nullable(),
  /** The day it lapses unless collected before (36 months after the last collection or signature). */
  expires_on: z.string().nullable(),
  created_at: z.string(),
  /** paper: signed on the form, recorded by staff; online: signed in the lounge (decision 0853). */
  channel: z.enum(['paper', 'online']),
  /** What proves an online signature: when, from where, with which browser, and the text as shown. */
  evidence: z
    .object({
      signed_at: z.string(),
      client_address: z.string(),
      user_agent: z.string(),
      browser: z.string(),
      signer_name: z.string(),
      signer_login: z.string(),
      mandate_text: z.string(),
      text_sha256: z.string(),
    })
    .nullable(),
});
export type Mandate = z.infer<typeof zMandate>;

export const zMandateSuggestion = z.object({ reference: z.string() });

/** An invoice that a run may collect. */
export const zDueCollection = z.object({
  invoice_id: z.number(),
  invoice_number: z.string(),
  customer_id: z.number().nullable(),
  customer_name: z.string(),
  amount: z.number(),
  /** The collection date the invoice announced (pre-notification). */
  announced_on: z.string(),
  mandate_reference: z.string(),
  sequence_type: z.enum(['FRST', 'RCUR']),
  /** German reason why it cannot be collected on the chosen date (null: it can). */
  blocked: z.string().nullable(),
});
export type DueCollection = z.infer<typeof zDueCollection>;

export const zDueQuery = z.object({ collection_date: zDate.optional() });
export const zDueCollections = z.object({
  collection_date: z.string(),
  earliest_date: z.string(),
  latest_date: z.string(),
  items: z.array(zDueCollection),
  /** Why a file for this date would be refused as a whole (German), or null (decision 0722). */
  file_problem: z.string().nullable(),
});

export const zRunInput = z.object({
  collection_date: zDate,
  invoice_ids: z
    .array(z.coerce.number().int().positive().max(2_147_483_647), { error: 'Bitte wählen Sie Rechnungen aus' })
    .min(1, 'Bitte wählen Sie mindestens eine Rechnung aus')
    .max(1000, 'Höchstens 1000 Rechnungen je Lauf'),
});

export const RUN_ITEM_STATE_LABELS = {
  submitted: 'Einzug ausstehend',
  collected: 'eingezogen',
  returned: 'zurückgegeben',
  discarded: 'verworfen',
} as const;

export const zRunItem = z.object({
  id: z.number(),
  invoice_id: z.number(),
  invoice_number: z.string(),
  customer_id: z.number().nullable(),
  debtor_name: z.string(),
  amount: z.number(),
  sequence_type: z.enum(['FRST', 'RCUR']),
  mandate_reference: z.string(),
  end_to_end_id: z.string(),
  state: z.enum(['submitted', 'collected', 'returned', 'discarded']),
  return_reason: z.string().nullable(),
  return_fee: z.number().nullable(),
});

/**
 * Where a run's file is (decision 0722): written and not yet downloaded, downloaded, confirmed
 * by staff (or a statement) as handed to the bank, or discarded.
 */
export const RUN_STAGE_LABELS = {
  created: 'Erstellt – Datei noch nicht heruntergeladen',
  downloaded: 'Heruntergeladen – noch nicht als eingereicht bestätigt',
  at_bank: 'Bei der Bank eingereicht',
  discarded: 'Verworfen',
} as const;
export type RunStage = keyof typeof RUN_STAGE_LABELS;

/** "pain.008.001.08": the file's real format, as banks name it. */
export const painFormatName = (version: '001.08' | '001.02') => `pain.008.${version}`;

export const zRun = z.object({
  id: z.number(),
  message_id: z.string(),
  collection_date: z.string(),
  pain_version: z.enum(['001.08', '001.02']),
  status: z.enum(['submitted', 'discarded']),
  stage: z.enum(['created', 'downloaded', 'at_bank', 'discarded']),
  item_count: z.number(),
  total: z.number(),
  collected: z.number(),
  returned: z.number(),
  sha256: z.string(),
  file_name: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  downloaded_at: z.string().nullable(),
  downloaded_by: z.string().nullable(),
  at_bank_at: z.string().nullable(),
  at_bank_by: z.string().nullable(),
});
export type Run = z.infer<typeof zRun>;
export const zRunDetail = zRun.extend({ items: z.array(zRunItem) });
export type RunDetail = z.infer<typeof zRunDetail>;

export const zRunPage = z.object({ items: z.array(zRun), total: z.number() });
export const zMandateFormQuery = z.object({
  reference: z.string().trim().max(35).optional(),
  scheme: z.enum(['CORE', 'B2B']).optional(),
});

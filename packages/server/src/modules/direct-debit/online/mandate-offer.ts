import type { LoungeMandate } from '@butler/contract/mandate-online';
import { maskIban } from '@butler/contract/sepa-rules';
import type { CustomerVoice } from '@butler/contract/voice';
import type { Executor } from '../../../db/executor.js';
import type { customers, sepaMandates } from '../../../db/schema/index.js';
import { loadSettings, type ProviderSettings } from '../../quickbill/settings/provider-settings.repo.js';
import {
  type DirectDebitSettingsRow,
  isDirectDebitReady,
  loadDirectDebitSettings,
} from '../settings/direct-debit-settings.service.js';
import { mandateOnlineText } from './mandate-online-text.js';

type Customer = typeof customers.$inferSelect;

/** The settings a mandate text is made of, and whether a mandate can be signed at all. */
export async function loadCreditor(db: Executor) {
  const provider = await loadSettings(db);
  const directDebit = await loadDirectDebitSettings(db);
  // The text names the creditor: without its name there is nothing to sign.
  const ready = isDirectDebitReady(directDebit) && provider.companyName.trim() !== '';
  return { provider, directDebit, ready };
}

/** The mandate text for this reference, in the customers' form of address. */
export function offerText(
  voice: CustomerVoice,
  provider: ProviderSettings,
  directDebit: DirectDebitSettingsRow,
  reference: string,
) {
  return mandateOnlineText({
    voice,
    creditor: {
      name: provider.companyName.trim(),
      street: provider.street,
      postalCode: provider.postalCode,
      city: provider.city,
      creditorId: directDebit.creditorId,
    },
    reference,
    preNotificationDays: directDebit.preNotificationDays,
    shorterPeriodAgreed: directDebit.shorterPeriodAgreed,
  });
}

/** The customer's name as the mandate's debtor and the letterhead show it. */
export const customerName = (c: Customer) => c.company?.trim() || `${c.firstName} ${c.lastName}`.trim();

export const customerAddress = (c: Customer) =>
  [c.street, [c.postalCode, c.city].filter(Boolean).join(' ')].filter(Boolean).join('\n');

export function presentLoungeMandate(row: typeof sepaMandates.$inferSelect, online: boolean): LoungeMandate {
  return {
    id: row.id,
    reference: row.reference,
    debtor_name: row.debtorName,
    account: maskIban(row.debtorIban),
    signed_on: row.signedOn,
    channel: online ? 'online' : 'paper',
  };
}

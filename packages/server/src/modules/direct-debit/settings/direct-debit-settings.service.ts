import type { DirectDebitSettings, zDirectDebitSettingsInput } from '@butler/contract/direct-debit';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.js';
import { directDebitSettings } from '../../../db/schema/index.js';
import type { SessionContext } from '../../../lib/access.js';
import { writeAudit } from '../../../lib/audit.js';

import {
  type DirectDebitSettingsRow,
  loadDirectDebitSettings,
} from '../../quickbill/settings/provider-settings.repo.js';

export type { DirectDebitSettingsRow };
export { loadDirectDebitSettings };

/** Runs can be written once the creditor ID and the collection account are known. */
export const isDirectDebitReady = (row: DirectDebitSettingsRow) => row.creditorId !== '' && row.collectionIban !== '';

export function presentDirectDebitSettings(row: DirectDebitSettingsRow): DirectDebitSettings {
  return {
    creditor_id: row.creditorId,
    collection_iban: row.collectionIban,
    collection_bic: row.collectionBic,
    pre_notification_days: row.preNotificationDays,
    shorter_period_agreed: row.shorterPeriodAgreed,
    pain_version: row.painVersion as '001.08' | '001.02',
    ready: isDirectDebitReady(row),
  };
}

export async function updateDirectDebitSettings(
  db: Database,
  session: SessionContext,
  input: z.output<typeof zDirectDebitSettingsInput>,
): Promise<DirectDebitSettings> {
  return db.transaction(async (tx) => {
    const before = await loadDirectDebitSettings(tx);
    const [after] = await tx
      .update(directDebitSettings)
      .set({
        creditorId: input.creditor_id,
        collectionIban: input.collection_iban,
        collectionBic: input.collection_bic,
        preNotificationDays: input.pre_notification_days,
        shorterPeriodAgreed: input.shorter_period_agreed,
        painVersion: input.pain_version,
      })
      .where(eq(directDebitSettings.id, 1))
      .returning();
    await writeAudit(tx, session, 'update', 'direct_debit_settings', 1, before, after);
    return presentDirectDebitSettings(after);
  });
}

import type { ReferralSettings } from '@butler/contract/referrals';
import type { Database } from '../../db/client.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { loadReferralSettings, presentSettings, saveSettings } from './referral-settings.repo.js';

export const getReferralSettings = (db: Database) => loadReferralSettings(db);

/**
 * Saving settings does not reprice existing subscriptions: prices follow the discount at
 * the moments DOMAIN-RULES §5 names (first purchase of a referred customer), see 0182.
 */
export async function replaceReferralSettings(
  db: Database,
  session: SessionContext,
  /** The gift text may be left out of a PUT: it stays as it is (decision 0760). */
  next: Omit<ReferralSettings, 'gift_text'> & { gift_text?: string },
  action: 'update' | 'reset',
) {
  return db.transaction(async (tx) => {
    const before = await loadReferralSettings(tx);
    const saved = presentSettings(await saveSettings(tx, { ...next, gift_text: next.gift_text ?? before.gift_text }));
    await writeAudit(tx, session, action, 'referral_settings', 1, before, saved);
    return saved;
  });
}

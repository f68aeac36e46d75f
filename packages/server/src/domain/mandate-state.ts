import { addMonths } from './calendar.js';

/**
 * A mandate lapses 36 months after its last collection, or after its signature when it was
 * never used (EPC SDD rulebook; SEPA-SDD-FACTS.md). Revoked and closed mandates stay so.
 */
export const MANDATE_VALID_MONTHS = 36;

export type StoredMandateStatus = 'active' | 'revoked' | 'expired' | 'closed';

export function mandateExpiresOn(signedOn: string, lastCollectionOn: string | null): string {
  return addMonths(lastCollectionOn ?? signedOn, MANDATE_VALID_MONTHS);
}

/** The state a mandate is in today: stored state, or "expired" once its 36 months are over. */
export function effectiveMandateStatus(
  mandate: { status: string; signedOn: string; lastCollectionOn: string | null },
  today: string,
): StoredMandateStatus {
  if (mandate.status !== 'active') return mandate.status as StoredMandateStatus;
  return mandateExpiresOn(mandate.signedOn, mandate.lastCollectionOn) <= today ? 'expired' : 'active';
}

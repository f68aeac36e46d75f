import type { CustomerListItem } from '@butler/contract/customers';

export const REFERRER_REQUIRED = 'Bitte wählen Sie einen Empfehlungsgeber aus';

/** The chosen referrer's code (what the server needs) and the text typed to search for them. */
export type AddReferralValues = { code: string | null; search: string };

export const addReferralStart = (): AddReferralValues => ({ code: null, search: '' });

export const addReferralProblems = (v: AddReferralValues): Partial<Record<keyof AddReferralValues, string>> =>
  v.code ? {} : { code: REFERRER_REQUIRED };

/**
 * The referrers to choose from, keyed by referral code and labelled "Name (CODE)": the
 * searched customers without the customer being edited (nobody refers themselves), and the
 * chosen one kept even when the current search no longer finds them.
 */
export function referrerOptions(
  found: Pick<CustomerListItem, 'id' | 'name' | 'referral_code'>[],
  customerId: number,
  chosen: { code: string | null; label: string | undefined },
) {
  const map = new Map<string, string>(chosen.code && chosen.label ? [[chosen.code, chosen.label]] : []);
  for (const c of found) {
    if (c.id !== customerId) map.set(c.referral_code, `${c.name} (${c.referral_code})`);
  }
  return [...map].map(([value, label]) => ({ value, label }));
}

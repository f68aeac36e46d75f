/**
 * What a direct debit collects from an invoice (decision 0720): exactly what is still open
 * (the gross less what the ledger received), and never more than its pre-notification
 * announced. Nothing once it is settled.
 */
export function amountToCollect(openCents: bigint, announcedCents: bigint): bigint {
  if (openCents <= 0n) return 0n;
  return openCents < announcedCents ? openCents : announcedCents;
}

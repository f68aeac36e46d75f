import { z } from 'zod';

/**
 * "Zu verrechnen" (decision 0773): per customer only what is not paid with a package yet:
 * hour packages sold without an invoice, Stundenpakete used beyond what was bought ("Minus"),
 * and ButlerPaket hours used beyond the month's allotment and carry-over ("Mehrverbrauch").
 */
export const zToBillCustomer = z.object({
  customer_id: z.number(),
  customer_name: z.string(),
  unbilled_packages: z.array(
    z.object({ id: z.number(), hours: z.number(), total_price: z.number(), purchase_date: z.string() }),
  ),
  /** Stundenpakete hours booked beyond those bought (> 0), else 0. */
  package_minus: z.number(),
  /** ButlerPaket hours used beyond this month's allotment and carry-over (> 0), else 0. */
  butler_overuse: z.number(),
  /** Billable entries not on an invoice yet (all of them, for "Einträge auswählen"). */
  waiting_entries: z.number(),
});
export type ToBillCustomer = z.infer<typeof zToBillCustomer>;

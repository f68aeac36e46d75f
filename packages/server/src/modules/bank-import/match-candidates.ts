import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { toHundredths } from '../../domain/decimal.js';
import type { MatchCandidate } from '../../domain/payment-matching.js';

/**
 * The open invoices an incoming credit may pay (issued, not cancelled, something open,
 * dated on or before the payment), with what identifies their payer: the customer's last
 * name and company (and the name on the invoice), the IBANs of the customer's mandates and
 * of credits already matched to the customer. One query; the open-invoice index keeps it
 * to the open ones.
 */
export async function loadCandidates(db: Executor, paymentDate: string): Promise<MatchCandidate[]> {
  const result = await db.execute(sql`
    SELECT i.id, i.invoice_number, i.payment_reference, i.total_gross, coalesce(i.paid_amount, 0) AS paid,
           i.due_date, i.customer_name, c.last_name, c.company,
           coalesce((SELECT array_agg(DISTINCT m.debtor_iban) FROM sepa_mandates m WHERE m.customer_id = i.customer_id), '{}') AS mandate_ibans,
           coalesce((SELECT array_agg(DISTINCT e.counterparty_iban) FROM bank_entries e JOIN invoices p ON p.id = e.invoice_id
                     WHERE p.customer_id = i.customer_id AND e.match_state = 'matched' AND e.counterparty_iban IS NOT NULL), '{}') AS paid_ibans
    FROM invoices i LEFT JOIN customers c ON c.id = i.customer_id
    WHERE i.status = 'sent' AND i.kind = 'invoice' AND i.invoice_date <= ${paymentDate}::date
    ORDER BY i.due_date, i.id`);
  return (result.rows as Array<Record<string, any>>)
    .map((r) => ({
      invoiceId: Number(r.id),
      invoiceNumber: String(r.invoice_number ?? ''),
      paymentReference: r.payment_reference ?? null,
      openCents: toHundredths(String(r.total_gross)) - toHundredths(String(r.paid)),
      dueDate: String(r.due_date),
      payerNames: [r.last_name, r.company, r.customer_name].filter((n): n is string => Boolean(n?.trim())),
      payerIbans: [...(r.mandate_ibans as string[]), ...(r.paid_ibans as string[])].map((iban) =>
        iban.replace(/\s+/g, '').toUpperCase(),
      ),
    }))
    .filter((c) => c.openCents > 0n);
}

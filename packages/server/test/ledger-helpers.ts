import type { Database } from '../src/db/client.js';
import { invoices } from '../src/db/schema/index.js';
import { creditorReference } from '../src/domain/creditor-reference.js';

let sequence = 9000;

/** An issued invoice written straight into the table (the ledger needs no documents). */
export async function issuedInvoice(
  db: Database,
  customerId: number,
  gross: string,
  dates: { invoiceDate: string; dueDate: string },
  customerName = 'Testkunde',
) {
  sequence += 1;
  const number = `T-${sequence}`;
  const [row] = await db
    .insert(invoices)
    .values({
      invoiceNumber: number,
      numberYear: 1999,
      numberSequence: sequence,
      paymentReference: creditorReference(number),
      customerId,
      customerName,
      customerEmail: 'kunde@example.at',
      invoiceDate: dates.invoiceDate,
      dueDate: dates.dueDate,
      status: 'sent',
      totalNet: gross,
      totalTax: '0',
      totalGross: gross,
      sentAt: new Date(),
      createdBy: 'Test',
    })
    .returning();
  return row;
}

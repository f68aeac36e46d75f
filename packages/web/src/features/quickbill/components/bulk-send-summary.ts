import type { InvoiceListItem } from '@butler/contract/quickbill';

type Row = Pick<InvoiceListItem, 'id' | 'invoice_number' | 'customer_name' | 'total_gross' | 'status'>;

/** Why a selected invoice is not sent at all (paid and cancelled ones have nothing to send). */
const SKIP_REASON: Partial<Record<InvoiceListItem['status'], string>> = {
  paid: 'bereits bezahlt',
  cancelled: 'storniert',
};

export type BulkSendSummary<R extends Row> = {
  sendable: R[];
  skipped: Array<{ row: R; reason: string }>;
  /** Gross total of what will be sent, in euros (summed in cents). */
  total: number;
  /** Drafts among them: they get their number when sent. */
  drafts: number;
  customers: string[];
};

/** What "Senden" on a selection will do, told before it happens (decision 0633). */
export function bulkSendSummary<R extends Row>(rows: R[]): BulkSendSummary<R> {
  const sendable: R[] = [];
  const skipped: Array<{ row: R; reason: string }> = [];
  for (const row of rows) {
    const reason = SKIP_REASON[row.status];
    if (reason) skipped.push({ row, reason });
    else sendable.push(row);
  }
  const cents = sendable.reduce((sum, r) => sum + Math.round(r.total_gross * 100), 0);
  return {
    sendable,
    skipped,
    total: cents / 100,
    drafts: sendable.filter((r) => r.status === 'draft').length,
    customers: [...new Set(sendable.map((r) => r.customer_name))].sort((a, b) => a.localeCompare(b, 'de')),
  };
}

/** "Maria Gruber, Johann Huber und 3 weitere" */
export function customerList(names: string[], shown = 3): string {
  if (names.length <= shown) return names.join(', ').replace(/, ([^,]*)$/, ' und $1');
  return `${names.slice(0, shown).join(', ')} und ${names.length - shown} weitere`;
}

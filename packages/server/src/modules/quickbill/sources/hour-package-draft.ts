import { formatNumber } from '@butler/contract/format';
import type { InvoiceItemInput } from '@butler/contract/quickbill';
import { and, eq, ne } from 'drizzle-orm';
import type { Transaction } from '../../../db/executor.js';
import { customers, hourPackages, invoices } from '../../../db/schema/index.js';
import { addDays } from '../../../domain/calendar.js';
import { num } from '../../../domain/decimal.js';
import { totalsAsStrings } from '../../../domain/invoice-totals.js';
import type { AuditActor } from '../../../lib/audit.js';
import { writeAudit } from '../../../lib/audit.js';
import { AppError } from '../../../lib/errors.js';
import { customerSnapshot, priceItems, replaceItems } from '../invoices/invoice-draft.js';
import { loadSettings } from '../settings/provider-settings.repo.js';

/** A line of a draft (the provider's VAT rules are applied when it is priced). */
export type DraftLine = InvoiceItemInput;

/** A draft for one customer with the given lines, dated `today`, due after the usual payment terms. */
export async function insertDraft(
  tx: Transaction,
  session: AuditActor,
  customer: typeof customers.$inferSelect,
  lines: DraftLine[],
  extra: Partial<typeof invoices.$inferInsert>,
  today: string,
) {
  const settings = await loadSettings(tx);
  const priced = priceItems(lines, settings.smallBusiness);
  const [row] = await tx
    .insert(invoices)
    .values({
      ...customerSnapshot(customer),
      customerId: customer.id,
      invoiceDate: today,
      dueDate: addDays(today, settings.paymentTermsDays),
      smallBusiness: settings.smallBusiness,
      status: 'draft',
      createdBy: session.displayName,
      ...totalsAsStrings(priced.totals),
      ...extra,
    })
    .returning();
  await replaceItems(tx, row.id, priced.lines, priced.totals.lineNets);
  await writeAudit(tx, session, 'create', 'invoice', row.id, null, row);
  return row;
}

/** The invoice line of a Stundenpaket sold (by staff, or ordered in the lounge: decision 0850). */
export function hourPackageLine(pkg: {
  hours: string;
  pricePerHour: string;
  discountPercentage: string;
  totalPrice: string;
}): DraftLine {
  const discount = num(pkg.discountPercentage);
  const description =
    `Stundenpaket: ${formatNumber(pkg.hours)} Stunden à € ${formatNumber(pkg.pricePerHour)}` +
    (discount > 0 ? `, abzüglich ${formatNumber(discount)} % Rabatt` : '');
  return {
    description,
    quantity: 1,
    unit: 'Paket',
    unit_price: num(pkg.totalPrice),
    tax_rate: 20,
    tax_exemption: null,
  };
}

/**
 * The draft for an hour-package sale, one live invoice per package (the package row is
 * locked, so parallel requests queue and the second finds the first's invoice).
 */
export async function draftForHourPackage(tx: Transaction, session: AuditActor, packageId: number, today: string) {
  const [pkg] = await tx.select().from(hourPackages).where(eq(hourPackages.id, packageId)).for('update');
  if (!pkg) throw new AppError('HOUR_PACKAGE_NOT_FOUND');
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.hourPackageId, packageId), eq(invoices.kind, 'invoice'), ne(invoices.status, 'cancelled')));
  if (existing) throw new AppError('CONFLICT', 'Für dieses Stundenpaket besteht bereits eine Rechnung');
  const [customer] = await tx.select().from(customers).where(eq(customers.id, pkg.customerId));
  const row = await insertDraft(
    tx,
    session,
    customer,
    [hourPackageLine(pkg)],
    { hourPackageId: pkg.id, servicePeriodStart: pkg.purchaseDate, servicePeriodEnd: pkg.purchaseDate },
    today,
  );
  return row.id;
}

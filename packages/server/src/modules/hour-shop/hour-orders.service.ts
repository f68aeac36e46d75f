import { formatEuro, formatHours } from '@butler/contract/format';
import type { HourOrder, HourOrderCreate, HourOrderState, HourShop, ShopOffer } from '@butler/contract/hour-shop';
import { HOUR_SHOP_TEXTS } from '@butler/contract/hour-shop-texts';
import { missingIssuerFields } from '@butler/contract/quickbill-settings';
import { maskIban } from '@butler/contract/sepa-rules';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Executor, Transaction } from '../../db/executor.js';
import {
  customers,
  hourOffers,
  hourOrders,
  invoiceCollections,
  invoices,
  sepaMandates,
} from '../../db/schema/index.js';
import { fromHundredths, hundredthsToString, num, packageTotal } from '../../domain/decimal.js';
import { assertCan, type SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { now, todayVienna } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { readCustomerVoice } from '../customer-voice/customer-voice.service.js';
import { lockCustomer } from '../customers/customers.repo.js';
import { customerAddressee } from '../mail/addressee.js';
import { queueMail } from '../mail/mail-queue.js';
import { staffRecipients } from '../mail/staff-recipients.js';
import { priceItems } from '../quickbill/invoices/invoice-draft.js';
import { withNumberTurn } from '../quickbill/numbering/number-turn.js';
import { loadSettings, type ProviderSettings } from '../quickbill/settings/provider-settings.repo.js';
import { hourPackageLine } from '../quickbill/sources/hour-package-draft.js';
import { fulfilHourOrder, type HourOrderRow } from './hour-order-fulfil.js';
import { listHourOffers, loadHourShopSettings } from './hour-shop-settings.service.js';

const RECENT_ORDERS = 10;

/** The invoice's gross as it will state it: 20 % VAT, or none as Kleinunternehmer. */
function priced(hours: string, pricePerHour: string, smallBusiness: boolean) {
  const totalPrice = hundredthsToString(packageTotal(hours, pricePerHour, 0));
  const line = hourPackageLine({ hours, pricePerHour, discountPercentage: '0', totalPrice });
  const { totals } = priceItems([line], smallBusiness);
  return {
    totalPrice,
    totalGross: hundredthsToString(totals.gross),
    net: fromHundredths(totals.net),
    gross: fromHundredths(totals.gross),
  };
}

const ready = (settings: ProviderSettings) =>
  missingIssuerFields(
    {
      company_name: settings.companyName,
      street: settings.street,
      postal_code: settings.postalCode,
      city: settings.city,
      uid: settings.uid,
      tax_number: settings.taxNumber,
    },
    settings.smallBusiness,
  ).length === 0;

const orderColumns = {
  order: hourOrders,
  customerName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
  invoiceNumber: invoices.invoiceNumber,
  dueDate: invoices.dueDate,
  invoiceStatus: invoices.status,
  collectionOn: invoiceCollections.announcedOn,
  collectionIban: invoiceCollections.debtorIban,
};

function ordersQuery(executor: Executor) {
  return executor
    .select(orderColumns)
    .from(hourOrders)
    .innerJoin(customers, eq(customers.id, hourOrders.customerId))
    .leftJoin(invoices, eq(invoices.id, hourOrders.invoiceId))
    .leftJoin(invoiceCollections, eq(invoiceCollections.invoiceId, hourOrders.invoiceId));
}

type OrderListRow = Awaited<ReturnType<typeof ordersQuery>>[number];

function presentOrder(r: OrderListRow): HourOrder {
  const o = r.order;
  return {
    id: o.id,
    customer_id: o.customerId,
    customer_name: r.customerName,
    hours: num(o.hours),
    price_per_hour: num(o.pricePerHour),
    total_gross: num(o.totalGross),
    state: o.state as HourOrderState,
    release: o.release as HourOrder['release'],
    ordered_at: o.orderedAt.toISOString(),
    decided_by: o.decidedBy,
    decision_note: o.decisionNote,
    hour_package_id: o.hourPackageId,
    invoice:
      o.invoiceId === null || r.dueDate === null
        ? null
        : {
            id: o.invoiceId,
            invoice_number: r.invoiceNumber,
            due_date: r.dueDate,
            direct_debit:
              r.collectionOn && r.collectionIban
                ? { collection_date: r.collectionOn, account: maskIban(r.collectionIban) }
                : null,
            paid: r.invoiceStatus === 'paid',
          },
  };
}

async function presentOne(executor: Executor, id: number) {
  const [row] = await ordersQuery(executor).where(eq(hourOrders.id, id));
  if (!row) throw new AppError('HOUR_ORDER_NOT_FOUND');
  return presentOrder(row);
}

async function ordersToday(tx: Executor, customerId: number, today: string) {
  const [{ count }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(hourOrders)
    .where(and(eq(hourOrders.customerId, customerId), eq(hourOrders.orderedOn, today)));
  return count;
}

async function hasActiveMandate(executor: Executor, customerId: number) {
  const [row] = await executor
    .select({ id: sepaMandates.id })
    .from(sepaMandates)
    .where(and(eq(sepaMandates.customerId, customerId), eq(sepaMandates.status, 'active')));
  return Boolean(row);
}

/** The staff mail when a lounge order waits for confirmation (setting "Bestätigung nötig"). */
async function tellStaff(db: Database, tx: Transaction, order: HourOrderRow, customerName: string, publicUrl: string) {
  for (const staff of await staffRecipients(db, 'hour_packages.write')) {
    await queueMail(tx, {
      to: staff.email,
      template: 'hour-order-request',
      data: {
        staffName: staff.name,
        customerName,
        hours: formatHours(num(order.hours)),
        gross: formatEuro(order.totalGross),
        url: `${publicUrl}/admin/stundenbestellungen`,
      },
      entity: { type: 'hour_order', id: order.id },
      mentions: [order.customerId],
    });
  }
}

export function createHourOrdersService(db: Database, publicUrl: string) {
  return {
    /** The counter as the customer sees it: offers priced as the invoice will be, their orders. */
    async shop(customerId: number): Promise<HourShop> {
      const today = todayVienna();
      const [voice, settings, provider, offers, mandate, count, recent] = await Promise.all([
        readCustomerVoice(db),
        loadHourShopSettings(db),
        loadSettings(db),
        listHourOffers(db, true),
        hasActiveMandate(db, customerId),
        ordersToday(db, customerId, today),
        ordersQuery(db)
          .where(eq(hourOrders.customerId, customerId))
          .orderBy(desc(hourOrders.orderedAt), desc(hourOrders.id))
          .limit(RECENT_ORDERS),
      ]);
      const t = HOUR_SHOP_TEXTS[voice];
      const shopOffers: ShopOffer[] = offers.map((offer) => {
        const price = priced(String(offer.hours), String(offer.price_per_hour), provider.smallBusiness);
        return {
          id: offer.id,
          hours: offer.hours,
          price_per_hour: offer.price_per_hour,
          net: price.net,
          tax_rate: provider.smallBusiness ? null : 20,
          gross: price.gross,
        };
      });
      const closedReason = !ready(provider) ? t.closedNotReady : shopOffers.length === 0 ? t.closedNoOffers : null;
      return {
        open: closedReason === null,
        closed_reason: closedReason,
        offers: closedReason === null ? shopOffers : [],
        release: settings.release,
        requires_confirmation: settings.requires_confirmation,
        small_business: provider.smallBusiness,
        has_mandate: mandate,
        orders_left_today: Math.max(0, settings.daily_limit - count),
        orders: recent.map(presentOrder),
      };
    },

    /**
     * The customer orders (decision 0850). One transaction holds the customer's row: a second
     * request with the same key answers the first order (`replayed`), parallel orders with
     * other keys queue and the daily limit counts them all.
     */
    async order(
      session: SessionContext,
      customerId: number,
      input: HourOrderCreate,
    ): Promise<{ order: HourOrder; replayed: boolean }> {
      const voice = await readCustomerVoice(db);
      const t = HOUR_SHOP_TEXTS[voice];
      return withNumberTurn(() =>
        db.transaction(async (tx) => {
          const customer = await lockCustomer(tx, customerId);
          if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
          const [existing] = await tx
            .select({ id: hourOrders.id })
            .from(hourOrders)
            .where(and(eq(hourOrders.customerId, customerId), eq(hourOrders.idempotencyKey, input.idempotency_key)));
          if (existing) return { order: await presentOne(tx, existing.id), replayed: true };
          if (!customer.isActive) throw new AppError('ACCOUNT_DISABLED', t.refusedInactive);
          if (!customer.email?.trim()) throw new AppError('CONFLICT', t.refusedNoEmail);
          const today = todayVienna();
          const settings = await loadHourShopSettings(tx);
          if ((await ordersToday(tx, customerId, today)) >= settings.daily_limit) {
            throw new AppError('TOO_MANY_REQUESTS', t.refusedLimit(settings.daily_limit));
          }
          const [offer] = await tx
            .select()
            .from(hourOffers)
            .where(and(eq(hourOffers.id, input.offer_id), eq(hourOffers.isActive, true)));
          if (!offer) throw new AppError('CONFLICT', t.refusedOfferGone);
          const provider = await loadSettings(tx);
          if (!ready(provider)) throw new AppError('CONFLICT', t.closedNotReady);
          const price = priced(offer.hours, offer.pricePerHour, provider.smallBusiness);
          const [row] = await tx
            .insert(hourOrders)
            .values({
              customerId,
              offerId: offer.id,
              idempotencyKey: input.idempotency_key,
              hours: offer.hours,
              pricePerHour: offer.pricePerHour,
              totalPrice: price.totalPrice,
              totalGross: price.totalGross,
              state: settings.requires_confirmation ? 'requested' : 'awaiting_payment',
              release: settings.release,
              orderedOn: today,
            })
            .returning();
          await writeAudit(tx, session, 'create', 'hour_order', row.id, null, row);
          if (settings.requires_confirmation) {
            await tellStaff(db, tx, row, `${customer.firstName} ${customer.lastName}`, publicUrl);
          } else {
            await fulfilHourOrder(tx, session, row, customer);
          }
          return { order: await presentOne(tx, row.id), replayed: false };
        }),
      );
    },

    /** Staff: the orders of one state (default: those waiting for confirmation), oldest first. */
    async list(state: HourOrderState | undefined): Promise<HourOrder[]> {
      const rows = await ordersQuery(db)
        .where(eq(hourOrders.state, state ?? 'requested'))
        .orderBy(state === undefined || state === 'requested' ? hourOrders.orderedAt : desc(hourOrders.orderedAt))
        .limit(100);
      return rows.map(presentOrder);
    },

    async count(): Promise<number> {
      const [{ count }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(hourOrders)
        .where(eq(hourOrders.state, 'requested'));
      return count;
    },

    /** Staff confirm a waiting order: it is sold and invoiced as the customer ordered it. */
    async confirm(session: SessionContext, id: number): Promise<HourOrder> {
      assertCan(session, 'invoices.issue', 'Sie dürfen keine Rechnungen ausstellen');
      return withNumberTurn(() =>
        db.transaction(async (tx) => {
          const before = await lockWaiting(tx, id);
          const customer = await lockCustomer(tx, before.customerId);
          if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
          if (!customer.isActive) throw new AppError('CONFLICT', 'Der Kunde ist deaktiviert: bitte ablehnen');
          if (!customer.email?.trim()) {
            throw new AppError('CONFLICT', 'Für diesen Kunden ist keine E-Mail-Adresse hinterlegt');
          }
          const [decided] = await tx
            .update(hourOrders)
            .set({ decidedBy: session.displayName, decidedAt: now() })
            .where(eq(hourOrders.id, id))
            .returning();
          const after = await fulfilHourOrder(tx, session, decided, customer);
          await writeAudit(tx, session, 'hour_order_confirm', 'hour_order', id, before, after);
          return presentOne(tx, id);
        }),
      );
    },

    /** Staff decline a waiting order with a note the customer reads in the mail and the lounge. */
    async decline(session: SessionContext, id: number, note: string): Promise<HourOrder> {
      return db.transaction(async (tx) => {
        const before = await lockWaiting(tx, id);
        const [after] = await tx
          .update(hourOrders)
          .set({ state: 'declined', decidedBy: session.displayName, decidedAt: now(), decisionNote: note })
          .where(eq(hourOrders.id, id))
          .returning();
        await writeAudit(tx, session, 'hour_order_decline', 'hour_order', id, before, after);
        const [customer] = await tx
          .select({ email: customers.email })
          .from(customers)
          .where(eq(customers.id, after.customerId));
        const to = await customerAddressee(tx, after.customerId);
        if (customer?.email?.trim() && to) {
          await queueMail(tx, {
            to: customer.email,
            template: 'hour-order-declined',
            data: { to, hours: formatHours(num(after.hours)), note, url: `${publicUrl}/customer/stunden-nachkaufen` },
            customerId: after.customerId,
            entity: { type: 'hour_order', id },
            createdBy: session.displayName,
          });
        }
        return presentOne(tx, id);
      });
    },
  };
}

async function lockWaiting(tx: Transaction, id: number): Promise<HourOrderRow> {
  const [row] = await tx.select().from(hourOrders).where(eq(hourOrders.id, id)).for('update');
  if (!row) throw new AppError('HOUR_ORDER_NOT_FOUND');
  if (row.state !== 'requested') throw new AppError('CONFLICT', 'Diese Bestellung wurde schon bearbeitet');
  return row;
}

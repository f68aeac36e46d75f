import { orderNumber } from '@butler/contract/orders';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { admins, orderAttachments, orderMessages, orders } from '../../db/schema/index.js';
import { num } from '../../domain/decimal.js';
import { staffName } from './order-queries.js';

/**
 * A customer's Aufträge for the data export (GDPR Art. 15/20, decision 0810): every
 * Auftrag with its whole thread, internal notes included (they are data about the
 * customer), attachments as files of the ZIP (`attachmentPath` names them).
 */
export async function exportOrders(
  db: Executor,
  customerId: number,
  attachmentPath: (a: { id: number; orderId: number; fileName: string }) => string,
) {
  const rows = await db.select().from(orders).where(eq(orders.customerId, customerId)).orderBy(asc(orders.id));
  const ids = rows.map((r) => r.id);
  const [messages, attachments] = ids.length
    ? await Promise.all([
        db
          .select({ m: orderMessages, author: staffName() })
          .from(orderMessages)
          .leftJoin(admins, eq(admins.id, orderMessages.authorAdminId))
          .where(inArray(orderMessages.orderId, ids))
          .orderBy(asc(orderMessages.id)),
        db
          .select()
          .from(orderAttachments)
          .where(inArray(orderAttachments.orderId, ids))
          .orderBy(asc(orderAttachments.id)),
      ])
    : [[], []];
  const files = attachments.map((a) => ({ path: attachmentPath(a), blobId: a.blobId }));
  const json = rows.map((o) => ({
    nummer: orderNumber(o.id),
    titel: o.title,
    beschreibung: o.details,
    ort: o.location,
    faellig_am: o.dueDate,
    geplant_am: o.plannedDate,
    dringend: o.urgent,
    status: o.state,
    eingang: o.channel,
    schaetzung_stunden: o.estimateHours === null ? null : num(o.estimateHours),
    freigabe: o.approvalState,
    freigabe_beantwortet_am: o.approvalAnsweredAt?.toISOString() ?? null,
    buchung_ueber_guthaben_grund: o.overrideReason,
    angelegt_am: o.createdAt.toISOString(),
    abgeschlossen_am: o.closedAt?.toISOString() ?? null,
    nachrichten: messages
      .filter(({ m }) => m.orderId === o.id)
      .map(({ m, author }) => ({
        von: m.authorKind === 'customer' ? 'Sie' : m.authorKind === 'system' ? 'System' : (author ?? 'Mitarbeiter'),
        text: m.body,
        interne_notiz: m.internal,
        am: m.createdAt.toISOString(),
      })),
    anhaenge: attachments
      .filter((a) => a.orderId === o.id)
      .map((a) => ({ datei: attachmentPath(a), name: a.fileName, typ: a.contentType, bytes: a.sizeBytes })),
  }));
  return { json, files };
}

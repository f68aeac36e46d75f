import { orderNumber } from '@butler/contract/orders';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Database } from '../db/client.js';
import { admins, customers, orders, projects } from '../db/schema/index.js';
import { addDays } from '../domain/calendar.js';
import { type DemoCall, demoCaller, endDemoSessions } from './demo-api.js';

type Step =
  | { as: 'customer' | 'staff' | 'butler'; say: string; internal?: boolean }
  | { patch: Record<string, unknown> }
  | { accept: true }
  | { approval: 'approve' | 'decline' | 'more_hours'; comment?: string }
  | { book: number; activity: string; daysAgo: number }
  | { photo: string }
  | { close: string }
  | { withdraw: true };

type DemoOrder = {
  /** Index into the active customers (0 and 1 are the demo Butler's). */
  customer: number;
  title: string;
  details: string;
  daysAgo: number;
  urgent?: boolean;
  dueInDays?: number;
  channel?: 'phone' | 'whatsapp' | 'email';
  steps: Step[];
};

/**
 * The demo's Aufträge (decision 0810): every state, conversations with an internal note, a
 * Freigabe asked for, one given, one declined, time booked by the Butler, a photo. Each goes
 * through the API as the customer, the Inhaberin or the Butler would do it.
 */
const ORDERS: DemoOrder[] = [
  {
    customer: 0,
    title: 'Drucker im Arbeitszimmer einrichten',
    details: 'Der neue Drucker druckt vom Laptop aus nicht. Das WLAN-Passwort liegt in der Küchenlade.',
    daysAgo: 0,
    steps: [],
  },
  {
    customer: 0,
    title: 'Lampe im Flur tauschen',
    details: 'Die Deckenlampe im Flur flackert seit Tagen. Ersatzlampe ist schon gekauft.',
    daysAgo: 2,
    steps: [
      { photo: 'Flurlampe' },
      { accept: true },
      { as: 'butler', say: 'Ich komme am Donnerstag vormittags vorbei und tausche sie.' },
      { as: 'customer', say: 'Danke, Donnerstag passt gut!' },
      { patch: { state: 'planned', planned_date: 3, estimate_hours: 1 } },
    ],
  },
  {
    customer: 1,
    title: 'Keller entrümpeln',
    details: 'Alte Möbel und Kartons sollen weg, der Rest ins Regal. Ein Sperrmüll-Termin ist noch nicht vereinbart.',
    daysAgo: 4,
    steps: [
      { accept: true },
      { as: 'staff', say: 'Vorher bitte klären, wer den Sperrmüll abholt.', internal: true },
      { patch: { estimate_hours: 'beyond' } },
    ],
  },
  {
    customer: 1,
    title: 'Fenster für den Winter abdichten',
    details: 'Im Schlafzimmer zieht es beim Fenster. Dichtband ist vorhanden.',
    daysAgo: 6,
    steps: [
      { accept: true },
      { patch: { state: 'in_progress', estimate_hours: 2 } },
      { book: 1.5, activity: 'Fenster im Schlafzimmer abgedichtet, Dichtband erneuert', daysAgo: 1 },
      { as: 'butler', say: 'Schlafzimmer ist fertig. Das Badfenster mache ich nächste Woche.' },
    ],
  },
  {
    customer: 2,
    title: 'Handy auf das neue Gerät übertragen',
    details: 'Fotos, WhatsApp und Kontakte sollen auf das neue Handy. Das alte bleibt als Reserve.',
    daysAgo: 9,
    steps: [
      { accept: true },
      { patch: { estimate_hours: 'beyond' } },
      { approval: 'approve', comment: 'Passt, bitte alles übertragen.' },
      { patch: { state: 'in_progress' } },
      { book: 2, activity: 'Daten vom alten Handy gesichert und übertragen', daysAgo: 3 },
    ],
  },
  {
    customer: 0,
    title: 'Stromrechnung prüfen',
    details: 'Die Jahresabrechnung der Stadtwerke ist viel höher als letztes Jahr.',
    daysAgo: 5,
    steps: [
      { accept: true },
      { as: 'butler', say: 'Kannst du mir die Rechnung als Foto schicken? Dann vergleiche ich die Zählerstände.' },
      { patch: { state: 'waiting_customer' } },
    ],
  },
  {
    customer: 3,
    title: 'Geburtstagsgeschenk für die Enkelin besorgen',
    details: 'Sie wird 8 und liest gern. Budget etwa 40 Euro, bitte als Geschenk verpackt.',
    daysAgo: 14,
    steps: [
      { accept: true },
      { patch: { estimate_hours: 1.5 } },
      { book: 1.25, activity: 'Buch ausgesucht, gekauft und verpackt', daysAgo: 10 },
      { close: 'Das Buch liegt bei dir am Küchentisch. Viel Freude beim Schenken!' },
    ],
  },
  {
    customer: 2,
    title: 'Garten winterfest machen',
    details: 'Rasen mähen, Laub wegräumen, Rosen abdecken.',
    daysAgo: 12,
    steps: [
      {
        as: 'staff',
        say: 'Gartenarbeit übernehmen wir leider nicht. Wir können dir aber einen Gärtner aus der Nähe empfehlen.',
      },
      { patch: { state: 'declined' } },
    ],
  },
  {
    customer: 3,
    title: 'Termin beim Optiker vereinbaren',
    details: 'Neue Lesebrille, am liebsten vormittags.',
    daysAgo: 3,
    steps: [{ withdraw: true }],
  },
  {
    customer: 4,
    title: 'Fernsehsender neu sortieren',
    details: 'Nach dem Update sind die Sender durcheinander. ORF 1 soll wieder auf Platz 1.',
    daysAgo: 8,
    urgent: true,
    dueInDays: -2,
    channel: 'phone',
    steps: [],
  },
  {
    customer: 4,
    title: 'Umzugskartons packen',
    details: 'Bücherregal und Küche, Kartons bringt die Umzugsfirma.',
    daysAgo: 7,
    steps: [
      { accept: true },
      { patch: { estimate_hours: 'beyond' } },
      { approval: 'more_hours', comment: 'Bitte schickt mir ein Angebot für ein größeres Stundenpaket.' },
    ],
  },
];

/** A small picture standing in for a customer's phone photo. */
function demoPhoto(label: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#d9cbb0"/><circle cx="400" cy="160" r="90" fill="#f4e27a"/><rect x="385" y="0" width="30" height="80" fill="#6b5a44"/><text x="400" y="470" font-family="DejaVu Sans, sans-serif" font-size="56" text-anchor="middle" fill="#3b3126">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

function multipart(file: Buffer, filename: string) {
  const boundary = '----butlerdemoorder';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Adds the demo's Aufträge to a freshly seeded demo database; answers the line `npm run demo` prints. */
export async function seedDemoOrders(app: FastifyInstance, db: Database, today: string): Promise<string> {
  const [owner] = await db.select({ id: admins.id }).from(admins).orderBy(asc(admins.id)).limit(1);
  const [butler] = await db.select({ id: admins.id }).from(admins).where(eq(admins.username, 'butler'));
  const list = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.isActive, true))
    .orderBy(asc(customers.id));
  const caller = (account: { userType: 'admin' | 'customer'; id: number }) => demoCaller(app, db, account);
  const staff = await caller({ userType: 'admin', id: owner.id });
  const asButler = butler ? await caller({ userType: 'admin', id: butler.id }) : staff;
  const customerCalls = new Map<number, DemoCall>();
  const asCustomer = async (customerId: number) => {
    if (!customerCalls.has(customerId))
      customerCalls.set(customerId, await caller({ userType: 'customer', id: customerId }));
    return customerCalls.get(customerId)!;
  };
  try {
    const filed: Array<{ id: number; daysAgo: number }> = [];
    for (const plan of ORDERS) {
      const customerId = list[plan.customer % list.length].id;
      const own = await asCustomer(customerId);
      const worker = plan.customer <= 1 ? asButler : staff;
      const fields = {
        title: plan.title,
        details: plan.details,
        urgent: plan.urgent ?? false,
        due_date: plan.dueInDays === undefined ? null : addDays(today, plan.dueInDays),
      };
      const order = plan.channel
        ? await staff<{ id: number }>('POST', `/api/customers/${customerId}/orders`, {
            ...fields,
            channel: plan.channel,
          })
        : await own<{ id: number }>('POST', `/api/customers/${customerId}/orders`, fields);
      filed.push({ id: order.id, daysAgo: plan.daysAgo });
      const [project] = await db
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.customerId, customerId))
        .orderBy(asc(projects.id))
        .limit(1);
      for (const step of plan.steps) {
        if ('say' in step) {
          const who = step.as === 'customer' ? own : step.as === 'butler' ? worker : staff;
          await who('POST', `/api/orders/${order.id}/messages`, { body: step.say, internal: step.internal ?? false });
        } else if ('patch' in step) {
          const patch = { ...step.patch };
          if (typeof patch.planned_date === 'number') patch.planned_date = addDays(today, patch.planned_date);
          // More than the customer has now, so the Freigabe is asked for.
          if (patch.estimate_hours === 'beyond') {
            const { available_hours } = await worker<{ available_hours: number }>('GET', `/api/orders/${order.id}`);
            patch.estimate_hours = Math.max(1, Math.ceil(available_hours * 4) / 4) + 4;
          }
          await worker('PATCH', `/api/orders/${order.id}`, patch);
        } else if ('accept' in step) {
          await worker('POST', `/api/orders/${order.id}/accept`, {});
        } else if ('approval' in step) {
          await own('POST', `/api/orders/${order.id}/approval`, { decision: step.approval, comment: step.comment });
        } else if ('book' in step) {
          await worker('POST', `/api/customers/${customerId}/time-entries`, {
            project_id: project.id,
            hours: step.book,
            activity_description: step.activity,
            work_date: addDays(today, -step.daysAgo),
            order_id: order.id,
          });
        } else if ('photo' in step) {
          const upload = multipart(await demoPhoto(step.photo), `${step.photo}.jpg`);
          await own('POST', `/api/orders/${order.id}/attachments`, upload.body, { 'content-type': upload.contentType });
        } else if ('close' in step) {
          await worker('POST', `/api/orders/${order.id}/close`, { summary: step.close });
        } else if ('withdraw' in step) {
          await own('POST', `/api/orders/${order.id}/withdraw`, {});
        }
      }
    }
    // Filed on the days the plan says (the inbox's age and "überfällig" need history).
    for (const { id, daysAgo } of filed) {
      if (daysAgo === 0) continue;
      await db.execute(
        sql`UPDATE orders SET created_at = created_at - make_interval(days => ${daysAgo}) WHERE id = ${id}`,
      );
    }
    await db
      .update(orders)
      .set({ updatedAt: sql`greatest(${orders.createdAt}, ${orders.updatedAt} - interval '1 day')` })
      .where(
        inArray(
          orders.id,
          filed.filter((f) => f.daysAgo > 0).map((f) => f.id),
        ),
      );
    return `Demo-Aufträge angelegt: ${filed.length} (${orderNumber(filed[0].id)} bis ${orderNumber(filed.at(-1)!.id)}; alle Status, Freigaben, gebuchte Zeit, ein Foto)`;
  } finally {
    await endDemoSessions(db);
  }
}

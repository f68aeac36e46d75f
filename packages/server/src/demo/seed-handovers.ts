import type { AccountingSettings, Handover } from '@butler/contract/accounting-handover';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { admins } from '../db/schema/index.js';
import { demoCaller, endDemoSessions } from './demo-api.js';

/** `2026-12-02`, 2 → `2026-10`. */
function monthBefore(today: string, months: number): string {
  const [y, m] = today.split('-').map(Number);
  const index = y! * 12 + (m! - 1) - months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The handover to the tax adviser in the demo (decisions 0820–0822): the chart with DATEV
 * numbers, the month before last handed over as BMD and DATEV and closed, last month as BMD
 * (open: the walks still book into it). Through the API, as the Inhaber.
 */
export async function seedDemoHandovers(app: FastifyInstance, db: Database, today: string): Promise<string> {
  const [owner] = await db.select({ id: admins.id }).from(admins).orderBy(asc(admins.id)).limit(1);
  const api = await demoCaller(app, db, { userType: 'admin', id: owner!.id });
  try {
    const {
      updated_at: _u,
      updated_by: _b,
      ...chart
    } = await api<AccountingSettings>('GET', '/api/accounting/settings');
    await api('PUT', '/api/accounting/settings', {
      ...chart,
      datev_consultant_number: 1234567,
      datev_client_number: 10001,
    });
    const closed = await api<Handover>('POST', '/api/accounting/handovers', {
      period: monthBefore(today, 2),
      formats: ['bmd', 'datev'],
      close: true,
    });
    const open = await api<Handover>('POST', '/api/accounting/handovers', {
      period: monthBefore(today, 1),
      formats: ['bmd'],
    });
    return `Demo-Übergaben an die Steuerberatung: ${closed.period_label} (BMD und DATEV, abgeschlossen), ${open.period_label} (BMD)`;
  } finally {
    await endDemoSessions(db);
  }
}

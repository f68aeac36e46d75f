import type { CustomerVoice } from '@butler/contract/voice';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { providerSettings } from '../../db/schema/index.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';

/** "Anrede der Kunden" from the provider settings; `du` (SPEC's lounge voice) until set. */
export async function readCustomerVoice(db: Executor): Promise<CustomerVoice> {
  const [row] = await db
    .select({ voice: providerSettings.customerVoice })
    .from(providerSettings)
    .where(eq(providerSettings.id, 1));
  return row?.voice ?? 'du';
}

/**
 * Sets the form of address, audited. Cached lounge answers carry no texts, so nothing
 * else is invalidated: sessions learn the new voice at their next check (decision 0620).
 */
export async function saveCustomerVoice(db: Database, session: SessionContext, voice: CustomerVoice) {
  return db.transaction(async (tx) => {
    const before = await readCustomerVoice(tx);
    await tx
      .insert(providerSettings)
      .values({ id: 1, customerVoice: voice })
      .onConflictDoUpdate({ target: providerSettings.id, set: { customerVoice: sql`excluded.customer_voice` } });
    if (before !== voice) {
      await writeAudit(
        tx,
        session,
        'update',
        'provider_settings',
        1,
        { customer_voice: before },
        { customer_voice: voice },
      );
    }
    return { customer_voice: voice };
  });
}

import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { auditLog } from '../../db/schema/index.js';
import { diffRecords } from '../../lib/audit.js';

/** Decision 0692: customers' IBANs in the Protokoll as country and last four digits. */
const CUSTOMER_IBAN = 'AT48 3200 0000 1234 5864';
const ISSUER_IBAN = 'AT611904300234573201';

describe('IBANs in the audit log', () => {
  it("masks a customer's account and keeps the business's own in full", () => {
    const changes = diffRecords(
      { debtorIban: null, iban: 'AT022050303300646365', counterpartyIban: 'AT026000000001349870' },
      { debtorIban: CUSTOMER_IBAN, iban: ISSUER_IBAN, counterpartyIban: '' },
    );
    expect(changes).toEqual({
      debtorIban: { before: null, after: 'AT...5864' },
      iban: { before: 'AT022050303300646365', after: ISSUER_IBAN },
      counterpartyIban: { before: 'AT...9870', after: '' },
    });
  });

  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });

  it('migration 0025 masks the rows written before, leaves everything else, and can run twice', async () => {
    const sql = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../drizzle/0025_mask_customer_ibans_in_audit_log.sql'),
      'utf8',
    );
    const [old] = await ctx.db
      .insert(auditLog)
      .values({
        actorType: 'admin',
        actorName: 'Lisa Berger',
        action: 'create',
        entity: 'sepa_mandate',
        entityId: '1',
        changes: {
          debtorIban: { before: null, after: CUSTOMER_IBAN },
          debtor_iban: { before: 'at02 2050 3033 0064 6365', after: null },
          iban: { before: '', after: ISSUER_IBAN },
          debtorName: { before: null, after: 'Jürgen Größl' },
        },
      })
      .returning();
    const [untouched] = await ctx.db
      .insert(auditLog)
      .values({ actorType: 'system', actorName: 'System', action: 'login', entity: 'admin', changes: null })
      .returning();
    const expected = {
      debtorIban: { before: null, after: 'AT...5864' },
      debtor_iban: { before: 'AT...6365', after: null },
      iban: { before: '', after: ISSUER_IBAN },
      debtorName: { before: null, after: 'Jürgen Größl' },
    };
    for (let run = 0; run < 2; run += 1) {
      await ctx.db.$client.query(sql);
      const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.id, old.id));
      expect(row.changes).toEqual(expected);
    }
    const [still] = await ctx.db.select().from(auditLog).where(eq(auditLog.id, untouched.id));
    expect(still.changes).toBeNull();
  });
});

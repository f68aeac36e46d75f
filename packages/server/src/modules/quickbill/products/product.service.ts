import type { Product, zProductInput, zProductListQuery } from '@butler/contract/quickbill';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.js';
import { products } from '../../../db/schema/index.js';
import { num } from '../../../domain/decimal.js';
import type { SessionContext } from '../../../lib/access.js';
import { writeAudit } from '../../../lib/audit.js';
import { AppError } from '../../../lib/errors.js';

type ProductRow = typeof products.$inferSelect;
type ProductInput = z.output<typeof zProductInput>;
type ProductListQuery = z.output<typeof zProductListQuery>;

const present = (p: ProductRow): Product => ({
  id: p.id,
  name: p.name,
  description: p.description,
  unit: p.unit,
  unit_price: num(p.unitPrice),
  tax_rate: p.taxRate,
  is_active: p.isActive,
  created_at: p.createdAt.toISOString(),
});

const toRow = (input: ProductInput) => ({
  name: input.name,
  description: input.description,
  unit: input.unit,
  unitPrice: String(input.unit_price),
  taxRate: input.tax_rate,
  isActive: input.is_active,
});

/** The product catalogue the line editor picks from. Invoice lines copy the values, so deleting is safe. */
export function createProductService(db: Database) {
  return {
    async list(query: ProductListQuery): Promise<Product[]> {
      const rows = await db
        .select()
        .from(products)
        .where(query.active ? eq(products.isActive, query.active === 'true') : undefined)
        .orderBy(asc(products.name), asc(products.id))
        .limit(1000);
      return rows.map(present);
    },

    async create(session: SessionContext, input: ProductInput): Promise<Product> {
      return db.transaction(async (tx) => {
        const [created] = await tx.insert(products).values(toRow(input)).returning();
        await writeAudit(tx, session, 'create', 'product', created.id, null, created);
        return present(created);
      });
    },

    async update(session: SessionContext, id: number, input: ProductInput): Promise<Product> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
        if (!before) throw new AppError('PRODUCT_NOT_FOUND');
        const [after] = await tx.update(products).set(toRow(input)).where(eq(products.id, id)).returning();
        await writeAudit(tx, session, 'update', 'product', after.id, before, after);
        return present(after);
      });
    },

    async remove(session: SessionContext, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [before] = await tx.delete(products).where(eq(products.id, id)).returning();
        if (!before) throw new AppError('PRODUCT_NOT_FOUND');
        await writeAudit(tx, session, 'delete', 'product', before.id, before, null);
      });
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;

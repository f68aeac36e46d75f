import { zErrorResponse, zIdParams, zOkResponse } from '@butler/contract/common';
import { zProduct, zProductInput, zProductListQuery } from '@butler/contract/quickbill';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client.js';
import { products } from '../../../db/schema/index.js';
import { num } from '../../../domain/decimal.js';
import { requireSession } from '../../../lib/access.js';
import { writeAudit } from '../../../lib/audit.js';
import { AppError } from '../../../lib/errors.js';

const tags = ['Quickbill'];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

type ProductRow = typeof products.$inferSelect;
const present = (p: ProductRow) => ({
  id: p.id,
  name: p.name,
  description: p.description,
  unit: p.unit,
  unit_price: num(p.unitPrice),
  tax_rate: p.taxRate,
  is_active: p.isActive,
  created_at: p.createdAt.toISOString(),
});
const toRow = (input: z.infer<typeof zProductInput>) => ({
  name: input.name,
  description: input.description,
  unit: input.unit,
  unitPrice: String(input.unit_price),
  taxRate: input.tax_rate,
  isActive: input.is_active,
});

/** The product catalogue the line editor picks from. Invoice lines copy the values, so deleting is safe. */
export const productRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/quickbill/products', {
      config: { access: 'admin' },
      schema: { tags, querystring: zProductListQuery, response: { 200: z.array(zProduct), ...errors } },
      handler: async (request) => {
        const active = request.query.active;
        const rows = await db
          .select()
          .from(products)
          .where(active ? eq(products.isActive, active === 'true') : undefined)
          .orderBy(asc(products.name), asc(products.id))
          .limit(1000);
        return rows.map(present);
      },
    });

    app.post('/api/quickbill/products', {
      config: { access: 'admin' },
      schema: { tags, body: zProductInput, response: { 201: zProduct, ...errors } },
      handler: async (request, reply) => {
        const row = await db.transaction(async (tx) => {
          const [created] = await tx.insert(products).values(toRow(request.body)).returning();
          await writeAudit(tx, requireSession(request), 'create', 'product', created.id, null, created);
          return created;
        });
        reply.status(201);
        return present(row);
      },
    });

    app.put('/api/quickbill/products/:id', {
      config: { access: 'admin' },
      schema: { tags, params: zIdParams, body: zProductInput, response: { 200: zProduct, ...errors } },
      handler: async (request) => {
        const row = await db.transaction(async (tx) => {
          const [before] = await tx.select().from(products).where(eq(products.id, request.params.id)).for('update');
          if (!before) throw new AppError('PRODUCT_NOT_FOUND');
          const [after] = await tx
            .update(products)
            .set(toRow(request.body))
            .where(eq(products.id, request.params.id))
            .returning();
          await writeAudit(tx, requireSession(request), 'update', 'product', after.id, before, after);
          return after;
        });
        return present(row);
      },
    });

    app.delete('/api/quickbill/products/:id', {
      config: { access: 'admin' },
      schema: { tags, params: zIdParams, response: { 200: zOkResponse, ...errors } },
      handler: async (request) => {
        await db.transaction(async (tx) => {
          const [before] = await tx.delete(products).where(eq(products.id, request.params.id)).returning();
          if (!before) throw new AppError('PRODUCT_NOT_FOUND');
          await writeAudit(tx, requireSession(request), 'delete', 'product', before.id, before, null);
        });
        return { success: true as const, message: 'Produkt gelöscht' };
      },
    });
  };

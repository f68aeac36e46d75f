import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { databaseUnavailableReason } from '../../lib/database-errors.js';

export const healthRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/health', {
      // Load balancers poll this; it costs one trivial query and must never answer 429.
      config: { access: 'public', rateLimit: false },
      schema: {
        tags: ['Betrieb'],
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('unavailable'), error: z.string() }),
        },
      },
      handler: async (_request, reply) => {
        try {
          // Migrated means the last table of the schema exists.
          await db.execute(sql`SELECT 1 FROM provider_settings WHERE id = 1`);
          return { status: 'ok' as const };
        } catch (error) {
          const reason = databaseUnavailableReason(error);
          const pgCode = (error as any)?.cause?.code ?? (error as any)?.code;
          const why = reason ?? (pgCode === '42P01' ? 'Datenbank nicht migriert' : 'Datenbankabfrage fehlgeschlagen');
          return reply
            .status(503)
            .send({ status: 'unavailable' as const, error: `Datenbank nicht erreichbar: ${why}` });
        }
      },
    });
  };

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { databaseProblem } from './health.service.js';

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
        const problem = await databaseProblem(db);
        if (!problem) return { status: 'ok' as const };
        return reply
          .status(503)
          .send({ status: 'unavailable' as const, error: `Datenbank nicht erreichbar: ${problem}` });
      },
    });
  };

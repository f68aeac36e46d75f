import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { brandData } from '../../lib/brand-page.js';
import { AppError } from '../../lib/errors.js';
import { brandLogo, loadBrand } from './brand.service.js';

const zBrand = z.object({
  name: z.string().nullable(),
  accent: z.string().nullable(),
  logo_url: z.string().nullable(),
});

/** The owner's brand for the pages before sign-in (decision 0635): public, it is on every login page anyway. */
export const brandRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/brand', {
      config: { access: 'public' },
      schema: {
        tags: ['Marke'],
        description: 'Firmenname, Akzentfarbe und Logo-Adresse des Anbieters (für Anmeldeseiten und Kopfzeile).',
        response: { 200: zBrand },
      },
      handler: async () => brandData(await loadBrand(db)),
    });

    app.get('/api/brand/logo', {
      config: { access: 'public' },
      schema: {
        tags: ['Marke'],
        description: 'Das Logo des Anbieters (PNG oder JPEG); 404 ohne Logo.',
      },
      handler: async (request, reply) => {
        const logo = await brandLogo(db);
        if (!logo) throw new AppError('NOT_FOUND', 'Kein Logo hinterlegt');
        const etag = `"${logo.sha.slice(0, 32)}"`;
        // The address carries the version (?v=), the ETag lets a stale copy be revalidated.
        reply.header('cache-control', 'public, max-age=300').header('etag', etag);
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();
        const png = logo.bytes[0] === 0x89 && logo.bytes[1] === 0x50;
        return reply.type(png ? 'image/png' : 'image/jpeg').send(logo.bytes);
      },
    });
  };

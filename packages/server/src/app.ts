import '@butler/contract/zod-german';
import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/client.js';
import type { Env } from './env.js';
import { registerAccessControl } from './lib/access.js';
import { registerApiDocs, registerNoStore } from './lib/api-docs.js';
import { brandEtag, compressPage, injectBrand, readPage } from './lib/brand-page.js';
import { loadKeyring } from './lib/encryption-key.js';
import { frameworkErrorHandler, registerErrorHandler } from './lib/error-handler.js';
import { AppError } from './lib/errors.js';
import { registerInputGuard } from './lib/input-guard.js';
import { openApiTransform } from './lib/openapi.js';
import { warmPdfRenders } from './lib/pdf-render.js';
import type { Keyring } from './lib/secret-box.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { loadBrand } from './modules/brand/brand.service.js';
import { registerModules } from './routes.js';

export type AppOptions = {
  db: Database;
  env: Env;
  /** Folder of the built web app; omitted in API tests. */
  webDist?: string;
  logger?: boolean | object;
  /** Wiki key ring; loaded from ENCRYPTION_KEY or DATA_DIR/encryption.key when omitted. */
  keyring?: Keyring;
};

/**
 * Routes with their own page from the web build (packages/web/vite-plugins.ts): the login
 * pages pre-rendered (decision 0411), the lounge with its code announced (decision 0412).
 */
const ROUTE_PAGES: Record<string, string> = {
  '/': 'login.html',
  '/admin/login': 'admin-login.html',
  '/customer/dashboard': 'lounge.html',
};

/** Builds the Fastify app: security headers, contract validation, access control, routes, web. */

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { db, env } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    // Behind nginx/Caddy the visitor's address comes from X-Forwarded-For (decision 0344).
    trustProxy:
      typeof env.TRUST_PROXY === 'number'
        ? // A hop count, as proxy-addr reads a number (Fastify's types only list the function form).
          (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(env.TRUST_PROXY)
        : env.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    ajv: undefined,
    frameworkErrors: frameworkErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // Mantine writes CSS variables in style attributes and tags.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-src': ["'self'", 'blob:'],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(env.HTTPS ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    hsts: env.HTTPS ? { maxAge: 31_536_000 } : false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    max: env.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api'),
    errorResponseBuilder: () => new AppError('TOO_MANY_REQUESTS'),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Butler-Portal API', version: '1.0.0', description: 'Schnittstelle des Butler-Portals' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: openApiTransform,
  });

  const auth = createAuthService(db, { loginFailuresPerAddress: env.LOGIN_FAILURES_PER_ADDRESS });
  const resolveSession = async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    return auth.resolveToken(header.slice('Bearer '.length).trim());
  };
  registerAccessControl(app, db, resolveSession);
  registerInputGuard(app);
  registerErrorHandler(app);
  registerNoStore(app);
  await registerApiDocs(app, resolveSession);

  const keyring = options.keyring ?? (await loadKeyring(env));
  await registerModules(app, { db, env, auth, keyring });
  // The PDF thread loads its libraries while the portal starts (decision 0701).
  app.addHook('onReady', async () => warmPdfRenders());

  const webDist = options.webDist;
  if (webDist && existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br/.gz beside each file; sent when the browser accepts them (decision 0410).
      preCompressed: true,
      // Pages go out with the brand put in (sendWebPage), never as the built file.
      allowedPath: (pathName) => !pathName.endsWith('.html'),
      setHeaders: (reply, file) => {
        // Vite names every file under assets/ by its content hash: it never changes.
        if (file.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api') || !webDist || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const notFound = new AppError('ROUTE_NOT_FOUND');
      return reply.status(notFound.status).send({ error: notFound.message });
    }
    // Client-side routes: the web app decides (and shows its German 404 page). A few routes
    // have their own page (ROUTE_PAGES).
    const page = ROUTE_PAGES[request.url.split('?')[0]] ?? 'index.html';
    const file = existsSync(path.join(webDist, page)) ? page : 'index.html';
    return sendWebPage(request, reply, path.join(webDist, file));
  });

  /**
   * A page of the web app with the owner's current brand put in (decision 0635): checked
   * on every load (no-cache + ETag), so a changed name, logo or colour shows without a
   * rebuild; compressed like the static files.
   */
  async function sendWebPage(request: FastifyRequest, reply: FastifyReply, file: string) {
    const html = await readPage(file);
    // The login must open even when the database does not answer: then with the default brand.
    const brand = await loadBrand(db).catch(() => ({ name: null, accent: null, logo: null }));
    const etag = brandEtag(html, brand);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('etag', etag);
    reply.header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const body = injectBrand(html, brand);
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
    if (!encoding) return reply.send(body);
    return reply.header('content-encoding', encoding).send(compressPage(etag, encoding, body));
  }
  return app;
}

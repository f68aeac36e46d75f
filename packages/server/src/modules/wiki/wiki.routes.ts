import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import type { Env } from '../../env.js';
import type { Keyring } from '../../lib/secret-box.js';
import { categoryRoutes } from './categories.routes.js';
import { createCategoryService } from './categories.service.js';
import { entryRoutes } from './entries.routes.js';
import { createEntryService } from './entries.service.js';
import { fileRoutes } from './files.routes.js';
import { createFileService } from './files.service.js';
import { projectRoutes } from './projects.routes.js';
import { createProjectService } from './projects.service.js';
import { searchRoutes } from './search.routes.js';
import { createSearchService } from './search.service.js';

/** The wiki: categories, entries (encrypted password entries), files, search, projects. */
export const wikiRoutes =
  (deps: { db: Database; env: Env; keyring: Keyring }): FastifyPluginAsyncZod =>
  async (app) => {
    // Scoped to the wiki: the only routes that take multipart bodies.
    await app.register(multipart, {
      limits: { fileSize: deps.env.MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 10_000 },
    });
    const files = createFileService(deps.db, deps.env.MAX_UPLOAD_BYTES, deps.env.UPLOAD_STALL_SECONDS);
    const projects = createProjectService(deps.db);
    await app.register(categoryRoutes(createCategoryService(deps.db, deps.keyring)));
    await app.register(entryRoutes(createEntryService(deps.db, deps.keyring)));
    await app.register(fileRoutes(files, deps.env.LOG_LEVEL));
    await app.register(searchRoutes(createSearchService(deps.db)));
    await app.register(projectRoutes(projects, files));
  };

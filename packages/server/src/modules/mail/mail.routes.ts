import { zErrorResponse, zIdParams } from '@butler/contract/common';
import {
  zMailDetail,
  zMailListItem,
  zMailListQuery,
  zMailResendResult,
  zMailSetup,
  zMailSummary,
} from '@butler/contract/mail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Env } from '../../env.js';
import { requireSession } from '../../lib/access.js';
import { sendTotalCount } from '../../lib/pagination.js';
import { createMailService } from './mail.service.js';
import { mailSetup } from './mail-setup.service.js';
import type { SecretLinks } from './secret-links.service.js';

const tags = ['Postausgang'];
const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  403: zErrorResponse,
  404: zErrorResponse,
  409: zErrorResponse,
};

/** The mail log for staff (Postausgang): list, one mail, counts, "erneut senden"; how mail is delivered. */
export const mailRoutes =
  (db: Database, env: Env, links: Pick<SecretLinks, 'refusal'>): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createMailService(db, env, links);

    app.get('/api/mail/setup', {
      config: { access: 'staff' },
      schema: {
        tags,
        description:
          'Wie das Portal E-Mails zustellt: über den Mailserver (SMTP_URL) oder nur in den Ausgangsordner; und welche Adresse Links in E-Mails tragen (PUBLIC_URL).',
        response: { 200: zMailSetup, ...errors },
      },
      handler: async () => mailSetup(env),
    });

    app.get('/api/mail/outbox', {
      config: { access: { permission: 'mail.read' } },
      schema: { tags, querystring: zMailListQuery, response: { 200: z.array(zMailListItem), ...errors } },
      handler: async (request, reply) => {
        const { items, total } = await service.list(request.query);
        sendTotalCount(reply, total);
        return items;
      },
    });

    app.get('/api/mail/outbox/summary', {
      config: { access: { permission: 'mail.read' } },
      schema: { tags, response: { 200: zMailSummary, ...errors } },
      handler: async () => service.summary(),
    });

    app.get('/api/mail/outbox/:id', {
      config: { access: { permission: 'mail.read' } },
      schema: { tags, params: zIdParams, response: { 200: zMailDetail, ...errors } },
      handler: async (request) => service.detail(request.params.id),
    });

    app.post('/api/mail/outbox/:id/resend', {
      config: { access: { permission: 'mail.resend' } },
      schema: { tags, params: zIdParams, response: { 200: zMailResendResult, ...errors } },
      handler: async (request) => service.resend(requireSession(request), request.params.id),
    });
  };

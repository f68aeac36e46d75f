import { zAuditFilters, zAuditPage, zAuditQuery } from '@butler/contract/audit';
import { zErrorResponse } from '@butler/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditService } from './audit.service.js';

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse };
const tags = ['Protokoll'];

export const auditRoutes =
  (audit: AuditService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/audit', {
      config: { access: { permission: 'audit.read' } },
      schema: {
        tags,
        description: 'Protokoll aller protokollierten Aktionen, neueste zuerst; gefiltert und seitenweise.',
        querystring: zAuditQuery,
        response: { 200: zAuditPage, ...errors },
      },
      handler: (request) => audit.list(request.query as any),
    });

    app.get('/api/audit/export.csv', {
      config: { access: { permission: 'audit.read' } },
      schema: {
        tags,
        description: 'Das gefilterte Protokoll als CSV (Semikolon, UTF-8, höchstens 50.000 Zeilen).',
        querystring: zAuditQuery.omit({ page: true, page_size: true }),
        produces: ['text/csv'],
      },
      handler: async (request, reply) => {
        const csv = await audit.csv(request.query as any);
        const stamp = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="protokoll-${stamp}.csv"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    });

    app.get('/api/audit/filters', {
      config: { access: { permission: 'audit.read' } },
      schema: { tags, response: { 200: zAuditFilters, ...errors } },
      handler: () => audit.filters(),
    });
  };

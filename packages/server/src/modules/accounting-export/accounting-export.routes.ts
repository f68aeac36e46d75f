import {
  zAccountingSettings,
  zAccountingSettingsInput,
  zHandover,
  zHandoverInput,
  zHandoverList,
  zHandoverListQuery,
  zSmallBusinessLimit,
} from '@butler/contract/accounting-handover';
import { zErrorResponse, zIdParams } from '@butler/contract/common';
import { TOTAL_COUNT_HEADER } from '@butler/contract/list-query';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../lib/access.js';
import type { AccountingSettingsService } from './accounting-settings.service.js';
import type { HandoverService } from './handover.service.js';
import type { readSmallBusinessLimit } from './small-business-limit.service.js';

const tags = ['Buchhaltung'];
const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  403: zErrorResponse,
  404: zErrorResponse,
  409: zErrorResponse,
};

/** Einstellungen → Buchhaltung and the handovers to the tax adviser (decision 0820). */
export const accountingExportRoutes =
  (
    settings: AccountingSettingsService,
    handovers: HandoverService,
    smallBusinessLimit: () => ReturnType<typeof readSmallBusinessLimit>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/accounting/settings', {
      config: { access: { permission: 'accounting.read' } },
      schema: { tags, response: { 200: zAccountingSettings, ...errors } },
      handler: async () => settings.get(),
    });

    app.put('/api/accounting/settings', {
      config: { access: { permission: 'accounting.export' } },
      schema: { tags, body: zAccountingSettingsInput, response: { 200: zAccountingSettings, ...errors } },
      handler: async (request) => settings.update(requireSession(request), request.body),
    });

    app.get('/api/accounting/small-business-limit', {
      config: { access: { permission: 'accounting.read' } },
      schema: { tags, response: { 200: zSmallBusinessLimit, ...errors } },
      handler: async () => smallBusinessLimit(),
    });

    app.get('/api/accounting/handovers', {
      config: { access: { permission: 'accounting.read' } },
      schema: { tags, querystring: zHandoverListQuery, response: { 200: zHandoverList, ...errors } },
      handler: async (request, reply) => {
        const list = await handovers.list(request.query);
        reply.header(TOTAL_COUNT_HEADER, String(list.total));
        return list;
      },
    });

    app.post('/api/accounting/handovers', {
      config: { access: { permission: 'accounting.export' } },
      schema: {
        tags,
        description:
          'Erstellt die Übergabe eines Zeitraums (Monat, Quartal, Jahr): Buchungsdateien für BMD und/oder DATEV, die ausgestellten Belege, Index.csv und SHA256SUMS.txt in einer ZIP-Datei, die unverändert aufbewahrt wird. Mit close: true wird der Zeitraum zugleich abgeschlossen.',
        body: zHandoverInput,
        response: { 201: zHandover, ...errors },
      },
      handler: async (request, reply) => {
        reply.status(201);
        return handovers.create(requireSession(request), request.body);
      },
    });

    app.get('/api/accounting/handovers/:id/download', {
      config: { access: { permission: 'accounting.read' } },
      schema: { tags, params: zIdParams, produces: ['application/zip'], response: errors },
      handler: async (request, reply) => {
        const file = await handovers.download(request.params.id);
        return (reply as FastifyReply)
          .type('application/zip')
          .header('content-length', String(file.size))
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.stream);
      },
    });
  };

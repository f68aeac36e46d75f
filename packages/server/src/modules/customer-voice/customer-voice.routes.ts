import { zErrorResponse } from '@butler/contract/common';
import { zCustomerVoiceSetting } from '@butler/contract/customer-voice';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { requireSession } from '../../lib/access.js';
import { readCustomerVoice, saveCustomerVoice } from './customer-voice.service.js';

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse };

/** Einstellungen → "Anrede der Kunden" (the Inhaber: stored with the provider settings). */
export const customerVoiceRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/admin/customer-voice', {
      config: { access: { permission: 'quickbill.settings.write', noCustomerData: true } },
      schema: { tags: ['Einstellungen'], response: { 200: zCustomerVoiceSetting, ...errors } },
      handler: async () => ({ customer_voice: await readCustomerVoice(db) }),
    });

    app.put('/api/admin/customer-voice', {
      config: { access: { permission: 'quickbill.settings.write', noCustomerData: true } },
      schema: {
        tags: ['Einstellungen'],
        description: 'Anrede der Kunden: du oder Sie in Lounge, E-Mails und PDFs',
        body: zCustomerVoiceSetting,
        response: { 200: zCustomerVoiceSetting, ...errors },
      },
      handler: async (request) => saveCustomerVoice(db, requireSession(request), request.body.customer_voice),
    });
  };

import { zErrorResponse } from '@butler/contract/common';
import { REFERRAL_SETTINGS_DEFAULTS, zReferralSettings, zReferralSettingsUpdate } from '@butler/contract/referrals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { requireSession } from '../../lib/access.js';
import { getReferralSettings, replaceReferralSettings } from './referral-settings.service.js';

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse };

export const referralSettingsRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/referral-settings', {
      config: { access: { permission: 'referrals.read' } },
      schema: { tags: ['Empfehlungsprogramm'], response: { 200: zReferralSettings, ...errors } },
      handler: async () => getReferralSettings(db),
    });

    app.put('/api/referral-settings', {
      config: { access: { permission: 'settings.write' } },
      schema: {
        tags: ['Empfehlungsprogramm'],
        body: zReferralSettingsUpdate,
        response: { 200: zReferralSettings, ...errors },
      },
      handler: async (request) => replaceReferralSettings(db, requireSession(request), request.body, 'update'),
    });

    app.post('/api/referral-settings/reset', {
      config: { access: { permission: 'settings.write' } },
      schema: { tags: ['Empfehlungsprogramm'], response: { 200: zReferralSettings, ...errors } },
      handler: async (request) =>
        replaceReferralSettings(db, requireSession(request), { ...REFERRAL_SETTINGS_DEFAULTS }, 'reset'),
    });
  };

import { zErrorResponse } from '@butler/contract/common';
import type { ReferralSettings } from '@butler/contract/referrals';
import { REFERRAL_SETTINGS_DEFAULTS, zReferralSettings, zReferralSettingsUpdate } from '@butler/contract/referrals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { requireSession, type SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { loadReferralSettings, presentSettings, saveSettings } from './referral-settings.repo.js';

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse };

/**
 * Saving settings does not reprice existing subscriptions: prices follow the discount at
 * the moments DOMAIN-RULES §5 names (first purchase of a referred customer), see 0182.
 */
async function replaceSettings(db: Database, session: SessionContext, next: ReferralSettings, action: string) {
  return db.transaction(async (tx) => {
    const before = await loadReferralSettings(tx);
    const saved = presentSettings(await saveSettings(tx, next));
    await writeAudit(tx, session, action, 'referral_settings', 1, before, saved);
    return saved;
  });
}

export const referralSettingsRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/referral-settings', {
      config: { access: 'admin' },
      schema: { tags: ['Empfehlungsprogramm'], response: { 200: zReferralSettings, ...errors } },
      handler: async () => loadReferralSettings(db),
    });

    app.put('/api/referral-settings', {
      config: { access: 'admin' },
      schema: {
        tags: ['Empfehlungsprogramm'],
        body: zReferralSettingsUpdate,
        response: { 200: zReferralSettings, ...errors },
      },
      handler: async (request) => replaceSettings(db, requireSession(request), request.body, 'update'),
    });

    app.post('/api/referral-settings/reset', {
      config: { access: 'admin' },
      schema: { tags: ['Empfehlungsprogramm'], response: { 200: zReferralSettings, ...errors } },
      handler: async (request) =>
        replaceSettings(db, requireSession(request), { ...REFERRAL_SETTINGS_DEFAULTS }, 'reset'),
    });
  };

import { zErrorResponse, zIdParams, zOkResponse } from '@butler/contract/common';
import {
  zAddReferralRequest,
  zAddReferralResponse,
  zCustomerReferralsResponse,
  zQrCodeResponse,
  zReferralInvitation,
} from '@butler/contract/referrals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { requireSession } from '../../lib/access.js';
import { customerAnswerCache } from '../../lib/figure-cache.js';
import { encodeAnswer, sendEncoded } from '../../lib/json-answer.js';
import { referralInvitationPage, referralQrCode } from './referral-invitation.service.js';
import { addReferral, removeReferral } from './referral-links.service.js';
import { customerReferrals } from './referral-overview.service.js';

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };
const tags = ['Empfehlungsprogramm'];

export const referralLinkRoutes =
  (db: Database, publicUrl: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.put('/api/customers/:id/add-referral', {
      config: { access: { permission: 'referrals.write', customer: ['params.id'] } },
      schema: {
        tags,
        params: zIdParams,
        body: zAddReferralRequest,
        response: { 200: zAddReferralResponse, ...errors, 409: zErrorResponse },
      },
      handler: async (request) => {
        const result = await addReferral(db, requireSession(request), request.params.id, request.body.referral_code);
        return {
          success: true as const,
          message: `Empfehlungsgeber ${result.referrer.name} hinzugefügt`,
          referred_by_id: result.referrer.id,
          ...result,
        };
      },
    });

    app.delete('/api/customers/:id/remove-referral', {
      config: { access: { permission: 'referrals.write', customer: ['params.id'] } },
      schema: { tags, params: zIdParams, response: { 200: zOkResponse, ...errors, 409: zErrorResponse } },
      handler: async (request) => {
        await removeReferral(db, requireSession(request), request.params.id);
        return { success: true as const, message: 'Empfehlung entfernt' };
      },
    });

    app.get('/api/customers/:id/referrals', {
      config: { access: { permission: 'referrals.read', customer: ['params.id'] } },
      schema: { tags, params: zIdParams, response: { 200: zCustomerReferralsResponse, ...errors } },
      handler: async (request) => customerReferrals(db, request.params.id),
    });

    app.get('/api/referral-invitation', {
      config: { access: 'public' },
      schema: {
        tags,
        description:
          'Die Seite für empfohlene Freunde (Link im QR-Code): Anbieter, Geschenk und Kontakt; keine Kundendaten, der Code wird nicht geprüft.',
        response: { 200: zReferralInvitation },
      },
      handler: async () => referralInvitationPage(db),
    });

    app.get('/api/customers/:id/qr-code', {
      config: { access: { permission: 'customers.dashboard', customer: ['params.id'], self: true } },
      schema: { tags, params: zIdParams, response: { 200: zQrCodeResponse, ...errors } },
      // Code, name and provider only change with a write to the customer or provider_settings,
      // both of which bump this customer's answer version (decision 0560).
      handler: async (request, reply) => {
        const { id } = request.params;
        const json = await customerAnswerCache(
          db,
          id,
          'qr-code',
          async () => encodeAnswer(zQrCodeResponse, await referralQrCode(db, id, publicUrl)),
          request.session,
        );
        return sendEncoded(reply, json);
      },
    });
  };

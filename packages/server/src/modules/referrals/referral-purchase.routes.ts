import { zErrorResponse } from '@butler/contract/common';
import { zReferralPurchaseRequest, zReferralPurchaseResponse } from '@butler/contract/referrals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { requireSession } from '../../lib/access.js';
import { createReferralPurchase } from './referral-purchase.service.js';

export const referralPurchaseRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/api/hour-packages/referral-purchase', {
      config: { access: { permission: 'hour_packages.write', customer: ['body.customer_id'] } },
      schema: {
        tags: ['Empfehlungsprogramm'],
        body: zReferralPurchaseRequest,
        response: {
          201: zReferralPurchaseResponse,
          400: zErrorResponse,
          401: zErrorResponse,
          403: zErrorResponse,
          404: zErrorResponse,
          409: zErrorResponse,
        },
      },
      handler: async (request, reply) => {
        const created = await createReferralPurchase(db, requireSession(request), request.body);
        return reply.status(201).send(created);
      },
    });
  };

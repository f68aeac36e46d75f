import { zErrorResponse, zOkResponse } from '@butler/contract/common';
import { zOnboarding, zOnboardingVisibility } from '@butler/contract/onboarding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { requireSession } from '../../lib/access.js';
import { getOnboarding, setChecklistHidden } from './onboarding.service.js';

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse };
const tags = ['Admin-Dashboard'];
const access = { permission: 'dashboard.read', noCustomerData: true } as const;

/** "Erste Schritte" and the first greeting on the staff overview (decision 0630). */
export const onboardingRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/onboarding', {
      config: { access },
      schema: {
        tags,
        description: 'Begrüßung, ob Ziele gesetzt sind, und die Checkliste „Erste Schritte“ (nur Inhaber).',
        response: { 200: zOnboarding, ...errors },
      },
      handler: (request) => getOnboarding(db, requireSession(request)),
    });

    app.put('/api/onboarding/checklist', {
      config: { access },
      schema: {
        tags,
        description: 'Checkliste „Erste Schritte“ für sich selbst aus- oder wieder einblenden.',
        body: zOnboardingVisibility,
        response: { 200: zOkResponse, ...errors },
      },
      handler: async (request) => {
        await setChecklistHidden(db, requireSession(request), request.body.hidden);
        return {
          success: true as const,
          message: request.body.hidden ? 'Erste Schritte ausgeblendet' : 'Erste Schritte eingeblendet',
        };
      },
    });
  };

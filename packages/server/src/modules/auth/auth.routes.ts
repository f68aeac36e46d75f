import { IDLE_TIMEOUT_MINUTES, zLoginRequest, zLoginResponse, zValidateTokenResponse } from '@butler/contract/auth';
import { zErrorResponse, zOkResponse } from '@butler/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../lib/access.js';
import type { AuthService } from './auth.service.js';
import { presentUser } from './auth.service.js';

export const authRoutes =
  (auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/api/auth/login', {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['Anmeldung'],
        body: zLoginRequest,
        response: { 200: zLoginResponse, 401: zErrorResponse, 403: zErrorResponse, 429: zErrorResponse },
      },
      handler: async (request) => {
        const { user, token, expiresAt } = await auth.login(request.body, request.ip);
        return {
          success: true as const,
          user: presentUser(user),
          user_type: user.userType,
          token,
          expires_at: expiresAt.toISOString(),
          idle_timeout_minutes: IDLE_TIMEOUT_MINUTES[user.userType],
        };
      },
    });

    app.post('/api/auth/validate-token', {
      config: { access: 'authenticated' },
      schema: { tags: ['Anmeldung'], response: { 200: zValidateTokenResponse, 401: zErrorResponse } },
      handler: async (request) => {
        const session = requireSession(request) as ReturnType<typeof requireSession> & { user: any };
        return {
          valid: true as const,
          user: presentUser(session.user),
          user_type: session.userType,
          expires_at: session.expiresAt.toISOString(),
          idle_timeout_minutes: IDLE_TIMEOUT_MINUTES[session.userType],
        };
      },
    });

    app.post('/api/auth/logout', {
      config: { access: 'authenticated' },
      schema: { tags: ['Anmeldung'], response: { 200: zOkResponse, 401: zErrorResponse } },
      handler: async (request) => {
        await auth.logout(requireSession(request).sessionId);
        return { success: true as const, message: 'Sie wurden abgemeldet' };
      },
    });
  };

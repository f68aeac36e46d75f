import {
  FORGOT_PASSWORD_ANSWER,
  IDLE_TIMEOUT_MINUTES,
  STAFF_FORGOT_PASSWORD_ANSWER,
  zEnrolStartRequest,
  zForgotPassword,
  zLoginAnswer,
  zLoginRequest,
  zLoginWithRecoveryCodes,
  zPasswordLinkDone,
  zPasswordLinkInfo,
  zPasswordLinkSet,
  zPasswordLinkToken,
  zSecondFactorRequest,
  zSecondFactorResponse,
  zStaffForgotPassword,
  zTotpSetup,
  zValidateTokenResponse,
} from '@butler/contract/auth';
import { zErrorResponse, zOkResponse } from '@butler/contract/common';
import type { CustomerVoice } from '@butler/contract/voice';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../lib/access.js';
import type { AuthService, LoggedInUser } from './auth.service.js';
import { presentUser } from './auth.service.js';
import type { ForgotPassword } from './forgot-password.service.js';
import type { PasswordLinks } from './password-links.service.js';
import type { SecondFactorLogin } from './second-factor.service.js';
import type { ClientInfo } from './sessions.service.js';

export const clientOf = (request: FastifyRequest): ClientInfo => ({
  address: request.ip,
  userAgent: request.headers['user-agent'],
});

const presentSession = (s: { user: LoggedInUser; token: string; expiresAt: Date }, voice: CustomerVoice) => ({
  success: true as const,
  user: presentUser(s.user),
  user_type: s.user.userType,
  token: s.token,
  expires_at: s.expiresAt.toISOString(),
  idle_timeout_minutes: IDLE_TIMEOUT_MINUTES[s.user.userType],
  customer_voice: voice,
});

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 429: zErrorResponse };

export const authRoutes =
  (
    auth: AuthService,
    secondFactor: SecondFactorLogin,
    links: PasswordLinks,
    forgot: ForgotPassword,
    /** LOGIN_REQUESTS_PER_MINUTE: requests per minute and client address to these routes. */
    loginRequestsPerMinute: number,
    /** "Anrede der Kunden", answered with every session (decision 0620). */
    readVoice: () => Promise<CustomerVoice>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const loginLimit = { max: loginRequestsPerMinute, timeWindow: '1 minute' };
    app.post('/api/auth/forgot-password', {
      config: { access: 'public', rateLimit: loginLimit },
      schema: {
        tags: ['Anmeldung'],
        description:
          'Passwort vergessen (Kunden): mailt einen Link (60 Minuten, einmalig). Dieselbe Antwort und Dauer, ob es die Adresse gibt oder nicht.',
        body: zForgotPassword,
        response: { 200: zOkResponse, ...errors },
      },
      handler: async (request) => {
        await forgot.customer(request.body.email, request.ip);
        return { success: true as const, message: FORGOT_PASSWORD_ANSWER };
      },
    });

    app.post('/api/auth/staff/forgot-password', {
      config: { access: 'public', rateLimit: loginLimit },
      schema: {
        tags: ['Anmeldung'],
        description:
          'Passwort vergessen (Mitarbeiter): Benutzername oder E-Mail-Adresse; mailt einen Link (60 Minuten, einmalig) an die E-Mail-Adresse des Kontos. Dieselbe Antwort und Dauer, ob es das Konto und eine Adresse gibt oder nicht.',
        body: zStaffForgotPassword,
        response: { 200: zOkResponse, ...errors },
      },
      handler: async (request) => {
        await forgot.staff(request.body.login, request.ip);
        return { success: true as const, message: STAFF_FORGOT_PASSWORD_ANSWER };
      },
    });

    app.post('/api/auth/password-link/info', {
      config: { access: 'public', rateLimit: loginLimit },
      schema: {
        tags: ['Anmeldung'],
        description: 'Prüft einen Einladungs- oder Zurücksetzen-Link und nennt das Konto.',
        body: zPasswordLinkToken,
        response: { 200: zPasswordLinkInfo, ...errors },
      },
      handler: (request) => links.info(request.body.token),
    });

    app.post('/api/auth/password-link', {
      config: { access: 'public', rateLimit: loginLimit },
      schema: {
        tags: ['Anmeldung'],
        description:
          'Setzt das Passwort über einen Einladungs- oder Zurücksetzen-Link (einmalig); beendet alle Anmeldungen des Kontos.',
        body: zPasswordLinkSet,
        response: { 200: zPasswordLinkDone, ...errors },
      },
      handler: async (request) => ({
        success: true as const,
        ...(await links.setPassword(request.body.token, request.body.password)),
      }),
    });

    app.post('/api/auth/login', {
      config: { access: 'public', rateLimit: loginLimit },
      schema: { tags: ['Anmeldung'], body: zLoginRequest, response: { 200: zLoginAnswer, ...errors } },
      handler: async (request) => {
        const result = await auth.login(request.body, clientOf(request));
        if (result.kind === 'challenge') {
          return {
            success: true as const,
            second_factor: result.secondFactor,
            challenge: result.challenge,
            expires_at: result.expiresAt.toISOString(),
          };
        }
        return presentSession(result, await readVoice());
      },
    });

    app.post('/api/auth/login/second-factor', {
      config: { access: 'public', rateLimit: loginLimit },
      schema: {
        tags: ['Anmeldung'],
        description:
          'Zweiter Schritt der Mitarbeiter-Anmeldung: Code der Authenticator-App oder Wiederherstellungscode.',
        body: zSecondFactorRequest,
        response: { 200: zSecondFactorResponse, ...errors },
      },
      handler: async (request) => {
        const result = await secondFactor.withCode(request.body, clientOf(request));
        return { ...presentSession(result, await readVoice()), recovery_codes_left: result.recoveryCodesLeft };
      },
    });

    app.post('/api/auth/login/enrolment', {
      config: { access: 'public', rateLimit: loginLimit },
      schema: {
        tags: ['Anmeldung'],
        description: 'Pflicht-Einrichtung der Zwei-Faktor-Anmeldung bei der Anmeldung: QR-Code und Schlüssel.',
        body: zEnrolStartRequest,
        response: { 200: zTotpSetup, ...errors },
      },
      handler: async (request) => {
        return secondFactor.beginEnrolment(request.body);
      },
    });

    app.post('/api/auth/login/enrolment/confirm', {
      config: { access: 'public', rateLimit: loginLimit },
      schema: {
        tags: ['Anmeldung'],
        description:
          'Bestätigt die Einrichtung mit dem ersten Code; antwortet die Sitzung und zehn Wiederherstellungscodes.',
        body: zSecondFactorRequest,
        response: { 200: zLoginWithRecoveryCodes, ...errors },
      },
      handler: async (request) => {
        const result = await secondFactor.confirmEnrolment(request.body, clientOf(request));
        return { ...presentSession(result, await readVoice()), recovery_codes: result.recoveryCodes };
      },
    });

    app.post('/api/auth/validate-token', {
      config: { access: 'authenticated' },
      schema: { tags: ['Anmeldung'], response: { 200: zValidateTokenResponse, 401: zErrorResponse } },
      handler: async (request) => {
        const session = requireSession(request) as ReturnType<typeof requireSession> & { user: LoggedInUser };
        return {
          valid: true as const,
          user: presentUser(session.user),
          user_type: session.userType,
          expires_at: session.expiresAt.toISOString(),
          idle_timeout_minutes: IDLE_TIMEOUT_MINUTES[session.userType],
          customer_voice: await readVoice(),
        };
      },
    });

    app.post('/api/auth/logout', {
      config: { access: 'authenticated' },
      schema: { tags: ['Anmeldung'], response: { 200: zOkResponse, 401: zErrorResponse } },
      handler: async (request) => {
        await auth.logout(requireSession(request));
        return { success: true as const, message: 'Sie wurden abgemeldet' };
      },
    });
  };

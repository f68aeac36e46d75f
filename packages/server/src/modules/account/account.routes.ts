import {
  zAccount,
  zDeviceSession,
  zDisplayNameUpdate,
  zEndedSessions,
  zPasswordChange,
  zSecretReveal,
  zSessionParams,
  zTotpConfirm,
  zTotpDisable,
} from '@butler/contract/account';
import { zRecoveryCodes, zTotpSetup } from '@butler/contract/auth';
import { zErrorResponse, zIdParams, zOkResponse } from '@butler/contract/common';
import { zStaffEmailUpdate } from '@butler/contract/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../lib/access.js';
import type { TwoFactor } from '../auth/two-factor.service.js';
import type { AccountService } from './account.service.js';
import type { SetStaffEmail } from './staff-email.service.js';

const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  403: zErrorResponse,
  404: zErrorResponse,
  409: zErrorResponse,
};
const tags = ['Konto'];
const STRICT = { max: 10, timeWindow: '1 minute' };

export const accountRoutes =
  (account: AccountService, twoFactor: TwoFactor, setStaffEmail: SetStaffEmail): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/account', {
      config: { access: 'authenticated' },
      schema: {
        tags,
        description: 'Das eigene Konto: Name, E-Mail, Zwei-Faktor-Status.',
        response: { 200: zAccount, ...errors },
      },
      handler: (request) => account.get(requireSession(request)),
    });

    app.put('/api/account/name', {
      config: { access: 'staff' },
      schema: {
        tags,
        description: 'Eigener Anzeigename (Mitarbeiter): erscheint bei Buchungen, Zugriffen und im Protokoll.',
        body: zDisplayNameUpdate,
        response: { 200: z.object({ name: z.string() }), ...errors },
      },
      handler: (request) => account.setDisplayName(requireSession(request), request.body.name),
    });

    app.put('/api/account/email', {
      config: { access: 'staff', rateLimit: STRICT },
      schema: {
        tags,
        description:
          'Eigene E-Mail-Adresse (Mitarbeiter; aktuelles Passwort nötig): dorthin gehen Links zum Zurücksetzen und Sicherheitshinweise.',
        body: zStaffEmailUpdate,
        response: { 200: z.object({ email: z.string() }), 429: zErrorResponse, ...errors },
      },
      handler: (request) => {
        const session = requireSession(request);
        return setStaffEmail(session, session.adminId!, request.body);
      },
    });

    app.post('/api/account/password', {
      config: { access: 'authenticated', rateLimit: STRICT },
      schema: {
        tags,
        description: 'Eigenes Passwort ändern (aktuelles Passwort nötig); beendet alle anderen Anmeldungen.',
        body: zPasswordChange,
        response: { 200: zOkResponse, 429: zErrorResponse, ...errors },
      },
      handler: async (request) => {
        await account.changePassword(requireSession(request), request.body);
        return { success: true as const, message: 'Passwort geändert. Alle anderen Anmeldungen wurden beendet.' };
      },
    });

    app.get('/api/account/sessions', {
      config: { access: 'authenticated' },
      schema: { tags, description: 'Angemeldete Geräte.', response: { 200: z.array(zDeviceSession), ...errors } },
      handler: (request) => account.sessions(requireSession(request)),
    });

    app.delete('/api/account/sessions/:sessionId', {
      config: { access: 'authenticated' },
      schema: { tags, params: zSessionParams, response: { 200: zOkResponse, ...errors } },
      handler: async (request) => {
        await account.endSession(requireSession(request), request.params.sessionId);
        return { success: true as const, message: 'Anmeldung beendet' };
      },
    });

    app.post('/api/account/sessions/end-others', {
      config: { access: 'authenticated' },
      schema: { tags, description: 'Beendet alle anderen Anmeldungen.', response: { 200: zEndedSessions, ...errors } },
      handler: async (request) => ({
        success: true as const,
        ended: await account.endOtherSessions(requireSession(request)),
      }),
    });

    app.post('/api/account/totp/setup', {
      config: { access: 'staff', rateLimit: STRICT },
      schema: {
        tags,
        description: 'Startet die Einrichtung der Zwei-Faktor-Anmeldung.',
        response: { 200: zTotpSetup, ...errors },
      },
      handler: async (request) => {
        return twoFactor.begin(requireSession(request).adminId!);
      },
    });

    app.post('/api/account/totp/confirm', {
      config: { access: 'staff', rateLimit: STRICT },
      schema: {
        tags,
        description:
          'Bestätigt die Einrichtung mit dem ersten Code; antwortet zehn Wiederherstellungscodes (einmalig).',
        body: zTotpConfirm,
        response: { 200: zRecoveryCodes, ...errors },
      },
      handler: async (request) => {
        const session = requireSession(request);
        const recovery_codes = await twoFactor.confirmOwn(session.adminId!, request.body.code, session);
        return { recovery_codes };
      },
    });

    app.post('/api/account/totp/disable', {
      config: { access: 'staff', rateLimit: STRICT },
      schema: {
        tags,
        description: 'Schaltet die Zwei-Faktor-Anmeldung ab (Passwort und Code nötig).',
        body: zTotpDisable,
        response: { 200: zOkResponse, ...errors },
      },
      handler: async (request) => {
        const session = requireSession(request);
        await twoFactor.disable(session.adminId!, request.body.password, request.body.code, session);
        return { success: true as const, message: 'Zwei-Faktor-Anmeldung ausgeschaltet' };
      },
    });

    app.post('/api/account/totp/recovery-codes', {
      config: { access: 'staff', rateLimit: STRICT },
      schema: {
        tags,
        description: 'Neue Wiederherstellungscodes (die alten verfallen).',
        body: zTotpDisable,
        response: { 200: zRecoveryCodes, ...errors },
      },
      handler: async (request) => {
        const session = requireSession(request);
        const { password, code } = request.body;
        return { recovery_codes: await twoFactor.newRecoveryCodes(session.adminId!, password, code, session) };
      },
    });

    app.get('/api/customers/:id/secret-reveals', {
      config: { access: { permission: 'customers.dashboard', customer: ['params.id'], self: true } },
      schema: {
        tags,
        description:
          'Zugriffe auf die Zugangsdaten eines Kunden: wann welcher Mitarbeiter ein gespeichertes Passwort angezeigt hat.',
        params: zIdParams,
        response: { 200: z.array(zSecretReveal), ...errors },
      },
      handler: (request) => account.reveals(request.params.id),
    });
  };

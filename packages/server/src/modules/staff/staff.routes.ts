import { zEndedSessions } from '@butler/contract/account';
import { zErrorResponse, zIdParams, zOkResponse } from '@butler/contract/common';
import { zSecuritySettings, zStaffActive, zStaffInvite, zStaffMember } from '@butler/contract/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../lib/access.js';
import type { AccountMails } from '../auth/account-mails.service.js';
import type { StaffService } from './staff.service.js';

const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  403: zErrorResponse,
  404: zErrorResponse,
  409: zErrorResponse,
};
const tags = ['Mitarbeiter'];

export const staffRoutes =
  (staff: StaffService, mails: AccountMails): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/api/staff', {
      config: { access: 'admin' },
      schema: {
        tags,
        description: 'Lädt einen Mitarbeiter ein: Konto ohne Passwort und eine E-Mail mit einmaligem Link (7 Tage).',
        body: zStaffInvite,
        response: { 201: zStaffMember, ...errors },
      },
      handler: async (request, reply) => {
        const session = requireSession(request);
        const id = await mails.inviteStaff(session, request.body);
        reply.status(201);
        return staff.present(id, session);
      },
    });

    app.post('/api/staff/:id/password-link', {
      config: { access: 'admin' },
      schema: {
        tags,
        description: 'Einladung erneut senden (noch kein Passwort) oder Link zum Passwort-Setzen (60 Minuten).',
        params: zIdParams,
        response: { 200: zOkResponse, ...errors },
      },
      handler: async (request) => {
        await mails.staffPasswordLink(requireSession(request), request.params.id);
        return { success: true as const, message: 'E-Mail gesendet' };
      },
    });

    app.get('/api/staff', {
      config: { access: 'admin' },
      schema: { tags, description: 'Alle Mitarbeiter-Konten.', response: { 200: z.array(zStaffMember), ...errors } },
      handler: (request) => staff.list(requireSession(request)),
    });

    app.put('/api/staff/:id/active', {
      config: { access: 'admin' },
      schema: {
        tags,
        description:
          'Deaktivieren (beendet alle Anmeldungen) oder reaktivieren. Nie sich selbst, nie den letzten aktiven Administrator.',
        params: zIdParams,
        body: zStaffActive,
        response: { 200: zStaffMember, ...errors },
      },
      handler: async (request) => {
        const session = requireSession(request);
        await staff.setActive(session, request.params.id, request.body.is_active);
        return staff.present(request.params.id, session);
      },
    });

    app.post('/api/staff/:id/sessions/end', {
      config: { access: 'admin' },
      schema: {
        tags,
        description: 'Anmeldungen beenden.',
        params: zIdParams,
        response: { 200: zEndedSessions, ...errors },
      },
      handler: async (request) => ({
        success: true as const,
        ended: await staff.endSessions(requireSession(request), request.params.id),
      }),
    });

    app.post('/api/staff/:id/totp/reset', {
      config: { access: 'admin' },
      schema: {
        tags,
        description: 'Setzt die Zwei-Faktor-Anmeldung eines anderen Mitarbeiters zurück (protokolliert).',
        params: zIdParams,
        response: { 200: zOkResponse, ...errors },
      },
      handler: async (request) => {
        await staff.resetTwoFactor(requireSession(request), request.params.id);
        return { success: true as const, message: 'Zwei-Faktor-Anmeldung zurückgesetzt' };
      },
    });

    app.get('/api/settings/security', {
      config: { access: 'admin' },
      schema: { tags, response: { 200: zSecuritySettings, ...errors } },
      handler: () => staff.settings(),
    });

    app.put('/api/settings/security', {
      config: { access: 'admin' },
      schema: { tags, body: zSecuritySettings, response: { 200: zSecuritySettings, ...errors } },
      handler: (request) => staff.saveSettings(requireSession(request), request.body),
    });
  };

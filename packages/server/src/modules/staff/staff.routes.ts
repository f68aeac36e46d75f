import { zEndedSessions } from '@butler/contract/account';
import { zErrorResponse, zIdParams, zOkResponse } from '@butler/contract/common';
import {
  zSecuritySettings,
  zStaffActive,
  zStaffEmailUpdate,
  zStaffInvite,
  zStaffMember,
  zStaffOption,
  zStaffRoleUpdate,
  zStaffRules,
} from '@butler/contract/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../lib/access.js';
import type { SetStaffEmail } from '../account/staff-email.service.js';
import type { AccountMails } from '../auth/account-mails.service.js';
import type { StaffService } from './staff.service.js';
import type { StaffRoles } from './staff-roles.service.js';

const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  403: zErrorResponse,
  404: zErrorResponse,
  409: zErrorResponse,
};
const tags = ['Mitarbeiter'];

export const staffRoutes =
  (staff: StaffService, roles: StaffRoles, mails: AccountMails, setStaffEmail: SetStaffEmail): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/api/staff', {
      config: { access: { permission: 'staff.manage' } },
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
      config: { access: { permission: 'staff.manage' } },
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

    app.put('/api/staff/:id/email', {
      config: { access: { permission: 'staff.manage' }, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        description:
          'E-Mail-Adresse eines Mitarbeiter-Kontos ändern, auch der eigenen (Passwort der handelnden Person nötig); alte und neue Adresse bekommen einen Sicherheitshinweis.',
        params: zIdParams,
        body: zStaffEmailUpdate,
        response: { 200: zStaffMember, 429: zErrorResponse, ...errors },
      },
      handler: async (request) => {
        const session = requireSession(request);
        await setStaffEmail(session, request.params.id, request.body);
        return staff.present(request.params.id, session);
      },
    });

    app.get('/api/staff', {
      config: { access: { permission: 'staff.manage' } },
      schema: { tags, description: 'Alle Mitarbeiter-Konten.', response: { 200: z.array(zStaffMember), ...errors } },
      handler: (request) => staff.list(requireSession(request)),
    });

    app.put('/api/staff/:id/active', {
      config: { access: { permission: 'staff.manage' } },
      schema: {
        tags,
        description:
          'Deaktivieren (beendet alle Anmeldungen) oder reaktivieren. Nie sich selbst, nie den letzten aktiven Inhaber.',
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

    app.put('/api/staff/:id/role', {
      config: { access: { permission: 'staff.manage' } },
      schema: {
        tags,
        description:
          'Rolle (Inhaber, Büro, Buchhaltung, Butler) und Zusatzrechte ändern; gilt ab der nächsten Anfrage der Person. Der letzte aktive Inhaber bleibt Inhaber.',
        params: zIdParams,
        body: zStaffRoleUpdate,
        response: { 200: zStaffMember, ...errors },
      },
      handler: async (request) => {
        const session = requireSession(request);
        await roles.setRole(session, request.params.id, request.body.role, request.body.grants);
        return staff.present(request.params.id, session);
      },
    });

    app.get('/api/staff/options', {
      config: { access: { permission: 'customers.assign', noCustomerData: true } },
      schema: {
        tags,
        description: 'Aktive Mitarbeiter zur Auswahl als Betreuer eines Kunden.',
        response: { 200: z.array(zStaffOption), ...errors },
      },
      handler: () => roles.options(),
    });

    app.get('/api/settings/staff', {
      config: { access: { permission: 'staff.manage' } },
      schema: {
        tags,
        description: 'Regeln für die Arbeit der Mitarbeiter.',
        response: { 200: zStaffRules, ...errors },
      },
      handler: () => roles.rules(),
    });

    app.put('/api/settings/staff', {
      config: { access: { permission: 'staff.manage' } },
      schema: { tags, body: zStaffRules, response: { 200: zStaffRules, ...errors } },
      handler: (request) => roles.saveRules(requireSession(request), request.body),
    });

    app.post('/api/staff/:id/sessions/end', {
      config: { access: { permission: 'staff.manage' } },
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
      config: { access: { permission: 'staff.manage' } },
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
      config: { access: { permission: 'security.manage' } },
      schema: { tags, response: { 200: zSecuritySettings, ...errors } },
      handler: () => staff.settings(),
    });

    app.put('/api/settings/security', {
      config: { access: { permission: 'security.manage' } },
      schema: { tags, body: zSecuritySettings, response: { 200: zSecuritySettings, ...errors } },
      handler: (request) => staff.saveSettings(requireSession(request), request.body),
    });
  };

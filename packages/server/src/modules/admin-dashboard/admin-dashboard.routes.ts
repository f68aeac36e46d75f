import {
  zCustomersMonthlyResponse,
  zDashboardSettings,
  zDashboardSettingsInput,
  zDashboardStats,
  zYearMonthParams,
} from '@butler/contract/admin-dashboard';
import { zErrorResponse } from '@butler/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { requireSession } from '../../lib/access.js';
import { todayVienna } from '../../lib/clock.js';
import { dashboardFigureCache } from '../../lib/figure-cache.js';
import { encodeAnswer, sendEncoded } from '../../lib/json-answer.js';
import { customersMonthly } from '../hour-accounting/admin-figures.repo.js';
import { getDashboardStats } from './admin-dashboard.service.js';
import { getDashboardSettings, saveDashboardSettings } from './dashboard-settings.service.js';

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse };

/** Admin overview, monthly view and dashboard settings (admin only). */
export const adminDashboardRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/admin/dashboard-stats', {
      config: { access: 'admin' },
      schema: { tags: ['Admin-Dashboard'], response: { 200: zDashboardStats, ...errors } },
      // Cached already encoded; the version comes with the session (decision 0400).
      handler: async (request, reply) => {
        const today = todayVienna();
        const json = await dashboardFigureCache(
          db,
          `stats:${today}`,
          async () => encodeAnswer(zDashboardStats, await getDashboardStats(db, today)),
          request.session?.dataVersion,
        );
        return sendEncoded(reply, json);
      },
    });

    app.get('/api/admin/customers-monthly/:year/:month', {
      config: { access: 'admin' },
      schema: {
        tags: ['Admin-Dashboard'],
        params: zYearMonthParams,
        response: { 200: zCustomersMonthlyResponse, ...errors },
      },
      handler: async (request, reply) => {
        const { year, month } = request.params;
        const json = await dashboardFigureCache(
          db,
          `monthly:${todayVienna()}:${year}-${month}`,
          async () => encodeAnswer(zCustomersMonthlyResponse, await customersMonthly(db, year, month)),
          request.session?.dataVersion,
        );
        return sendEncoded(reply, json);
      },
    });

    app.get('/api/admin/dashboard-settings', {
      config: { access: 'admin' },
      schema: { tags: ['Admin-Dashboard'], response: { 200: zDashboardSettings, ...errors } },
      handler: async () => getDashboardSettings(db),
    });

    app.put('/api/admin/dashboard-settings', {
      config: { access: 'admin' },
      schema: {
        tags: ['Admin-Dashboard'],
        body: zDashboardSettingsInput,
        response: { 200: zDashboardSettings, ...errors },
      },
      handler: async (request) => saveDashboardSettings(db, requireSession(request), request.body),
    });
  };

import {
  zCustomersMonthlyQuery,
  zCustomersMonthlyResponse,
  zDashboardSettings,
  zDashboardSettingsInput,
  zDashboardStats,
  zExpiringSubscriptionsResponse,
  zOverviewListQuery,
  zYearMonthParams,
} from '@butler/contract/admin-dashboard';
import { zErrorResponse } from '@butler/contract/common';
import { zOverviewCharts } from '@butler/contract/overview-charts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { can, requireSession } from '../../lib/access.js';
import { todayVienna } from '../../lib/clock.js';
import { customerScope, scopeKey } from '../../lib/customer-scope.js';
import { dashboardFigureCache } from '../../lib/figure-cache.js';
import { encodeAnswer, sendEncoded, sendEncodedPage } from '../../lib/json-answer.js';
import { pageBounds } from '../../lib/pagination.js';
import { customersMonthlyPage } from '../hour-accounting/monthly-figures.service.js';
import { withTrips } from '../visits/monthly-trips.service.js';
import { expiringSubscriptions, getDashboardStats } from './admin-dashboard.service.js';
import { getDashboardSettings, saveDashboardSettings } from './dashboard-settings.service.js';
import { overviewCharts } from './overview-charts.service.js';

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse };

/** Admin overview, monthly view and dashboard settings (admin only). */
export const adminDashboardRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/admin/dashboard-stats', {
      config: { access: { permission: 'dashboard.read', scoped: true } },
      schema: { tags: ['Admin-Dashboard'], response: { 200: zDashboardStats, ...errors } },
      // Cached already encoded; the version comes with the session (decision 0400).
      handler: async (request, reply) => {
        const today = todayVienna();
        const scope = customerScope(request.session);
        const json = await dashboardFigureCache(
          db,
          `stats:${today}:${scopeKey(scope)}`,
          async () => encodeAnswer(zDashboardStats, await getDashboardStats(db, today, scope)),
          request.session?.dataVersion,
        );
        return sendEncoded(reply, json);
      },
    });

    // The overview's charts (decision 0651): hours for every role with the overview, money
    // only for who may see invoices.
    app.get('/api/admin/overview-charts', {
      config: { access: { permission: 'dashboard.read', scoped: true } },
      schema: { tags: ['Admin-Dashboard'], response: { 200: zOverviewCharts, ...errors } },
      handler: async (request) =>
        overviewCharts(
          db,
          todayVienna(),
          customerScope(request.session),
          can(request.session, 'invoices.read'),
          request.session?.dataVersion,
        ),
    });

    app.get('/api/admin/customers-monthly/:year/:month', {
      config: { access: { permission: 'dashboard.read', scoped: true } },
      schema: {
        tags: ['Admin-Dashboard'],
        params: zYearMonthParams,
        querystring: zCustomersMonthlyQuery,
        response: { 200: zCustomersMonthlyResponse, ...errors },
      },
      // One page in name order, the month's count in X-Total-Count (decision 0404).
      handler: async (request, reply) => {
        const { year, month } = request.params;
        const { page, page_size: pageSize } = request.query;
        const scope = customerScope(request.session);
        const answer = await dashboardFigureCache(
          db,
          `monthly:${year}-${month}:${page}:${pageSize}:${scopeKey(scope)}`,
          async () => {
            const { rows, total } = await customersMonthlyPage(db, year, month, pageBounds(request.query), scope);
            return { json: encodeAnswer(zCustomersMonthlyResponse, await withTrips(db, rows, year, month)), total };
          },
          request.session?.dataVersion,
        );
        return sendEncodedPage(reply, answer);
      },
    });

    app.get('/api/admin/expiring-subscriptions', {
      config: { access: { permission: 'dashboard.read', scoped: true } },
      schema: {
        tags: ['Admin-Dashboard'],
        description: 'Ablaufende ButlerPakete (aktueller und nächster Monat), eine Seite, die Anzahl in X-Total-Count',
        querystring: zOverviewListQuery,
        response: { 200: zExpiringSubscriptionsResponse, ...errors },
      },
      handler: async (request, reply) => {
        const today = todayVienna();
        const { page, page_size: pageSize } = request.query;
        const scope = customerScope(request.session);
        const answer = await dashboardFigureCache(
          db,
          `expiring:${today}:${page}:${pageSize}:${scopeKey(scope)}`,
          async () => {
            const { rows, total } = await expiringSubscriptions(db, today, pageBounds(request.query), scope);
            return { json: encodeAnswer(zExpiringSubscriptionsResponse, rows), total };
          },
          request.session?.dataVersion,
        );
        return sendEncodedPage(reply, answer);
      },
    });

    app.get('/api/admin/dashboard-settings', {
      config: { access: { permission: 'dashboard.read', noCustomerData: true } },
      schema: { tags: ['Admin-Dashboard'], response: { 200: zDashboardSettings, ...errors } },
      handler: async () => getDashboardSettings(db),
    });

    app.put('/api/admin/dashboard-settings', {
      config: { access: { permission: 'settings.write' } },
      schema: {
        tags: ['Admin-Dashboard'],
        body: zDashboardSettingsInput,
        response: { 200: zDashboardSettings, ...errors },
      },
      handler: async (request) => saveDashboardSettings(db, requireSession(request), request.body),
    });
  };

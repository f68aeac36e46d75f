import { zErrorResponse, zIdParams } from '@butler/contract/common';
import {
  zCustomerDashboard,
  zCustomerSubscriptionResponse,
  zDeductionsQuery,
  zDeductionsResponse,
} from '@butler/contract/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { todayVienna } from '../../lib/clock.js';
import { getCustomerSubscription, getDashboard, getDeductions } from './customer-dashboard.service.js';

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

/** The customer lounge: dashboard, current subscription and deduction lists (customer-own). */
export const customerDashboardRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/customers/:id/dashboard', {
      config: { access: 'customer-own' },
      schema: {
        tags: ['Kunden-Dashboard'],
        params: zIdParams,
        response: { 200: zCustomerDashboard, ...errors },
      },
      handler: async (request) => getDashboard(db, request.params.id, todayVienna()),
    });

    app.get('/api/customers/:id/subscription', {
      config: { access: 'customer-own' },
      schema: {
        tags: ['Kunden-Dashboard'],
        params: zIdParams,
        response: { 200: zCustomerSubscriptionResponse, ...errors },
      },
      handler: async (request) => getCustomerSubscription(db, request.params.id, todayVienna()),
    });

    app.get('/api/customers/:id/deductions', {
      config: { access: 'customer-own' },
      schema: {
        tags: ['Kunden-Dashboard'],
        description: 'Abbuchungen einer Abrechnungsart mit Anzeige (Tacho) und Seitenweise-Liste, neueste zuerst',
        params: zIdParams,
        querystring: zDeductionsQuery,
        response: { 200: zDeductionsResponse, ...errors },
      },
      handler: async (request) => getDeductions(db, request.params.id, request.query, todayVienna()),
    });
  };

import { zErrorResponse, zIdParams } from '@butler/contract/common';
import { zCustomerErasureInput, zCustomerErasureResponse } from '@butler/contract/customers';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import type { Env } from '../../env.js';
import { requireSession } from '../../lib/access.js';
import { removeOutboxFiles } from '../../lib/mail.js';
import type { Keyring } from '../../lib/secret-box.js';
import { collectCustomerData, customerDataZip } from './data-export.service.js';
import { eraseCustomer } from './erasure.service.js';

const tags = ['Datenschutz'];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

/** GDPR: a customer's data as one ZIP (Art. 15, 20) and erasure (Art. 17); decision 0423. */
export const privacyRoutes =
  (deps: { db: Database; env: Env; keyring: Keyring }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;

    app.get('/api/customers/:id/data-export.zip', {
      config: { access: { permission: 'customers.privacy.export', customer: ['params.id'] } },
      schema: {
        tags,
        description:
          'Datenauskunft (Art. 15 und 20 DSGVO): alle Daten des Kunden als JSON, seine Wiki-Dateien und seine ausgestellten Rechnungen (PDF und E-Rechnung) in einer ZIP-Datei. Passwort-Einträge sind im Klartext enthalten; das wird protokolliert.',
        params: zIdParams,
        produces: ['application/zip'],
        response: errors,
      },
      handler: async (request, reply) => {
        const data = await collectCustomerData(db, deps.env, deps.keyring, requireSession(request), request.params.id);
        const filename = `datenauskunft-kunde-${data.customer.id}.zip`;
        // A plain FastifyReply: the typed one only accepts the error schemas for a body.
        return (reply as FastifyReply)
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(customerDataZip(db, data));
      },
    });

    app.post('/api/customers/:id/erasure', {
      config: { access: { permission: 'customers.privacy.erase', customer: ['params.id'] } },
      schema: {
        tags,
        description:
          'Löschung nach Art. 17 DSGVO: entfernt den Kunden mit allen personenbezogenen Daten; ausgestellte Rechnungen und Stornorechnungen, Zahlungen, SEPA-Mandate (widerrufen) und Bankbuchungen bleiben sieben Jahre (§132 BAO), ohne Verknüpfung zum Kunden. Bestätigung: der vollständige Name des Kunden. Nicht möglich, solange Rechnungsentwürfe oder offene Rechnungen bestehen (409).',
        params: zIdParams,
        body: zCustomerErasureInput,
        response: { 200: zCustomerErasureResponse, 409: zErrorResponse, ...errors },
      },
      handler: async (request) => {
        const { outboxFiles, ...result } = await eraseCustomer(
          db,
          requireSession(request),
          request.params.id,
          request.body.confirmation,
        );
        // The delivered copies of the mails that went (decision 0503), after the commit.
        await removeOutboxFiles(deps.env.DATA_DIR, outboxFiles);
        return { success: true as const, message: 'Kunde gelöscht (DSGVO)', ...result };
      },
    });
  };

import { actionLabel, entityLabel } from '@butler/contract/audit-labels';
import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { auditCallSites } from '../../../test/audit-call-sites.js';
import * as schema from '../../db/schema/index.js';
import { fieldLabel, formatAuditValue, isTechnicalField } from './audit-values.js';

/**
 * The Protokoll names every field it logs in German (decision 0634): a field without a label
 * would show its code name ("paymentMethod", "stoppedAtMidnight") to the office. The fields
 * are read from every `writeAudit(...)` call of the server (test/audit-call-sites.ts): those an
 * object literal writes by name, and for a call that logs a row, every column of the tables
 * its record kind is audited from (below). A new call that logs a row of a record kind not
 * listed here fails until its table is named.
 */
const ROWS_OF: Record<string, ReadonlyArray<PgTable | string>> = {
  accounting_settings: [schema.accountingSettings],
  admin: [schema.admins],
  balance_alert_settings: [schema.balanceAlertSettings],
  // The returns digest logs how many returns it reported, in how many mails.
  bank_entry: [schema.bankEntries, 'returns', 'mails'],
  'billing-settings': [schema.billingSettings],
  closed_month: [schema.closedMonths],
  // A customer's row, its dunning block, a refund's ledger entry and what an erasure removed.
  customer: [
    schema.customers,
    schema.dunningBlocks,
    schema.payments,
    ...['projects', 'time_entries', 'hour_packages', 'subscriptions', 'wiki_entries', 'wiki_files'],
    ...['sessions', 'mails', 'audit_values'],
  ],
  dashboard_settings: [schema.dashboardSettings],
  direct_debit_run: [schema.directDebitRuns],
  direct_debit_settings: [schema.directDebitSettings],
  hour_offer: [schema.hourOffers],
  hour_order: [schema.hourOrders],
  hour_package: [schema.hourPackages],
  hour_shop_settings: [schema.hourShopSettings],
  invoice: [schema.invoices, schema.dunningBlocks],
  notification_preferences: [schema.customers],
  order: [schema.orders],
  product: [schema.products],
  project: [schema.projects],
  provider_settings: [schema.providerSettings],
  referral_settings: [schema.referralSettings],
  security_settings: [schema.securitySettings],
  sepa_mandate: [schema.sepaMandates],
  subscription: [schema.subscriptions],
  subscription_template: [schema.subscriptionTemplates],
  time_entry: [schema.timeEntries],
  timer: [schema.staffTimers],
  visit: [schema.visits],
  wiki_category: [schema.wikiCategories],
  wiki_entry: [schema.wikiEntries],
  wiki_file: [schema.wikiFiles],
};

const fieldsOfRows = (entity: string) =>
  (ROWS_OF[entity] ?? []).flatMap((t) => (typeof t === 'string' ? [t] : Object.keys(getTableColumns(t))));
const unlabelled = (field: string) => !isTechnicalField(field) && fieldLabel(field) === field;

describe('the Protokoll in words', () => {
  const sites = auditCallSites();

  it('reads the writeAudit calls of the server', () => {
    // The walk finds the calls (a broken parse would find none and check nothing).
    expect(sites.length).toBeGreaterThan(100);
    expect(sites.find((s) => s.entities.includes('visit') && s.fields.includes('purpose'))).toBeDefined();
  });

  it('has a German label for every field any writeAudit call writes', () => {
    const missing = new Set<string>();
    for (const site of sites) {
      for (const field of site.fields) if (unlabelled(field)) missing.add(`${site.at}: ${field}`);
      if (!site.rows) continue;
      for (const entity of site.entities) {
        if (!ROWS_OF[entity]) missing.add(`${site.at}: the table(s) of "${entity}" (add it to ROWS_OF)`);
      }
    }
    for (const entity of Object.keys(ROWS_OF)) {
      for (const field of fieldsOfRows(entity)) if (unlabelled(field)) missing.add(`${entity}.${field}`);
    }
    expect([...missing].sort()).toEqual([]);
  });

  it('has a German name for every record kind and action a writeAudit call logs', () => {
    const missing = new Set<string>();
    for (const site of sites) {
      // `?`: the kind is the actor's own (admin or customer, both named).
      for (const entity of site.entities) {
        if (entity !== '?' && entityLabel(entity) === entity) missing.add(`${site.at}: ${entity}`);
      }
      for (const action of site.actions) {
        if (action !== '?' && actionLabel(action) === action) missing.add(`${site.at}: ${action}`);
      }
    }
    expect([...missing].sort()).toEqual([]);
  });

  it('shows an unknown birthdate as nothing, never as 01.01.1970', () => {
    expect(formatAuditValue('birthdate', '1970-01-01')).toBeNull();
    expect(formatAuditValue('partner_birthdate', '1970-01-01')).toBeNull();
    expect(formatAuditValue('birthdate', '1984-03-02')).toBe('02.03.1984');
  });

  it('names coded values in German', () => {
    expect(formatAuditValue('paymentMethod', 'lastschrift')).toBe('SEPA-Lastschrift');
    expect(formatAuditValue('payment_method', 'ueberweisung')).toBe('Überweisung');
    expect(formatAuditValue('method', 'bar')).toBe('Bar');
    expect(formatAuditValue('status', 'revoked')).toBe('Widerrufen');
    expect(formatAuditValue('kind', 'reversal')).toBe('Storno einer Buchung');
    expect(formatAuditValue('amount', '240')).toBe('€\u00a0240,00');
    expect(fieldLabel('creditor_id')).toBe('Gläubiger-ID');
    expect(isTechnicalField('creditorId')).toBe(false);
  });
});

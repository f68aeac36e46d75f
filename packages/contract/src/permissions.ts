/**
 * Who on the staff may do what (decision 0540): one table from role to
 * permissions. The server decides with it (lib/access.ts: every route declares the
 * permission it needs; lists a role sees only in part go through one scoping function),
 * the web app hides what a role cannot do with it, and the route-access test walks it.
 * No zod here: the app shell imports it.
 *
 * Names are `<area>.<action>`; a new capability adds a name here, gives it to the roles
 * that have it and declares it on its routes (e.g. `payments.record`, `invoices.remind`).
 */

/** Staff roles, stored in `admins.role`. Every account that existed before roles is an Inhaber. */
export const STAFF_ROLES = ['owner', 'office', 'accounting', 'butler'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Inhaber',
  office: 'Büro',
  accounting: 'Buchhaltung',
  butler: 'Butler',
};

export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  owner: 'Alles, auch Mitarbeiter, Sicherheit, Firmen- und USt-Daten, Protokoll und DSGVO-Löschung.',
  office:
    'Kunden, Projekte, Zeiten, Termine, Pakete, Wiki (Passwörter nur, wenn freigegeben), Quickbill und Exporte; keine Mitarbeiter- und Sicherheitseinstellungen.',
  accounting:
    'Quickbill und Exporte; Kunden und Aufträge nur lesend (Name, Rechnungsadresse); kein Wiki, keine Notizen.',
  butler:
    'Nur die zugewiesenen Kunden: Dashboard, Projekte, Aufträge, Termine, eigene Zeiteinträge, Wiki; Passwörter nur in freigegebenen Kategorien; keine Preise und Rechnungen.',
};

/** Every permission with what it allows, in German (shown in the staff screen and docs/security.md). */
export const PERMISSIONS = {
  'dashboard.read': 'Übersicht, Monate, ablaufende Pakete und knappes Guthaben sehen',
  'customers.read': 'Kunden sehen: Name, Kontakt, Rechnungsadresse',
  'customers.private.read': 'Notizen, Familie und Besonderheiten der Kunden sehen',
  'customers.write': 'Kunden anlegen und bearbeiten, Zugang senden',
  'customers.private.write': 'Notizen und Familie bearbeiten',
  'customers.delete': 'Kunden löschen',
  'customers.assign': 'Betreuer zuweisen',
  'customers.dashboard': 'Kunden-Dashboard, Abbuchungen, Monatsübersichten und Zugriffe sehen',
  'customers.privacy.export': 'Datenauskunft eines Kunden herunterladen',
  'customers.privacy.erase': 'Kunden nach DSGVO löschen',
  'referrals.read': 'Empfehlungen sehen',
  'referrals.write': 'Empfehlungen verknüpfen und entfernen',
  'projects.read': 'Projekte sehen',
  'projects.write': 'Projekte anlegen und bearbeiten',
  'projects.delete': 'Projekte löschen',
  'time_entries.read': 'Zeiteinträge sehen',
  'time_entries.book': 'Zeit buchen: eigene Einträge anlegen, ändern und löschen (Butler: innerhalb der Frist)',
  'time_entries.manage': 'Alle Zeiteinträge anlegen, ändern und löschen, ohne Frist',
  'orders.read': 'Aufträge sehen (interne Notizen nur mit „Notizen sehen“)',
  'orders.write':
    'Aufträge annehmen, zuweisen, schätzen, einplanen, beantworten und abschließen; Aufträge für Kunden anlegen',
  'orders.override': 'Zeit auf einen Auftrag über die verfügbaren Stunden hinaus ohne Freigabe buchen (mit Grund)',
  'visits.read': 'Termine und Fahrten sehen',
  'visits.write': 'Termine planen, verschieben, absagen und abschließen',
  'visits.team_feed': 'Ein Kalender-Abo mit den Terminen des ganzen Teams anlegen',
  'hour_packages.read': 'Stundenpakete sehen',
  'hour_packages.write': 'Stundenpakete verkaufen, ändern und löschen',
  'subscriptions.read': 'ButlerPakete und Vorlagen sehen',
  'subscriptions.write': 'ButlerPakete anlegen, ändern und löschen',
  'subscription_templates.write': 'ButlerPaket-Vorlagen verwalten',
  'prices.read': 'Preise und Rabatte sehen',
  'settings.write': 'Dashboard-, Guthaben-, Empfehlungs- und Termineinstellungen ändern',
  'wiki.read': 'Wiki lesen',
  'wiki.write': 'Wiki-Einträge und Dateien anlegen, ändern und löschen',
  'wiki.categories.write': 'Wiki-Kategorien verwalten',
  'wiki.projects.feature': 'Referenzen für die Lounge freigeben',
  'wiki.secret.reveal': 'Gespeicherte Passwörter anzeigen (alle Kategorien)',
  'wiki.secret.reveal_allowed': 'Gespeicherte Passwörter anzeigen, wo die Kategorie es Butlern erlaubt',
  'invoices.read': 'Rechnungen sehen und herunterladen',
  'invoices.write': 'Rechnungsentwürfe anlegen, bearbeiten, duplizieren und löschen',
  'invoices.issue': 'Rechnungen ausstellen und versenden',
  'invoices.cancel': 'Rechnungen stornieren',
  'invoices.mark_paid': 'Rechnungen als bezahlt markieren',
  'invoices.remind': 'Zahlungserinnerungen und Mahnungen senden, Mahnsperren setzen und aufheben',
  'payments.record': 'Zahlungen erfassen und entfernen, Guthaben verrechnen und erstatten',
  'billing.settings.write': 'Abrechnung und Mahnwesen einstellen: ButlerPaket-Rechnungen, Mahnstufen, Verzugszinsen',
  'products.write': 'Produkte verwalten',
  'direct_debit.read': 'SEPA-Mandate und Lastschriftläufe sehen',
  'direct_debit.write': 'SEPA-Mandate anlegen und widerrufen, Lastschriftläufe erstellen und verwerfen',
  'quickbill.settings.write': 'Firmen-, Bank-, Lastschrift- und USt-Daten, Logo und Nummernkreis ändern',
  'exports.read': 'Exporte (CSV, Excel) herunterladen',
  'accounting.read': 'Übergaben an die Steuerberatung und abgeschlossene Zeiträume sehen',
  'accounting.export': 'Buchhaltung einstellen, Buchungsdateien (BMD, DATEV) erstellen und Zeiträume abschließen',
  'accounting.reopen': 'Abgeschlossene Zeiträume wieder öffnen (mit Grund)',
  'statements.send': 'Monatsübersichten senden',
  'mail.read': 'Postausgang sehen',
  'mail.resend': 'Mails erneut senden',
  'audit.read': 'Protokoll sehen',
  'staff.manage': 'Mitarbeiter einladen, Rollen ändern, deaktivieren',
  'security.manage': 'Sicherheitseinstellungen ändern',
} as const;
export type Permission = keyof typeof PERMISSIONS;
export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

/** The table. Butler's customer permissions reach only their assigned customers (CUSTOMER_SCOPED_ROLES). */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  // Everything; wiki.secret.reveal covers every category, so the Butler's narrower one is not needed.
  owner: ALL_PERMISSIONS.filter((p) => p !== 'wiki.secret.reveal_allowed'),
  // Not: staff, security, provider/VAT settings, the Protokoll, DSGVO export (it holds the stored
  // passwords) and erasure; stored passwords only when the Inhaber grants it (GRANTABLE).
  office: [
    'dashboard.read',
    'customers.read',
    'customers.private.read',
    'customers.write',
    'customers.private.write',
    'customers.delete',
    'customers.assign',
    'customers.dashboard',
    'referrals.read',
    'referrals.write',
    'projects.read',
    'projects.write',
    'projects.delete',
    'time_entries.read',
    'time_entries.book',
    'time_entries.manage',
    'orders.read',
    'orders.write',
    'orders.override',
    'visits.read',
    'visits.write',
    'visits.team_feed',
    'hour_packages.read',
    'hour_packages.write',
    'subscriptions.read',
    'subscriptions.write',
    'subscription_templates.write',
    'prices.read',
    'settings.write',
    'wiki.read',
    'wiki.write',
    'wiki.categories.write',
    'wiki.projects.feature',
    'invoices.read',
    'invoices.write',
    'invoices.issue',
    'invoices.cancel',
    'invoices.mark_paid',
    'invoices.remind',
    'payments.record',
    'billing.settings.write',
    'products.write',
    'direct_debit.read',
    'direct_debit.write',
    'exports.read',
    'accounting.read',
    'statements.send',
    'mail.read',
    'mail.resend',
  ],
  // Quickbill and exports; customers read-only without notes or family data; no wiki.
  accounting: [
    'customers.read',
    'orders.read',
    'hour_packages.read',
    'subscriptions.read',
    'prices.read',
    'invoices.read',
    'invoices.write',
    'invoices.issue',
    'invoices.cancel',
    'invoices.mark_paid',
    'invoices.remind',
    'payments.record',
    'billing.settings.write',
    'products.write',
    'direct_debit.read',
    'direct_debit.write',
    'exports.read',
    'accounting.read',
    'accounting.export',
  ],
  // Only their customers (CUSTOMER_SCOPED_ROLES): no prices, invoices, packages or settings.
  butler: [
    'dashboard.read',
    'customers.read',
    'customers.private.read',
    'customers.dashboard',
    'projects.read',
    'projects.write',
    'time_entries.read',
    'time_entries.book',
    'orders.read',
    'orders.write',
    'visits.read',
    'visits.write',
    'wiki.read',
    'wiki.write',
    'wiki.secret.reveal_allowed',
  ],
};

/**
 * Permissions an Inhaber may grant one member of a role beyond the table (the Büro's
 * "Passwörter anzeigen": "wiki without revealing secrets unless granted").
 */
export const GRANTABLE: Record<StaffRole, readonly Permission[]> = {
  owner: [],
  office: ['wiki.secret.reveal'],
  // Quickbill and exports; customers read-only without notes or family data; no wiki.
  accounting: [],
  // Only their customers (CUSTOMER_SCOPED_ROLES): no prices, invoices, packages or settings.
  butler: [],
};

/** Roles whose customer permissions reach only the customers they are Betreuer of. */
export const CUSTOMER_SCOPED_ROLES: readonly StaffRole[] = ['butler'];

/** Days back a Butler may book and change their own time entries, unless the Inhaber sets another. */
export const DEFAULT_BUTLER_TIME_ENTRY_DAYS = 7;
export const MAX_BUTLER_TIME_ENTRY_DAYS = 365;

/** The grants a role can hold (others are dropped: a Butler keeps no Büro grant). */
export function grantsFor(role: StaffRole, grants: readonly string[] = []): Permission[] {
  return [...new Set(grants)].filter((p): p is Permission => (GRANTABLE[role] as readonly string[]).includes(p));
}

/** A staff member's permissions: the role's, plus the grants the role allows. */
export function permissionsOf(role: StaffRole, grants: readonly string[] = []): Permission[] {
  return [...new Set([...ROLE_PERMISSIONS[role], ...grantsFor(role, grants)])];
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

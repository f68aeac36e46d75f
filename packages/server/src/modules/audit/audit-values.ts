import { MANDATE_STATUS_LABELS, PAIN_VERSION_LABELS, SCHEME_LABELS } from '@butler/contract/direct-debit';
import {
  formatDate,
  formatDateTime,
  formatEuro,
  formatHours,
  formatNumber,
  knownBirthdate,
} from '@butler/contract/format';
import { PAYMENT_KIND_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_SOURCE_LABELS } from '@butler/contract/payments';
import { ROLE_LABELS, type StaffRole } from '@butler/contract/permissions';
import { INVOICE_STATUS_LABELS } from '@butler/contract/quickbill';
import { BILLING_INTERVAL_LABELS, SUBSCRIPTION_PAYMENT_METHOD_LABELS } from '@butler/contract/subscriptions';
import { CUSTOMER_VOICE_LABELS, SALUTATION_LABELS } from '@butler/contract/voice';

/**
 * The Protokoll in words (decision 0634): German labels for the stored field
 * names (rows are audited in their camelCase form, some answers in snake_case) and values
 * formatted as the screens show them. A field not listed keeps its code name.
 */
const FIELD_LABELS: Record<string, string> = {
  firstName: 'Vorname',
  lastName: 'Nachname',
  name: 'Name',
  email: 'E-Mail',
  phone: 'Telefon',
  company: 'Unternehmen',
  birthdate: 'Geburtsdatum',
  street: 'Straße',
  postalCode: 'PLZ',
  city: 'Ort',
  country: 'Land',
  uid: 'UID-Nummer',
  isBusiness: 'Unternehmer (B2B)',
  isActive: 'Aktiv',
  referralCode: 'Empfehlungscode',
  referredById: 'Empfohlen von',
  privateNotes: 'Privates',
  companyInfo: 'Firmeninfos',
  specialNotes: 'Besonderheiten',
  notes: 'Notizen',
  maritalStatus: 'Familienstand',
  partnerName: 'Name Partner/in',
  partnerGender: 'Geschlecht Partner/in',
  partnerBirthdate: 'Geburtsdatum Partner/in',
  children: 'Kinder',
  passwordHash: 'Passwort',
  password: 'Passwort',
  encryptedContent: 'Gespeichertes Passwort',
  encryptedUsername: 'Gespeicherter Benutzername',
  totpSecret: 'Zwei-Faktor-Schlüssel',
  totpPendingSecret: 'Zwei-Faktor-Schlüssel (Einrichtung)',
  totpLastStep: 'Zwei-Faktor-Code',
  totpEnabledAt: 'Zwei-Faktor eingerichtet am',
  codeHash: 'Wiederherstellungscode',
  tokenHash: 'Link',
  username: 'Benutzername',
  role: 'Rolle',
  grants: 'Zusatzrechte',
  description: 'Beschreibung',
  title: 'Titel',
  content: 'Inhalt',
  externalLink: 'Link',
  isFeatured: 'Als Referenz freigegeben',
  isPasswordEntry: 'Passwort-Eintrag',
  categoryId: 'Kategorie',
  customerId: 'Kunde',
  projectId: 'Projekt',
  hours: 'Stunden',
  activityDescription: 'Tätigkeit',
  workDate: 'Datum',
  createdBy: 'Erstellt von',
  isBillable: 'Abrechenbar',
  billingType: 'Abgerechnet über',
  deductedFromSubscription: 'Vom ButlerPaket abgezogen',
  pricePerHour: 'Preis pro Stunde',
  discountPercentage: 'Rabatt (%)',
  totalPrice: 'Gesamtpreis',
  purchaseDate: 'Kaufdatum',
  isReferralDiscount: 'Empfehlungsrabatt',
  templateName: 'Vorlage',
  templateId: 'Vorlage',
  durationMonths: 'Laufzeit (Monate)',
  monthlyHours: 'Monatliche Stunden',
  monthlyPrice: 'Preis pro Monat',
  originalMonthlyPrice: 'Originalpreis pro Monat',
  hasReferralDiscount: 'Empfehlungsrabatt',
  startDate: 'Startdatum',
  endDate: 'Enddatum',
  monthlyTrips: 'Fahrten pro Monat',
  agreements: 'Vereinbarungen',
  invoiceNumber: 'Rechnungsnummer',
  invoiceDate: 'Rechnungsdatum',
  dueDate: 'Fällig am',
  status: 'Status',
  // "Erneut senden" in the Postausgang: the copy's number and its recipient (decision 0702).
  copy: 'Kopie (E-Mail-Nr.)',
  to: 'Empfänger',
  paidAt: 'Bezahlt am',
  paidAmount: 'Bezahlter Betrag',
  sentAt: 'Versendet am',
  totalGross: 'Betrag brutto',
  totalNet: 'Betrag netto',
  companyName: 'Firmenname',
  taxNumber: 'Steuernummer',
  companyRegister: 'Firmenbuchnummer',
  companyCourt: 'Firmenbuchgericht',
  contactEmail: 'Kontakt-E-Mail',
  contactPhone: 'Kontakt-Telefon',
  whatsappNumber: 'WhatsApp-Nummer',
  iban: 'IBAN',
  bic: 'BIC',
  bankName: 'Bank',
  paymentTermsDays: 'Zahlungsziel (Tage)',
  invoiceNumberFormat: 'Nummernformat',
  smallBusiness: 'Kleinunternehmer',
  invoiceFooter: 'Fußzeile',
  invoiceEmailSubject: 'Betreff der Rechnungs-E-Mail',
  invoiceEmailBody: 'Text der Rechnungs-E-Mail',
  logoBlobId: 'Logo',
  unitPrice: 'Einzelpreis',
  taxRate: 'Steuersatz',
  unit: 'Einheit',
  monthlyTargetHours: 'Monatsziel (Stunden)',
  colorThresholdRedMax: 'Rot bis (%)',
  colorThresholdYellowMax: 'Gelb bis (%)',
  sellableHoursPerMonth: 'Verkaufbare Stunden pro Monat',
  workloadThresholdGreenMax: 'Auslastung grün bis (%)',
  workloadThresholdYellowMax: 'Auslastung gelb bis (%)',
  hidden: 'Ausgeblendet',
  icon: 'Symbol',
  allowsEncryption: 'Passwörter erlaubt',
  allowsFiles: 'Dateien erlaubt',
  butlerMayReveal: 'Butler dürfen Passwörter anzeigen',
  fileName: 'Dateiname',
  originalName: 'Dateiname',
  sizeBytes: 'Größe',
  reminderLevel: 'Mahnstufe',
  originalFilename: 'Dateiname',
  mimeType: 'Dateityp',
  kind: 'Art',
  customerName: 'Name auf der Rechnung',
  customerAddress: 'Anschrift auf der Rechnung',
  customerEmail: 'E-Mail auf der Rechnung',
  customerUid: 'UID-Nummer des Kunden',
  customerStreet: 'Straße auf der Rechnung',
  customerPostalCode: 'PLZ auf der Rechnung',
  customerCity: 'Ort auf der Rechnung',
  customerCountry: 'Land auf der Rechnung',
  customerIsBusiness: 'Kunde ist Unternehmer',
  servicePeriodStart: 'Leistungszeitraum von',
  servicePeriodEnd: 'Leistungszeitraum bis',
  totalTax: 'Umsatzsteuer',
  billingMonth: 'Abrechnungsmonat',
  cancelledAt: 'Storniert am',
  balanceAlertMails: 'Mails bei knappem Guthaben',
  statementMails: 'Monatsübersicht per Mail',
  lastLoginAt: 'Letzte Anmeldung',
  previousLoginAt: 'Vorletzte Anmeldung',
  onboardingHiddenAt: 'Erste Schritte ausgeblendet am',
  accentColor: 'Akzentfarbe',
  deletedEntries: 'Mitgelöschte Einträge',
  passwordChangedAt: 'Passwort geändert am',
  salutation: 'Anrede',
  customerVoice: 'Anrede der Kunden',
  butlerUsedPercent: 'ButlerPaket: Hinweis ab (% verbraucht)',
  packageRemainingHours: 'Stundenpakete: Hinweis bei höchstens (Stunden)',
  packageRemainingPercent: 'Stundenpakete: Hinweis bei höchstens (%)',
  notifyCustomers: 'Kunden per E-Mail benachrichtigen',
  notifyStaff: 'Tägliche Übersicht an Mitarbeiter',
  subscriptionInvoiceMode: 'ButlerPaket-Rechnungen',
  automaticReminders: 'Automatischer Mahnlauf',
  defaultInterest: 'Verzugszinsen auf Mahnungen ausweisen',
  baseRate: 'Basiszinssatz (%)',
  baseRateSince: 'Basiszinssatz gültig seit',
  renewalNoticeDays: 'Hinweis vor Ende eines ButlerPakets (Tage)',
  savedAt: 'Gespeichert am',
  collectionIban: 'IBAN des Einzugskontos',
  collectionBic: 'BIC des Einzugskontos',
  creditorId: 'Gläubiger-ID',
  preNotificationDays: 'Vorabankündigung (Tage vor dem Einzug)',
  shorterPeriodAgreed: 'Kürzere Frist mit den Kunden vereinbart',
  painVersion: 'Dateiformat',
  paymentReference: 'Zahlungsreferenz',
  paymentDate: 'Zahlungsdatum',
  amount: 'Betrag',
  method: 'Zahlungsart',
  source: 'Herkunft',
  reference: 'Referenz',
  note: 'Notiz',
  reason: 'Grund',
  fee: 'Spesen',
  defaultDiscountPercentage: 'Standard-Empfehlungsrabatt (%)',
  rThreshold1: 'R-Schwellenwert 1',
  rThreshold2: 'R-Schwellenwert 2',
  rThreshold3: 'R-Schwellenwert 3',
  rThreshold4: 'R-Schwellenwert 4',
  capPercentage1: 'Rabatt-Cap 1 (%)',
  capPercentage2: 'Rabatt-Cap 2 (%)',
  capPercentage3: 'Rabatt-Cap 3 (%)',
  capPercentage4: 'Rabatt-Cap 4 (%)',
  capPercentage5: 'Rabatt-Cap 5 (%)',
  requireStaffTotp: 'Zwei-Faktor für Mitarbeiter verpflichtend',
  butlerTimeEntryDays: 'Butler dürfen Zeiten so viele Tage zurück buchen',
  signedOn: 'Unterschrieben am',
  debtorName: 'Kontoinhaber',
  debtorIban: 'IBAN des Kunden',
  debtorBic: 'BIC des Kunden',
  scheme: 'Verfahren',
  statusReason: 'Grund der Statusänderung',
  statusChangedAt: 'Status geändert am',
  lastCollectionOn: 'Letzter Einzug am',
  billingInterval: 'Abrechnung',
  paymentMethod: 'Zahlungsart',
  billingStartsOn: 'Abrechnung ab',
  autoRenew: 'Automatisch verlängern',
  giftText: 'Geschenk für empfohlene Neukunden',
  passwordGenerated: 'Beim ersten Start erzeugtes Passwort',
};

/**
 * Technical fields a person cannot act on: row numbers, references to other rows (the record
 * itself is named and linked), hashes and storage names. They stay in the stored log.
 */
export function isTechnicalField(field: string): boolean {
  const key = camel(field);
  return (
    key === 'id' ||
    // References to other rows; the creditor id is the provider's own SEPA identifier.
    (/Id$/.test(key) && key !== 'creditorId') ||
    // Set by the portal on every write; the entry itself says when and who.
    ['createdAt', 'updatedAt', 'updatedBy'].includes(key) ||
    ['sha256', 'storedName', 'numberYear', 'numberSequence', 'logoFile', 'blobId'].includes(key)
  );
}

const MONEY = new Set([
  'pricePerHour',
  'totalPrice',
  'monthlyPrice',
  'originalMonthlyPrice',
  'paidAmount',
  'totalGross',
  'totalNet',
  'unitPrice',
  'amount',
  'fee',
]);
const HOURS = new Set(['hours', 'monthlyHours']);
const BYTES = new Set(['sizeBytes']);
const capitalised = (labels: Record<string, string>) =>
  Object.fromEntries(Object.entries(labels).map(([k, v]) => [k, v.charAt(0).toUpperCase() + v.slice(1)]));
const CODES: Record<string, Record<string, string>> = {
  status: { ...INVOICE_STATUS_LABELS, ...capitalised(MANDATE_STATUS_LABELS) },
  role: ROLE_LABELS as Record<StaffRole, string>,
  billingType: { abos: 'ButlerPaket', stundenpakete: 'Stundenpaket' },
  kind: { invoice: 'Rechnung', credit_note: 'Stornorechnung', ...PAYMENT_KIND_LABELS },
  method: capitalised(PAYMENT_METHOD_LABELS),
  paymentMethod: SUBSCRIPTION_PAYMENT_METHOD_LABELS,
  source: capitalised(PAYMENT_SOURCE_LABELS),
  billingInterval: BILLING_INTERVAL_LABELS,
  scheme: SCHEME_LABELS,
  painVersion: PAIN_VERSION_LABELS,
  salutation: SALUTATION_LABELS,
  customerVoice: CUSTOMER_VOICE_LABELS,
  subscriptionInvoiceMode: {
    draft: 'Entwurf zur Prüfung erstellen',
    send: 'Sofort ausstellen und per E-Mail versenden',
  },
};
/** Dates that stand for "unknown" where the column cannot be empty (contract's knownBirthdate). */
const BIRTHDATES = new Set(['birthdate', 'partnerBirthdate']);

/** snake_case → camelCase, so both spellings of a field find their label. */
const camel = (field: string) => field.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

export function fieldLabel(field: string): string {
  return FIELD_LABELS[camel(field)] ?? field;
}

/** Stored HTML (wiki content) as the words it shows, never as markup. */
function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h\d)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** One value as a person reads it; null for "nothing" (shown as –). */
export function formatAuditValue(field: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const key = camel(field);
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nein';
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    return value.map((v) => (typeof v === 'object' && v ? Object.values(v).join(' ') : String(v))).join(', ');
  }
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([k, v]) => `${fieldLabel(k)}: ${v}`)
      .join(', ');
  const text = String(value);
  if (BIRTHDATES.has(key) && !knownBirthdate(text)) return null;
  const code = CODES[key]?.[text];
  if (code) return code;
  if (MONEY.has(key) && /^-?\d+(\.\d+)?$/.test(text)) return formatEuro(text);
  if (HOURS.has(key) && /^-?\d+(\.\d+)?$/.test(text)) return formatHours(text);
  if (BYTES.has(key) && /^\d+$/.test(text)) return `${formatNumber(Number(text) / 1024)} KB`;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return formatDate(text);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) return formatDateTime(text);
  if (/^-?\d+\.\d+$/.test(text)) return formatNumber(text);
  if (/<[a-z][^>]*>/i.test(text)) return plainText(text);
  return text;
}

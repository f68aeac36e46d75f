import { MATCH_STATE_LABELS } from '@butler/contract/bank-import';
import { CALENDAR_FEED_LABELS } from '@butler/contract/calendar-feeds';
import { MANDATE_STATUS_LABELS, PAIN_VERSION_LABELS, SCHEME_LABELS } from '@butler/contract/direct-debit';
import {
  formatDate,
  formatDateTime,
  formatEuro,
  formatHours,
  formatMonthYear,
  formatNumber,
  knownBirthdate,
  MONTH_NAMES,
} from '@butler/contract/format';
import { HOUR_ORDER_STATE_LABELS, HOUR_SHOP_RELEASE_LABELS } from '@butler/contract/hour-shop';
import { MONTH_CONFIRMATION_MODE_LABELS, QUESTION_STATE_LABELS } from '@butler/contract/month-confirmations';
import { APPROVAL_STATE_LABELS, ORDER_CHANNEL_LABELS, ORDER_STATE_LABELS } from '@butler/contract/orders';
import { PACKAGE_REQUEST_KIND_LABELS, PACKAGE_REQUEST_STATE_LABELS } from '@butler/contract/package-change-texts';
import { PAYMENT_KIND_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_SOURCE_LABELS } from '@butler/contract/payments';
import { ROLE_LABELS, type StaffRole } from '@butler/contract/permissions';
import { INVOICE_STATUS_LABELS } from '@butler/contract/quickbill';
import { BILLING_INTERVAL_LABELS, SUBSCRIPTION_PAYMENT_METHOD_LABELS } from '@butler/contract/subscriptions';
import {
  TRIP_OVERRUN_LABELS,
  VISIT_KIND_LABELS,
  VISIT_REPEAT_LABELS,
  VISIT_REQUEST_LABELS,
  VISIT_STATE_LABELS,
} from '@butler/contract/visits';
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
  orderMails: 'Mails zu Aufträgen',
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
  // A mandate signed online in the lounge (decision 0853): the evidence of the signature.
  signedAt: 'Online unterschrieben am',
  clientAddress: 'Adresse der Anfrage',
  userAgent: 'Browser',
  signerLogin: 'Bestätigt mit dem Passwort von',
  textSha256: 'Prüfsumme des Mandatstexts',
  replacedBy: 'Ersetzt durch Mandat',
  announcedInvoices: 'Angekündigte Einzüge, die entfallen',
  billingInterval: 'Abrechnung',
  paymentMethod: 'Zahlungsart',
  billingStartsOn: 'Abrechnung ab',
  autoRenew: 'Automatisch verlängern',
  giftText: 'Geschenk für empfohlene Neukunden',
  passwordGenerated: 'Beim ersten Start erzeugtes Passwort',
  // Aufträge (decision 0810) and their attachments and messages.
  details: 'Details',
  location: 'Einsatzort',
  urgent: 'Dringend',
  state: 'Status',
  channel: 'Eingang',
  estimateHours: 'Geschätzte Stunden',
  plannedDate: 'Geplant für',
  approvalState: 'Freigabe',
  approvalEstimateHours: 'Geschätzte Stunden bei der Anfrage',
  approvalAvailableHours: 'Verfügbare Stunden bei der Anfrage',
  approvalAnsweredAt: 'Freigabe beantwortet am',
  overrideReason: 'Grund für die Buchung über das Guthaben',
  closedAt: 'Abgeschlossen am',
  contentType: 'Dateityp',
  internal: 'Nur intern',
  // The timer (decision 0640).
  startedAt: 'Gestartet',
  stoppedAt: 'Gestoppt',
  stoppedAtMidnight: 'Um Mitternacht gestoppt',
  // Termine, Terminwünsche, Kalender-Abos and their settings (decisions 0840, 0841).
  date: 'Datum',
  time: 'Uhrzeit',
  purpose: 'Worum es geht',
  staff: 'Betreuer',
  series: 'Wiederholung',
  count: 'Anzahl Termine',
  startsAt: 'Beginn',
  endsAt: 'Ende',
  place: 'Ort des Termins',
  cancelReason: 'Grund der Absage',
  cancelledBy: 'Abgesagt von',
  confirmedAt: 'Bestätigt am',
  doneAt: 'Erledigt am',
  message: 'Nachricht',
  scope: 'Kalender',
  renewed: 'Neue Adresse (die alte gilt nicht mehr)',
  requestHours: 'Änderungswünsche in der Lounge bis (Stunden vorher)',
  release: 'Gekaufte Stunden nutzbar',
  requiresConfirmation: 'Bestellungen aus der Lounge bestätigen',
  dailyLimit: 'Bestellungen pro Kunde und Tag',
  orderedOn: 'Bestellt am',
  orderedAt: 'Bestellt um',
  decidedBy: 'Entschieden von',
  decidedAt: 'Entschieden am',
  decisionNote: 'Begründung',
  tripOverrun: 'Fahrten über dem Kontingent',
  // Wishes for a ButlerPaket from the lounge (decision 0851).
  effectiveFrom: 'Gültig ab',
  answerNote: 'Antwort an den Kunden',
  offeredInLounge: 'In der Lounge zum Wechsel angeboten',
  tripsCarryOver: 'Nicht genutzte Fahrten in den nächsten Monat übernehmen',
  // Buchhaltung: the chart, the handovers and closed months (decisions 0820–0822).
  revenueAccount20: 'Konto Erlöse 20\u00a0%',
  revenueAccount13: 'Konto Erlöse 13\u00a0%',
  revenueAccount10: 'Konto Erlöse 10\u00a0%',
  revenueAccount0: 'Konto Erlöse 0\u00a0%',
  smallBusinessRevenueAccount: 'Konto Erlöse Kleinunternehmer',
  receivablesMode: 'Forderungen buchen auf',
  receivablesAccount: 'Konto Forderungen',
  customerAccountStart: 'Kundenkonten ab',
  customerAccountEnd: 'Kundenkonten bis',
  bankAccount: 'Konto Bank',
  cashAccount: 'Konto Kassa',
  reminderFeeAccount: 'Konto Mahnspesen',
  interestAccount: 'Konto Verzugszinsen',
  fiscalYearStartMonth: 'Wirtschaftsjahr beginnt im',
  datevConsultantNumber: 'DATEV-Beraternummer',
  datevClientNumber: 'DATEV-Mandantennummer',
  datevAccountLength: 'DATEV-Sachkontenlänge',
  period: 'Zeitraum',
  formats: 'Formate',
  documents: 'Belegdateien',
  closed: 'Zeitraum abgeschlossen',
  correction: 'Korrektur',
  // Monatsfreigabe (decision 0852).
  mode: 'Modus',
  autoConfirmDays: 'Automatisch bestätigt nach (Tagen)',
  startsMonth: 'Monatsfreigabe ab',
  enabledOn: 'Gilt seit',
  entriesCount: 'Anzahl Einträge',
  hoursTotal: 'Stunden gesamt',
  confirmedBy: 'Bestätigt durch',
  month: 'Monat',
  closedBy: 'Abgeschlossen von',
  reopenedAt: 'Wieder geöffnet am',
  reopenedBy: 'Wieder geöffnet von',
  reopenReason: 'Grund für das Wiederöffnen',
  needsCorrectionExport: 'Korrektur-Übergabe ausstehend',
  // Bank statements (decisions 0606–0609) and the returns digest.
  accountIban: 'Eigenes Konto (IBAN)',
  bankReference: 'Referenz der Bank',
  bankStatus: 'Status bei der Bank',
  bankTransactionCode: 'Buchungscode der Bank',
  bookingDate: 'Buchungstag',
  bookingProblem: 'Hinweis zur Buchung',
  charges: 'Bankspesen',
  counterpartyIban: 'IBAN der Gegenseite',
  counterpartyName: 'Name der Gegenseite',
  currency: 'Währung',
  digestSentAt: 'Rücklastschrift gemeldet am',
  direction: 'Richtung',
  mandateReference: 'Mandatsreferenz',
  matchNote: 'Notiz zur Zuordnung',
  matchState: 'Zuordnung',
  remittance: 'Verwendungszweck',
  resolvedAt: 'Erledigt am',
  resolvedBy: 'Erledigt von',
  returnReason: 'Rückgabegrund',
  statementRef: 'Kontoauszug',
  valueDate: 'Valuta',
  returns: 'Rücklastschriften',
  mails: 'E-Mails',
  entries: 'Buchungen',
  newEntries: 'Neue Buchungen',
  skipped: 'Übersprungen',
  // Lastschriftläufe (decision 0600).
  collectionDate: 'Einzugsdatum',
  itemCount: 'Anzahl Einzüge',
  total: 'Summe',
  downloadedAt: 'Heruntergeladen am',
  downloadedBy: 'Heruntergeladen von',
  atBankAt: 'Bei der Bank eingereicht am',
  atBankBy: 'Bei der Bank eingereicht von',
  discardedAt: 'Verworfen am',
  // Mahnsperren, Mahnwesen-Einstellungen, Abrechnung.
  until: 'Gültig bis',
  liftedAt: 'Aufgehoben am',
  settings: 'Einstellungen',
  levels: 'Mahnstufen',
  // Sign-in, sessions, counts of what a deletion, an erasure or a data export covered.
  secondFactor: 'Zweiter Faktor',
  sessions: 'Anmeldungen',
  deleted: 'Mitgelöscht',
  keptInvoices: 'Aufbewahrte Rechnungen',
  projects: 'Projekte',
  timeEntries: 'Zeiteinträge',
  hourPackages: 'Stundenpakete',
  subscriptions: 'ButlerPakete',
  wikiEntries: 'Wiki-Einträge',
  wikiFiles: 'Wiki-Dateien',
  auditValues: 'Geleerte Werte im Protokoll',
  files: 'Dateien',
  invoices: 'Rechnungen',
  passwordEntriesRevealed: 'Angezeigte Passwort-Einträge',
  keyVersion: 'Schlüsselversion',
  reencryptedEntries: 'Neu verschlüsselte Einträge',
};

/** Where one kind of record uses a field in its own sense ("closedAt" of an Auftrag is when it was done). */
const ENTITY_FIELD_LABELS: Record<string, Record<string, string>> = {
  order: { closedAt: 'Erledigt am' },
  visit: { staff: 'Mitarbeiter', cancelledAt: 'Abgesagt am' },
  month_confirmation_settings: { mode: 'Monatsfreigabe' },
  bank_file: { message: 'Art der Datei' },
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
    ['sha256', 'storedName', 'numberYear', 'numberSequence', 'logoFile', 'blobId'].includes(key) ||
    // A double tap's key, a booking device's key, a bank booking's duplicate check, a calendar
    // entry's revision, the ledger entry and source invoice of a removal or copy: the entry
    // names the record.
    ['idempotencyKey', 'clientKey', 'fingerprint', 'sequence', 'entry', 'duplicatedFrom'].includes(key)
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
  'total',
  'charges',
]);
const HOURS = new Set([
  'hours',
  'monthlyHours',
  'estimateHours',
  'approvalEstimateHours',
  'approvalAvailableHours',
  'hoursTotal',
]);
const BYTES = new Set(['sizeBytes']);
const FILE_TYPES: Record<string, string> = {
  'image/jpeg': 'JPEG-Bild',
  'image/png': 'PNG-Bild',
  'image/webp': 'WebP-Bild',
  'image/gif': 'GIF-Bild',
  'application/pdf': 'PDF',
};
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
  channel: capitalised(ORDER_CHANNEL_LABELS),
  approvalState: APPROVAL_STATE_LABELS,
  contentType: FILE_TYPES,
  mimeType: FILE_TYPES,
  direction: { CRDT: 'Eingang', DBIT: 'Ausgang' },
  matchState: capitalised(MATCH_STATE_LABELS),
  receivablesMode: { collective: 'Sammelkonto', per_customer: 'Je Kunde' },
  tripOverrun: TRIP_OVERRUN_LABELS,
  release: HOUR_SHOP_RELEASE_LABELS,
  scope: CALENDAR_FEED_LABELS,
  fiscalYearStartMonth: Object.fromEntries(MONTH_NAMES.map((name, i) => [String(i + 1), name])),
};

/** Codes one kind of record uses in its own sense (an Auftrag's and a Termin's states differ). */
const ENTITY_CODES: Record<string, Record<string, Record<string, string>>> = {
  order: { state: ORDER_STATE_LABELS },
  hour_order: { state: HOUR_ORDER_STATE_LABELS },
  // A ButlerPaket's wishes (decision 0851) are audited under the ButlerPaket.
  subscription: { kind: PACKAGE_REQUEST_KIND_LABELS, state: PACKAGE_REQUEST_STATE_LABELS },
  month_confirmation_settings: { mode: MONTH_CONFIRMATION_MODE_LABELS },
  month_confirmation: { confirmedBy: { customer: 'Kunde', auto: 'Automatisch' } },
  month_question: { state: QUESTION_STATE_LABELS },
  visit: {
    state: capitalised(VISIT_STATE_LABELS),
    kind: { ...VISIT_KIND_LABELS, ...VISIT_REQUEST_LABELS },
  },
};

/** `bmd, datev` (a handover's formats) as the adviser's programmes are called. */
const FORMAT_NAMES: Record<string, string> = { bmd: 'BMD', datev: 'DATEV' };

/**
 * A visit series' RFC 5545 rule (`FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;UNTIL=20270131T235959Z`)
 * in the words of the Termine screen, with its last day.
 */
function seriesWords(rule: string): string {
  const parts = Object.fromEntries(
    [...rule.matchAll(/(FREQ|INTERVAL|UNTIL)=([^;\s]+)/g)].map((m) => [m[1], m[2]] as const),
  );
  const repeat =
    parts.FREQ === 'MONTHLY'
      ? VISIT_REPEAT_LABELS.monthly_weekday
      : parts.INTERVAL === '2'
        ? VISIT_REPEAT_LABELS.biweekly
        : VISIT_REPEAT_LABELS.weekly;
  const until = /^(\d{4})(\d{2})(\d{2})/.exec(parts.UNTIL ?? '');
  return until ? `${repeat} bis ${until[3]}.${until[2]}.${until[1]}` : repeat;
}
/** Dates that stand for "unknown" where the column cannot be empty (contract's knownBirthdate). */
const BIRTHDATES = new Set(['birthdate', 'partnerBirthdate']);

/** snake_case → camelCase, so both spellings of a field find their label. */
const camel = (field: string) => field.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** The field's German label; `entity` (the audit row's record kind) where a kind words it its own way. */
export function fieldLabel(field: string, entity?: string): string {
  const key = camel(field);
  return (entity ? ENTITY_FIELD_LABELS[entity]?.[key] : undefined) ?? FIELD_LABELS[key] ?? field;
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

/** One value as a person reads it; null for "nothing" (shown as –). `entity`: the audit row's record kind. */
export function formatAuditValue(field: string, value: unknown, entity?: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  const key = camel(field);
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nein';
  if (key === 'formats' && typeof value === 'string') {
    return value
      .split(/,\s*/)
      .map((f) => FORMAT_NAMES[f] ?? f)
      .join(', ');
  }
  if (key === 'series' && typeof value === 'string' && /FREQ=/.test(value)) return seriesWords(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    return value.map((v) => (typeof v === 'object' && v ? Object.values(v).join(' ') : String(v))).join(', ');
  }
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([k, v]) => `${fieldLabel(k, entity)}: ${v}`)
      .join(', ');
  const text = String(value);
  if (BIRTHDATES.has(key) && !knownBirthdate(text)) return null;
  const code = (entity ? ENTITY_CODES[entity]?.[key]?.[text] : undefined) ?? CODES[key]?.[text];
  if (code) return code;
  // `2026-11`: a month (a closed month, a statement's month).
  const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(text);
  if (month) return formatMonthYear(Number(month[1]), Number(month[2]));
  if (MONEY.has(key) && /^-?\d+(\.\d+)?$/.test(text)) return formatEuro(text);
  if (HOURS.has(key) && /^-?\d+(\.\d+)?$/.test(text)) return formatHours(text);
  if (BYTES.has(key) && /^\d+$/.test(text)) return `${formatNumber(Number(text) / 1024)} KB`;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return formatDate(text);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) return formatDateTime(text);
  if (/^-?\d+\.\d+$/.test(text)) return formatNumber(text);
  if (/<[a-z][^>]*>/i.test(text)) return plainText(text);
  return text;
}

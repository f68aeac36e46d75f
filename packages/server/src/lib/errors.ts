/**
 * Errors are values with a code. One table maps each code to its HTTP status and the
 * German sentence the user reads; the error handler (error-handler.ts) presents them.
 */
export const ERROR_CATALOGUE = {
  NOT_AUTHENTICATED: [401, 'Nicht angemeldet'],
  // Staff sign in with a username; customers read their own text (CUSTOMER_LOGIN_FAILED, decision 0624).
  LOGIN_FAILED: [401, 'Benutzername oder Passwort ist falsch'],
  ACCOUNT_DISABLED: [403, 'Ihr Konto ist deaktiviert'],
  FORBIDDEN: [403, 'Keine Berechtigung für diese Aktion'],
  NOT_FOUND: [404, 'Nicht gefunden'],
  ROUTE_NOT_FOUND: [404, 'Diese Adresse gibt es nicht'],
  CUSTOMER_NOT_FOUND: [404, 'Kunde nicht gefunden'],
  PROJECT_NOT_FOUND: [404, 'Projekt nicht gefunden'],
  TIME_ENTRY_NOT_FOUND: [404, 'Zeiteintrag nicht gefunden'],
  HOUR_PACKAGE_NOT_FOUND: [404, 'Stundenpaket nicht gefunden'],
  SUBSCRIPTION_NOT_FOUND: [404, 'ButlerPaket nicht gefunden'],
  TEMPLATE_NOT_FOUND: [404, 'ButlerPaket-Vorlage nicht gefunden'],
  WIKI_CATEGORY_NOT_FOUND: [404, 'Kategorie nicht gefunden'],
  WIKI_ENTRY_NOT_FOUND: [404, 'Eintrag nicht gefunden'],
  WIKI_FILE_NOT_FOUND: [404, 'Datei nicht gefunden'],
  ORDER_NOT_FOUND: [404, 'Auftrag nicht gefunden'],
  ORDER_ATTACHMENT_NOT_FOUND: [404, 'Anhang nicht gefunden'],
  VISIT_NOT_FOUND: [404, 'Termin nicht gefunden'],
  VISIT_CONFLICT: [409, 'Zu dieser Zeit hat schon jemand einen anderen Termin'],
  VISIT_CLOSED: [409, 'Ein erledigter oder abgesagter Termin kann nicht mehr geändert werden'],
  VISIT_TRIPS_EXCEEDED: [409, 'Mehr Fahrten, als das ButlerPaket enthält'],
  VISIT_REQUEST_TOO_LATE: [409, 'Für eine Änderung so kurz vorher bitte direkt Kontakt aufnehmen'],
  VISIT_REQUEST_NOT_FOUND: [404, 'Terminwunsch nicht gefunden'],
  SUBSCRIPTION_REQUEST_NOT_FOUND: [404, 'Paketwunsch nicht gefunden'],
  // A request that is well-formed but asks for what cannot be (same hours as now, a package not offered).
  UNPROCESSABLE: [422, 'Das ist so nicht möglich'],
  HOUR_OFFER_NOT_FOUND: [404, 'Stundenpaket-Angebot nicht gefunden'],
  HOUR_ORDER_NOT_FOUND: [404, 'Bestellung nicht gefunden'],
  CALENDAR_FEED_NOT_FOUND: [404, 'Kalender-Abo nicht gefunden'],
  MONTH_QUESTION_NOT_FOUND: [404, 'Rückfrage nicht gefunden'],
  INVOICE_NOT_FOUND: [404, 'Rechnung nicht gefunden'],
  PRODUCT_NOT_FOUND: [404, 'Produkt nicht gefunden'],
  MANDATE_NOT_FOUND: [404, 'Mandat nicht gefunden'],
  DIRECT_DEBIT_RUN_NOT_FOUND: [404, 'Lastschrift-Lauf nicht gefunden'],
  BANK_ENTRY_NOT_FOUND: [404, 'Buchung nicht gefunden'],
  BANK_FILE_NOT_FOUND: [404, 'Bankdatei nicht gefunden'],
  BANK_FILE_REFUSED: [400, 'Die Datei konnte nicht importiert werden'],
  DIRECT_DEBIT_NOT_READY: [
    409,
    'Bitte hinterlegen Sie zuerst Gläubiger-ID und Einzugskonto (Einstellungen → Lastschrift)',
  ],
  VALIDATION_FAILED: [400, 'Bitte überprüfen Sie Ihre Eingaben'],
  MALFORMED_REQUEST: [400, 'Die Anfrage ist ungültig'],
  INVALID_CHARACTER: [400, 'Die Eingabe enthält ein unzulässiges Zeichen'],
  URL_INVALID: [400, 'Die Adresse enthält ungültige Zeichen'],
  URL_TOO_LONG: [414, 'Die Adresse ist zu lang'],
  EMAIL_TAKEN: [409, 'Diese E-Mail-Adresse wird bereits verwendet'],
  CONFLICT: [409, 'Dieser Datensatz wird noch verwendet'],
  CUSTOMER_ERASURE_BLOCKED: [409, 'Der Kunde kann noch nicht gelöscht werden'],
  PAYLOAD_TOO_LARGE: [413, 'Die Datei ist zu groß'],
  REQUEST_TOO_LARGE: [413, 'Die Anfrage ist zu groß'],
  UPLOAD_STALLED: [408, 'Der Upload kam zu langsam voran und wurde abgebrochen. Bitte versuchen Sie es erneut.'],
  UNSUPPORTED_MEDIA_TYPE: [415, 'Dieses Format wird nicht unterstützt'],
  TOO_MANY_REQUESTS: [429, 'Zu viele Anfragen. Bitte versuchen Sie es später erneut.'],
  SERVICE_UNAVAILABLE: [503, 'Der Dienst ist vorübergehend nicht verfügbar'],
  WIKI_DECRYPT_FAILED: [500, 'Fehler beim Entschlüsseln des Passworts'],
  INVOICE_IMMUTABLE: [409, 'Ausgestellte Rechnungen können nicht mehr geändert oder gelöscht werden'],
  INVOICE_WRONG_STATUS: [409, 'Diese Aktion ist für den Status dieser Rechnung nicht möglich'],
  // A booking dated in a closed month (decision 0821); lib/closed-months.ts names the month.
  PERIOD_CLOSED: [409, 'Dieser Zeitraum ist abgeschlossen: Buchungen mit einem Datum darin sind nicht mehr möglich'],
  INVOICE_SETTINGS_INCOMPLETE: [409, 'Bitte vervollständigen Sie zuerst die Rechnungseinstellungen'],
  MAIL_FAILED: [502, 'Die E-Mail konnte nicht versendet werden. Bitte versuchen Sie es erneut.'],
  INTERNAL: [500, 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es erneut.'],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    /** Overrides the catalogue text when the situation needs a more precise sentence. */
    message?: string,
    readonly details?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message ?? ERROR_CATALOGUE[code][1]);
    this.status = ERROR_CATALOGUE[code][0];
  }
}

/** 400 with one field message, the shape the forms show under the field. */
export function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { [field]: message });
}

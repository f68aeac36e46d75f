/**
 * Every mail and PDF text that addresses a customer, once per form of address (decision
 * 0620). Templates and PDF writers take their sentences from here; the greeting line
 * comes from `greeting()` in voice.ts. `letter-texts.test.ts` walks both catalogues.
 */
import type { CustomerVoice } from './voice.js';

/** An opt-out line split around its link word, so text and HTML say the same. */
export type OptOut = { before: string; link: string; after: string };

export type LetterTexts = {
  /** The usable hours run short (decision 0742): all of them together, with their parts when there are two. */
  balanceSubject: (usable: string) => string;
  balanceUsedUpSubject: string;
  balanceIntro: (usable: string, parts: string | null) => string;
  balanceUsedUpIntro: string;
  balanceParts: (butler: string, packages: string) => string;
  balancePlan: string;
  balanceOptOut: OptOut;
  statementSubject: (month: string) => string;
  statementPreheader: (month: string) => string;
  statementBody: (month: string) => string;
  statementOptOut: OptOut;
  statementPdfIntro: string;
  /** A marked correction of a statement already issued (decision 0771). */
  statementCorrectionSubject: (month: string) => string;
  statementCorrectionBody: (month: string, issuedOn: string) => string;
  statementCorrectionPdfIntro: (issuedOn: string) => string;
  inviteSubject: (provider: string) => string;
  invitePreheader: string;
  inviteBody: (p: { provider: string; login: string; validUntil: string }) => string;
  inviteAction: string;
  resetSubject: string;
  resetBody: (p: { provider: string; minutes: number }) => string;
  securitySubject: string;
  securityBody: (change: string, at: string) => string;
  invoiceSubject: string;
  invoiceBody: string;
  creditNoteBody: string;
  invoiceAttached: (label: string) => string;
  mandatePreNotice: (days: number) => string;
  /** Aufträge (decision 0810): mails, the thread's system messages and the lounge's refusals. */
  orderReplySubject: (number: string, title: string) => string;
  orderReplyIntro: (number: string, title: string) => string;
  orderStateSubject: (number: string, state: string) => string;
  orderStateIntro: (number: string, title: string, state: string) => string;
  orderApprovalSubject: (number: string) => string;
  orderApprovalIntro: (p: { number: string; title: string; estimate: string; available: string }) => string;
  orderDoneSubject: (number: string) => string;
  orderDoneIntro: (number: string, title: string) => string;
  orderAction: string;
  /** Termine (decision 0841): planned, changed, cancelled, the reminder the day before. */
  visitPlannedSubject: (when: string) => string;
  visitSeriesSubject: (count: number, first: string) => string;
  visitPlannedIntro: string;
  visitSeriesIntro: (count: number) => string;
  visitChangedSubject: (when: string) => string;
  visitChangedIntro: string;
  visitCancelledSubject: (when: string, count: number) => string;
  visitCancelledIntro: (count: number) => string;
  visitCancelledReason: (reason: string) => string;
  visitReminderSubject: (when: string) => string;
  visitReminderIntro: string;
  visitConfirmHint: (count: number) => string;
  visitCalendarHint: (count: number) => string;
  visitAction: string;
  /** The staff author as the customer reads them when the name is not shown. */
  orderStaffAuthor: string;
  orderApprovalMessage: (estimate: string, available: string) => string;
  orderApprovalAnswer: (decision: 'approve' | 'decline' | 'more_hours') => string;
  orderDoneHours: (parts: string) => string;
  orderDoneNoHours: string;
  orderHoursButler: (hours: string) => string;
  orderHoursPackages: (hours: string) => string;
  orderOverrideMessage: (reason: string) => string;
  orderDailyLimit: (limit: number) => string;
  orderClosed: string;
  orderWithdrawOnlyNew: string;
  orderNoApprovalAsked: string;
};

export const LETTER_TEXTS: Record<CustomerVoice, LetterTexts> = {
  du: {
    balanceSubject: (usable) => `Dein Guthaben wird knapp: noch ${usable} verfügbar`,
    balanceUsedUpSubject: 'Dein Guthaben ist aufgebraucht',
    balanceIntro: (usable, parts) =>
      `du hast jetzt noch ${usable} zur Verfügung${parts ? ` (${parts})` : ''}. Das sind alle Stunden, die du ab heute nutzen kannst.`,
    balanceUsedUpIntro: 'im Moment hast du keine Stunden mehr zur Verfügung.',
    balanceParts: (butler, packages) => `${butler} aus deinem ButlerPaket und ${packages} aus deinen Stundenpaketen`,
    balancePlan:
      'Das ist nur ein kurzer Hinweis, damit du rechtzeitig planen kannst. Wenn du mehr Stunden brauchst, antworte einfach auf diese E-Mail oder melde dich bei uns – wir stellen dir gerne etwas zusammen.',
    balanceOptOut: {
      before: 'Du möchtest diese Hinweise nicht mehr per E-Mail? In deiner Lounge unter „Mein Konto“ kannst du sie ',
      link: 'abschalten',
      after: '.',
    },
    statementSubject: (month) => `Deine Monatsübersicht ${month}`,
    statementPreheader: (month) => `Deine Stunden im ${month}`,
    statementBody: (month) =>
      `im Anhang findest du deine Monatsübersicht für ${month}: alle Stunden, die wir für dich gebucht haben, und den Stand deiner Guthaben. Alle Übersichten liegen auch in deiner Lounge zum Herunterladen bereit.`,
    statementOptOut: {
      before: 'Du möchtest die Übersicht nicht mehr per E-Mail? Unter „Mein Konto“ kannst du sie ',
      link: 'abschalten',
      after: '.',
    },
    statementPdfIntro: 'Alle Stunden, die wir in diesem Monat für dich gebucht haben, mit dem Stand deiner Guthaben.',
    statementCorrectionSubject: (month) => `Korrektur deiner Monatsübersicht ${month}`,
    statementCorrectionBody: (month, issuedOn) =>
      `nachdem wir dir die Monatsübersicht für ${month} am ${issuedOn} geschickt haben, hat sich an diesem Monat noch etwas geändert. Im Anhang findest du die korrigierte Übersicht; was sich geändert hat, steht gleich oben darin. Beide Fassungen liegen auch in deiner Lounge.`,
    statementCorrectionPdfIntro: (issuedOn) =>
      `Diese Korrektur ersetzt die Monatsübersicht vom ${issuedOn}. Was sich seither geändert hat:`,
    inviteSubject: (provider) => `Deine Einladung in die Lounge von ${provider}`,
    invitePreheader: 'Leg dein Passwort fest',
    inviteBody: (
      p,
    ) => `willkommen bei ${p.provider}! In deiner Lounge siehst du jederzeit deine Stunden, Projekte und Vorteile. Du meldest dich mit deiner E-Mail-Adresse ${p.login} an.

Leg über den folgenden Link dein Passwort fest. Der Link gilt bis ${p.validUntil} und funktioniert nur einmal.

Falls du diese Einladung nicht erwartet hast, kannst du diese E-Mail einfach ignorieren.`,
    inviteAction: 'Mein Passwort festlegen',
    resetSubject: 'Dein neues Passwort',
    resetBody: (
      p,
    ) => `du hast ein neues Passwort für deine Lounge bei ${p.provider} angefordert. Der Link gilt ${p.minutes} Minuten und funktioniert nur einmal. Danach wirst du überall abgemeldet und meldest dich mit dem neuen Passwort an.

Falls du das nicht warst, ignorier diese E-Mail einfach: Dein bisheriges Passwort bleibt gültig.`,
    securitySubject: 'Sicherheitshinweis zu deinem Konto',
    securityBody: (change, at) => `${change} (${at}).

Warst du das nicht? Dann melde dich bitte sofort bei uns.`,
    invoiceSubject: 'Deine Rechnung {nummer}',
    invoiceBody: `{anrede},

anbei bekommst du die Rechnung {nummer} über {betrag}, zahlbar bis {faellig}.

Vielen Dank für dein Vertrauen!

Herzliche Grüße
{firma}`,
    creditNoteBody: `{anrede},

anbei bekommst du die Stornorechnung {nummer}, mit der die Rechnung {original} über {betrag} storniert wird.

Herzliche Grüße
{firma}`,
    invoiceAttached: (label) => `Die ${label} findest du als PDF im Anhang.`,
    mandatePreNotice: (days) =>
      `Über den Betrag und den Tag jedes Einzugs informieren wir dich mit der Rechnung mindestens ${days} Kalendertage im Voraus`,
    orderReplySubject: (number, title) => `Neue Nachricht zu deinem Auftrag ${number}: ${title}`,
    orderReplyIntro: (number, title) => `zu deinem Auftrag ${number} „${title}“ gibt es eine neue Nachricht:`,
    orderStateSubject: (number, state) => `Dein Auftrag ${number}: ${state}`,
    orderStateIntro: (number, title, state) => `dein Auftrag ${number} „${title}“ hat einen neuen Stand: ${state}.`,
    orderApprovalSubject: (number) => `Dein Auftrag ${number} braucht deine Freigabe`,
    orderApprovalIntro: (p) =>
      `für deinen Auftrag ${p.number} „${p.title}“ schätzen wir ${p.estimate}. Jetzt verfügbar hast du ${p.available}. Bitte gib in deiner Lounge frei, ob wir die Stunden über dein Guthaben hinaus buchen dürfen, oder sag uns, dass du mehr Stunden möchtest.`,
    orderDoneSubject: (number) => `Dein Auftrag ${number} ist erledigt`,
    orderDoneIntro: (number, title) => `dein Auftrag ${number} „${title}“ ist erledigt.`,
    orderAction: 'Zum Auftrag',
    visitPlannedSubject: (when) => `Dein Termin am ${when}`,
    visitSeriesSubject: (count, first) => `Deine ${count} Termine ab ${first}`,
    visitPlannedIntro: 'wir haben einen Termin für dich eingeplant:',
    visitSeriesIntro: (count) => `wir haben ${count} Termine für dich eingeplant:`,
    visitChangedSubject: (when) => `Geänderter Termin: ${when}`,
    visitChangedIntro: 'dein Termin hat sich geändert. So gilt er jetzt:',
    visitCancelledSubject: (when, count) =>
      count > 1 ? `Abgesagt: deine ${count} Termine ab ${when}` : `Abgesagt: dein Termin am ${when}`,
    visitCancelledIntro: (count) =>
      count > 1 ? 'diese Termine finden leider nicht statt:' : 'dieser Termin findet leider nicht statt:',
    visitCancelledReason: (reason) => `Grund: ${reason}`,
    visitReminderSubject: (when) => `Erinnerung: morgen, ${when}`,
    visitReminderIntro: 'wir kommen morgen zu dir:',
    visitConfirmHint: (count) =>
      count > 1
        ? 'Bitte bestätige die Termine in deiner Lounge. Passt einer nicht, kannst du dort um eine Verschiebung bitten.'
        : 'Bitte bestätige den Termin in deiner Lounge. Passt er nicht, kannst du dort um eine Verschiebung bitten.',
    visitCalendarHint: (count) =>
      `Im Anhang findest du ${count > 1 ? 'die Termine' : 'den Termin'} für deinen Kalender.`,
    visitAction: 'Zur Lounge',
    orderStaffAuthor: 'Dein BUTLER',
    orderApprovalMessage: (estimate, available) =>
      `Freigabe nötig: geschätzt ${estimate}, jetzt verfügbar ${available}. Bitte gib frei, ob wir darüber hinaus buchen dürfen.`,
    orderApprovalAnswer: (decision) =>
      decision === 'approve'
        ? 'Freigegeben: ihr dürft die Stunden über mein Guthaben hinaus buchen.'
        : decision === 'decline'
          ? 'Freigabe abgelehnt: bitte nur im Rahmen meines Guthabens arbeiten.'
          : 'Ich möchte mehr Stunden: bitte meldet euch bei mir.',
    orderDoneHours: (parts) => `Erledigt: ${parts}.`,
    orderDoneNoHours: 'Erledigt: dafür wurden keine Stunden gebucht.',
    orderHoursButler: (hours) => `${hours} aus deinem ButlerPaket`,
    orderHoursPackages: (hours) => `${hours} aus deinen Stundenpaketen`,
    orderOverrideMessage: (reason) => `Über dein verfügbares Guthaben hinaus gebucht. Grund: ${reason}`,
    orderDailyLimit: (limit) => `Heute wurden schon ${limit} Aufträge angelegt. Bitte morgen wieder oder ruf uns an.`,
    orderClosed: 'Dieser Auftrag ist abgeschlossen. Für etwas Neues leg bitte einen neuen Auftrag an.',
    orderWithdrawOnlyNew:
      'Zurückziehen geht nur, solange der Auftrag noch nicht angenommen ist. Schreib uns einfach eine Nachricht.',
    orderNoApprovalAsked: 'Für diesen Auftrag ist gerade keine Freigabe offen.',
  },
  sie: {
    balanceSubject: (usable) => `Ihr Guthaben wird knapp: noch ${usable} verfügbar`,
    balanceUsedUpSubject: 'Ihr Guthaben ist aufgebraucht',
    balanceIntro: (usable, parts) =>
      `Sie haben jetzt noch ${usable} zur Verfügung${parts ? ` (${parts})` : ''}. Das sind alle Stunden, die Sie ab heute nutzen können.`,
    balanceUsedUpIntro: 'im Moment haben Sie keine Stunden mehr zur Verfügung.',
    balanceParts: (butler, packages) => `${butler} aus Ihrem ButlerPaket und ${packages} aus Ihren Stundenpaketen`,
    balancePlan:
      'Das ist nur ein kurzer Hinweis, damit Sie rechtzeitig planen können. Wenn Sie mehr Stunden brauchen, antworten Sie einfach auf diese E-Mail oder melden Sie sich bei uns – wir stellen Ihnen gerne etwas zusammen.',
    balanceOptOut: {
      before: 'Sie möchten diese Hinweise nicht mehr per E-Mail? In Ihrer Lounge unter „Mein Konto“ können Sie sie ',
      link: 'abschalten',
      after: '.',
    },
    statementSubject: (month) => `Ihre Monatsübersicht ${month}`,
    statementPreheader: (month) => `Ihre Stunden im ${month}`,
    statementBody: (month) =>
      `im Anhang finden Sie Ihre Monatsübersicht für ${month}: alle Stunden, die wir für Sie gebucht haben, und den Stand Ihrer Guthaben. Alle Übersichten liegen auch in Ihrer Lounge zum Herunterladen bereit.`,
    statementOptOut: {
      before: 'Sie möchten die Übersicht nicht mehr per E-Mail? Unter „Mein Konto“ können Sie sie ',
      link: 'abschalten',
      after: '.',
    },
    statementPdfIntro: 'Alle Stunden, die wir in diesem Monat für Sie gebucht haben, mit dem Stand Ihrer Guthaben.',
    statementCorrectionSubject: (month) => `Korrektur Ihrer Monatsübersicht ${month}`,
    statementCorrectionBody: (month, issuedOn) =>
      `nachdem wir Ihnen die Monatsübersicht für ${month} am ${issuedOn} geschickt haben, hat sich an diesem Monat noch etwas geändert. Im Anhang finden Sie die korrigierte Übersicht; was sich geändert hat, steht gleich oben darin. Beide Fassungen liegen auch in Ihrer Lounge.`,
    statementCorrectionPdfIntro: (issuedOn) =>
      `Diese Korrektur ersetzt die Monatsübersicht vom ${issuedOn}. Was sich seither geändert hat:`,
    inviteSubject: (provider) => `Ihre Einladung in die Lounge von ${provider}`,
    invitePreheader: 'Legen Sie Ihr Passwort fest',
    inviteBody: (
      p,
    ) => `willkommen bei ${p.provider}! In Ihrer Lounge sehen Sie jederzeit Ihre Stunden, Projekte und Vorteile. Sie melden sich mit Ihrer E-Mail-Adresse ${p.login} an.

Bitte legen Sie über den folgenden Link Ihr Passwort fest. Der Link gilt bis ${p.validUntil} und funktioniert nur einmal.

Falls Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail einfach ignorieren.`,
    inviteAction: 'Passwort festlegen',
    resetSubject: 'Ihr neues Passwort',
    resetBody: (
      p,
    ) => `Sie haben ein neues Passwort für Ihre Lounge bei ${p.provider} angefordert. Der Link gilt ${p.minutes} Minuten und funktioniert nur einmal. Danach werden Sie überall abgemeldet und melden sich mit dem neuen Passwort an.

Falls Sie das nicht waren, ignorieren Sie diese E-Mail einfach: Ihr bisheriges Passwort bleibt gültig.`,
    securitySubject: 'Sicherheitshinweis zu Ihrem Konto',
    securityBody: (change, at) => `${change} (${at}).

Waren Sie das nicht? Dann melden Sie sich bitte sofort bei uns.`,
    invoiceSubject: 'Ihre Rechnung {nummer}',
    invoiceBody: `{anrede},

anbei erhalten Sie die Rechnung {nummer} über {betrag}, zahlbar bis {faellig}.

Vielen Dank für Ihr Vertrauen!

Mit freundlichen Grüßen
{firma}`,
    creditNoteBody: `{anrede},

anbei erhalten Sie die Stornorechnung {nummer}, mit der die Rechnung {original} über {betrag} storniert wird.

Mit freundlichen Grüßen
{firma}`,
    invoiceAttached: (label) => `Die ${label} finden Sie als PDF im Anhang.`,
    mandatePreNotice: (days) =>
      `Über den Betrag und den Tag jedes Einzugs informieren wir Sie mit der Rechnung mindestens ${days} Kalendertage im Voraus`,
    orderReplySubject: (number, title) => `Neue Nachricht zu Ihrem Auftrag ${number}: ${title}`,
    orderReplyIntro: (number, title) => `zu Ihrem Auftrag ${number} „${title}“ gibt es eine neue Nachricht:`,
    orderStateSubject: (number, state) => `Ihr Auftrag ${number}: ${state}`,
    orderStateIntro: (number, title, state) => `Ihr Auftrag ${number} „${title}“ hat einen neuen Stand: ${state}.`,
    orderApprovalSubject: (number) => `Ihr Auftrag ${number} braucht Ihre Freigabe`,
    orderApprovalIntro: (p) =>
      `für Ihren Auftrag ${p.number} „${p.title}“ schätzen wir ${p.estimate}. Jetzt verfügbar haben Sie ${p.available}. Bitte geben Sie in Ihrer Lounge frei, ob wir die Stunden über Ihr Guthaben hinaus buchen dürfen, oder teilen Sie uns mit, dass Sie mehr Stunden möchten.`,
    orderDoneSubject: (number) => `Ihr Auftrag ${number} ist erledigt`,
    orderDoneIntro: (number, title) => `Ihr Auftrag ${number} „${title}“ ist erledigt.`,
    orderAction: 'Zum Auftrag',
    visitPlannedSubject: (when) => `Ihr Termin am ${when}`,
    visitSeriesSubject: (count, first) => `Ihre ${count} Termine ab ${first}`,
    visitPlannedIntro: 'wir haben einen Termin für Sie eingeplant:',
    visitSeriesIntro: (count) => `wir haben ${count} Termine für Sie eingeplant:`,
    visitChangedSubject: (when) => `Geänderter Termin: ${when}`,
    visitChangedIntro: 'Ihr Termin hat sich geändert. So gilt er jetzt:',
    visitCancelledSubject: (when, count) =>
      count > 1 ? `Abgesagt: Ihre ${count} Termine ab ${when}` : `Abgesagt: Ihr Termin am ${when}`,
    visitCancelledIntro: (count) =>
      count > 1 ? 'diese Termine finden leider nicht statt:' : 'dieser Termin findet leider nicht statt:',
    visitCancelledReason: (reason) => `Grund: ${reason}`,
    visitReminderSubject: (when) => `Erinnerung: morgen, ${when}`,
    visitReminderIntro: 'wir kommen morgen zu Ihnen:',
    visitConfirmHint: (count) =>
      count > 1
        ? 'Bitte bestätigen Sie die Termine in Ihrer Lounge. Passt einer nicht, können Sie dort um eine Verschiebung bitten.'
        : 'Bitte bestätigen Sie den Termin in Ihrer Lounge. Passt er nicht, können Sie dort um eine Verschiebung bitten.',
    visitCalendarHint: (count) =>
      `Im Anhang finden Sie ${count > 1 ? 'die Termine' : 'den Termin'} für Ihren Kalender.`,
    visitAction: 'Zur Lounge',
    orderStaffAuthor: 'Ihr BUTLER',
    orderApprovalMessage: (estimate, available) =>
      `Freigabe nötig: geschätzt ${estimate}, jetzt verfügbar ${available}. Bitte geben Sie frei, ob wir darüber hinaus buchen dürfen.`,
    orderApprovalAnswer: (decision) =>
      decision === 'approve'
        ? 'Freigegeben: die Stunden dürfen über mein Guthaben hinaus gebucht werden.'
        : decision === 'decline'
          ? 'Freigabe abgelehnt: bitte nur im Rahmen meines Guthabens arbeiten.'
          : 'Ich möchte mehr Stunden: bitte melden Sie sich bei mir.',
    orderDoneHours: (parts) => `Erledigt: ${parts}.`,
    orderDoneNoHours: 'Erledigt: dafür wurden keine Stunden gebucht.',
    orderHoursButler: (hours) => `${hours} aus Ihrem ButlerPaket`,
    orderHoursPackages: (hours) => `${hours} aus Ihren Stundenpaketen`,
    orderOverrideMessage: (reason) => `Über Ihr verfügbares Guthaben hinaus gebucht. Grund: ${reason}`,
    orderDailyLimit: (limit) =>
      `Heute wurden schon ${limit} Aufträge angelegt. Bitte morgen wieder oder rufen Sie uns an.`,
    orderClosed: 'Dieser Auftrag ist abgeschlossen. Für etwas Neues legen Sie bitte einen neuen Auftrag an.',
    orderWithdrawOnlyNew:
      'Zurückziehen geht nur, solange der Auftrag noch nicht angenommen ist. Schreiben Sie uns einfach eine Nachricht.',
    orderNoApprovalAsked: 'Für diesen Auftrag ist gerade keine Freigabe offen.',
  },
};

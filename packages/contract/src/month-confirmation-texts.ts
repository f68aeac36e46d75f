import type { CustomerVoice } from './voice.js';

export const QUESTION_STATES = ['open', 'answered', 'corrected', 'resolved'] as const;
export type QuestionState = (typeof QUESTION_STATES)[number];
/** The same words for staff and customers: they carry no form of address. */
export const QUESTION_STATE_LABELS: Record<QuestionState, string> = {
  open: 'Offen',
  answered: 'Beantwortet',
  corrected: 'Korrigiert',
  resolved: 'Erledigt',
};

/** How a month stands: waiting for the customer, confirmed by them, or confirmed after the quiet days. */
export const MONTH_STATES = ['to_confirm', 'confirmed', 'auto_confirmed'] as const;
export type MonthState = (typeof MONTH_STATES)[number];
export const MONTH_STATE_LABELS: Record<MonthState, string> = {
  to_confirm: 'Offen',
  confirmed: 'Bestätigt',
  auto_confirmed: 'Automatisch bestätigt',
};

export const QUESTION_MAX_CHARS = 2000;

/**
 * What the lounge and the customer mails say about the Monatsfreigabe (decision 0852), in the
 * customers' form of address (decision 0620). No zod here: the lounge imports it.
 */
export type MonthConfirmationTexts = {
  intro: (month: string) => string;
  autoConfirmOn: (date: string) => string;
  requiredNote: string;
  waitingForAnswer: string;
  confirmBlocked: string;
  confirmAsk: (month: string) => string;
  confirmed: string;
  askLabel: string;
  askSent: string;
  replyPlaceholder: string;
  replySent: string;
  /** Mails. */
  readySubject: (month: string) => string;
  readyBody: (month: string, entries: string, hours: string, autoOn: string) => string;
  readyOptOut: { before: string; link: string; after: string };
  answeredSubject: (month: string) => string;
  answeredIntro: (entry: string) => string;
  answeredOutro: string;
  correctedSubject: (month: string) => string;
  correctedBody: (entry: string, change: string) => string;
};

export const MONTH_CONFIRMATION_TEXTS: Record<CustomerVoice, MonthConfirmationTexts> = {
  du: {
    intro: (month) =>
      `Der ${month} ist vorbei. Sieh dir die Einträge an und bestätige den Monat, oder frag nach, wenn dir etwas nicht stimmt.`,
    autoConfirmOn: (date) => `Wird am ${date} automatisch bestätigt, wenn du bis dahin nicht nachfragst.`,
    requiredNote: 'Wir verrechnen die Stunden dieses Monats erst, wenn du ihn bestätigt hast.',
    waitingForAnswer: 'Wir kümmern uns um deine Rückfrage und melden uns bei dir.',
    confirmBlocked: 'Sobald deine Rückfrage beantwortet ist, kannst du den Monat bestätigen.',
    confirmAsk: (month) => `Bestätigst du alle Einträge im ${month}?`,
    confirmed: 'Danke! Du hast den Monat bestätigt.',
    askLabel: 'Was stimmt für dich an diesem Eintrag nicht?',
    askSent: 'Deine Rückfrage ist bei uns. Wir melden uns bei dir.',
    replyPlaceholder: 'Deine Antwort',
    replySent: 'Deine Antwort ist bei uns.',
    readySubject: (month) => `Bitte bestätige deine Stunden im ${month}`,
    readyBody: (month, entries, hours, autoOn) =>
      `der ${month} ist vorbei: Wir haben ${entries} mit zusammen ${hours} für dich gebucht. Bitte sieh sie dir in deiner Lounge an und bestätige den Monat, oder frag nach, wenn dir etwas nicht stimmt. Ohne Rückfrage gilt der Monat am ${autoOn} als bestätigt.`,
    readyOptOut: {
      before:
        'Du möchtest diese Hinweise nicht per E-Mail? Unter „Mein Konto“ kannst du die Monatsübersicht per E-Mail ',
      link: 'abschalten',
      after: '; dann kommt auch dieser Hinweis nicht mehr.',
    },
    answeredSubject: (month) => `Antwort auf deine Rückfrage zum ${month}`,
    answeredIntro: (entry) => `wir haben deine Rückfrage zum Eintrag vom ${entry} beantwortet:`,
    answeredOutro: 'Du kannst in deiner Lounge antworten oder den Monat bestätigen.',
    correctedSubject: (month) => `Wir haben deinen Eintrag im ${month} korrigiert`,
    correctedBody: (entry, change) =>
      `nach deiner Rückfrage haben wir den Eintrag vom ${entry} korrigiert: ${change}. Du kannst den Monat jetzt in deiner Lounge bestätigen.`,
  },
  sie: {
    intro: (month) =>
      `Der ${month} ist vorbei. Sehen Sie sich die Einträge an und bestätigen Sie den Monat, oder fragen Sie nach, wenn Ihnen etwas nicht stimmt.`,
    autoConfirmOn: (date) => `Wird am ${date} automatisch bestätigt, wenn Sie bis dahin nicht nachfragen.`,
    requiredNote: 'Wir verrechnen die Stunden dieses Monats erst, wenn Sie ihn bestätigt haben.',
    waitingForAnswer: 'Wir kümmern uns um Ihre Rückfrage und melden uns bei Ihnen.',
    confirmBlocked: 'Sobald Ihre Rückfrage beantwortet ist, können Sie den Monat bestätigen.',
    confirmAsk: (month) => `Bestätigen Sie alle Einträge im ${month}?`,
    confirmed: 'Danke! Sie haben den Monat bestätigt.',
    askLabel: 'Was stimmt für Sie an diesem Eintrag nicht?',
    askSent: 'Ihre Rückfrage ist bei uns. Wir melden uns bei Ihnen.',
    replyPlaceholder: 'Ihre Antwort',
    replySent: 'Ihre Antwort ist bei uns.',
    readySubject: (month) => `Bitte bestätigen Sie Ihre Stunden im ${month}`,
    readyBody: (month, entries, hours, autoOn) =>
      `der ${month} ist vorbei: Wir haben ${entries} mit zusammen ${hours} für Sie gebucht. Bitte sehen Sie sie in Ihrer Lounge an und bestätigen Sie den Monat, oder fragen Sie nach, wenn Ihnen etwas nicht stimmt. Ohne Rückfrage gilt der Monat am ${autoOn} als bestätigt.`,
    readyOptOut: {
      before:
        'Sie möchten diese Hinweise nicht per E-Mail? Unter „Mein Konto“ können Sie die Monatsübersicht per E-Mail ',
      link: 'abschalten',
      after: '; dann kommt auch dieser Hinweis nicht mehr.',
    },
    answeredSubject: (month) => `Antwort auf Ihre Rückfrage zum ${month}`,
    answeredIntro: (entry) => `wir haben Ihre Rückfrage zum Eintrag vom ${entry} beantwortet:`,
    answeredOutro: 'Sie können in Ihrer Lounge antworten oder den Monat bestätigen.',
    correctedSubject: (month) => `Wir haben Ihren Eintrag im ${month} korrigiert`,
    correctedBody: (entry, change) =>
      `nach Ihrer Rückfrage haben wir den Eintrag vom ${entry} korrigiert: ${change}. Sie können den Monat jetzt in Ihrer Lounge bestätigen.`,
  },
};

/**
 * The words of "Lastschrift einrichten" in the lounge (decision 0853), once per form of
 * address (decision 0620): the card and its dialogs, the server's refusals, and the mail
 * with the signed copy. No zod here: the lounge imports it. `mandate-online-texts.test.ts`
 * walks both catalogues for the other form's words.
 */
import type { CustomerVoice } from './voice.js';

export type MandateOnlineTexts = {
  intro: string;
  notReady: string;
  active: (reference: string, account: string) => string;
  activeSince: (date: string) => string;
  replaceHint: string;
  none: string;
  textIntro: string;
  holderHint: string;
  passwordLabel: string;
  passwordHint: string;
  holderMissing: string;
  ibanMissing: string;
  passwordMissing: string;
  signed: string;
  revokeAsk: (reference: string) => string;
  revokeAnnounced: string;
  revokeReasonLabel: string;
  revoked: string;
  /** Refusals of the server. */
  wrongPassword: string;
  tooManyPasswords: (minutes: number) => string;
  tooManyToday: string;
  textChanged: string;
  inactive: string;
  noActive: string;
  notReadyRefusal: string;
  /** The mail with the signed copy. */
  mailSubject: (reference: string) => string;
  mailIntro: (p: { date: string; time: string; payee: string }) => string;
  mailReplaced: (reference: string) => string;
  mailRevokeHint: string;
  mailAttached: string;
  mailAction: string;
};

const du: MandateOnlineTexts = {
  intro:
    'Bezahle deine ButlerPaket-Rechnungen bequem per SEPA-Lastschrift. Mit jeder Rechnung erfährst du vorab, wann wie viel eingezogen wird.',
  notReady: 'Die Zahlung per Lastschrift ist derzeit nicht eingerichtet. Bitte melde dich bei deinem BUTLER.',
  active: (reference, account) =>
    `Deine ButlerPaket-Rechnungen werden von deinem Konto ${account} eingezogen (Mandat ${reference}).`,
  activeSince: (date) => `Unterschrieben am ${date}.`,
  replaceHint: 'Neues Konto? Richte einfach ein neues Mandat ein: Es ersetzt das bisherige.',
  none: 'Noch keine Lastschrift eingerichtet: Deine Rechnungen bezahlst du per Überweisung.',
  textIntro: 'Bitte lies den Text des Mandats. Mit deinem Passwort unterschreibst du ihn.',
  holderHint: 'So, wie der Name bei deiner Bank geführt wird.',
  passwordLabel: 'Dein Passwort zur Bestätigung',
  passwordHint: 'Dein Passwort ersetzt die Unterschrift auf Papier.',
  holderMissing: 'Bitte gib den Kontoinhaber an',
  ibanMissing: 'Bitte gib deine IBAN an',
  passwordMissing: 'Bitte gib dein Passwort ein',
  signed: 'Dein Mandat ist aktiv. Eine Kopie haben wir dir per E-Mail geschickt.',
  revokeAsk: (reference) =>
    `Möchtest du das Mandat ${reference} widerrufen? Danach ziehen wir nichts mehr von deinem Konto ein; deine Rechnungen bezahlst du per Überweisung.`,
  revokeAnnounced: 'Bereits angekündigte Einzüge finden nicht mehr statt: Diese Rechnungen bitte überweisen.',
  revokeReasonLabel: 'Möchtest du uns den Grund nennen? (freiwillig)',
  revoked: 'Das Mandat ist widerrufen. Dein BUTLER Team weiß Bescheid.',
  wrongPassword: 'Das Passwort stimmt nicht. Bitte versuche es noch einmal.',
  tooManyPasswords: (minutes) =>
    `Zu viele falsche Passwörter. Bitte warte ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'}.`,
  tooManyToday: 'Du hast heute schon zu oft versucht, ein Mandat einzurichten. Bitte versuche es morgen wieder.',
  textChanged:
    'Der Text des Mandats hat sich inzwischen geändert. Bitte lies ihn noch einmal und unterschreibe dann erneut.',
  inactive: 'Dein Kundenkonto ist deaktiviert. Bitte melde dich bei deinem BUTLER.',
  noActive: 'Du hast kein aktives Mandat, das du widerrufen könntest.',
  notReadyRefusal: 'Die Zahlung per Lastschrift ist derzeit nicht eingerichtet. Bitte melde dich bei deinem BUTLER.',
  mailSubject: (reference) => `Dein SEPA-Lastschrift-Mandat ${reference}`,
  mailIntro: ({ date, time, payee }) =>
    `du hast am ${date} um ${time} Uhr in der Kundenlounge ein SEPA-Lastschrift-Mandat für ${payee} unterschrieben. Ab jetzt ziehen wir deine ButlerPaket-Rechnungen von deinem Konto ein; mit jeder Rechnung erfährst du vorab Betrag und Tag des Einzugs.`,
  mailReplaced: (reference) => `Es ersetzt dein bisheriges Mandat ${reference}.`,
  mailRevokeHint: 'Du kannst das Mandat jederzeit in der Lounge unter „Mein Konto“ widerrufen.',
  mailAttached: 'Eine Kopie des Mandats findest du im Anhang.',
  mailAction: 'Mein Konto öffnen',
};

const sie: MandateOnlineTexts = {
  intro:
    'Bezahlen Sie Ihre ButlerPaket-Rechnungen bequem per SEPA-Lastschrift. Mit jeder Rechnung erfahren Sie vorab, wann wie viel eingezogen wird.',
  notReady: 'Die Zahlung per Lastschrift ist derzeit nicht eingerichtet. Bitte wenden Sie sich an Ihren BUTLER.',
  active: (reference, account) =>
    `Ihre ButlerPaket-Rechnungen werden von Ihrem Konto ${account} eingezogen (Mandat ${reference}).`,
  activeSince: (date) => `Unterschrieben am ${date}.`,
  replaceHint: 'Neues Konto? Richten Sie einfach ein neues Mandat ein: Es ersetzt das bisherige.',
  none: 'Noch keine Lastschrift eingerichtet: Ihre Rechnungen bezahlen Sie per Überweisung.',
  textIntro: 'Bitte lesen Sie den Text des Mandats. Mit Ihrem Passwort unterschreiben Sie ihn.',
  holderHint: 'So, wie der Name bei Ihrer Bank geführt wird.',
  passwordLabel: 'Ihr Passwort zur Bestätigung',
  passwordHint: 'Ihr Passwort ersetzt die Unterschrift auf Papier.',
  holderMissing: 'Bitte geben Sie den Kontoinhaber an',
  ibanMissing: 'Bitte geben Sie Ihre IBAN an',
  passwordMissing: 'Bitte geben Sie Ihr Passwort ein',
  signed: 'Ihr Mandat ist aktiv. Eine Kopie haben wir Ihnen per E-Mail geschickt.',
  revokeAsk: (reference) =>
    `Möchten Sie das Mandat ${reference} widerrufen? Danach ziehen wir nichts mehr von Ihrem Konto ein; Ihre Rechnungen bezahlen Sie per Überweisung.`,
  revokeAnnounced: 'Bereits angekündigte Einzüge finden nicht mehr statt: Diese Rechnungen bitte überweisen.',
  revokeReasonLabel: 'Möchten Sie uns den Grund nennen? (freiwillig)',
  revoked: 'Das Mandat ist widerrufen. Ihr BUTLER Team weiß Bescheid.',
  wrongPassword: 'Das Passwort stimmt nicht. Bitte versuchen Sie es noch einmal.',
  tooManyPasswords: (minutes) =>
    `Zu viele falsche Passwörter. Bitte warten Sie ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'}.`,
  tooManyToday: 'Sie haben heute schon zu oft versucht, ein Mandat einzurichten. Bitte versuchen Sie es morgen wieder.',
  textChanged:
    'Der Text des Mandats hat sich inzwischen geändert. Bitte lesen Sie ihn noch einmal und unterschreiben Sie dann erneut.',
  inactive: 'Ihr Kundenkonto ist deaktiviert. Bitte wenden Sie sich an Ihren BUTLER.',
  noActive: 'Sie haben kein aktives Mandat, das Sie widerrufen könnten.',
  notReadyRefusal: 'Die Zahlung per Lastschrift ist derzeit nicht eingerichtet. Bitte wenden Sie sich an Ihren BUTLER.',
  mailSubject: (reference) => `Ihr SEPA-Lastschrift-Mandat ${reference}`,
  mailIntro: ({ date, time, payee }) =>
    `Sie haben am ${date} um ${time} Uhr in der Kundenlounge ein SEPA-Lastschrift-Mandat für ${payee} unterschrieben. Ab jetzt ziehen wir Ihre ButlerPaket-Rechnungen von Ihrem Konto ein; mit jeder Rechnung erfahren Sie vorab Betrag und Tag des Einzugs.`,
  mailReplaced: (reference) => `Es ersetzt Ihr bisheriges Mandat ${reference}.`,
  mailRevokeHint: 'Sie können das Mandat jederzeit in der Lounge unter „Mein Konto“ widerrufen.',
  mailAttached: 'Eine Kopie des Mandats finden Sie im Anhang.',
  mailAction: 'Mein Konto öffnen',
};

export const MANDATE_ONLINE_TEXTS: Record<CustomerVoice, MandateOnlineTexts> = { du, sie };

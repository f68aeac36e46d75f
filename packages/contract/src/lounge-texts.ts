/**
 * Every lounge text that addresses the customer, once per form of address (decision
 * 0620). The du texts are SPEC.md's letter for letter where SPEC fixes them ("Brauchst
 * du mehr BUTLER Stunden?"). Texts without an address ("Zu Diensten, Maria.", "Verlauf
 * anzeigen") stay in their components. The login and "Passwort vergessen" pages are
 * written without any address: they show before the portal knows who is reading
 * (decision 0621). `lounge-texts.test.ts` walks both catalogues for foreign forms.
 */
import type { CustomerVoice } from './voice.js';

export type LoungeTexts = {
  contactIntro: (company: string) => string;
  noHoursOffer: string;
  /** Beside a lone hours card on a wide screen: the way to Stundenpakete (decision 0850). */
  hourShopCard: string;
  lowBalanceTitle: string;
  lowBalanceLeft: (hours: string) => string;
  lowBalanceParts: (butler: string, packages: string) => string;
  lowBalanceUsedUp: string;
  needMoreHours: string;
  endingTitle: (when: string) => string;
  endingText: string;
  referralsTitle: string;
  referralsThanks: (count: number) => string;
  referralDiscount: string;
  referredByYou: string;
  referTitle: string;
  referText: (discount: string) => string;
  referGift: (gift: string) => string;
  qrTitle: string;
  qrIntro: string;
  qrAlt: (code: string) => string;
  serviceLabel: string;
  accountIntro: string;
  emailHint: string;
  notifyBalanceDescription: string;
  notifyStatementDescription: string;
  notifyOrdersDescription: string;
  notificationsSaved: string;
  revealsTitle: string;
  revealsIntro: string;
  revealsEmpty: string;
  idleWarning: string;
  passwordInvitation: string;
  passwordReset: string;
  passwordDone: string;
  passwordSaved: string;
  passwordEmpty: string;
  passwordCurrentEmpty: string;
  passwordFreshEmpty: string;
  passwordChanged: string;
  usableExplained: (termEnd: string) => string;
  /** Aufträge (decision 0810): the lounge's card, list, form and detail. */
  ordersIntro: string;
  ordersEmpty: string;
  orderTitleHint: string;
  orderDetailsHint: string;
  orderDueHint: string;
  orderFiled: string;
  orderPerDay: (limit: number) => string;
  orderWithdrawAsk: (number: string) => string;
  orderReplyPlaceholder: string;
  orderReplySent: string;
  approvalIntro: (estimate: string) => string;
  approvalShortfall: (hours: string) => string;
  approvalMoreHoursHint: string;
  approvalThanks: string;
  approvalDeclined: string;
  approvalMoreHoursSent: string;
  approvalCommentLabel: string;
  orderTitleMissing: string;
  orderLocationMissing: string;
  /** Termine (decisions 0840, 0841): asking to move or cancel a visit, the Kalender-Abo. */
  visitAskIntro: string;
  visitMoveLabel: string;
  visitMoveMissing: string;
  visitCancelLabel: string;
  visitAskSent: string;
  visitLateChange: string;
  calendarFeedIntro: string;
  calendarFeedUrlHint: string;
  calendarFeedRenewAsk: string;
  calendarFeedOffAsk: string;
};

export const LOUNGE_TEXTS: Record<CustomerVoice, LoungeTexts> = {
  du: {
    contactIntro: (company) => `${company} ist gerne für dich da. Wie möchtest du uns erreichen?`,
    noHoursOffer: 'Wir stellen dir gerne ein ButlerPaket oder ein Stundenpaket zusammen.',
    hourShopCard:
      'Mehr Stunden als im ButlerPaket? Stundenpakete kannst du hier direkt bestellen: Diese Stunden gelten zusätzlich und verfallen nicht mit dem Monat.',
    lowBalanceTitle: 'Dein Guthaben wird knapp',
    lowBalanceLeft: (hours) => `Du hast jetzt noch ${hours} verfügbar.`,
    lowBalanceParts: (butler, packages) =>
      `Das sind ${butler} aus deinem ButlerPaket und ${packages} aus deinen Stundenpaketen.`,
    lowBalanceUsedUp: 'Dein Guthaben ist aufgebraucht.',
    needMoreHours: 'Brauchst du mehr BUTLER Stunden?',
    endingTitle: (when) => `Dein ButlerPaket läuft ${when} aus`,
    endingText: 'Möchtest du weiter mit uns arbeiten? Wir verlängern gerne – sag uns einfach Bescheid.',
    referralsTitle: 'Deine Empfehlungen',
    referralsThanks: (n) => `${n} ${n === 1 ? 'Empfehlung' : 'Empfehlungen'} – danke für dein Vertrauen!`,
    referralDiscount: 'Dein Rabatt',
    referredByYou: 'Von dir empfohlen',
    referTitle: 'Empfiehl uns weiter',
    referText: (discount) =>
      `Für jeden erfolgreich empfohlenen Kunden erhältst du ${discount} Rabatt auf dein ButlerPaket – bis zu 100\u00a0%.`,
    referGift: (gift) => `Deine Freunde bekommen ${gift}.`,
    qrTitle: 'Dein Empfehlungscode',
    qrIntro: 'Lass deine Freunde den QR-Code scannen oder schick ihnen den Link per E-Mail oder WhatsApp.',
    qrAlt: (code) => `QR-Code mit deinem Empfehlungscode ${code}`,
    serviceLabel: 'Dein BUTLER-Service',
    accountIntro: 'Deine Zugangsdaten, deine Benachrichtigungen, dein Kalender-Abo und wer worauf zugegriffen hat.',
    emailHint:
      'Mit dieser Adresse meldest du dich an, und dorthin schicken wir dir E-Mails. Soll sie sich ändern? Schreib uns einfach.',
    notifyBalanceDescription:
      'Höchstens eine E-Mail pro Monat deines ButlerPakets und pro Stundenpaket. Der Hinweis in deiner Lounge bleibt.',
    notifyStatementDescription: 'Am 1. jedes Monats als PDF. In deiner Lounge kannst du sie jederzeit herunterladen.',
    notifyOrdersDescription:
      'Antworten, Statuswechsel, Freigaben und der Abschluss deiner Aufträge. In „Meine Aufträge“ siehst du alles auch ohne E-Mail.',
    notificationsSaved: 'Deine Benachrichtigungen sind gespeichert',
    revealsTitle: 'Zugriffe auf deine Zugangsdaten',
    revealsIntro:
      'Deine bei uns hinterlegten Passwörter sind verschlüsselt. Hier siehst du jedes Mal, wenn jemand aus unserem Team eines davon angezeigt hat.',
    revealsEmpty: 'Bisher hat niemand eines deiner Passwörter angezeigt.',
    idleWarning: 'Du warst eine Weile inaktiv. Aus Sicherheitsgründen wirst du automatisch abgemeldet in',
    passwordInvitation: 'Leg dein Passwort für deine Lounge fest.',
    passwordReset: 'Leg ein neues Passwort fest.',
    passwordDone: 'Dein Passwort ist gespeichert. Bitte melde dich an.',
    passwordSaved: 'Dein Passwort ist gespeichert.',
    passwordEmpty: 'Bitte gib ein Passwort ein',
    passwordCurrentEmpty: 'Bitte gib dein aktuelles Passwort ein',
    passwordFreshEmpty: 'Bitte gib ein neues Passwort ein',
    passwordChanged: 'Dein Passwort ist geändert. Andere Geräte sind abgemeldet.',
    usableExplained: (termEnd) =>
      `„Jetzt verfügbar“ sind alle Stunden, die du ab heute nutzen kannst: die Monatsstunden abzüglich des Genutzten, dazu was aus den Vormonaten übrig ist – oder abzüglich dessen, was dort mehr genutzt wurde. Nicht genutzte Stunden bleiben dir bis zum Ende deines ButlerPakets am ${termEnd} erhalten.`,
    ordersIntro: 'Sag uns, was wir für dich erledigen dürfen – wir kümmern uns darum.',
    ordersEmpty: 'Du hast gerade keine offenen Aufträge.',
    orderTitleHint: 'Was dürfen wir für dich tun?',
    orderDetailsHint: 'Erzähl uns alles, was hilft: was genau, worauf wir achten sollen, wen wir fragen können.',
    orderDueHint: 'Leer lassen, wenn es keinen festen Termin gibt.',
    orderFiled: 'Danke! Dein Auftrag ist bei uns angekommen.',
    orderPerDay: (limit) => `Du kannst pro Tag bis zu ${limit} Aufträge senden.`,
    orderWithdrawAsk: (number) =>
      `Möchtest du den Auftrag ${number} zurückziehen? Wir beginnen dann nicht damit; du kannst jederzeit einen neuen senden.`,
    orderReplyPlaceholder: 'Deine Nachricht an uns...',
    orderReplySent: 'Deine Nachricht ist bei uns angekommen.',
    approvalIntro: (estimate) =>
      `Wir schätzen für diesen Auftrag ${estimate}. Dafür reichen deine verfügbaren Stunden nicht ganz. Gibst du den Auftrag trotzdem frei?`,
    approvalShortfall: (hours) => `Es fehlen ${hours}`,
    approvalMoreHoursHint: 'Oder frag mehr Stunden an – wir melden uns mit einem Angebot bei dir.',
    approvalThanks: 'Danke für deine Freigabe. Wir legen los.',
    approvalDeclined: 'Du hast die Freigabe abgelehnt. Wir melden uns bei dir.',
    approvalMoreHoursSent: 'Wir melden uns mit einem Angebot für mehr Stunden bei dir.',
    approvalCommentLabel: 'Möchtest du uns noch etwas dazu sagen? (optional)',
    orderTitleMissing: 'Bitte sag uns, worum es geht',
    orderLocationMissing: 'Bitte gib die Adresse an',
    visitAskIntro: 'Sag uns, ob wir den Termin verschieben oder absagen sollen. Wir melden uns dann bei dir.',
    visitMoveLabel: 'Wann passt es dir besser?',
    visitMoveMissing: 'Bitte schreib uns, wann es dir besser passt',
    visitCancelLabel: 'Möchtest du uns einen Grund nennen? (optional)',
    visitAskSent: 'Wir melden uns bei dir.',
    visitLateChange: 'Änderungen jetzt nur noch telefonisch – ruf uns einfach an',
    calendarFeedIntro:
      'Deine Termine mit uns erscheinen in deiner Kalender-App (Google Kalender, Apple Kalender, Outlook): über eine private Adresse, die nur du kennst. Neue und geänderte Termine holt die App von selbst ab.',
    calendarFeedUrlHint:
      'Kopiere die Adresse jetzt und trag sie in deiner Kalender-App als Abonnement ein („Kalender abonnieren“ oder „Per URL hinzufügen“). Wir zeigen sie nur dieses eine Mal. Wer die Adresse kennt, sieht deine Termine: gib sie nicht weiter.',
    calendarFeedRenewAsk:
      'Die bisherige Adresse funktioniert danach nicht mehr: Deine Kalender-App bekommt über sie keine Termine mehr. Die neue Adresse trägst du dort neu ein.',
    calendarFeedOffAsk:
      'Die Adresse funktioniert danach nicht mehr, und deine Kalender-App bekommt keine Termine mehr von uns. Du kannst das Kalender-Abo jederzeit wieder einschalten, mit einer neuen Adresse.',
  },
  sie: {
    contactIntro: (company) => `${company} ist gerne für Sie da. Wie möchten Sie uns erreichen?`,
    noHoursOffer: 'Wir stellen Ihnen gerne ein ButlerPaket oder ein Stundenpaket zusammen.',
    hourShopCard:
      'Mehr Stunden als im ButlerPaket? Stundenpakete können Sie hier direkt bestellen: Diese Stunden gelten zusätzlich und verfallen nicht mit dem Monat.',
    lowBalanceTitle: 'Ihr Guthaben wird knapp',
    lowBalanceLeft: (hours) => `Sie haben jetzt noch ${hours} verfügbar.`,
    lowBalanceParts: (butler, packages) =>
      `Das sind ${butler} aus Ihrem ButlerPaket und ${packages} aus Ihren Stundenpaketen.`,
    lowBalanceUsedUp: 'Ihr Guthaben ist aufgebraucht.',
    needMoreHours: 'Brauchen Sie mehr BUTLER Stunden?',
    endingTitle: (when) => `Ihr ButlerPaket läuft ${when} aus`,
    endingText: 'Möchten Sie weiter mit uns arbeiten? Wir verlängern gerne – geben Sie uns einfach Bescheid.',
    referralsTitle: 'Ihre Empfehlungen',
    referralsThanks: (n) => `${n} ${n === 1 ? 'Empfehlung' : 'Empfehlungen'} – danke für Ihr Vertrauen!`,
    referralDiscount: 'Ihr Rabatt',
    referredByYou: 'Von Ihnen empfohlen',
    referTitle: 'Empfehlen Sie uns weiter',
    referText: (discount) =>
      `Für jeden erfolgreich empfohlenen Kunden erhalten Sie ${discount} Rabatt auf Ihr ButlerPaket – bis zu 100\u00a0%.`,
    referGift: (gift) => `Ihre Freunde bekommen ${gift}.`,
    qrTitle: 'Ihr Empfehlungscode',
    qrIntro: 'Lassen Sie Ihre Freunde den QR-Code scannen oder schicken Sie ihnen den Link per E-Mail oder WhatsApp.',
    qrAlt: (code) => `QR-Code mit Ihrem Empfehlungscode ${code}`,
    serviceLabel: 'Ihr BUTLER-Service',
    accountIntro: 'Ihre Zugangsdaten, Ihre Benachrichtigungen, Ihr Kalender-Abo und wer worauf zugegriffen hat.',
    emailHint:
      'Mit dieser Adresse melden Sie sich an, und dorthin schicken wir Ihnen E-Mails. Soll sie sich ändern? Schreiben Sie uns einfach.',
    notifyBalanceDescription:
      'Höchstens eine E-Mail pro Monat Ihres ButlerPakets und pro Stundenpaket. Der Hinweis in Ihrer Lounge bleibt.',
    notifyStatementDescription: 'Am 1. jedes Monats als PDF. In Ihrer Lounge können Sie sie jederzeit herunterladen.',
    notifyOrdersDescription:
      'Antworten, Statuswechsel, Freigaben und der Abschluss Ihrer Aufträge. In „Meine Aufträge“ sehen Sie alles auch ohne E-Mail.',
    notificationsSaved: 'Ihre Benachrichtigungen sind gespeichert',
    revealsTitle: 'Zugriffe auf Ihre Zugangsdaten',
    revealsIntro:
      'Ihre bei uns hinterlegten Passwörter sind verschlüsselt. Hier sehen Sie jedes Mal, wenn jemand aus unserem Team eines davon angezeigt hat.',
    revealsEmpty: 'Bisher hat niemand eines Ihrer Passwörter angezeigt.',
    idleWarning: 'Sie waren eine Weile inaktiv. Aus Sicherheitsgründen werden Sie automatisch abgemeldet in',
    passwordInvitation: 'Legen Sie Ihr Passwort für Ihre Lounge fest.',
    passwordReset: 'Legen Sie ein neues Passwort fest.',
    passwordDone: 'Ihr Passwort ist gespeichert. Bitte melden Sie sich an.',
    passwordSaved: 'Ihr Passwort ist gespeichert.',
    passwordEmpty: 'Bitte geben Sie ein Passwort ein',
    passwordCurrentEmpty: 'Bitte geben Sie Ihr aktuelles Passwort ein',
    passwordFreshEmpty: 'Bitte geben Sie ein neues Passwort ein',
    passwordChanged: 'Ihr Passwort ist geändert. Andere Geräte sind abgemeldet.',
    usableExplained: (termEnd) =>
      `„Jetzt verfügbar“ sind alle Stunden, die Sie ab heute nutzen können: die Monatsstunden abzüglich des Genutzten, dazu was aus den Vormonaten übrig ist – oder abzüglich dessen, was dort mehr genutzt wurde. Nicht genutzte Stunden bleiben Ihnen bis zum Ende Ihres ButlerPakets am ${termEnd} erhalten.`,
    ordersIntro: 'Sagen Sie uns, was wir für Sie erledigen dürfen – wir kümmern uns darum.',
    ordersEmpty: 'Sie haben gerade keine offenen Aufträge.',
    orderTitleHint: 'Was dürfen wir für Sie tun?',
    orderDetailsHint: 'Erzählen Sie uns alles, was hilft: was genau, worauf wir achten sollen, wen wir fragen können.',
    orderDueHint: 'Leer lassen, wenn es keinen festen Termin gibt.',
    orderFiled: 'Danke! Ihr Auftrag ist bei uns angekommen.',
    orderPerDay: (limit) => `Sie können pro Tag bis zu ${limit} Aufträge senden.`,
    orderWithdrawAsk: (number) =>
      `Möchten Sie den Auftrag ${number} zurückziehen? Wir beginnen dann nicht damit; Sie können jederzeit einen neuen senden.`,
    orderReplyPlaceholder: 'Ihre Nachricht an uns...',
    orderReplySent: 'Ihre Nachricht ist bei uns angekommen.',
    approvalIntro: (estimate) =>
      `Wir schätzen für diesen Auftrag ${estimate}. Dafür reichen Ihre verfügbaren Stunden nicht ganz. Geben Sie den Auftrag trotzdem frei?`,
    approvalShortfall: (hours) => `Es fehlen ${hours}`,
    approvalMoreHoursHint: 'Oder fragen Sie mehr Stunden an – wir melden uns mit einem Angebot bei Ihnen.',
    approvalThanks: 'Danke für Ihre Freigabe. Wir legen los.',
    approvalDeclined: 'Sie haben die Freigabe abgelehnt. Wir melden uns bei Ihnen.',
    approvalMoreHoursSent: 'Wir melden uns mit einem Angebot für mehr Stunden bei Ihnen.',
    approvalCommentLabel: 'Möchten Sie uns noch etwas dazu sagen? (optional)',
    orderTitleMissing: 'Bitte geben Sie an, worum es geht',
    orderLocationMissing: 'Bitte geben Sie die Adresse an',
    visitAskIntro: 'Sagen Sie uns, ob wir den Termin verschieben oder absagen sollen. Wir melden uns dann bei Ihnen.',
    visitMoveLabel: 'Wann passt es Ihnen besser?',
    visitMoveMissing: 'Bitte schreiben Sie uns, wann es Ihnen besser passt',
    visitCancelLabel: 'Möchten Sie uns einen Grund nennen? (optional)',
    visitAskSent: 'Wir melden uns bei Ihnen.',
    visitLateChange: 'Änderungen jetzt nur noch telefonisch – rufen Sie uns einfach an',
    calendarFeedIntro:
      'Ihre Termine mit uns erscheinen in Ihrer Kalender-App (Google Kalender, Apple Kalender, Outlook): über eine private Adresse, die nur Sie kennen. Neue und geänderte Termine holt die App von selbst ab.',
    calendarFeedUrlHint:
      'Kopieren Sie die Adresse jetzt und tragen Sie sie in Ihrer Kalender-App als Abonnement ein („Kalender abonnieren“ oder „Per URL hinzufügen“). Wir zeigen sie nur dieses eine Mal. Wer die Adresse kennt, sieht Ihre Termine: Geben Sie sie nicht weiter.',
    calendarFeedRenewAsk:
      'Die bisherige Adresse funktioniert danach nicht mehr: Ihre Kalender-App bekommt über sie keine Termine mehr. Die neue Adresse tragen Sie dort neu ein.',
    calendarFeedOffAsk:
      'Die Adresse funktioniert danach nicht mehr, und Ihre Kalender-App bekommt keine Termine mehr von uns. Sie können das Kalender-Abo jederzeit wieder einschalten, mit einer neuen Adresse.',
  },
};

/** Texts of the login and "Passwort vergessen" pages: no form of address at all (decision 0621). */
export const PUBLIC_PAGE_TEXTS = {
  eyebrow: 'Kunden-Lounge',
  tagline: 'Persönliche Unterstützung für Alltag und Business – Stunden, Projekte und Vorteile jederzeit im Blick.',
  welcome: 'Willkommen in der Lounge',
  loginHint: 'Anmeldung mit E-Mail-Adresse und Passwort.',
  loginEmpty: 'Bitte E-Mail-Adresse und Passwort eingeben',
  forgotTagline: 'Kein Problem – ein Link per E-Mail genügt, um ein neues festzulegen.',
  forgotHint: 'Die E-Mail-Adresse, mit der die Anmeldung erfolgt:',
  forgotEmpty: 'Bitte die E-Mail-Adresse eingeben',
  forgotSentTitle: 'Bitte im Postfach nachsehen',
  sessionExpired: 'Bitte erneut anmelden.',
  /** The way to the staff login, below the customer form (decision 0756). */
  staffLink: 'Mitarbeiter? Hier anmelden',
  /** A sign-in with a username instead of an e-mail address: staff at the wrong door (decision 0756). */
  usernameTyped:
    'Das ist keine E-Mail-Adresse. Mitarbeiterinnen und Mitarbeiter melden sich mit ihrem Benutzernamen in der Mitarbeiter-Anmeldung an.',
  toStaffLogin: 'Zur Mitarbeiter-Anmeldung',
} as const;

/**
 * "Paket ändern" and "Verlängern" (decision 0851): every sentence the customer reads about a
 * wish for their ButlerPaket (lounge, refusals, mails), once per form of address (decision
 * 0620), and the staff's labels. No zod here: the lounge imports it.
 * `package-change-texts.test.ts` walks both catalogues for foreign forms.
 */
import type { CustomerVoice } from './voice.js';

export const PACKAGE_REQUEST_KINDS = ['change', 'renew'] as const;
export type PackageRequestKind = (typeof PACKAGE_REQUEST_KINDS)[number];
export const PACKAGE_REQUEST_STATES = ['open', 'accepted', 'declined', 'withdrawn'] as const;
export type PackageRequestState = (typeof PACKAGE_REQUEST_STATES)[number];

/** Staff screens and the Protokoll. */
export const PACKAGE_REQUEST_KIND_LABELS: Record<PackageRequestKind, string> = {
  change: 'Paket ändern',
  renew: 'Verlängern',
};
export const PACKAGE_REQUEST_STATE_LABELS: Record<PackageRequestState, string> = {
  open: 'Offen',
  accepted: 'Angenommen',
  declined: 'Abgelehnt',
  withdrawn: 'Zurückgezogen',
};

/** Longest note of a customer or of staff. */
export const PACKAGE_REQUEST_NOTE_CHARS = 2000;

/** What a wish asks for, in words: "Premium mit 15,00 h im Monat ab 01.02.2027". */
export type WishWords = { name: string; hours: string; from: string; until: string };

export type PackageChangeTexts = {
  changeIntro: (from: string) => string;
  renewIntro: (p: { end: string; from: string; until: string }) => string;
  messageLabel: string;
  /** The running ButlerPaket ends with the change: what it has left does not pass over. */
  carryOverLapses: (hours: string, until: string) => string;
  grossNote: (rate: string) => string;
  /** While the dialog still shows the running ButlerPaket. */
  chooseDifferent: string;
  smallBusinessNote: string;
  sent: string;
  openChange: (w: WishWords) => string;
  openRenew: (w: WishWords) => string;
  withdrawAsk: string;
  withdrawn: string;
  acceptedChange: (w: WishWords) => string;
  acceptedRenew: (w: WishWords) => string;
  declined: string;
  // Refusals (the server's 409/422 texts).
  inactiveCustomer: string;
  noSubscription: string;
  alreadyOpen: string;
  endsBeforeNextPeriod: (end: string) => string;
  alreadyBilled: (until: string) => string;
  followUpInTheWay: string;
  alreadyRenewed: string;
  renewEnded: (end: string) => string;
  notOpen: string;
  // Mails.
  acceptedSubject: string;
  declinedSubject: string;
};

/** Neutral sentences (no form of address): the same in both voices. */
export const PACKAGE_CHANGE_NEUTRAL = {
  sameAsNow: 'Das sind dieselben Stunden im selben Paket wie jetzt.',
  templateNotOffered: 'Dieses Paket wird derzeit nicht angeboten.',
  templateMissing: 'Bitte ein Paket wählen.',
  hoursMissing: 'Bitte die monatlichen Stunden angeben.',
  noteLine: (note: string) => `Unsere Nachricht: ${note}`,
  action: 'Zur Lounge',
};

/** Staff, before accepting a change that ends the running ButlerPaket (the answer dialog). */
export const packageChangeStaffLapse = (hours: string, until: string) =>
  `Das laufende ButlerPaket endet mit dem Wechsel am ${until}: Seine nicht verbrauchten Stunden (derzeit ${hours}) gehen nicht in das geänderte Paket über. Wenn sie bleiben sollen, verkaufen Sie sie als Stundenpaket.`;

/** Why a wish cannot be filed or accepted (the keys of the refusal texts). */
export type PackageRefusal =
  | 'inactiveCustomer'
  | 'noSubscription'
  | 'alreadyOpen'
  | 'endsBeforeNextPeriod'
  | 'alreadyBilled'
  | 'followUpInTheWay'
  | 'alreadyRenewed'
  | 'renewEnded'
  | 'notOpen';

/** The same refusals as staff read them when accepting (the customer is named, not addressed). */
export const PACKAGE_CHANGE_STAFF_REFUSALS: Record<PackageRefusal, (arg: string) => string> = {
  inactiveCustomer: () => 'Dieser Kunde ist deaktiviert.',
  noSubscription: () => 'Der Kunde hat derzeit kein laufendes ButlerPaket.',
  alreadyOpen: () => 'Zu diesem ButlerPaket ist schon ein Wunsch offen.',
  endsBeforeNextPeriod: (end) =>
    `Das ButlerPaket endet am ${end}: Eine Änderung ab dem nächsten Monat ist nicht mehr möglich.`,
  alreadyBilled: (until) =>
    `Das ButlerPaket ist bis ${until} schon abgerechnet: Eine Änderung ab dem nächsten Monat ist nicht möglich.`,
  followUpInTheWay: () => 'Das neue Paket würde sich mit dem folgenden ButlerPaket des Kunden überschneiden.',
  alreadyRenewed: () => 'Dieses ButlerPaket ist schon verlängert.',
  renewEnded: (end) => `Das ButlerPaket ist am ${end} ausgelaufen.`,
  notOpen: () => 'Dieser Wunsch ist nicht mehr offen.',
};

export const PACKAGE_CHANGE_TEXTS: Record<CustomerVoice, PackageChangeTexts> = {
  du: {
    changeIntro: (from) =>
      `Wähle deine monatlichen Stunden oder ein anderes Paket. Die Änderung gilt ab ${from}, sobald wir sie bestätigt haben.`,
    renewIntro: ({ end, from, until }) =>
      `Dein ButlerPaket läuft am ${end} aus. Zu den gleichen Bedingungen ginge es vom ${from} bis ${until} weiter, sobald wir es bestätigt haben.`,
    messageLabel: 'Möchtest du uns noch etwas dazu sagen? (optional)',
    carryOverLapses: (hours, until) =>
      `Dein jetziges ButlerPaket endet mit dem Wechsel am ${until}. Stunden, die du bis dahin nicht verbrauchst, gehen nicht in das neue Paket über (derzeit ${hours} übrig).`,
    grossNote: (rate) => `inkl. ${rate} USt., wie auf deiner Rechnung`,
    chooseDifferent: 'Ändere die Stunden oder wähle ein anderes Paket, dann siehst du hier den neuen Preis.',
    smallBusinessNote: 'Umsatzsteuerbefreit als Kleinunternehmer.',
    sent: 'Danke! Wir melden uns, sobald wir deinen Wunsch geprüft haben.',
    openChange: (w) => `Dein Wunsch: ${w.name} mit ${w.hours} im Monat ab ${w.from}. Wir prüfen ihn und melden uns.`,
    openRenew: (w) => `Dein Wunsch: Verlängerung vom ${w.from} bis ${w.until}. Wir prüfen ihn und melden uns.`,
    withdrawAsk: 'Möchtest du deinen Wunsch zurückziehen? Dein ButlerPaket bleibt, wie es ist.',
    withdrawn: 'Dein Wunsch ist zurückgezogen.',
    acceptedChange: (w) => `Wir haben deinen Wunsch bestätigt: ab ${w.from} ${w.name} mit ${w.hours} im Monat.`,
    acceptedRenew: (w) => `Wir haben dein ButlerPaket verlängert: vom ${w.from} bis ${w.until}.`,
    declined: 'Deinen Wunsch konnten wir leider nicht umsetzen. Dein ButlerPaket bleibt, wie es ist.',
    inactiveCustomer: 'Dein Konto ist deaktiviert. Bitte melde dich bei uns.',
    noSubscription: 'Derzeit läuft kein ButlerPaket für dich.',
    alreadyOpen: 'Zu deinem ButlerPaket ist schon ein Wunsch offen. Zieh ihn zurück, wenn du etwas anderes möchtest.',
    endsBeforeNextPeriod: (end) =>
      `Dein ButlerPaket endet am ${end}: Eine Änderung ab dem nächsten Monat ist nicht mehr möglich. Verlängern geht aber.`,
    alreadyBilled: (until) =>
      `Dein ButlerPaket ist bis ${until} schon abgerechnet: Eine Änderung ab dem nächsten Monat ist nicht möglich. Bitte melde dich bei uns.`,
    followUpInTheWay:
      'Das neue Paket würde sich mit deinem folgenden ButlerPaket überschneiden. Bitte melde dich bei uns.',
    alreadyRenewed: 'Dein ButlerPaket ist schon verlängert.',
    renewEnded: (end) => `Dein ButlerPaket ist am ${end} ausgelaufen. Bitte melde dich bei uns.`,
    notOpen: 'Dieser Wunsch ist nicht mehr offen.',
    acceptedSubject: 'Dein Paketwunsch ist bestätigt',
    declinedSubject: 'Zu deinem Paketwunsch',
  },
  sie: {
    changeIntro: (from) =>
      `Wählen Sie Ihre monatlichen Stunden oder ein anderes Paket. Die Änderung gilt ab ${from}, sobald wir sie bestätigt haben.`,
    renewIntro: ({ end, from, until }) =>
      `Ihr ButlerPaket läuft am ${end} aus. Zu den gleichen Bedingungen ginge es vom ${from} bis ${until} weiter, sobald wir es bestätigt haben.`,
    messageLabel: 'Möchten Sie uns noch etwas dazu sagen? (optional)',
    carryOverLapses: (hours, until) =>
      `Ihr jetziges ButlerPaket endet mit dem Wechsel am ${until}. Stunden, die Sie bis dahin nicht verbrauchen, gehen nicht in das neue Paket über (derzeit ${hours} übrig).`,
    grossNote: (rate) => `inkl. ${rate} USt., wie auf Ihrer Rechnung`,
    chooseDifferent: 'Ändern Sie die Stunden oder wählen Sie ein anderes Paket, dann sehen Sie hier den neuen Preis.',
    smallBusinessNote: 'Umsatzsteuerbefreit als Kleinunternehmer.',
    sent: 'Danke! Wir melden uns, sobald wir Ihren Wunsch geprüft haben.',
    openChange: (w) => `Ihr Wunsch: ${w.name} mit ${w.hours} im Monat ab ${w.from}. Wir prüfen ihn und melden uns.`,
    openRenew: (w) => `Ihr Wunsch: Verlängerung vom ${w.from} bis ${w.until}. Wir prüfen ihn und melden uns.`,
    withdrawAsk: 'Möchten Sie Ihren Wunsch zurückziehen? Ihr ButlerPaket bleibt, wie es ist.',
    withdrawn: 'Ihr Wunsch ist zurückgezogen.',
    acceptedChange: (w) => `Wir haben Ihren Wunsch bestätigt: ab ${w.from} ${w.name} mit ${w.hours} im Monat.`,
    acceptedRenew: (w) => `Wir haben Ihr ButlerPaket verlängert: vom ${w.from} bis ${w.until}.`,
    declined: 'Ihren Wunsch konnten wir leider nicht umsetzen. Ihr ButlerPaket bleibt, wie es ist.',
    inactiveCustomer: 'Ihr Konto ist deaktiviert. Bitte melden Sie sich bei uns.',
    noSubscription: 'Derzeit läuft kein ButlerPaket für Sie.',
    alreadyOpen:
      'Zu Ihrem ButlerPaket ist schon ein Wunsch offen. Ziehen Sie ihn zurück, wenn Sie etwas anderes möchten.',
    endsBeforeNextPeriod: (end) =>
      `Ihr ButlerPaket endet am ${end}: Eine Änderung ab dem nächsten Monat ist nicht mehr möglich. Verlängern geht aber.`,
    alreadyBilled: (until) =>
      `Ihr ButlerPaket ist bis ${until} schon abgerechnet: Eine Änderung ab dem nächsten Monat ist nicht möglich. Bitte melden Sie sich bei uns.`,
    followUpInTheWay:
      'Das neue Paket würde sich mit Ihrem folgenden ButlerPaket überschneiden. Bitte melden Sie sich bei uns.',
    alreadyRenewed: 'Ihr ButlerPaket ist schon verlängert.',
    renewEnded: (end) => `Ihr ButlerPaket ist am ${end} ausgelaufen. Bitte melden Sie sich bei uns.`,
    notOpen: 'Dieser Wunsch ist nicht mehr offen.',
    acceptedSubject: 'Ihr Paketwunsch ist bestätigt',
    declinedSubject: 'Zu Ihrem Paketwunsch',
  },
};

import type { CustomerVoice } from './voice.js';

/**
 * What "Stunden nachkaufen" says to the customer, once per form of address (decisions 0620,
 * 0850): the lounge page, the server's refusals and the mails. voice.test.ts walks both.
 */
export type HourShopTexts = {
  title: string;
  intro: string;
  introConfirmation: string;
  releaseImmediate: string;
  releasePayment: string;
  releaseAfterConfirmation: string;
  choose: string;
  buy: string;
  confirmTitle: string;
  confirmText: (hours: string, gross: string) => string;
  vatNote: (rate: string) => string;
  smallBusinessNote: string;
  payByDirectDebit: string;
  payByTransfer: string;
  payByTransferAfterConfirmation: string;
  orderedTitle: string;
  orderedPay: (number: string, gross: string, due: string) => string;
  orderedDirectDebit: (gross: string, date: string, account: string) => string;
  orderedUsableNow: (hours: string) => string;
  orderedUsableWhenPaid: (hours: string) => string;
  orderedWaiting: (hours: string) => string;
  stateRequested: string;
  stateDeclined: string;
  stateAwaitingPayment: string;
  stateCompleted: string;
  stateCancelled: string;
  myOrders: string;
  limitLeft: (count: number) => string;
  limitReached: string;
  closedNoOffers: string;
  closedNotReady: string;
  refusedInactive: string;
  refusedNoEmail: string;
  refusedOfferGone: string;
  refusedLimit: (limit: number) => string;
  declinedSubject: string;
  declinedIntro: (hours: string) => string;
  toShop: string;
};

export const HOUR_SHOP_TEXTS: Record<CustomerVoice, HourShopTexts> = {
  du: {
    title: 'Stunden nachkaufen',
    intro: 'Wähle ein Stundenpaket. Du bekommst die Rechnung sofort per E-Mail und hier in der Lounge.',
    introConfirmation:
      'Wähle ein Stundenpaket. Sobald wir deine Bestellung bestätigt haben, bekommst du die Rechnung per E-Mail und hier in der Lounge.',
    releaseImmediate: 'Die Stunden kannst du gleich nach der Bestellung nutzen.',
    releasePayment: 'Die Stunden kannst du nutzen, sobald deine Zahlung eingegangen ist.',
    releaseAfterConfirmation: 'Die Stunden kannst du nutzen, sobald wir deine Bestellung bestätigt haben.',
    choose: 'Stundenpaket wählen',
    buy: 'Kostenpflichtig bestellen',
    confirmTitle: 'Bestellung prüfen',
    confirmText: (hours, gross) => `Du bestellst ${hours} für ${gross}.`,
    vatNote: (rate) => `inkl. ${rate} USt.`,
    smallBusinessNote: 'Umsatzsteuerbefreit als Kleinunternehmer.',
    payByDirectDebit: 'Der Betrag wird per SEPA-Lastschrift von deinem Konto eingezogen.',
    payByTransfer: 'Du bezahlst per Überweisung; die Zahlungsdaten und den QR-Code zeigen wir dir gleich.',
    payByTransferAfterConfirmation:
      'Du bezahlst per Überweisung; die Zahlungsdaten und den QR-Code bekommst du mit der Rechnung, sobald wir deine Bestellung bestätigt haben.',
    orderedTitle: 'Danke für deine Bestellung',
    orderedPay: (number, gross, due) => `Rechnung ${number} über ${gross}, zahlbar bis ${due}.`,
    orderedDirectDebit: (gross, date, account) =>
      `Wir ziehen ${gross} am ${date} per SEPA-Lastschrift von deinem Konto ${account} ein.`,
    orderedUsableNow: (hours) => `${hours} sind ab sofort für dich verfügbar.`,
    orderedUsableWhenPaid: (hours) => `${hours} werden dir gutgeschrieben, sobald deine Zahlung eingegangen ist.`,
    orderedWaiting: (hours) => `Wir prüfen deine Bestellung über ${hours} und melden uns per E-Mail.`,
    stateRequested: 'Wird von uns geprüft',
    stateDeclined: 'Abgelehnt',
    stateAwaitingPayment: 'Wartet auf deine Zahlung',
    stateCompleted: 'Stunden gutgeschrieben',
    stateCancelled: 'Storniert',
    myOrders: 'Deine Bestellungen',
    limitLeft: (count) =>
      count === 1
        ? 'Heute kannst du noch 1 Bestellung aufgeben.'
        : `Heute kannst du noch ${count} Bestellungen aufgeben.`,
    limitReached:
      'Für heute hast du schon so viele Bestellungen aufgegeben, wie möglich sind. Bitte versuche es morgen wieder.',
    closedNoOffers: 'Gerade gibt es keine Stundenpakete zum Nachkaufen. Melde dich gerne bei uns.',
    closedNotReady: 'Der Online-Kauf ist gerade nicht möglich. Melde dich gerne bei uns.',
    refusedInactive: 'Dein Konto ist deaktiviert. Bitte melde dich bei uns.',
    refusedNoEmail: 'Für die Rechnung brauchen wir deine E-Mail-Adresse. Bitte melde dich bei uns.',
    refusedOfferGone: 'Dieses Stundenpaket gibt es nicht mehr. Bitte wähle ein anderes.',
    refusedLimit: (limit) =>
      `Du hast heute schon ${limit === 1 ? '1 Bestellung' : `${limit} Bestellungen`} aufgegeben. Bitte versuche es morgen wieder oder melde dich bei uns.`,
    declinedSubject: 'Deine Stundenbestellung',
    declinedIntro: (hours) => `deine Bestellung über ${hours} konnten wir leider nicht annehmen.`,
    toShop: 'Stunden nachkaufen',
  },
  sie: {
    title: 'Stunden nachkaufen',
    intro: 'Wählen Sie ein Stundenpaket. Sie erhalten die Rechnung sofort per E-Mail und hier in der Lounge.',
    introConfirmation:
      'Wählen Sie ein Stundenpaket. Sobald wir Ihre Bestellung bestätigt haben, erhalten Sie die Rechnung per E-Mail und hier in der Lounge.',
    releaseImmediate: 'Die Stunden können Sie gleich nach der Bestellung nutzen.',
    releasePayment: 'Die Stunden können Sie nutzen, sobald Ihre Zahlung eingegangen ist.',
    releaseAfterConfirmation: 'Die Stunden können Sie nutzen, sobald wir Ihre Bestellung bestätigt haben.',
    choose: 'Stundenpaket wählen',
    buy: 'Kostenpflichtig bestellen',
    confirmTitle: 'Bestellung prüfen',
    confirmText: (hours, gross) => `Sie bestellen ${hours} für ${gross}.`,
    vatNote: (rate) => `inkl. ${rate} USt.`,
    smallBusinessNote: 'Umsatzsteuerbefreit als Kleinunternehmer.',
    payByDirectDebit: 'Der Betrag wird per SEPA-Lastschrift von Ihrem Konto eingezogen.',
    payByTransfer: 'Sie bezahlen per Überweisung; die Zahlungsdaten und den QR-Code zeigen wir Ihnen gleich.',
    payByTransferAfterConfirmation:
      'Sie bezahlen per Überweisung; die Zahlungsdaten und den QR-Code erhalten Sie mit der Rechnung, sobald wir Ihre Bestellung bestätigt haben.',
    orderedTitle: 'Danke für Ihre Bestellung',
    orderedPay: (number, gross, due) => `Rechnung ${number} über ${gross}, zahlbar bis ${due}.`,
    orderedDirectDebit: (gross, date, account) =>
      `Wir ziehen ${gross} am ${date} per SEPA-Lastschrift von Ihrem Konto ${account} ein.`,
    orderedUsableNow: (hours) => `${hours} stehen Ihnen ab sofort zur Verfügung.`,
    orderedUsableWhenPaid: (hours) => `${hours} werden Ihnen gutgeschrieben, sobald Ihre Zahlung eingegangen ist.`,
    orderedWaiting: (hours) => `Wir prüfen Ihre Bestellung über ${hours} und melden uns per E-Mail.`,
    stateRequested: 'Wird von uns geprüft',
    stateDeclined: 'Abgelehnt',
    stateAwaitingPayment: 'Wartet auf Ihre Zahlung',
    stateCompleted: 'Stunden gutgeschrieben',
    stateCancelled: 'Storniert',
    myOrders: 'Ihre Bestellungen',
    limitLeft: (count) =>
      count === 1
        ? 'Heute können Sie noch 1 Bestellung aufgeben.'
        : `Heute können Sie noch ${count} Bestellungen aufgeben.`,
    limitReached:
      'Für heute haben Sie bereits so viele Bestellungen aufgegeben, wie möglich sind. Bitte versuchen Sie es morgen wieder.',
    closedNoOffers: 'Derzeit gibt es keine Stundenpakete zum Nachkaufen. Bitte kontaktieren Sie uns.',
    closedNotReady: 'Der Online-Kauf ist derzeit nicht möglich. Bitte kontaktieren Sie uns.',
    refusedInactive: 'Ihr Konto ist deaktiviert. Bitte kontaktieren Sie uns.',
    refusedNoEmail: 'Für die Rechnung benötigen wir Ihre E-Mail-Adresse. Bitte kontaktieren Sie uns.',
    refusedOfferGone: 'Dieses Stundenpaket gibt es nicht mehr. Bitte wählen Sie ein anderes.',
    refusedLimit: (limit) =>
      `Sie haben heute bereits ${limit === 1 ? '1 Bestellung' : `${limit} Bestellungen`} aufgegeben. Bitte versuchen Sie es morgen wieder oder kontaktieren Sie uns.`,
    declinedSubject: 'Ihre Stundenbestellung',
    declinedIntro: (hours) => `Ihre Bestellung über ${hours} konnten wir leider nicht annehmen.`,
    toShop: 'Stunden nachkaufen',
  },
};

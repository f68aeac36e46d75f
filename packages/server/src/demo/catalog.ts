/** Subscription templates, project kinds with their typical activities, and the wiki set-up of the demo. */

export type DemoTemplate = { name: string; durationMonths: number; pricePerHour: string; monthlyTrips: number | null };

export const TEMPLATES = {
  classic: { name: 'BUTLER Classic', durationMonths: 12, pricePerHour: '49.00', monthlyTrips: null },
  premium: { name: 'BUTLER Premium', durationMonths: 12, pricePerHour: '45.00', monthlyTrips: 2 },
  flex: { name: 'BUTLER Flex', durationMonths: 3, pricePerHour: '55.00', monthlyTrips: null },
} as const satisfies Record<string, DemoTemplate>;

export type TemplateKey = keyof typeof TEMPLATES;

/** Price per hour of the hour packages (Stundenpakete). */
export const PACKAGE_PRICE_PER_HOUR = '50.00';

export type ProjectKind = {
  name: (ctx: { city: string; lastYear: number }) => string;
  description: string;
  activities: string[];
};

export const HOUSEHOLD: ProjectKind = {
  name: () => 'Haushaltsorganisation',
  description: 'Laufende Organisation des Haushalts: Einkäufe, Termine, Post und Handwerker.',
  activities: [
    'Wocheneinkauf erledigt und Kühlschrank aufgefüllt',
    'Wäsche von der Putzerei abgeholt',
    'Handwerkertermin für die Therme koordiniert',
    'Post sortiert und Rechnungen abgelegt',
    'Reinigungskraft eingewiesen',
    'Geschenk für Geburtstag besorgt und verpackt',
    'Rezept in der Apotheke eingelöst',
    'Pakete von der Post abgeholt',
    'Termin beim Rauchfangkehrer vereinbart',
  ],
};

export const OFFICE: ProjectKind = {
  name: () => 'Büroorganisation',
  description: 'Ablage, Bestellungen und Terminkoordination für das Büro.',
  activities: [
    'Ablage neu strukturiert',
    'Büromaterial bestellt und eingeräumt',
    'Termine mit Lieferanten koordiniert',
    'Kalender für den nächsten Monat abgestimmt',
    'Eingangsrechnungen für die Buchhaltung vorbereitet',
    'Kaffeemaschine zur Reparatur gebracht',
  ],
};

export const EXTRA_PROJECTS: ProjectKind[] = [
  {
    name: ({ city }) => `Umzug ${city}`,
    description: 'Übersiedlung in die neue Wohnung.',
    activities: [
      'Angebote von Umzugsfirmen eingeholt',
      'Umzugskartons besorgt',
      'Ummeldung am Meldeamt erledigt',
      'Strom und Internet umgemeldet',
      'Wohnungsübergabe mit der Hausverwaltung begleitet',
    ],
  },
  {
    name: ({ lastYear }) => `Steuerunterlagen ${lastYear}`,
    description: 'Belege für die Arbeitnehmerveranlagung sammeln und an die Steuerberatung übergeben.',
    activities: [
      'Belege für die Arbeitnehmerveranlagung sortiert',
      'Termin mit der Steuerberaterin vereinbart',
      'Spendenbestätigungen gesammelt',
      'Unterlagen für FinanzOnline vorbereitet',
    ],
  },
  {
    name: () => 'Gartenpflege',
    description: 'Pflege von Garten und Terrasse über die Saison.',
    activities: [
      'Gärtner beauftragt und eingewiesen',
      'Pflanzen im Gartencenter besorgt',
      'Bewässerung für die Urlaubszeit organisiert',
      'Gartenmöbel eingewintert',
    ],
  },
  {
    name: () => 'Reiseplanung',
    description: 'Planung und Buchung von Urlauben und Dienstreisen.',
    activities: [
      'Flüge und Hotel für den Sommerurlaub gebucht',
      'Verlängerung des Reisepasses beantragt',
      'Mietwagen reserviert',
      'Reiseversicherung verglichen und abgeschlossen',
    ],
  },
  {
    name: () => 'Wohnungsrenovierung',
    description: 'Renovierung von Bad und Küche.',
    activities: [
      'Angebote von Malerbetrieben eingeholt',
      'Handwerker vor Ort beaufsichtigt',
      'Fliesen im Baumarkt ausgewählt',
      'Abnahme mit dem Installateur durchgeführt',
    ],
  },
  {
    name: () => 'Versicherungen und Verträge',
    description: 'Verträge prüfen, kündigen und neu abschließen.',
    activities: [
      'Versicherungspolizzen verglichen',
      'Handyvertrag gekündigt',
      'Kfz-Versicherung gewechselt',
      'Stromanbieter gewechselt',
    ],
  },
  {
    name: () => 'Familienfeier',
    description: 'Organisation der Familienfeier.',
    activities: [
      'Lokal für die Feier reserviert',
      'Einladungen verschickt',
      'Torte bei der Konditorei bestellt',
      'Sitzordnung und Tischdeko vorbereitet',
    ],
  },
  {
    name: () => 'Auto und Service',
    description: 'Rund ums Auto: Service, Pickerl, Reifen.',
    activities: [
      'Pickerl-Überprüfung organisiert',
      'Reifenwechsel in der Werkstatt vereinbart',
      'Auto zum Service gebracht und abgeholt',
      'Autobahnvignette besorgt',
    ],
  },
];

export const CORRECTION_ACTIVITY = 'Korrektur: doppelt erfasste Zeit storniert';
export const GOODWILL_ACTIVITY = 'Kurze telefonische Abstimmung (kulanzhalber nicht verrechnet)';

export const WIKI_CATEGORIES = [
  {
    icon: '🔑',
    name: 'Passwörter',
    description: 'Zugangsdaten, verschlüsselt gespeichert.',
    allowsEncryption: true,
    allowsFiles: false,
  },
  {
    icon: '📁',
    name: 'Dokumente',
    description: 'Verträge, Polizzen und andere Unterlagen.',
    allowsEncryption: false,
    allowsFiles: true,
  },
  {
    icon: '🏠',
    name: 'Haushalt',
    description: 'Abläufe, Vorlieben und Kontakte rund um den Haushalt.',
    allowsEncryption: false,
    allowsFiles: false,
  },
  {
    icon: '💼',
    name: 'Projekte',
    description: 'Abgeschlossene und laufende Projekte, teils als Referenz veröffentlicht.',
    allowsEncryption: false,
    allowsFiles: false,
  },
  { icon: '📝', name: 'Notizen', description: 'Allgemeine Notizen.', allowsEncryption: false, allowsFiles: false },
  {
    icon: '🔧',
    name: 'Haustechnik',
    description: 'Codes von Alarmanlage, Schlüsselsafe und Garagentor: für den Butler vor Ort.',
    allowsEncryption: true,
    allowsFiles: false,
    // "Butler dürfen Passwörter anzeigen" (decision 0540): the "Passwörter" category stays closed to them.
    butlerMayReveal: true,
  },
] as const;

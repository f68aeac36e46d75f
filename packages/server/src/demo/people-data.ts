/** Static material for the demo customers: Austrian names, real street/postal-code pairs, notes. */

export type Gender = 'f' | 'm';

/** Index 0 is the printed demo login; the order also decides each customer's scenario. */
export const PEOPLE: ReadonlyArray<readonly [first: string, last: string, gender: Gender]> = [
  ['Maria', 'Gruber', 'f'],
  ['Johann', 'Huber', 'm'],
  ['Elisabeth', 'Wagner', 'f'],
  ['Thomas', 'Pichler', 'm'],
  ['Sabine', 'Steiner', 'f'],
  ['Florian', 'Moser', 'm'],
  ['Katharina', 'Mayer', 'f'],
  ['Stefan', 'Hofer', 'm'],
  ['Andrea', 'Leitner', 'f'],
  ['Michael', 'Berger', 'm'],
  ['Christina', 'Fuchs', 'f'],
  ['Wolfgang', 'Eder', 'm'],
  ['Barbara', 'Fischer', 'f'],
  ['Lukas', 'Schmid', 'm'],
  ['Petra', 'Winkler', 'f'],
  ['Markus', 'Weber', 'm'],
  ['Julia', 'Schwarz', 'f'],
  ['Alexander', 'Maier', 'm'],
  ['Monika', 'Schneider', 'f'],
  ['Gerhard', 'Reiter', 'm'],
  ['Sophie', 'Mayr', 'f'],
  ['Herbert', 'Wimmer', 'm'],
  ['Claudia', 'Egger', 'f'],
  ['Martin', 'Brunner', 'm'],
  ['Birgit', 'Lang', 'f'],
  ['Manfred', 'Baumgartner', 'm'],
  ['Theresa', 'Auer', 'f'],
  ['Daniel', 'Binder', 'm'],
  ['Ingrid', 'Lechner', 'f'],
  ['Christoph', 'Wolf', 'm'],
  ['Verena', 'Wallner', 'f'],
  ['Georg', 'Aigner', 'm'],
  ['Eva', 'Ebner', 'f'],
  ['Bernhard', 'Koller', 'm'],
  ['Lena', 'Lehner', 'f'],
  ['Robert', 'Haas', 'm'],
  ['Helga', 'Schuster', 'f'],
  ['Paul', 'Hölzl', 'm'],
  ['Gabriele', 'Wieser', 'f'],
  ['Matthias', 'Mühlbauer', 'm'],
];

/** Companies by customer index: name, company info note, seven digits for the UID. */
export const COMPANIES: Readonly<Record<number, readonly [name: string, info: string, uidDigits: string]>> = {
  1: ['Huber Immobilien GmbH', 'Hausverwaltung mit 12 Mitarbeitenden, Büro im 3. Bezirk.', '5813402'],
  4: ['Steiner Steuerberatung OG', 'Kanzlei mit zwei Partnerinnen; Hochsaison Februar bis Juni.', '6290817'],
  8: ['Café Leitner', 'Kaffeehaus mit 40 Sitzplätzen, Ruhetag Montag.', '4471296'],
  11: ['Eder Bau GmbH', 'Baufirma, Büro im Erdgeschoß, Lager in Stockerau.', '3958120'],
  14: ['Winkler Physiotherapie', 'Praxis mit drei Behandlungsräumen, Termine über Online-Kalender.', '7102583'],
  18: ['Schneider Architektur ZT GmbH', 'Architekturbüro, Schwerpunkt Altbausanierung.', '2864731'],
  21: ['Wimmer Transporte e.U.', 'Kleintransporte und Übersiedlungen, zwei Fahrzeuge.', '8320946'],
  25: ['Weingut Baumgartner', 'Familienweingut, Ab-Hof-Verkauf Freitag und Samstag.', '5047718'],
  28: ['Lechner & Partner Rechtsanwälte OG', 'Kanzlei für Familien- und Erbrecht.', '6735209'],
  31: ['Aigner IT-Consulting GmbH', 'IT-Beratung für Arztpraxen, fünf Mitarbeitende.', '9182634'],
  36: ['Schuster Mode e.U.', 'Boutique für Damenmode in der Innenstadt.', '4528370'],
};

export const VIENNA_STREETS: ReadonlyArray<readonly [street: string, postalCode: string]> = [
  ['Mariahilfer Straße', '1060'],
  ['Landstraßer Hauptstraße', '1030'],
  ['Währinger Straße', '1090'],
  ['Favoritenstraße', '1100'],
  ['Neubaugasse', '1070'],
  ['Praterstraße', '1020'],
  ['Hietzinger Hauptstraße', '1130'],
  ['Josefstädter Straße', '1080'],
  ['Wiedner Hauptstraße', '1040'],
  ['Ottakringer Straße', '1160'],
  ['Döblinger Hauptstraße', '1190'],
  ['Floridsdorfer Hauptstraße', '1210'],
  ['Singerstraße', '1010'],
  ['Margaretenstraße', '1050'],
  ['Simmeringer Hauptstraße', '1110'],
  ['Meidlinger Hauptstraße', '1120'],
  ['Hütteldorfer Straße', '1140'],
  ['Gersthofer Straße', '1180'],
  ['Wagramer Straße', '1220'],
  ['Breitenfurter Straße', '1230'],
];

export const OTHER_ADDRESSES: ReadonlyArray<readonly [street: string, postalCode: string, city: string]> = [
  ['Herrengasse', '8010', 'Graz'],
  ['Annenstraße', '8020', 'Graz'],
  ['Elisabethstraße', '8010', 'Graz'],
  ['Leonhardstraße', '8010', 'Graz'],
  ['Landstraße', '4020', 'Linz'],
  ['Herrenstraße', '4020', 'Linz'],
  ['Wiener Straße', '4030', 'Linz'],
  ['Linzer Gasse', '5020', 'Salzburg'],
  ['Alpenstraße', '5020', 'Salzburg'],
  ['Maria-Theresien-Straße', '6020', 'Innsbruck'],
  ['Anichstraße', '6020', 'Innsbruck'],
  ['Bahnhofstraße', '9020', 'Klagenfurt'],
  ['Villacher Straße', '9020', 'Klagenfurt'],
  ['Kremser Gasse', '3100', 'St. Pölten'],
  ['Hauptplatz', '9500', 'Villach'],
  ['Kaiserstraße', '6900', 'Bregenz'],
  ['Hauptstraße', '7000', 'Eisenstadt'],
  ['Ringstraße', '4600', 'Wels'],
  ['Pfarrgasse', '2500', 'Baden'],
  ['Hauptstraße', '2340', 'Mödling'],
];

export const MOBILE_PREFIXES = ['664', '660', '676', '699', '650', '681', '688'] as const;

export const PARTNER_NAMES: Record<Gender, readonly string[]> = {
  f: ['Anna', 'Karin', 'Susanne', 'Martina', 'Silvia', 'Ulrike', 'Renate', 'Nicole'],
  m: ['Peter', 'Andreas', 'Christian', 'Franz', 'Josef', 'Harald', 'Günter', 'Roland'],
};

export const CHILD_NAMES: Record<'boy' | 'girl', readonly string[]> = {
  boy: ['Lukas', 'Felix', 'Jakob', 'Maximilian', 'Elias', 'Paul', 'Tobias', 'Leon', 'Noah', 'Valentin'],
  girl: ['Anna', 'Lena', 'Marie', 'Emma', 'Hannah', 'Laura', 'Sarah', 'Lea', 'Johanna', 'Valentina'],
};

export const PRIVATE_NOTES = [
  'Bevorzugt Termine am Vormittag.',
  'Hat einen Hund (Bello) – Gartentor immer schließen.',
  'Telefoniert lieber, als E-Mails zu schreiben.',
  'Im Juli und August meist im Ferienhaus am Wörthersee.',
  'Kaffee schwarz, ohne Zucker.',
  'Allergisch gegen Katzenhaare.',
  'Sammelt Schallplatten – auf Flohmärkten die Augen offen halten.',
  'Mittwochs beim Yoga, dann nicht erreichbar.',
  'Mutter lebt in einem Pflegeheim in Mödling, Besuche meist sonntags.',
  'Fährt ein E-Auto, die Ladekarte liegt im Handschuhfach.',
  'Großer Fan des Wiener Staatsopernballetts – Opernkarten rechtzeitig verlängern.',
  'Geht jeden Samstag auf den Naschmarkt.',
] as const;

export const SPECIAL_NOTES = [
  'Schlüssel beim Portier hinterlegt.',
  'Nur parfümfreie Reinigungsmittel verwenden.',
  'Rechnungen bitte ausschließlich per E-Mail.',
  'Vor jedem Besuch kurz per WhatsApp ankündigen.',
  'Parkplatz im Hof benutzen, Stellplatz Nr. 4.',
  'Keine Termine vor 9 Uhr.',
  'Pakete bei Abwesenheit beim Nachbarn auf Top 5 abgeben.',
  'Bitte Schuhe in der Wohnung ausziehen.',
] as const;

/** A few plain wiki entries (no password entries: those need the encryption key; no files). */
export type DemoWikiEntry = {
  customerIndex: number;
  category: 'Haushalt' | 'Projekte' | 'Notizen' | 'Dokumente';
  title: string;
  content: string;
  externalLink: string | null;
  /** Featured entries are shown to every customer as references, so they name nobody. */
  isFeatured: boolean;
};

export const WIKI_ENTRIES: DemoWikiEntry[] = [
  {
    customerIndex: 0,
    category: 'Haushalt',
    title: 'Reinigungsplan',
    content:
      '<p>Die Reinigungskraft kommt <strong>jeden Donnerstag</strong> von 8 bis 12 Uhr.</p><ul><li>Fenster: alle zwei Monate</li><li>Teppiche: im Frühjahr zur Reinigung bringen</li><li>Backofen: einmal im Monat</li></ul>',
    externalLink: null,
    isFeatured: false,
  },
  {
    customerIndex: 0,
    category: 'Notizen',
    title: 'Vorlieben',
    content:
      '<p>Bevorzugt Bio-Lebensmittel vom Bauernmarkt. Blumen: keine Lilien (Katze).</p><p>Lieblingskonditorei für Geburtstagstorten: Konditorei am Eck.</p>',
    externalLink: null,
    isFeatured: false,
  },
  {
    customerIndex: 0,
    category: 'Projekte',
    title: 'Badrenovierung in sechs Wochen',
    content:
      '<p>Komplette Erneuerung eines Altbau-Badezimmers: Angebote eingeholt, Installateur, Fliesenleger und Elektriker koordiniert, Abnahme begleitet.</p><ul><li>Dauer: 6 Wochen</li><li>Aufwand Butler: 22 Stunden</li></ul>',
    externalLink: null,
    isFeatured: true,
  },
  {
    customerIndex: 5,
    category: 'Projekte',
    title: 'Übersiedlung einer vierköpfigen Familie',
    content:
      '<p>Umzug von Linz nach Wien inklusive Ummeldungen, Schulwechsel der Kinder und Einrichtung der neuen Wohnung.</p><p><em>Ergebnis:</em> Die Familie konnte am Tag nach dem Umzug in eine fertige Wohnung einziehen.</p>',
    externalLink: 'https://www.example.at/referenzen/umzug',
    isFeatured: true,
  },
  {
    customerIndex: 18,
    category: 'Projekte',
    title: 'Büroübersiedlung eines Architekturbüros',
    content:
      '<p>Planung und Durchführung der Übersiedlung eines Büros mit acht Arbeitsplätzen an einem Wochenende – ohne Ausfall im Tagesgeschäft.</p>',
    externalLink: null,
    isFeatured: true,
  },
  {
    customerIndex: 7,
    category: 'Haushalt',
    title: 'Kontakte Handwerker',
    content:
      '<ul><li>Installateur: Firma Bauer, Tel. +43 1 4021875</li><li>Elektriker: Herr Novak, Tel. +43 664 2284517</li><li>Rauchfangkehrer: kommt jeweils im März und Oktober</li></ul>',
    externalLink: null,
    isFeatured: false,
  },
  {
    customerIndex: 3,
    category: 'Dokumente',
    title: 'Ablageort wichtiger Unterlagen',
    content:
      '<p>Reisepässe, Meldezettel und Heiratsurkunde im Safe im Arbeitszimmer. Versicherungspolizzen im blauen Ordner im Wohnzimmerschrank.</p>',
    externalLink: null,
    isFeatured: false,
  },
  {
    customerIndex: 12,
    category: 'Notizen',
    title: 'Wünsche für die Familienfeier',
    content:
      '<p>Ca. 30 Gäste, Heuriger bevorzugt, vegetarische Option einplanen. Musik: Schrammelquartett anfragen.</p>',
    externalLink: null,
    isFeatured: false,
  },
  {
    customerIndex: 25,
    category: 'Projekte',
    title: 'Organisation der Weinlese-Helfer',
    content: '<p>Einteilung der Helferinnen und Helfer, Verpflegung und Transport zu den Weingärten.</p>',
    externalLink: null,
    isFeatured: false,
  },
];

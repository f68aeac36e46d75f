/**
 * "Anrede der Kunden" (decision 0620): how every customer-facing text addresses the
 * reader. `du` is the lounge's voice in SPEC.md (the default); `sie` is the formal one.
 * Staff screens always say "Sie". The texts themselves live in one catalogue per form:
 * `lounge-texts.ts` (screens) and `letter-texts.ts` (mails and PDFs). No zod here: the
 * lounge imports it.
 */

export const CUSTOMER_VOICES = ['du', 'sie'] as const;
export type CustomerVoice = (typeof CUSTOMER_VOICES)[number];
export const DEFAULT_CUSTOMER_VOICE: CustomerVoice = 'du';

export const CUSTOMER_VOICE_LABELS: Record<CustomerVoice, string> = {
  du: 'du – persönlich, wie in der Lounge vorgesehen',
  sie: 'Sie – förmlich',
};

export const isCustomerVoice = (value: unknown): value is CustomerVoice => value === 'du' || value === 'sie';

/** A customer's salutation for formal letters; null when not known. */
export const SALUTATIONS = ['frau', 'herr'] as const;
export type Salutation = (typeof SALUTATIONS)[number];
export const SALUTATION_LABELS: Record<Salutation, string> = { frau: 'Frau', herr: 'Herr' };

/** Whom a letter greets: what the customer record has. */
export type Addressee = { firstName: string; lastName: string; salutation: Salutation | null };

/**
 * The greeting line without punctuation: "Hallo Maria" (du); "Sehr geehrte Frau Gruber",
 * "Sehr geehrter Herr Huber" (Sie with a salutation); "Guten Tag Maria Gruber" (Sie
 * without one: no guessed gender); "Sehr geehrte Damen und Herren" when no name is known.
 */
export function greeting(voice: CustomerVoice, who: Addressee | null): string {
  const first = who?.firstName.trim() ?? '';
  const last = who?.lastName.trim() ?? '';
  if (voice === 'du') return first ? `Hallo ${first}` : last ? `Hallo ${last}` : 'Hallo';
  if (last && who?.salutation === 'frau') return `Sehr geehrte Frau ${last}`;
  if (last && who?.salutation === 'herr') return `Sehr geehrter Herr ${last}`;
  const full = [first, last].filter(Boolean).join(' ');
  return full ? `Guten Tag ${full}` : 'Sehr geehrte Damen und Herren';
}

/** The closing line of a letter. */
/** Words that are written small when a sentence follows "Hallo Maria," (pronouns of "du" and "wir"; never "Sie"/"Ihr"). */
const SMALL_AFTER_GREETING =
  /^(Wir|Uns|Unser|Unsere|Du|Dein|Deine|Deinen|Deinem|Deiner|Deines|Dich|Dir|Leider|Gerne|Danke)\b/;

/** The first sentence after the greeting's comma: "Wir haben…" becomes "wir haben…"; nouns and "Ihr…" stay. */
export const afterGreeting = (text: string) =>
  text.replace(SMALL_AFTER_GREETING, (word) => word.charAt(0).toLowerCase() + word.slice(1));

export const signOff = (voice: CustomerVoice) => (voice === 'du' ? 'Herzliche Grüße' : 'Mit freundlichen Grüßen');

/**
 * Words that show the form of address. A customer text of one voice must contain none
 * of the other's (the catalogue test and the browser walk use these).
 */
export const VOICE_MARKERS: Record<CustomerVoice, RegExp> = {
  du: /\b(?:du|dich|dir|dein|deine|deinen|deinem|deiner|deines|Du|Dich|Dir|Dein|Deine|Deinen|Deinem|Deiner|Deines|brauchst|hast|kannst|möchtest|siehst|findest|erhältst|wirst|meldest|Brauchst|Möchtest|Schreib|Leg|Lass|Empfiehl|ignorier)\b/,
  // Also "they"/"their" at a sentence start: du texts are written without them.
  sie: /\b(?:Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen)\b/,
};

/** The other voice's words found in `text` (empty when the text keeps to `voice`). */
export function foreignVoiceWords(voice: CustomerVoice, text: string): string[] {
  const other = voice === 'du' ? VOICE_MARKERS.sie : VOICE_MARKERS.du;
  const found = text.match(new RegExp(other.source, 'g'));
  return found ?? [];
}

import { toSepaText } from './sepa-charset.js';

/**
 * Which open invoice an incoming credit pays (decision 0607). Booked at once only when
 * everything fits: the credit names exactly one open invoice by its RF reference or its
 * number, pays exactly its open amount, and comes from the customer (a known IBAN or the
 * customer's name). Anything less is a suggestion staff confirm with one click; nothing
 * at all leaves it unassigned ("nicht zugeordnet"). Pure: the caller loads the candidates.
 */

export interface MatchCandidate {
  invoiceId: number;
  invoiceNumber: string;
  /** RF creditor reference printed on the invoice (null for older invoices). */
  paymentReference: string | null;
  openCents: bigint;
  dueDate: string;
  /** Last name, company: what a bank shows as the payer's name. */
  payerNames: string[];
  /** IBANs the customer paid from or is debited from (mandates, earlier payments). */
  payerIbans: string[];
}

export interface IncomingCredit {
  amountCents: bigint;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  /** Remittance text, structured references and additional texts. */
  texts: string[];
}

export type MatchResult =
  | { state: 'matched'; invoiceId: number; note: string }
  | { state: 'suggested'; invoiceId: number; note: string }
  | { state: 'unassigned'; invoiceId: null; note: string | null };

const euro = (cents: bigint) => {
  const abs = cents < 0n ? -cents : cents;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `€ ${cents < 0n ? '-' : ''}${whole},${(abs % 100n).toString().padStart(2, '0')}`;
};

/** Lower case, umlauts spelled out, only letters and digits separated by single spaces. */
export function normalizeName(value: string): string {
  return toSepaText(value, 500)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const compact = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** A regex for an invoice number that allows any separator (or none) where it has one. */
function numberPattern(invoiceNumber: string): RegExp {
  const parts = invoiceNumber
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean)
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![A-Z0-9])${parts.join('[\\s./\\-_]?')}(?![A-Z0-9])`);
}

export function namesReference(text: string, candidate: MatchCandidate): 'rf' | 'number' | null {
  if (candidate.paymentReference && compact(text).includes(candidate.paymentReference)) return 'rf';
  if (candidate.invoiceNumber && numberPattern(candidate.invoiceNumber).test(text.toUpperCase())) return 'number';
  return null;
}

export function payerFits(credit: IncomingCredit, candidate: MatchCandidate): boolean {
  if (credit.counterpartyIban && candidate.payerIbans.includes(compact(credit.counterpartyIban))) return true;
  const payer = ` ${normalizeName(credit.counterpartyName ?? '')} `;
  return candidate.payerNames
    .map(normalizeName)
    .filter((name) => name.length >= 2)
    .some((name) => payer.includes(` ${name} `));
}

/** Edit distance ≤ 1 between two strings (one typo: a wrong, missing or extra character, or two swapped). */
function oneTypo(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length) {
    const diff = [...a].map((c, i) => (c === b[i] ? -1 : i)).filter((i) => i >= 0);
    if (diff.length === 1) return true;
    return diff.length === 2 && diff[1] === diff[0] + 1 && a[diff[0]] === b[diff[1]] && a[diff[1]] === b[diff[0]];
  }
  const [shorter, longer] = a.length < b.length ? [a, b] : [b, a];
  for (let i = 0; i < longer.length; i++) if (longer.slice(0, i) + longer.slice(i + 1) === shorter) return true;
  return false;
}

/** A reference in the text that is one typo away from the candidate's number or RF reference. */
function nearlyNamesReference(text: string, candidate: MatchCandidate): boolean {
  const tokens = text
    .toUpperCase()
    .split(/\s+/)
    .map(compact)
    .filter((t) => t.length >= 5);
  const wanted = [compact(candidate.invoiceNumber), candidate.paymentReference ?? ''].filter((w) => w.length >= 5);
  return tokens.some((token) => wanted.some((w) => oneTypo(token, w)));
}

/** How a credit's amount fits what is open: "Teilzahlung: …", "Überzahlung: …", or null when it is exact. */
export function amountFit(amountCents: bigint, openCents: bigint): string | null {
  if (amountCents === openCents) return null;
  if (amountCents < openCents) return `Teilzahlung: ${euro(amountCents)} von ${euro(openCents)} offen`;
  return `Überzahlung: ${euro(amountCents)} statt ${euro(openCents)} (${euro(amountCents - openCents)} werden Guthaben)`;
}

function amountNote(credit: IncomingCredit, candidate: MatchCandidate): string {
  return amountFit(credit.amountCents, candidate.openCents) ?? '';
}

/**
 * A suggestion as it stands now (decision 0726): the note it was made with, its amount part
 * said again against what the invoice has open today, and the credit (Guthaben) confirming
 * would create. A manual payment since the import changes both; nothing is booked silently.
 */
export function suggestionNow(
  note: string | null,
  amountCents: bigint,
  invoice: { number: string; status: string; openCents: bigint },
): { note: string; creditCents: bigint } {
  if (invoice.status === 'cancelled') {
    return {
      note: `Rechnung ${invoice.number} ist inzwischen storniert: bitte einer anderen Rechnung zuordnen`,
      creditCents: amountCents,
    };
  }
  if (invoice.openCents <= 0n) {
    return {
      note: `Rechnung ${invoice.number} ist inzwischen bezahlt: Bestätigen würde ${euro(amountCents)} als Guthaben buchen`,
      creditCents: amountCents,
    };
  }
  const reason = (note ?? '').replace(/;?\s*(Teilzahlung|Überzahlung): .*$/, '').trim();
  const fit = amountFit(amountCents, invoice.openCents);
  return {
    note: [reason, fit ?? `Betrag passt zum offenen Rest von ${euro(invoice.openCents)}`].filter(Boolean).join('; '),
    creditCents: amountCents > invoice.openCents ? amountCents - invoice.openCents : 0n,
  };
}

export function matchCredit(credit: IncomingCredit, candidates: MatchCandidate[]): MatchResult {
  const text = credit.texts.join(' ');
  const named = candidates
    .map((candidate) => ({ candidate, how: namesReference(text, candidate) }))
    .filter((n) => n.how !== null);
  const byDue = (a: MatchCandidate, b: MatchCandidate) =>
    a.dueDate.localeCompare(b.dueDate) || a.invoiceId - b.invoiceId;

  if (named.length === 1) {
    const { candidate, how } = named[0];
    const label =
      how === 'rf' ? `Zahlungsreferenz ${candidate.paymentReference}` : `Rechnungsnummer ${candidate.invoiceNumber}`;
    if (credit.amountCents !== candidate.openCents) {
      return { state: 'suggested', invoiceId: candidate.invoiceId, note: `${label}; ${amountNote(credit, candidate)}` };
    }
    if (!payerFits(credit, candidate)) {
      return {
        state: 'suggested',
        invoiceId: candidate.invoiceId,
        note: `${label} und Betrag passen, der Zahler ist aber nicht als Kunde bekannt`,
      };
    }
    return { state: 'matched', invoiceId: candidate.invoiceId, note: `${label}, Betrag und Zahler passen` };
  }
  if (named.length > 1) {
    const exact = named.map((n) => n.candidate).filter((c) => c.openCents === credit.amountCents);
    const best = (exact.length > 0 ? exact : named.map((n) => n.candidate)).sort(byDue)[0];
    return {
      state: 'suggested',
      invoiceId: best.invoiceId,
      note: `Mehrere Rechnungen genannt (${named.map((n) => n.candidate.invoiceNumber).join(', ')})`,
    };
  }
  const nearly = candidates.filter((c) => nearlyNamesReference(text, c));
  if (nearly.length > 0) {
    const best = [...nearly].sort(
      (a, b) => Number(b.openCents === credit.amountCents) - Number(a.openCents === credit.amountCents) || byDue(a, b),
    )[0];
    return {
      state: 'suggested',
      invoiceId: best.invoiceId,
      note: `Referenz ähnlich ${best.invoiceNumber} (Tippfehler?)`,
    };
  }
  const fitting = candidates.filter((c) => c.openCents === credit.amountCents && payerFits(credit, c)).sort(byDue);
  if (fitting.length > 0) {
    const more = fitting.length > 1 ? `; ${fitting.length} Rechnungen kämen in Frage` : '';
    return {
      state: 'suggested',
      invoiceId: fitting[0].invoiceId,
      note: `Betrag und Zahler passen, keine Referenz${more}`,
    };
  }
  return { state: 'unassigned', invoiceId: null, note: null };
}

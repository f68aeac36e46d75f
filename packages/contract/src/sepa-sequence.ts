/**
 * The sequence type (SeqTp) of each collection in one pain.008 file (decision 0721). The
 * writer, the file check and the run page all use this one rule:
 *
 * - a mandate appears in a file with one sequence type only;
 * - a mandate that was never collected goes as FRST when the file holds exactly one of its
 *   invoices; with two or more, all of them go as RCUR, because FRST is optional since SEPA
 *   rulebook 9 (20 Nov 2016) and a first collection may be RCUR;
 * - a mandate collected before always goes as RCUR.
 *
 * So a file never holds FRST twice for one mandate, nor FRST and RCUR of one mandate, and
 * staff never have to split a run by hand.
 */
export type SequenceType = 'FRST' | 'RCUR';

export interface SequenceInput {
  mandateReference: string;
  /** The mandate has a collection that went to the bank (a run not discarded or returned). */
  collectedBefore: boolean;
}

export function assignSequenceTypes(items: SequenceInput[]): SequenceType[] {
  const perMandate = new Map<string, number>();
  for (const item of items) {
    const key = item.mandateReference.toUpperCase();
    perMandate.set(key, (perMandate.get(key) ?? 0) + 1);
  }
  return items.map((item) =>
    !item.collectedBefore && perMandate.get(item.mandateReference.toUpperCase()) === 1 ? 'FRST' : 'RCUR',
  );
}

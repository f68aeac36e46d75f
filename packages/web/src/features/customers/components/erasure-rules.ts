/** Same comparison as the server: spaces collapsed, case ignored. */
const normalise = (s: string) => s.trim().replace(/\s+/g, ' ').toLocaleLowerCase('de-AT');

/** The typed name confirms the erasure (decision 0423); the button stays disabled until it does. */
export type ErasureValues = { typed: string };

export const erasureStart = (): ErasureValues => ({ typed: '' });

export const erasureProblems = (v: ErasureValues, name: string): Partial<Record<keyof ErasureValues, string>> =>
  normalise(v.typed) === normalise(name) ? {} : { typed: 'Bitte geben Sie den Namen des Kunden ein' };

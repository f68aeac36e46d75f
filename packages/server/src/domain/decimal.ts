/**
 * Exact decimal arithmetic for money and hours. Values travel as strings or numbers
 * with at most 2 decimals and are computed as integer hundredths (BigInt), rounded
 * half-up (away from zero for negatives) only at the end.
 */

/** '12.5' | 12.5 → 1250n (hundredths). Throws on more than 2 decimals or non-numbers. */
export function toHundredths(value: string | number): bigint {
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  const match = /^(-)?(\d+)(?:\.(\d{1,2})\d*)?$/.exec(text);
  if (!match) throw new Error(`Not a decimal: ${value}`);
  const [, sign, whole, fraction = ''] = match;
  const result = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign ? -result : result;
}

/**
 * A decimal written in a file (an XSD decimal such as '1234.5', '0.00499', '.5', '+7') →
 * hundredths rounded half-up (away from zero), and whether it was exact: no digit other
 * than 0 after the cents. String arithmetic only, whatever the number of digits: a bank
 * file's amounts never pass through a float (decision 0725). Throws on anything else.
 */
export function parseDecimalText(value: string): { hundredths: bigint; exact: boolean } {
  const match = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!match || (match[2] ?? '') + (match[3] ?? '') === '') throw new Error(`Not a decimal: ${value}`);
  const [, sign, whole = '', fraction = ''] = match;
  const cents = BigInt(whole || '0') * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  const rest = fraction.slice(2);
  const roundUp = rest !== '' && rest[0] >= '5';
  const magnitude = cents + (roundUp ? 1n : 0n);
  return { hundredths: sign === '-' ? -magnitude : magnitude, exact: /^0*$/.test(rest) };
}

/** The exact sum of decimal texts (any number of decimals), rounded half-up to cents once, at the end. */
export function sumDecimalTexts(values: string[]): { hundredths: bigint; exact: boolean } {
  const parts = values.map((value) => {
    parseDecimalText(value); // the same grammar, and its error
    const [whole = '', fraction = ''] = value.trim().replace(/^\+/, '').split('.');
    return { whole: whole || '0', fraction };
  });
  const scale = Math.max(2, ...parts.map((p) => p.fraction.length));
  const total = parts.reduce(
    (sum, p) =>
      sum +
      BigInt(`${p.whole.replace('-', '')}${p.fraction.padEnd(scale, '0')}`) * (p.whole.startsWith('-') ? -1n : 1n),
    0n,
  );
  const digits = (total < 0n ? -total : total).toString().padStart(scale + 1, '0');
  return parseDecimalText(`${total < 0n ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`);
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
  // Round to 2 decimals first so 0.1 + 0.2 style noise never leaks in.
  return (Math.round(value * 100) / 100).toFixed(2);
}

/** Divides with half-up rounding (ties away from zero). */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (d * 2n);
  return negative ? -q : q;
}

/** hundredths → JSON number with 2 decimals (1250n → 12.5). */
export function fromHundredths(value: bigint): number {
  return Number(value) / 100;
}

/** hundredths → numeric column string ('12.50'). */
export function hundredthsToString(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** a × b for two 2-decimal values, rounded half-up to 2 decimals. */
export function multiply(a: string | number, b: string | number): bigint {
  return divideRounded(toHundredths(a) * toHundredths(b), 100n);
}

/** hours × price per hour × (1 − discount/100), rounded half-up to cents (DOMAIN-RULES §4). */
export function packageTotal(
  hours: string | number,
  pricePerHour: string | number,
  discountPercent: string | number,
): bigint {
  const gross = toHundredths(hours) * toHundredths(pricePerHour); // scale 1e4
  const remainingShare = 10_000n - toHundredths(discountPercent); // (1 − d/100), scale 1e4
  return divideRounded(gross * remainingShare, 10_000n * 100n);
}

/** Sum of 2-decimal values, exact. */
export function sum(values: Array<string | number>): bigint {
  return values.reduce<bigint>((acc, v) => acc + toHundredths(v), 0n);
}

/** Numeric column value (string) → JSON number; null/undefined → 0. */
export function num(value: string | number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  return typeof value === 'number' ? value : Number(value);
}

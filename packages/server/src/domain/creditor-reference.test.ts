import { describe, expect, it } from 'vitest';
import { creditorReference, formatCreditorReference, isValidCreditorReference } from './creditor-reference.js';

describe('creditor reference (ISO 11649)', () => {
  it('matches the standard example RF18 5390 0754 7034', () => {
    expect(creditorReference('539007547034')).toBe('RF18539007547034');
    expect(formatCreditorReference('RF18539007547034')).toBe('RF18 5390 0754 7034');
  });

  it('keeps letters and digits of an invoice number and validates its own output', () => {
    const ref = creditorReference('RE-2026/0030');
    expect(ref.slice(4)).toBe('RE20260030');
    expect(isValidCreditorReference(ref)).toBe(true);
  });

  it('rejects a reference with one digit changed', () => {
    expect(isValidCreditorReference('RF18539007547035')).toBe(false);
    expect(isValidCreditorReference('RF19539007547034')).toBe(false);
  });

  it('keeps at most 21 characters (the newest part of a long number)', () => {
    const ref = creditorReference('ABCDEFGHIJKLMNOPQRSTUVWXYZ-12');
    expect(ref.length).toBe(25);
    expect(isValidCreditorReference(ref)).toBe(true);
  });
});

import type { Product } from '@butler/contract/quickbill';
import { describe, expect, it } from 'vitest';
import { productBody, productProblems, productStart } from './product-rules';

describe('product dialog (SPEC §4)', () => {
  it('a new product starts as piece, 20 % and active; an edited one with its values', () => {
    expect(productStart(null)).toEqual({
      name: '',
      description: '',
      unit: 'Stk.',
      unit_price: '',
      tax_rate: '20',
      is_active: true,
    });
    const product = {
      id: 2,
      name: 'Fahrt',
      description: null,
      unit: 'km',
      unit_price: 0.5,
      tax_rate: 10,
      is_active: false,
    } as Product;
    expect(productStart(product)).toEqual({
      name: 'Fahrt',
      description: '',
      unit: 'km',
      unit_price: 0.5,
      tax_rate: '10',
      is_active: false,
    });
  });

  it('name, unit and price are required; a price of 0 is allowed', () => {
    const empty = { ...productStart(null), unit: ' ' };
    expect(productProblems(empty)).toEqual({
      name: 'Bitte geben Sie einen Namen an',
      unit_price: 'Bitte geben Sie einen Betrag an',
      unit: 'Bitte geben Sie eine Einheit an',
    });
    expect(productProblems({ ...productStart(null), name: 'Gratis', unit_price: 0 })).toEqual({});
  });

  it('sends numbers and an empty description as null', () => {
    expect(
      productBody({ ...productStart(null), name: 'Fahrt', unit_price: '12.5', tax_rate: '0', description: ' ' }),
    ).toEqual({ name: 'Fahrt', description: null, unit: 'Stk.', unit_price: 12.5, tax_rate: 0, is_active: true });
  });
});

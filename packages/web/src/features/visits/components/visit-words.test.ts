import { describe, expect, it } from 'vitest';
import { cancelledText, staffPlace } from './visit-words';

describe('cancelledText', () => {
  it('says who cancelled and why', () => {
    const text = cancelledText({ cancelled_by: 'Anna Huber', cancel_reason: 'Kunde krank' });
    expect(text.startsWith('abgesagt von Anna Huber')).toBe(true);
    expect(text.endsWith(': Kunde krank')).toBe(true);
  });

  it('leaves out what is not known', () => {
    expect(cancelledText({ cancelled_by: null, cancel_reason: 'Urlaub' })).toBe('abgesagt: Urlaub');
    expect(cancelledText({ cancelled_by: 'Anna Huber', cancel_reason: null })).not.toContain(':');
  });
});

describe('staffPlace', () => {
  it('prefers the written place, then the address', () => {
    expect(staffPlace({ place: 'Büro', customer_address: 'Hauptstraße 1, 1010 Wien' })).toBe('Büro');
    expect(staffPlace({ place: null, customer_address: 'Hauptstraße 1, 1010 Wien' })).toBe('Hauptstraße 1, 1010 Wien');
    expect(staffPlace({ place: null, customer_address: null })).toContain('Beim Kunden');
  });
});

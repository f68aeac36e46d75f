import { describe, expect, it } from 'vitest';
import { addressLine, mapsUrl } from './maps';

describe('the customer address for a visit', () => {
  it('reads as one line and leaves out what is missing', () => {
    expect(addressLine({ street: 'Mariahilfer Straße 12', postal_code: '1070', city: 'Wien' })).toBe(
      'Mariahilfer Straße 12, 1070 Wien',
    );
    expect(addressLine({ street: null, postal_code: '', city: 'Graz' })).toBe('Graz');
    expect(addressLine({ street: ' ', postal_code: null, city: null })).toBeNull();
  });

  it('opens the map app with the address as the search', () => {
    expect(mapsUrl('Mariahilfer Straße 12, 1070 Wien')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Mariahilfer%20Stra%C3%9Fe%2012%2C%201070%20Wien',
    );
  });
});

/**
 * A link that opens an address in the phone's map app or the browser (Google Maps' universal
 * address search: the app on Android and iOS where installed, the web page elsewhere).
 */
export function mapsUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** "Mariahilfer Straße 12, 1070 Wien" from the customer's address fields; null without any. */
export function addressLine(c: { street: string | null; postal_code: string | null; city: string | null }) {
  const place = [c.postal_code, c.city].filter((p) => p?.trim()).join(' ');
  const line = [c.street?.trim(), place].filter(Boolean).join(', ');
  return line || null;
}

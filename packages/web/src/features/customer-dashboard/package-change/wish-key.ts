/** A fresh key per opened dialog: a double tap or a retry files one wish (DESIGN.md §19). */
export function newWishKey() {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The customers this browser booked time for last (newest first), so the dialog offers
 * them first (decision 0531: on a phone the last used customer comes first). Names only, in
 * localStorage of the staff member's own device; cleared with the browser's data.
 */
export type RecentCustomer = { id: number; label: string };

const KEY = 'butler.recent-customers';
const KEEP = 3;

export function recentCustomers(): RecentCustomer[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((c) => Number.isInteger(c?.id) && typeof c?.label === 'string').slice(0, KEEP)
      : [];
  } catch {
    return [];
  }
}

export function rememberCustomer(customer: RecentCustomer) {
  const next = [customer, ...recentCustomers().filter((c) => c.id !== customer.id)].slice(0, KEEP);
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Private mode or full storage: the list is a convenience only.
  }
}

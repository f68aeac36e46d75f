import type { Permission } from '@butler/contract/permissions';

/**
 * The tabs of the one customer page (decision 0644): each in the address
 * (`/admin/customers/{id}/{slug}`, Übersicht without a slug) and shown only to roles with
 * one of its permissions, so a Buchhaltung user sees no Wiki and no Notizen.
 */
export const CUSTOMER_TABS = [
  { slug: '', label: 'Übersicht', any: ['customers.read'] },
  { slug: 'zeiterfassung', label: 'Zeiterfassung', any: ['time_entries.read', 'projects.read'] },
  { slug: 'stundenpakete', label: 'Stundenpakete', any: ['hour_packages.read'] },
  { slug: 'butlerpakete', label: 'ButlerPakete', any: ['subscriptions.read'] },
  { slug: 'auftraege', label: 'Aufträge', any: ['orders.read'] },
  { slug: 'rechnungen', label: 'Rechnungen', any: ['invoices.read', 'direct_debit.read'] },
  { slug: 'wiki', label: 'Wiki', any: ['wiki.read'] },
  { slug: 'notizen', label: 'Notizen & Familie', any: ['customers.private.read'] },
  { slug: 'datenschutz', label: 'Datenschutz', any: ['customers.privacy.export', 'customers.privacy.erase'] },
] as const satisfies readonly { slug: string; label: string; any: readonly Permission[] }[];

export type CustomerTab = (typeof CUSTOMER_TABS)[number];
export type CustomerTabSlug = CustomerTab['slug'];

/** The tabs a staff member with these permissions sees, in order. */
export function visibleTabs(can: (permission: Permission) => boolean): CustomerTab[] {
  return CUSTOMER_TABS.filter((tab) => tab.any.some((p) => can(p)));
}

/** The tab of an address: a visible one, else Übersicht (an old or foreign link still opens the page). */
export function tabOf(slug: string | undefined, visible: CustomerTab[]): CustomerTab {
  return visible.find((tab) => tab.slug === (slug ?? '')) ?? visible[0] ?? CUSTOMER_TABS[0];
}

/** The address of a customer's tab. */
export const customerPath = (id: number, slug: CustomerTabSlug = '') =>
  slug ? `/admin/customers/${id}/${slug}` : `/admin/customers/${id}`;

import { type Permission, ROLE_PERMISSIONS, type StaffRole } from '@butler/contract/permissions';
import { describe, expect, it } from 'vitest';
import { customerPath, tabOf, visibleTabs } from './customer-tabs';

const tabsOf = (role: StaffRole) =>
  visibleTabs((p: Permission) => ROLE_PERMISSIONS[role].includes(p)).map((t) => t.label);

describe('the customer page’s tabs by role (decision 0644)', () => {
  it('the Inhaber sees all nine, in the order of the issue (Aufträge before Rechnungen, decision 0810)', () => {
    expect(tabsOf('owner')).toEqual([
      'Übersicht',
      'Zeiterfassung',
      'Stundenpakete',
      'ButlerPakete',
      'Aufträge',
      'Rechnungen',
      'Wiki',
      'Notizen & Familie',
      'Datenschutz',
    ]);
  });
  it('the Buchhaltung sees no Wiki, no Notizen and no Zeiterfassung', () => {
    expect(tabsOf('accounting')).toEqual(['Übersicht', 'Stundenpakete', 'ButlerPakete', 'Aufträge', 'Rechnungen']);
  });
  it('a Butler sees no packages, prices or invoices', () => {
    expect(tabsOf('butler')).toEqual(['Übersicht', 'Zeiterfassung', 'Aufträge', 'Wiki', 'Notizen & Familie']);
  });
  it('the Büro sees everything but Datenschutz (DSGVO export and erasure are the Inhaber’s)', () => {
    expect(tabsOf('office')).not.toContain('Datenschutz');
    expect(tabsOf('office')).toHaveLength(8);
  });
  it('an unknown or hidden tab in the address opens Übersicht', () => {
    const accounting = visibleTabs((p: Permission) => ROLE_PERMISSIONS.accounting.includes(p));
    expect(tabOf('wiki', accounting).label).toBe('Übersicht');
    expect(tabOf('rechnungen', accounting).label).toBe('Rechnungen');
    expect(tabOf(undefined, accounting).label).toBe('Übersicht');
    expect(customerPath(7)).toBe('/admin/customers/7');
    expect(customerPath(7, 'wiki')).toBe('/admin/customers/7/wiki');
  });
});

import { ROLE_PERMISSIONS } from '@butler/contract/permissions';
import { describe, expect, it } from 'vitest';
import { homePath } from './permissions';

describe('homePath', () => {
  it('starts each role where its work is (decision 0540)', () => {
    expect(homePath(ROLE_PERMISSIONS.owner)).toBe('/admin/dashboard');
    expect(homePath(ROLE_PERMISSIONS.office)).toBe('/admin/dashboard');
    expect(homePath(ROLE_PERMISSIONS.butler)).toBe('/admin/dashboard');
    expect(homePath(ROLE_PERMISSIONS.accounting)).toBe('/admin/quickbill');
    expect(homePath(['customers.read'])).toBe('/admin/customers');
    expect(homePath([])).toBe('/admin/account');
  });
});

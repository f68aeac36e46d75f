import { expect, test } from '@playwright/test';
import { adminToken, apiCall, loginAsAdminInBrowser, uniqueEmail } from './fixtures/api';
import { screenshotBoth } from './fixtures/screenshots';

/**
 * Decision 0702: an invitation whose account has another address by now is not sent again:
 * the Postausgang shows "Erneut senden" disabled, with the reason beside it.
 */
test('Postausgang: an invitation to an address the account no longer has cannot be sent again, and says why', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const old = uniqueEmail('resi-alt');
  const customer = await apiCall<{ id: number }>(request, token, 'POST', '/api/customers', {
    first_name: 'Resi',
    last_name: 'Resend',
    email: old,
    send_invitation: true,
  });
  await apiCall(request, token, 'PUT', `/api/customers/${customer.id}`, { email: uniqueEmail('resi-neu') });

  await loginAsAdminInBrowser(page);
  await page.goto(`/admin/outbox?suche=${encodeURIComponent(old)}`);
  // The old address also got the security notice about the change; the invitation is the one with a link.
  const row = page.getByRole('row').filter({ hasText: old }).filter({ hasText: 'Einladung' });
  await expect(row).toHaveCount(1);
  const button = row.getByRole('button', { name: /^Erneut senden: / });
  await expect(button).toBeDisabled();
  await expect(
    row.getByText(/^Nicht erneut sendbar: Die E-Mail-Adresse des Kundenkontos wurde inzwischen geändert/),
  ).toBeVisible();
  await expect(button).toHaveAccessibleDescription(/Die E-Mail-Adresse des Kundenkontos wurde inzwischen geändert/);
  await screenshotBoth(page, 'mail-outbox-resend-refused');
});

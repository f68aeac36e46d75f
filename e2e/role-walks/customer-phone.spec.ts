import { loginAsCustomerInBrowser } from '../fixtures/api';
import { expectNoSeriousViolations } from '../fixtures/axe';
import { expectNoSidewaysScroll } from '../fixtures/backoffice';
import { DEMO_PASSWORD, expect, hoursIn, PHONE, test } from '../fixtures/walk';

/**
 * A customer on her phone (UX walk 2026-12-01, task 5; decision 0785): Maria Gruber, who
 * is addressed with "du", reads her hours, pays an open invoice on the same phone and answers
 * the Auftrag that waits for her (decision 0810).
 */
test.use(PHONE);

test('customer on a phone: one hours figure, paying on the same device in her voice', async ({ page }) => {
  test.setTimeout(120_000);
  // What the page copies, as the banking app would receive it when pasted.
  await page.addInitScript(() => {
    const copied: string[] = [];
    (window as unknown as { copied: string[] }).copied = copied;
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text), readText: async () => copied.at(-1) ?? '' },
    });
  });
  await loginAsCustomerInBrowser(page, 'maria.gruber@example.at', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: /Maria/ })).toBeVisible();

  await test.step('the big hours figure is the one usable now', async () => {
    // Under the ring: the ButlerPaket's "Jetzt verfügbar", and with Stundenpakete their sum.
    const usable = hoursIn(await page.getByTestId('usable-hours-butler').innerText());
    expect(usable).toHaveLength(1);
    const ring = page.getByTestId('subscription-ring-amount');
    await expect(ring).toBeVisible();
    // The ring prints "9,25h" (number and unit in two styles): read its number.
    const ringHours = hoursIn((await ring.innerText()).replace(/h$/, ' h'));
    expect.soft(ringHours, 'the ring shows what "Jetzt verfügbar" shows').toEqual(usable);
    const total = page.getByTestId('usable-hours-total');
    if (await total.count()) {
      const [sum] = hoursIn(await total.innerText());
      expect
        .soft(sum, 'no figure beside the ring is larger than the sum that can be used')
        .toBeGreaterThanOrEqual(usable[0]);
    }
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, 'lounge (390 px)', { soft: true });
  });

  const pay = page.getByRole('dialog', { name: /bezahlen/i });
  await test.step('paying on the phone: copy the payment at once, in her voice', async () => {
    await page
      .getByRole('button', { name: /^Bezahlen/ })
      .first()
      .click();
    // The payment details load after the dialog opens.
    await expect(pay.getByText(/RF\d\d/).first()).toBeVisible();
    const text = await pay.innerText();
    const iban = /AT\d{2}(?:\s?\d{4}){4}/.exec(text.replace(/\u00a0/g, ' '))?.[0];
    expect(iban, 'the IBAN is shown').toBeTruthy();
    const amount = /€\s?([\d.]+,\d\d)/.exec(text)?.[1];
    expect(amount, 'the amount is shown').toBeTruthy();
    // "RF63 2026 0007" in groups, the next line's text after a line break.
    const reference = /RF\d{2}(?: [A-Z0-9]{1,4})+/.exec(text.replace(/\u00a0/g, ' '))?.[0].replace(/\s/g, '');
    expect(reference, 'the Zahlungsreferenz is shown').toBeTruthy();
    // The lounge says "du": so does the dialog, and it does not ask to scan the phone's own screen.
    expect.soft(text, 'no "Sie" in a du lounge').not.toMatch(/\b(Sie|Ihnen|Ihre[mnrs]?)\b/);
    expect.soft(text, 'no instruction to scan the screen the customer is holding').not.toMatch(/Scannen Sie/);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, 'pay dialog (390 px)', { soft: true });

    // One tap puts IBAN, amount and reference on the clipboard, to paste into the banking app.
    const copyButtons = pay.getByRole('button', { name: /kopier/i });
    const count = await copyButtons.count();
    expect(count, 'a copy button').toBeGreaterThan(0);
    let copiedAll = false;
    for (let i = 0; i < count && !copiedAll; i++) {
      await copyButtons.nth(i).click();
      const last = await page.evaluate(() => (window as unknown as { copied: string[] }).copied.at(-1) ?? '');
      const flat = last.replace(/\s/g, '');
      copiedAll = flat.includes(iban!.replace(/\s/g, '')) && flat.includes(reference!) && last.includes(amount!);
    }
    expect.soft(copiedAll, 'one copy button copies IBAN, amount and Zahlungsreferenz together').toBe(true);
  });

  await test.step('her Aufträge: the one waiting for her says so in her voice, and she answers it', async () => {
    await page.goto('/customer/dashboard');
    const card = page.getByTestId('lounge-orders-card');
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByTestId('lounge-order').first()).toBeVisible();
    await card.getByRole('link', { name: /Stromrechnung prüfen/ }).click();
    await page.waitForURL(/\/customer\/auftraege\/\d+$/);
    await expect(page.getByTestId('order-state')).toHaveText('Wartet auf dich');
    const thread = page.getByTestId('order-thread');
    await expect(thread).toContainText('als Foto');
    // Staff's internal notes never reach her screen.
    await expect(page.getByTestId('order-message-internal')).toHaveCount(0);
    await expect
      .soft(page.getByRole('main'), 'no "Sie" in a du lounge')
      .not.toContainText(/\b(Sie|Ihnen|Ihre[mnrs]?)\b/);
    const reply = page.getByTestId('order-reply');
    const answer = `Die Rechnung liegt auf dem Küchentisch ${Date.now().toString(36)}`;
    await reply.getByRole('textbox', { name: 'Nachricht' }).fill(answer);
    await reply.getByRole('button', { name: 'Senden' }).click();
    await expect(thread).toContainText(answer);
    // Her answer hands it back to the Butler.
    await expect(page.getByTestId('order-state')).not.toHaveText('Wartet auf dich');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, 'Auftrag (Lounge, 390 px)', { soft: true });
  });
});

import { open, go, shot, text } from './.walk-lib';
(async () => {
  for (const w of [390, 1280] as const) {
    const { page, browser } = await open(w, 'martin.brunner@example.com');
    await go(page, '/customer/stunden-nachkaufen');
    await page.getByRole('button', { name: 'Bezahlen' }).first().click();
    await page.waitForTimeout(1500);
    await shot(page, `c-pay-${w}`, false);
    console.log(await page.locator('[role=dialog]').innerText().catch(() => 'no dialog'));
    await browser.close();
  }
})().catch((e) => { console.error(e); process.exit(1); });

import { open, go, shot, text } from './.walk-lib';
const [who, name, ...paths] = process.argv.slice(2);
(async () => {
  for (const w of [390, 1280] as const) {
    const { page, browser } = await open(w, who);
    for (const [i, p] of paths.entries()) { await go(page, p); await shot(page, `${name}-${i}-${w}`); if (process.env.TXT) console.log((await text(page)).slice(0, 4000)); }
    await browser.close();
  }
})().catch((e) => { console.error(e); process.exit(1); });

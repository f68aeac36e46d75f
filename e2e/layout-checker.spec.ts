import { expect, test } from '@playwright/test';
import { layoutFindings } from './fixtures/layout';

/**
 * The accessibility walk's layout check (fixtures/layout.ts) on a page built to hold each
 * defect once, and one look-alike that is no defect: so the walk's empty list of findings
 * means the screens are clean, not that the check sees nothing.
 */
/** Mantine's VisuallyHidden, as in the "Erste Schritte" links. */
const VISUALLY_HIDDEN =
  'border:0;clip:rect(0 0 0 0);height:1px;width:1px;margin:-1px;overflow:hidden;padding:0;position:absolute;white-space:nowrap';
const PAGE = `<!doctype html><html lang="de"><body style="margin:0;font:16px sans-serif">
  <div style="width:60px">eins zwei drei vier</div>
  <div style="width:60px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">AKTIVE BUTLERPAKETE</div>
  <div style="width:600px">breiter als das Telefon</div>
  <p style="line-height:1.55"><a href="#">Ersten Kunden anlegen<span style="${VISUALLY_HIDDEN}"> (offen)</span></a></p>
</body></html>`;

test('the layout check names squeezed, cut-off and too wide elements, and not a hidden label', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.setContent(PAGE);
  const findings = await layoutFindings(page, 'Prüfseite', 390);
  expect(findings).toHaveLength(3);
  expect(findings[0]).toMatch(/^Prüfseite @ 390 px: gequetscht <div> "eins zwei drei vier" \(4 Wörter auf 4 Zeilen/);
  expect(findings[1]).toMatch(/^Prüfseite @ 390 px: abgeschnitten <div> "AKTIVE BUTLERPAKETE"/);
  expect(findings[2]).toMatch(
    /^Prüfseite @ 390 px: zu breit <div> "breiter als das Telefon" \(reicht von 0 bis 600 px/,
  );
});

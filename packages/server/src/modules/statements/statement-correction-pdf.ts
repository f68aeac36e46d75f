import { formatDate } from '@butler/contract/format';
import { LETTER_TEXTS } from '@butler/contract/letter-texts';
import { COLOR, FONT, PAGE } from '../quickbill/pdf/pdf-kit.js';

/** A correction of an issued statement: when, which version it replaces, and what changed (decision 0771). */
export type StatementCorrection = { correctedOn: string; replacesIssuedOn: string; lines: string[] };

export const correctionTitle = (c: StatementCorrection) => `Korrektur vom ${formatDate(c.correctedOn)}`;

/** The marked box at the top of a correction: it replaces the statement of that day, and what changed. */
export function drawCorrection(
  doc: PDFKit.PDFDocument,
  voice: keyof typeof LETTER_TEXTS,
  correction: StatementCorrection,
) {
  const width = PAGE.right - PAGE.left;
  doc.moveDown(0.8);
  const top = doc.y;
  doc
    .font(FONT.bold)
    .fontSize(11)
    .fillColor(COLOR.accent)
    .text(correctionTitle(correction), PAGE.left + 10, top + 8, { width: width - 20 });
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(COLOR.text)
    .text(LETTER_TEXTS[voice].statementCorrectionPdfIntro(formatDate(correction.replacesIssuedOn)), {
      width: width - 20,
    });
  doc.moveDown(0.3);
  for (const line of correction.lines) doc.text(`• ${line}`, { width: width - 20 });
  const bottom = doc.y + 8;
  doc
    .rect(PAGE.left, top, width, bottom - top)
    .lineWidth(1)
    .strokeColor(COLOR.accent)
    .stroke();
  doc.y = bottom;
}

import { describe, expect, it } from 'vitest';
import { forecastText } from './forecast-note';

describe('the forecast sentence (decisions 0325, 0742)', () => {
  it('says "nur noch heute" instead of today’s date when less than a day’s use is left', () => {
    expect(forecastText({ until: '2026-12-01', until_term_end: false }, '2026-12-01')).toBe(
      'Reicht voraussichtlich nur noch heute',
    );
    expect(forecastText({ until: '2026-12-09', until_term_end: false }, '2026-12-01')).toBe(
      'Reicht voraussichtlich bis ca. 09.12.2026',
    );
    expect(forecastText({ until: '2026-12-31', until_term_end: true }, '2026-12-01')).toBe(
      'Reicht voraussichtlich bis zum Laufzeitende (31.12.2026)',
    );
  });
});

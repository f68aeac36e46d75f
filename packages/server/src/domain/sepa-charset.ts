/**
 * Transliteration into the SEPA basic character set (EPC217-08 best practices): umlauts
 * and ß spelled out, other accents dropped, "&" becomes "+", anything else a bank may
 * reject becomes "." (the EPC conversion table's fallback), runs of spaces collapse.
 */

const SPELLED: Record<string, string> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  ı: 'i',
  '&': '+',
  '€': 'EUR',
  '@': '(at)',
  _: '-',
  '–': '-',
  '—': '-',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '`': "'",
  '´': "'",
  '"': "'",
  '“': "'",
  '”': "'",
  '„': "'",
  '«': "'",
  '»': "'",
  '[': '(',
  ']': ')',
  '{': '(',
  '}': ')',
  ';': ',',
  '\t': ' ',
  '\n': ' ',
  '\r': ' ',
};

const ALLOWED = /[A-Za-z0-9/\-?:().,'+ ]/;

/** Text in the SEPA character set, at most `maxLength` characters (trimmed, never cut inside "ae"). */
export function toSepaText(value: string, maxLength = 140): string {
  let out = '';
  for (const char of value) {
    const spelled = SPELLED[char];
    if (spelled !== undefined) {
      out += spelled;
      continue;
    }
    if (ALLOWED.test(char)) {
      out += char;
      continue;
    }
    // é → e, č → c: the base letter once the combining marks are gone.
    const base = char.normalize('NFD').replace(/\p{M}/gu, '');
    out += base.length > 0 && [...base].every((c) => ALLOWED.test(c)) ? base : '.';
  }
  return out.replace(/\s+/g, ' ').trim().slice(0, maxLength).trim();
}

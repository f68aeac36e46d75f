import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ansiCsv, encodeWindows1252, fitsWindows1252 } from './ansi-csv.js';

/** Bytes Windows-1252 assigns nothing to. */
const UNASSIGNED = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);
/**
 * The code page as Microsoft publishes it for 0x80–0x9F (bestfit1252.txt / the WHATWG index),
 * written out here so the test does not read the table the encoder uses; the rest is Latin-1.
 * (Node's TextDecoder('windows-1252') decodes as Latin-1 and cannot serve as the reference.)
 */
const HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const decodeByte = (byte: number) => (byte >= 0x80 && byte <= 0x9f ? HIGH[byte - 0x80]! : String.fromCharCode(byte));
const decoder = { decode: (bytes: Uint8Array) => [...bytes].map(decodeByte).join('') };

describe('Windows-1252 (decision 0820)', () => {
  it('writes every assigned byte of the code page back to the byte the standard decoder reads it from', () => {
    for (let byte = 0; byte <= 0xff; byte += 1) {
      if (UNASSIGNED.has(byte)) continue;
      const char = decoder.decode(Uint8Array.of(byte));
      expect([...encodeWindows1252(char)], `byte 0x${byte.toString(16)} (${char})`).toEqual([byte]);
    }
  });

  it('keeps German and Austrian letters and the euro sign as single bytes', () => {
    expect([...encodeWindows1252('Ä Ö Ü ä ö ü ß €')]).toEqual([
      0xc4, 0x20, 0xd6, 0x20, 0xdc, 0x20, 0xe4, 0x20, 0xf6, 0x20, 0xfc, 0x20, 0xdf, 0x20, 0x80,
    ]);
    // Decomposed input (a combining diaeresis) is composed first.
    expect([...encodeWindows1252('u\u0308')]).toEqual([0xfc]);
  });

  it('drops accents the code page lacks and writes "?" for what has no base letter', () => {
    expect(decoder.decode(encodeWindows1252('Dvořák Łukasz 日本'))).toBe('Dvorák ?ukasz ??');
    expect(fitsWindows1252('Müller')).toBe(true);
    expect(fitsWindows1252('Dvořák')).toBe(false);
  });

  it('round-trips any text made of code page characters', () => {
    const chars = [...Array(256).keys()]
      .filter((b) => b >= 0x20 && b !== 0x7f && !UNASSIGNED.has(b))
      .map((b) => decoder.decode(Uint8Array.of(b)));
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...chars), { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        expect(decoder.decode(encodeWindows1252(text))).toBe(text.normalize('NFC'));
      }),
    );
  });
});

describe("the booking files' CSV (decision 0831)", () => {
  it("writes the one CSV writer's records as Windows-1252 bytes: no BOM, CRLF after every record", () => {
    const bytes = ansiCsv([
      ['Müller', { quoted: 'EUR' }, '-12,50'],
      ['=1', '€'],
    ]);
    expect(decoder.decode(bytes)).toBe('Müller;"EUR";-12,50\r\n\'=1;€\r\n');
    expect([...bytes.subarray(0, 3)]).toEqual([0x4d, 0xfc, 0x6c]);
  });
});

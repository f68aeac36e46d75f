import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { scaleImage } from './image-scale.js';

/** A PNG of width × height, transparent, with an opaque red block in the middle half. */
function logoPng(width: number, height: number) {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inside = x >= width / 4 && x < (width * 3) / 4 && y >= height / 4 && y < (height * 3) / 4;
      png.data.set(inside ? [220, 30, 30, 255] : [0, 0, 0, 0], (y * width + x) * 4);
    }
  }
  return PNG.sync.write(png);
}

const pixel = (image: { width: number; data: Buffer }, x: number, y: number) => [
  ...image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4),
];

describe('scaleImage (the logo in mails, decision 0665)', () => {
  it('shrinks a PNG into the bounds, keeping its proportions and its transparency', () => {
    const scaled = scaleImage(logoPng(1601, 400), { maxWidth: 480, maxHeight: 120 });
    expect(scaled).toMatchObject({ contentType: 'image/png', width: 480, height: 120 });
    const image = PNG.sync.read(scaled.content);
    expect([image.width, image.height]).toEqual([480, 120]);
    expect(pixel(image, 2, 2)).toEqual([0, 0, 0, 0]);
    expect(pixel(image, 240, 60)).toEqual([220, 30, 30, 255]);
    // The block starts at source x 401; target x 120 covers 400.2–403.5: partly transparent,
    // but red, not darkened by the transparent black beside it.
    const edge = pixel(image, 120, 60);
    expect(edge.slice(0, 3)).toEqual([220, 30, 30]);
    expect(edge[3]).toBeGreaterThan(150);
    expect(edge[3]).toBeLessThan(255);
  });

  it('bounds a tall logo by its height and never enlarges a small one', () => {
    expect(scaleImage(logoPng(300, 900), { maxWidth: 480, maxHeight: 120 })).toMatchObject({ width: 40, height: 120 });
    expect(scaleImage(logoPng(90, 30), { maxWidth: 480, maxHeight: 120 })).toMatchObject({ width: 90, height: 30 });
  });

  it('keeps a JPEG a JPEG and drops what it carried besides its pixels', () => {
    const width = 800;
    const height = 600;
    const data = Buffer.alloc(width * height * 4, 0xff);
    for (let i = 0; i < data.length; i += 4) data.set([20, 60, 200, 255], i);
    const source = jpeg.encode({ data, width, height, comments: ['Kamera: Standort 48.2,16.3'] }, 90).data;
    expect(source.toString('latin1')).toContain('Standort');
    const scaled = scaleImage(source, { maxWidth: 480, maxHeight: 120 });
    expect(scaled).toMatchObject({ contentType: 'image/jpeg', width: 160, height: 120 });
    expect(scaled.content.toString('latin1')).not.toContain('Standort');
    const decoded = jpeg.decode(scaled.content, { useTArray: true });
    expect([decoded.width, decoded.height]).toEqual([160, 120]);
    const [r, g, b] = decoded.data.subarray(4 * (60 * 160 + 80));
    expect(Math.abs(r - 20) + Math.abs(g - 60) + Math.abs(b - 200)).toBeLessThan(12);
  });

  it('refuses what is no PNG or JPEG, and images too large to decode', () => {
    expect(() =>
      scaleImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), { maxWidth: 1, maxHeight: 1 }),
    ).toThrow();
    const huge = Buffer.from(logoPng(1, 1));
    huge.writeUInt32BE(10_500, 16);
    huge.writeUInt32BE(10_500, 20);
    expect(() => scaleImage(huge, { maxWidth: 480, maxHeight: 120 })).toThrow('image too large to decode');
  });
});

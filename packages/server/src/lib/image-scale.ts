import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { imageDimensions } from './image-dimensions.js';

export type ScaledImage = { content: Buffer; contentType: 'image/png' | 'image/jpeg'; width: number; height: number };

/** Pixels decoded as RGBA, 4 bytes each. */
type Rgba = { width: number; height: number; data: Uint8Array };

/** The largest image this file decodes: the logo upload allows 2 megapixels (logo-limits.ts). */
const MAX_DECODE_PIXELS = 4_000_000;

function decode(bytes: Buffer): { image: Rgba; type: ScaledImage['contentType'] } {
  const size = imageDimensions(bytes);
  if (!size) throw new Error('not a PNG or JPEG image');
  if (size.width * size.height > MAX_DECODE_PIXELS) throw new Error('image too large to decode');
  if (bytes[0] === 0x89) return { image: PNG.sync.read(bytes), type: 'image/png' };
  const image = jpeg.decode(bytes, {
    useTArray: true,
    formatAsRGBA: true,
    maxResolutionInMP: 4,
    maxMemoryUsageInMB: 64,
  });
  return { image, type: 'image/jpeg' };
}

/** Source pixels a target pixel covers along one axis, each with the share it covers. */
function spans(from: number, to: number) {
  const ratio = from / to;
  return Array.from({ length: to }, (_, i) => {
    const start = i * ratio;
    const end = start + ratio;
    const cover: Array<[index: number, weight: number]> = [];
    for (let s = Math.floor(start); s < Math.min(Math.ceil(end), from); s++) {
      cover.push([s, Math.min(s + 1, end) - Math.max(s, start)]);
    }
    return cover;
  });
}

/**
 * Shrinks by averaging the area each target pixel covers (a box filter: sharp enough for a
 * logo, no ringing). Colours are weighted by their alpha so transparent pixels do not darken
 * the edges of a logo on a transparent background.
 */
function shrink(src: Rgba, width: number, height: number): Rgba {
  if (width === src.width && height === src.height) return src;
  const xs = spans(src.width, width);
  const ys = spans(src.height, height);
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      let area = 0;
      for (const [sy, wy] of ys[y]) {
        for (const [sx, wx] of xs[x]) {
          const i = (sy * src.width + sx) * 4;
          const w = wx * wy;
          const alpha = src.data[i + 3] * w;
          r += src.data[i] * alpha;
          g += src.data[i + 1] * alpha;
          b += src.data[i + 2] * alpha;
          a += alpha;
          area += w;
        }
      }
      const o = (y * width + x) * 4;
      if (a > 0) {
        out[o] = Math.round(r / a);
        out[o + 1] = Math.round(g / a);
        out[o + 2] = Math.round(b / a);
      }
      out[o + 3] = Math.round(a / area);
    }
  }
  return { width, height, data: out };
}

/**
 * A PNG or JPEG scaled down (never up) to fit `maxWidth` × `maxHeight`, in its own format,
 * re-encoded: what the image carried besides its pixels (EXIF, comments, a camera's
 * position) stays behind. Throws when the bytes are not a PNG or JPEG it can decode.
 */
export function scaleImage(bytes: Buffer, bounds: { maxWidth: number; maxHeight: number }): ScaledImage {
  const { image, type } = decode(bytes);
  const factor = Math.min(1, bounds.maxWidth / image.width, bounds.maxHeight / image.height);
  const width = Math.max(1, Math.round(image.width * factor));
  const height = Math.max(1, Math.round(image.height * factor));
  const scaled = shrink(image, width, height);
  if (type === 'image/jpeg') {
    const data = Buffer.from(scaled.data.buffer, scaled.data.byteOffset, scaled.data.byteLength);
    return { content: jpeg.encode({ data, width, height }, 88).data, contentType: type, width, height };
  }
  const png = new PNG({ width, height });
  png.data = Buffer.from(scaled.data.buffer, scaled.data.byteOffset, scaled.data.byteLength);
  return { content: PNG.sync.write(png, { colorType: 6, deflateLevel: 9 }), contentType: type, width, height };
}

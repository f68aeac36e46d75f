import sharp from 'sharp';
import { createSemaphore } from '../../lib/semaphore.js';

/** The longest edge a stored photo keeps: enough to see a broken tap, a tenth of the bytes. */
export const PHOTO_MAX_EDGE = 2048;
/** Pixels a photo may have before it is decoded (a 50 MP phone camera; a decompression bomb stops here). */
export const PHOTO_MAX_INPUT_PIXELS = 50_000_000;
/** Photos re-encoded at once per process (sharp works on libuv's threads, off the event loop). */
const PHOTOS_AT_ONCE = 2;
const slots = createSemaphore(PHOTOS_AT_ONCE);

export type CleanPhoto = { content: Buffer; contentType: 'image/jpeg' | 'image/png'; width: number; height: number };

/**
 * A photo as the portal stores it (decision 0811): turned upright by its EXIF orientation,
 * scaled down to PHOTO_MAX_EDGE and re-encoded in its own format. sharp writes no metadata
 * unless asked, so EXIF (camera, time, GPS position), XMP, IPTC and comments stay behind.
 * Throws for bytes it cannot decode or that exceed PHOTO_MAX_INPUT_PIXELS.
 */
export function cleanPhoto(bytes: Buffer, type: CleanPhoto['contentType']): Promise<CleanPhoto> {
  return slots.run(async () => {
    const pipeline = sharp(bytes, { limitInputPixels: PHOTO_MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: PHOTO_MAX_EDGE, height: PHOTO_MAX_EDGE, fit: 'inside', withoutEnlargement: true });
    const encoded = type === 'image/jpeg' ? pipeline.jpeg({ quality: 85 }) : pipeline.png({ compressionLevel: 9 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { content: data, contentType: type, width: info.width, height: info.height };
  });
}

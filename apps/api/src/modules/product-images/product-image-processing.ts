import { PRODUCT_IMAGE_WIDTHS } from '@petshop/domain';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** A 4000×3000 photo is 12 MP; anything far beyond that is a decompression bomb, not a product photo. */
const MAX_INPUT_PIXELS = 50_000_000;
const WEBP_QUALITY = 78;

// Images are processed one request at a time; libvips' cache only helps repeated reads of one file.
sharp.cache(false);

export const unsupportedImage = () =>
  new AppError(415, 'UNSUPPORTED_IMAGE', 'Envie uma imagem JPEG, PNG ou WebP de até 5 MB.');

export interface ImageVariant {
  width: number;
  bytes: Buffer;
}

/**
 * Reads the image by its content (never by the name or the declared type), turns it upright by its
 * EXIF orientation, drops its metadata (a phone photo carries the GPS position) and writes it as WebP
 * in each of the shop's widths, never enlarged.
 */
export async function productImageVariants(input: Buffer): Promise<ImageVariant[]> {
  let format: string | undefined;
  try {
    ({ format } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch {
    throw unsupportedImage();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw unsupportedImage();
  try {
    return await Promise.all(
      PRODUCT_IMAGE_WIDTHS.map(async (width) => ({
        width,
        bytes: await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer(),
      })),
    );
  } catch {
    // A header that reads well over a body that does not decode.
    throw unsupportedImage();
  }
}

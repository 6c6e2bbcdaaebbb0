import { randomUUID } from 'node:crypto';
import { productImageSrcSet, type UploadedProductImage } from '@petshop/domain';
import type { ImageStorage } from './image-storage';
import { productImageVariants } from './product-image-processing';

/** The width the product's `url` points at; the others reach the browser through `srcset`. */
const DEFAULT_WIDTH = 640;

/** Stores every width of the photo under one new name and answers the address the product keeps. */
export async function uploadProductImage(storage: ImageStorage, bytes: Buffer): Promise<UploadedProductImage> {
  const variants = await productImageVariants(bytes);
  const name = `products/${randomUUID()}`;
  const keys = variants.map((variant) => `${name}-${variant.width}.webp`);
  const written = await Promise.allSettled(variants.map((variant, i) => storage.put(keys[i] as string, variant.bytes)));
  const failed = written.find((w): w is PromiseRejectedResult => w.status === 'rejected');
  if (failed) {
    // All widths or none: a photo half stored (a full disk) leaves nothing behind.
    await Promise.all(keys.map((key) => storage.remove(key)));
    throw failed.reason;
  }
  const url = storage.urlFor(`${name}-${DEFAULT_WIDTH}.webp`);
  return { url, srcSet: productImageSrcSet(url) ?? url };
}

/**
 * How long an unused photo stays: catalogue answers are revalidated on every use (no max-age, see
 * the HTTP caching decision), so this covers pages already open in a browser and a photo uploaded
 * for a product form not yet saved.
 */
export const UNUSED_PHOTO_GRACE_MS = 60 * 60_000;

/**
 * Removes the photos (every width) no product names any more, a replaced or deleted product's, once
 * older than the grace period; and temporary files a crash left behind. Returns how many files went.
 */
export async function removeUnusedPhotos(
  storage: ImageStorage,
  urlsInUse: readonly string[],
  now: Date = new Date(),
): Promise<number> {
  const photoOf = (key: string) => /^products\/([\w-]+)-\d+\.webp(\.partial)?$/.exec(key)?.[1];
  const inUse = new Set(
    urlsInUse.map((url) => photoOf(url.replace(/^.*\/uploads\//, ''))).filter((id): id is string => Boolean(id)),
  );
  let removed = 0;
  for (const { key, writtenAt } of await storage.list('products/')) {
    const photo = photoOf(key);
    if (!photo || now.getTime() - writtenAt.getTime() < UNUSED_PHOTO_GRACE_MS) continue;
    if (inUse.has(photo) && !key.endsWith('.partial')) continue;
    await storage.remove(key);
    removed += 1;
  }
  return removed;
}

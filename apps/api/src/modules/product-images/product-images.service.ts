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
  await Promise.all(variants.map((variant) => storage.put(`${name}-${variant.width}.webp`, variant.bytes)));
  const url = storage.urlFor(`${name}-${DEFAULT_WIDTH}.webp`);
  return { url, srcSet: productImageSrcSet(url) ?? url };
}

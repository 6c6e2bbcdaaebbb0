/** The widths an uploaded product photo is stored in; the card uses the small one, the product page the large. */
export const PRODUCT_IMAGE_WIDTHS = [320, 640, 1280] as const;
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PRODUCT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The stored name of one width: '/uploads/products/<id>-640.webp'. */
const UPLOADED = /^(\/uploads\/products\/[0-9a-f-]{36})-(\d+)\.webp$/;

/** The `srcset` of an uploaded photo, or undefined for an address typed in by hand (one size only). */
export function productImageSrcSet(url: string): string | undefined {
  const match = UPLOADED.exec(url);
  if (!match) return undefined;
  return PRODUCT_IMAGE_WIDTHS.map((width) => `${match[1]}-${width}.webp ${width}w`).join(', ');
}

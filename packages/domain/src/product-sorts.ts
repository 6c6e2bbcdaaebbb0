// Apart from the catalogue's zod schemas: the shop's product grid imports these without loading zod.

/** How the shop's product lists may be ordered; without `sort`, as they were registered. */
export const PRODUCT_SORTS = ['name', 'price-asc', 'price-desc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

import type { posSaleBody } from '@petshop/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict } from '../../lib/app-error';
import * as packages from '../packages/packages.service';
import * as repo from './pos.repository';

type SaleInput = z.output<typeof posSaleBody>;

/** The sale's lines priced from the database: products at their price, services by the pet's size. */
export interface PricedLine {
  kind: 'produto' | 'servico' | 'pacote';
  productId: number | null;
  serviceId: number | null;
  packageId: number | null;
  petId: number | null;
  name: string;
  quantity: number;
  unitPriceCents: number;
}

export async function priceItems(db: Db, items: SaleInput['items']) {
  const productIds = items.flatMap((item) => ('productId' in item ? [item.productId] : []));
  const found = new Map((await repo.productsByIds(db, productIds)).map((p) => [p.id, p]));
  const lines: PricedLine[] = [];
  let customerId: number | null = null;
  const byProduct = new Map<number, PricedLine>();
  for (const [index, item] of items.entries()) {
    if ('productId' in item) {
      const product = found.get(item.productId);
      if (!product)
        throw badRequest(`Produto ${item.productId} não encontrado (item ${index + 1}).`, 'PRODUCT_NOT_FOUND');
      // A scanned twice product is one line with the sum of its quantities.
      const same = byProduct.get(product.id);
      if (same) {
        same.quantity += item.quantity;
        continue;
      }
      const line: PricedLine = {
        kind: 'produto',
        productId: product.id,
        serviceId: null,
        packageId: null,
        petId: null,
        name: product.name,
        quantity: item.quantity,
        unitPriceCents: product.priceCents,
      };
      byProduct.set(product.id, line);
      lines.push(line);
    } else if ('serviceId' in item) {
      const [offered, pet] = await Promise.all([repo.findService(db, item.serviceId), repo.findPet(db, item.petId)]);
      if (!offered)
        throw badRequest(`Serviço ${item.serviceId} não encontrado (item ${index + 1}).`, 'SERVICE_NOT_FOUND');
      if (!pet) throw badRequest(`Pet ${item.petId} não encontrado (item ${index + 1}).`, 'PET_NOT_FOUND');
      customerId ??= pet.userId;
      lines.push({
        kind: 'servico',
        productId: null,
        serviceId: offered.id,
        packageId: null,
        petId: pet.id,
        name: `${offered.name} — ${pet.name} (${pet.size})`,
        quantity: 1,
        unitPriceCents: offered[pet.size],
      });
    } else {
      const [pkg, pet] = await Promise.all([packageOnSale(db, item.packageId), repo.findPet(db, item.petId)]);
      if (!pkg) throw badRequest(`Pacote ${item.packageId} não encontrado (item ${index + 1}).`, 'PACKAGE_NOT_FOUND');
      if (!pet) throw badRequest(`Pet ${item.petId} não encontrado (item ${index + 1}).`, 'PET_NOT_FOUND');
      if (pkg.size && pkg.size !== pet.size)
        throw conflict(`Este pacote é para pets de porte ${pkg.size}.`, 'PACKAGE_SIZE_MISMATCH');
      customerId ??= pet.userId;
      lines.push({
        kind: 'pacote',
        productId: null,
        serviceId: null,
        packageId: pkg.id,
        petId: pet.id,
        name: `${pkg.name} — ${pet.name}`,
        quantity: 1,
        unitPriceCents: pkg.priceCents,
      });
    }
  }
  return { lines, customerId };
}

/** A package on sale, or undefined (one removed or off sale is not sold). */
async function packageOnSale(db: Db, id: number) {
  try {
    return await packages.onSale(db, id);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return undefined;
    throw error;
  }
}

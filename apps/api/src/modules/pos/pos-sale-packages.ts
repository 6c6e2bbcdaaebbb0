import type { Tx } from '../../db/client';
import * as packages from '../packages/packages.service';
import * as repo from './pos.repository';

/** A completed sale's packages give their pets the credits, once per sale line (the packages module's grant). */
export async function grantPackages(tx: Tx, saleId: number) {
  for (const item of await repo.itemsOf(tx, saleId)) {
    if (item.kind !== 'pacote' || item.packageId === null || item.petId === null) continue;
    await packages.grantPackage(tx, {
      packageId: item.packageId,
      petId: item.petId,
      source: 'balcao',
      ref: `venda-${saleId}-item-${item.id}`,
    });
  }
}

import type { Service } from '@petshop/domain';

/** Whether the price depends on the pet's size: then lists say 'a partir de' the smallest. */
export const pricedBySize = ({ prices }: Service) =>
  !(prices.Pequeno === prices.Médio && prices.Médio === prices.Grande);

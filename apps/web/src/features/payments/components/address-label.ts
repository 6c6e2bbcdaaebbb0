import { type AddressView, formatCep } from '@petshop/domain';

/** 'Nº 100, Apto 12 - São Paulo/SP - CEP 01310-100' */
export const addressLabel = (address: AddressView) =>
  `Nº ${address.number}${address.complement ? `, ${address.complement}` : ''} - ${address.city.name}/${address.state.uf} - CEP ${formatCep(address.cep)}`;

import { type AddressView, formatCep } from '@petshop/domain';

/** 'Avenida Paulista, 100, Apto 12 - Bela Vista - São Paulo/SP - CEP 01310-100' */
export function addressLabel(address: AddressView) {
  const place = `${address.number}${address.complement ? `, ${address.complement}` : ''}`;
  const street = address.street ? `${address.street}, ${place}` : `Nº ${place}`;
  const district = address.district ? ` - ${address.district}` : '';
  return `${street}${district} - ${address.city.name}/${address.state.uf} - CEP ${formatCep(address.cep)}`;
}

import { type AddressView, formatCep } from '@petshop/domain';

/** The address as a card shows it: ['Avenida Paulista, 100, Apto 12', 'Bela Vista', 'São Paulo/SP · CEP 01310-100']. */
export function addressLines(address: AddressView): string[] {
  const place = `${address.number}${address.complement ? `, ${address.complement}` : ''}`;
  const street = address.street ? `${address.street}, ${place}` : `Nº ${place}`;
  const city = `${address.city.name}/${address.state.uf} · CEP ${formatCep(address.cep)}`;
  return address.district ? [street, address.district, city] : [street, city];
}

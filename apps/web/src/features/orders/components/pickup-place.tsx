import { describeStoreWeek, storeAddressLine } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { storesQueryOptions } from '../../../api/stores';
import './pickup-place.css';

/** Where a pickup order waits: the store's name, address and opening hours (from the public list of stores). */
export function PickupPlace({ storeId }: { storeId: number }) {
  const stores = useQuery(storesQueryOptions());
  const store = stores.data?.find((candidate) => candidate.id === storeId);
  if (!store) return <p>Retirada na loja: o pedido espera por você no balcão.</p>;
  const address = storeAddressLine(store);
  return (
    <>
      <p>Retirada na loja: o pedido espera por você no balcão.</p>
      <address className="pickup-place">
        <strong>{store.name}</strong>
        {address && <span>{address}</span>}
        <span>Horário: {describeStoreWeek(store.hours)}</span>
      </address>
    </>
  );
}

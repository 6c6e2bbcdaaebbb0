import { describeStoreWeek, storeAddressLine } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { storesQueryOptions } from '../../../api/stores';
import './pickup-place.css';

interface PickupPlaceProps {
  storeId: number;
  /** the sentence above the store, as its reader is told (customer or staff) */
  lead?: string;
  className?: string;
}

/** Where a pickup order waits: the store's name, address and opening hours (from the public list of stores). */
export function PickupPlace({
  storeId,
  lead = 'Retirada na loja: o pedido espera por você no balcão.',
  className,
}: PickupPlaceProps) {
  const stores = useQuery(storesQueryOptions());
  const store = stores.data?.find((candidate) => candidate.id === storeId);
  if (!store) return <p className={className}>{lead}</p>;
  const address = storeAddressLine(store);
  return (
    <>
      <p className={className}>{lead}</p>
      <address className="pickup-place">
        <strong>{store.name}</strong>
        {address && <span>{address}</span>}
        <span>Horário: {describeStoreWeek(store.hours)}</span>
      </address>
    </>
  );
}

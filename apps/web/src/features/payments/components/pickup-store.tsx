import { describeStoreWeek, type StoreView, storeAddressLine } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { storesQueryOptions } from '../../../api/stores';
import { Button } from '../../../components/ui/button';
import { messageOf } from '../../../lib/api-client';
import './choice-cards.css';
import './pickup-store.css';

interface PickupStoreProps {
  /** the chosen store's id ('' until one is chosen) */
  value: string;
  onChange: (storeId: string) => void;
}

function StoreDetails({ store }: { store: StoreView }) {
  const address = storeAddressLine(store);
  return (
    <span className="choice-cards__line pickup-store__details">
      {address && <span>{address}</span>}
      <span>Horário: {describeStoreWeek(store.hours)}</span>
    </span>
  );
}

/**
 * Where to collect the order: the only store's address and hours, or (with several stores that do
 * pickup) a choice among them, each with its address and hours. The server checks that the chosen
 * store has every item.
 */
export function PickupStore({ value, onChange }: PickupStoreProps) {
  const stores = useQuery(storesQueryOptions());
  if (stores.isPending) return <p className="pickup-store__note">Carregando as lojas...</p>;
  if (stores.isError) {
    return (
      <div className="pickup-store__note" role="alert">
        <p>{messageOf(stores.error, 'Não foi possível carregar as lojas.')}</p>
        <Button variant="secondary" onClick={() => void stores.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  }
  const pickup = stores.data.filter((store) => store.pickup);
  const [only] = pickup;
  if (pickup.length <= 1) {
    return (
      <p className="pickup-store__note">
        Retire seu pedido na loja, sem custo de frete. Avisaremos quando ele estiver pronto para retirada.
        {only && (
          <>
            {' '}
            <strong>{only.name}</strong>: <StoreDetails store={only} />
          </>
        )}
      </p>
    );
  }
  return (
    <fieldset className="choice-cards">
      <legend className="choice-cards__legend">Loja de retirada</legend>
      {pickup.map((store) => (
        <label key={store.id} className="choice-cards__option">
          <input
            type="radio"
            name="storeId"
            value={store.id}
            checked={value === String(store.id)}
            onChange={() => onChange(String(store.id))}
          />
          <span>
            <span className="choice-cards__title">{store.name}</span>
            <StoreDetails store={store} />
          </span>
        </label>
      ))}
      <p className="pickup-store__hint">Sem custo de frete. Avisaremos quando o pedido estiver pronto para retirada.</p>
    </fieldset>
  );
}

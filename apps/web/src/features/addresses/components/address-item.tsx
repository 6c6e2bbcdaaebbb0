import { type AddressView, formatCep } from '@petshop/domain';
import { IconButton } from '../../../components/ui/icon-button';
import { EditIcon, TrashIcon } from '../../../components/ui/icons';

interface AddressItemProps {
  address: AddressView;
  onEdit: (address: AddressView) => void;
  onDelete: (address: AddressView) => void;
}

export function AddressItem({ address, onEdit, onDelete }: AddressItemProps) {
  const place = address.complement ? `${address.number}, ${address.complement}` : address.number;
  const label = `nº ${place}, ${address.city.name}`;
  const incomplete = address.street === '' || address.district === '';
  return (
    <li className="addresses-card__item">
      <div className="addresses-card__text">
        <span className="addresses-card__line">{incomplete ? `Número ${place}` : `${address.street}, ${place}`}</span>
        <span className="addresses-card__line">
          {address.district ? `${address.district}, ` : ''}
          {address.city.name} - {address.state.uf}
        </span>
        {incomplete && (
          <span className="addresses-card__line addresses-card__line--warning">
            Complete a rua e o bairro para receber entregas aqui.
          </span>
        )}
        <span className="addresses-card__line addresses-card__line--muted">CEP {formatCep(address.cep)}</span>
      </div>
      <div className="addresses-card__actions">
        <IconButton aria-label={`Editar endereço ${label}`} onClick={() => onEdit(address)}>
          <EditIcon />
        </IconButton>
        <IconButton aria-label={`Excluir endereço ${label}`} variant="danger" onClick={() => onDelete(address)}>
          <TrashIcon />
        </IconButton>
      </div>
    </li>
  );
}

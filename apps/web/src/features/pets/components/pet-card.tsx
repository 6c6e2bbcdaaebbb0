import { type PetView, petAgeText } from '@petshop/domain';
import { Link } from 'react-router';
import { IconButton } from '../../../components/ui/icon-button';
import { PawIcon, TrashIcon } from '../../../components/ui/icons';
import './pet-card.css';

interface PetCardProps {
  pet: PetView;
  onEdit: (pet: PetView) => void;
  onDelete: (pet: PetView) => void;
}

/** One of two colours, fixed per pet (by id parity) so it does not change on every render. */
export function PetCard({ pet, onEdit, onDelete }: PetCardProps) {
  const tone = pet.id % 2 === 0 ? 'even' : 'odd';
  return (
    <li className={`pet-card pet-card--${tone}`}>
      <button type="button" className="pet-card__main" onClick={() => onEdit(pet)} aria-label={`Editar ${pet.name}`}>
        <PawIcon size={28} className="pet-card__icon" />
        <span className="pet-card__name">{pet.name}</span>
        <span className="pet-card__details">
          {pet.specie} · {pet.size} · {petAgeText(pet)}
        </span>
      </button>
      <Link to={`/myPets/${pet.id}`} className="pet-card__health">
        Carteira de saúde<span className="visually-hidden"> de {pet.name}</span>
      </Link>
      <IconButton
        aria-label={`Excluir ${pet.name}`}
        variant="danger"
        className="pet-card__delete"
        onClick={() => onDelete(pet)}
      >
        <TrashIcon />
      </IconButton>
    </li>
  );
}

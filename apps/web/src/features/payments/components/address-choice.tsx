import type { AddressView } from '@petshop/domain';
import { addressLines } from './address-label';
import './choice-cards.css';

interface AddressChoiceProps {
  addresses: AddressView[];
  /** the chosen address's id ('' until one is chosen) */
  value: string;
  onChange: (addressId: string) => void;
}

/**
 * The delivery address as a list of cards, each address whole on its lines, since a select's one line
 * cuts them at 360 px. Native radios sharing a name in a fieldset, as the delivery choice: arrow keys
 * move, a screen reader hears the legend and '1 de 2'.
 */
export function AddressChoice({ addresses, value, onChange }: AddressChoiceProps) {
  return (
    <fieldset className="choice-cards">
      <legend className="choice-cards__legend">Endereço de entrega</legend>
      {addresses.map((address) => {
        const [first, ...rest] = addressLines(address);
        return (
          <label key={address.id} className="choice-cards__option">
            <input
              type="radio"
              name="addressId"
              value={address.id}
              checked={value === String(address.id)}
              onChange={() => onChange(String(address.id))}
            />
            <span className="choice-cards__text">
              <span className="choice-cards__title">{first}</span>
              {rest.map((line) => (
                <span key={line} className="choice-cards__line">
                  {line}
                </span>
              ))}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

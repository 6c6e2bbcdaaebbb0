import { DELIVERY_METHODS, type DeliveryMethod } from '@petshop/domain';
import './choice-cards.css';

const HINT: Record<DeliveryMethod, string> = {
  Entrega: 'Receba no endereço escolhido',
  'Retirada na loja': 'Grátis: retire na loja quando o pedido estiver pronto',
};

interface DeliveryChoiceProps {
  value: DeliveryMethod;
  onChange: (value: DeliveryMethod) => void;
}

/** 'Entrega' or 'Retirada na loja' as a native radio group (arrow keys move between them). */
export function DeliveryChoice({ value, onChange }: DeliveryChoiceProps) {
  return (
    <fieldset className="choice-cards">
      <legend className="choice-cards__legend">Forma de entrega</legend>
      {DELIVERY_METHODS.map((method) => (
        <label key={method} className="choice-cards__option">
          <input
            type="radio"
            name="deliveryMethod"
            value={method}
            checked={value === method}
            onChange={() => onChange(method)}
          />
          <span>
            <span className="choice-cards__title">{method}</span>
            <span className="choice-cards__line">{HINT[method]}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

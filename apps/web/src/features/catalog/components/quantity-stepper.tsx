import { IconButton } from '../../../components/ui/icon-button';
import { MinusIcon, PlusIcon } from '../../../components/ui/icons';
import './quantity-stepper.css';

interface QuantityStepperProps {
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}

/** Minus / value / plus; each button is disabled at its bound. */
export function QuantityStepper({ value, min, max, onChange, disabled = false }: QuantityStepperProps) {
  return (
    <fieldset className="quantity-stepper">
      <legend className="visually-hidden">Quantidade</legend>
      <IconButton
        aria-label="Diminuir quantidade"
        disabled={disabled || value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
      >
        <MinusIcon />
      </IconButton>
      <output className="quantity-stepper__value" aria-live="polite">
        {value}
      </output>
      <IconButton
        aria-label="Aumentar quantidade"
        disabled={disabled || value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        <PlusIcon />
      </IconButton>
    </fieldset>
  );
}

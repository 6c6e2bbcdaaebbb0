import { Select } from '../../../../components/ui/select';
import type { StockNames } from './use-stock-names';

interface ChoiceProps {
  names: StockNames;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  required?: boolean;
  /** The empty option's text; without it a choice is required. */
  anyLabel?: string;
}

export function StoreSelect({ names, label, value, onValueChange, required, anyLabel }: ChoiceProps) {
  return (
    <Select label={label} value={value} onValueChange={onValueChange} required={required}>
      <option value="">{anyLabel ?? 'Selecione'}</option>
      {names.stores.map((store) => (
        <option key={store.id} value={store.id}>
          {store.name}
        </option>
      ))}
    </Select>
  );
}

export function ProductSelect({ names, label, value, onValueChange, required, anyLabel }: ChoiceProps) {
  return (
    <Select label={label} value={value} onValueChange={onValueChange} required={required}>
      <option value="">{anyLabel ?? 'Selecione'}</option>
      {names.products.map((product) => (
        <option key={product.id} value={product.id}>
          {product.name}
        </option>
      ))}
    </Select>
  );
}

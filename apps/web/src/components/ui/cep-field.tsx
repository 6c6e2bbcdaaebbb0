import type { CepView } from '@petshop/domain';
import { CEP_STATUS_TEXT, useCepFill } from '../../hooks/use-cep-fill';
import { MaskedField } from './masked-field';
import './cep-field.css';

/** The address fields a CEP fills, in the forms' own names (state and city as select values). */
export interface CepAddress {
  street?: string;
  district?: string;
  stateId: string;
  cityId: string;
}

/** Only what the CEP service knows replaces what is there: a city-wide CEP has no street. */
const addressOf = (found: CepView): CepAddress => ({
  ...(found.street ? { street: found.street } : {}),
  ...(found.district ? { district: found.district } : {}),
  stateId: String(found.state.id),
  cityId: found.city ? String(found.city.id) : '',
});

interface CepFieldProps {
  /** the CEP's digits */
  value: string;
  error?: string | undefined;
  onChange: (digits: string) => void;
  /** a complete CEP was found: the fields to fill */
  onFound: (address: CepAddress) => void;
}

/**
 * A CEP input that looks the address up once the eighth digit is typed, with a spoken status line
 * (searching, filled, not found, service down). Every address form of the shop uses it.
 */
export function CepField({ value, error, onChange, onFound }: CepFieldProps) {
  const cep = useCepFill((found) => onFound(addressOf(found)));
  return (
    <>
      <MaskedField
        label="CEP"
        mask="cep"
        name="cep"
        autoComplete="postal-code"
        required
        value={value}
        onValueChange={(digits) => {
          onChange(digits);
          if (digits !== value) void cep.lookUp(digits);
        }}
        error={error}
      />
      <p className="cep-field__status" role="status">
        {CEP_STATUS_TEXT[cep.status]}
      </p>
    </>
  );
}

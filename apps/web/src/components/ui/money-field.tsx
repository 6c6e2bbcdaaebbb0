import { type InputHTMLAttributes, useEffect, useRef } from 'react';
import { IMaskInput } from 'react-imask';
import { Field } from './field';

/**
 * A pasted 'R$ 1.234,56' has a comma and dots: its dots group thousands. Typed alone, a dot is the
 * decimal point ('39.90' is R$ 39,90, whatever the browser's language), by `mapToRadix`.
 */
const dotsGroupThousands = (text: string) =>
  text.includes(',') && text.includes('.') ? text.replaceAll('.', '') : text;

/** The mask's options, a fresh object per render (IMask keeps and mutates what it is given). */
export const moneyMask = () => ({
  mask: 'R$ num',
  prepare: dotsGroupThousands,
  blocks: {
    num: {
      mask: Number,
      scale: 2,
      radix: ',',
      mapToRadix: ['.'],
      thousandsSeparator: '.',
      padFractionalZeros: true,
      normalizeZeros: true,
      min: 0,
      max: 9_999_999.99,
    },
  },
});

/** What of react-imask's component instance (its `ref`) is used here: the mask it drives. */
interface MaskHolder {
  maskRef: { _saveSelection(): void };
}

const isMaskHolder = (value: unknown): value is MaskHolder => {
  if (typeof value !== 'object' || value === null || !('maskRef' in value)) return false;
  const mask = value.maskRef;
  return (
    typeof mask === 'object' && mask !== null && '_saveSelection' in mask && typeof mask._saveSelection === 'function'
  );
};

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'defaultValue' | 'type'>;

export interface MoneyInputProps extends InputProps {
  /** The amount as a plain decimal ('39.9'), '' when empty; the input shows 'R$ 39,90'. */
  value: string;
  onValueChange: (amount: string) => void;
}

/** A bare money input (for a table cell); `MoneyField` adds the label and error. */
export function MoneyInput({ value, onValueChange, className, ...props }: MoneyInputProps) {
  // IMask's own form of '15.90' is '15.9': given anything else, it would reset itself to the prop
  // on every render and undo what the person deletes.
  const amount = value.trim() === '' || Number.isNaN(Number(value)) ? value : String(Number(value));
  // As in MaskedField: the mask takes the amount only when the prop itself changes, since IMask
  // writes the value it is rendered with back into the input and a field re-rendered before its
  // form (inside a dialog) would rewind the digit just typed (docs/decisions/0111).
  const given = useRef(amount);
  const held = useRef(amount);
  if (amount !== given.current) {
    given.current = amount;
    held.current = amount;
  }
  // Text put in over a selection in one event (a paste, autofill, Playwright's fill) must replace
  // it: '15.5' over 'R$ 10,00' had become R$ 15.510,00. The mask moved the caret past 'R$ ' on
  // focus, collapsing a selection made with the focus (fill selects, then focuses), and it works
  // out each edit from the selection it saved last, on keys and clicks only. So the mask does not
  // hear the focus (a click still aligns the caret), and just before any edit it is shown the
  // selection that edit replaces.
  const holder = useRef<MaskHolder | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    const saveSelection = () => holder.current?.maskRef._saveSelection();
    const keepSelection = (event: FocusEvent) => event.stopImmediatePropagation();
    element.addEventListener('beforeinput', saveSelection, true);
    element.addEventListener('focus', keepSelection, true);
    return () => {
      element.removeEventListener('beforeinput', saveSelection, true);
      element.removeEventListener('focus', keepSelection, true);
    };
  }, []);
  return (
    <IMaskInput
      {...props}
      {...moneyMask()}
      ref={(instance: unknown) => {
        holder.current = isMaskHolder(instance) ? instance : null;
      }}
      inputRef={input}
      className={className ?? 'field__control'}
      unmask
      value={held.current}
      onAccept={(accepted: string) => {
        held.current = accepted;
        onValueChange(accepted);
      }}
      inputMode="decimal"
      type="text"
    />
  );
}

export interface MoneyFieldProps extends MoneyInputProps {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  id?: string | undefined;
}

/** Accepts '39,90', '39.90' and 'R$ 39,90' alike, and shows R$ 39,90. */
export function MoneyField({ label, error, hint, id, className, ...props }: MoneyFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <MoneyInput {...props} {...control} />}
    </Field>
  );
}

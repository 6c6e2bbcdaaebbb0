import { formatPhone } from '@petshop/domain';

/** A deleted account keeps its appointments with its phone blanked to zeros: nothing to call. */
export const isCallable = (phone: string) => /[1-9]/.test(phone);

interface CustomerPhoneProps {
  phone: string;
  className?: string;
  /** the link's accessible name, when the visible number needs context */
  label?: string;
}

/** The customer's phone as a tel: link, or 'sem telefone' for a deleted account. */
export function CustomerPhone({ phone, className, label }: CustomerPhoneProps) {
  if (!isCallable(phone)) return <span className={className}>sem telefone</span>;
  return (
    <a className={className} href={`tel:+55${phone}`} aria-label={label}>
      {formatPhone(phone)}
    </a>
  );
}

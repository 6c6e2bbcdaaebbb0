import { PAYMENT_METHODS, PAYMENT_MISSING_MESSAGE, type PaymentResult, payBody } from '@petshop/domain';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { FormAlert } from '../../../components/ui/form-alert';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { LoadingState } from '../../../components/ui/spinner';
import { messageOf } from '../../../lib/api-client';
import { useAddresses } from '../api/get-addresses';
import { usePay } from '../api/pay';
import { newIdempotencyKey } from '../idempotency-key';
import { addressLabel } from './address-label';
import './payment-dialog.css';

interface PaymentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cartId: number;
  onPaid: (result: PaymentResult) => void;
}

const FORM_ID = 'payment-form';

export function PaymentDialog({ open, onOpenChange, cartId, onPaid }: PaymentDialogProps) {
  const addresses = useAddresses(open);
  const payment = usePay();
  const [addressId, setAddressId] = useState('');
  const [method, setMethod] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Kept for the whole attempt: a second click or a retried request replays the same payment.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (payment.isPending) return;
    const parsed = payBody.safeParse({ cartId, addressId: Number(addressId) || undefined, paymentMethod: method });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? PAYMENT_MISSING_MESSAGE);
      return;
    }
    setError(null);
    payment.mutate(
      { body: parsed.data, idempotencyKey },
      {
        onSuccess: (response) => onPaid(response.data),
        onError: (failure) => {
          // The attempt failed and changed nothing: the next one is a new payment.
          setIdempotencyKey(newIdempotencyKey());
          toast.error(`Erro ao processar pagamento: ${messageOf(failure, 'Erro desconhecido.')}`);
        },
      },
    );
  };

  const list = addresses.data ?? [];
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Pagamento"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={payment.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form={FORM_ID} loading={payment.isPending}>
            Confirmar Pagamento
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className="payment-dialog" onSubmit={submit} noValidate>
        {addresses.isPending ? (
          <LoadingState />
        ) : addresses.isError ? (
          <p className="payment-dialog__note" role="alert">
            {messageOf(addresses.error, 'Erro ao buscar endereços.')}
          </p>
        ) : list.length === 0 ? (
          <div className="payment-dialog__note">
            <p>Você ainda não tem endereços cadastrados.</p>
            <ButtonLink variant="secondary" to="/user">
              Cadastrar endereço
            </ButtonLink>
          </div>
        ) : (
          <Select
            label="Endereço de entrega"
            placeholder="Selecione um endereço"
            value={addressId}
            onChange={(event) => setAddressId(event.target.value)}
          >
            {list.map((address) => (
              <option key={address.id} value={address.id}>
                {addressLabel(address)}
              </option>
            ))}
          </Select>
        )}
        <Select
          label="Método de pagamento"
          placeholder="Selecione um método de pagamento"
          value={method}
          onChange={(event) => setMethod(event.target.value)}
        >
          {PAYMENT_METHODS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
        <FormAlert message={error} />
      </form>
    </Modal>
  );
}

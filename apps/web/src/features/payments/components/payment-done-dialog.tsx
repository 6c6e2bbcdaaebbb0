import type { PaymentResult } from '@petshop/domain';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { PaymentCode } from './payment-code';

interface PaymentDoneDialogProps {
  result: PaymentResult;
  onDone: () => void;
}

/** Pix and Boleto are paid outside the shop: the code stays on screen until the customer moves on. */
export function PaymentDoneDialog({ result, onDone }: PaymentDoneDialogProps) {
  const { pixCode, boletoCode } = result.payment;
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onDone()}
      title="Pagamento realizado com sucesso!"
      description={
        pixCode
          ? 'Pague com o Pix copia e cola abaixo no app do seu banco. O pedido fica em processamento até a confirmação.'
          : 'Pague o boleto com a linha digitável abaixo. O pedido fica em processamento até a confirmação.'
      }
      footer={<Button onClick={onDone}>Ver meus pedidos</Button>}
    >
      {pixCode && <PaymentCode label="Pix copia e cola" code={pixCode} />}
      {boletoCode && <PaymentCode label="Linha digitável do boleto" code={boletoCode} />}
    </Modal>
  );
}

import type { PosSaleView } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { sandboxModeQueryOptions, sandboxPayMutation } from '../../../api/payments';
import { cancelPosSaleMutation } from '../../../api/pos';

type PixCharge = NonNullable<PosSaleView['payments'][number]['pix']>;

/** A counter Pix waiting: the QR fills the screen for the customer; the till polls the sale meanwhile. */
export function PixWait({ sale, pix }: { sale: PosSaleView; pix: PixCharge }) {
  const cancel = useMutation(cancelPosSaleMutation());
  return (
    <div className="pos-pix" role="dialog" aria-label="Pix do caixa">
      <h1>Pague com Pix</h1>
      <img src={pix.pixQrCode} alt="QR Code do Pix" />
      <p className="pos-pix-code">{pix.pixCode}</p>
      <p role="status">Aguardando o pagamento…</p>
      <SandboxPay txid={pix.txid} />
      <button type="button" className="pos-big" disabled={cancel.isPending} onClick={() => cancel.mutate(sale.id)}>
        Cancelar venda
      </button>
      {cancel.isError && <p role="alert">Não foi possível cancelar a venda. Tente de novo.</p>}
    </div>
  );
}

/** Sandbox only: the customer's bank paying the QR, as on the shop's Pix dialog (hidden elsewhere). */
function SandboxPay({ txid }: { txid: string }) {
  const sandbox = useQuery(sandboxModeQueryOptions());
  const pay = useMutation(sandboxPayMutation());
  if (sandbox.data !== true) return null;
  return (
    <>
      <button
        type="button"
        className="pos-big"
        onClick={() => pay.mutate(txid)}
        disabled={pay.isPending || pay.isSuccess}
      >
        Simular pagamento (ambiente de testes)
      </button>
      {pay.isError && <p role="alert">Não foi possível simular o pagamento. Tente de novo.</p>}
    </>
  );
}

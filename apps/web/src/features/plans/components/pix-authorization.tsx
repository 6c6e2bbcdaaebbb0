import type { SubscriptionView } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { sandboxModeQueryOptions } from '../../../api/payments';
import { sandboxAuthorizeMutation } from '../../../api/plans';
import { PaymentCode } from '../../../components/charge/payment-code';
import { Button } from '../../../components/ui/button';
import { messageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

/** The Pix Automático authorisation: the QR the customer scans in their bank app, once. */
export function PixAuthorization({ subscription }: { subscription: SubscriptionView }) {
  const sandbox = useQuery(sandboxModeQueryOptions());
  const simulate = useMutation(sandboxAuthorizeMutation());
  const authorization = subscription.authorization;
  if (!authorization) return null;
  const authorize = () =>
    simulate.mutate(subscription.id, {
      onSuccess: (res) => toast.success(res.message ?? 'Autorização simulada.'),
      onError: (error) => toast.error(messageOf(error, 'Não foi possível simular a autorização.')),
    });
  return (
    <div className="plan-authorization">
      <p>
        Abra o app do seu banco, escolha <strong>Pix Automático</strong> e leia o QR Code para autorizar as cobranças de
        cada ciclo. Você autoriza uma vez e pode cancelar quando quiser.
      </p>
      <img
        className="plan-authorization__qr"
        src={authorization.pixQrCode}
        alt="QR Code do Pix Automático: aponte a câmera do app do seu banco"
        width={200}
        height={200}
      />
      <PaymentCode label="Pix Automático copia e cola" code={authorization.pixCopiaECola} />
      {sandbox.data === true && (
        <Button variant="secondary" onClick={authorize} loading={simulate.isPending} disabled={simulate.isSuccess}>
          Simular autorização (ambiente de testes)
        </Button>
      )}
    </div>
  );
}

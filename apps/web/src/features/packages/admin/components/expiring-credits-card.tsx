import { businessMoment, CREDITS_EXPIRING_DAYS, formatDate } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { expiringCreditsQueryOptions } from '../../../../api/packages';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { DataTable } from '../../../../components/ui/data-table';
import { EmptyState } from '../../../../components/ui/empty-state';
import { LoadingState } from '../../../../components/ui/spinner';
import { messageOf } from '../../../../lib/api-client';

const day = (iso: string) => formatDate(businessMoment(new Date(iso)).date);

/** The dashboard's credits that expire within 30 days: who to call before they are lost. */
export function ExpiringCreditsCard() {
  const credits = useQuery(expiringCreditsQueryOptions(CREDITS_EXPIRING_DAYS));
  return (
    <Card title={`Créditos a vencer em ${CREDITS_EXPIRING_DAYS} dias`} titleId="expiring-credits-title">
      {credits.isPending ? (
        <LoadingState />
      ) : credits.isError ? (
        <EmptyState
          message={messageOf(credits.error, 'Erro ao carregar os créditos.')}
          action={<Button onClick={() => void credits.refetch()}>Tentar novamente</Button>}
        />
      ) : credits.data.length === 0 ? (
        <EmptyState message="Nenhum crédito vence nos próximos 30 dias." />
      ) : (
        <DataTable
          plain
          rows={credits.data}
          rowKey={(credit) => credit.id}
          columns={[
            { label: 'Vence em', cell: (credit) => day(credit.expiresAt) },
            { label: 'Cliente', cell: (credit) => credit.customerName },
            { label: 'Pet', cell: (credit) => credit.petName },
            { label: 'Pacote', cell: (credit) => credit.packageName },
            { label: 'Créditos', cell: (credit) => String(credit.remaining) },
          ]}
        />
      )}
    </Card>
  );
}

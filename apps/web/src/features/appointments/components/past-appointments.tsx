import { useInfiniteQuery } from '@tanstack/react-query';
import { myPastAppointmentsQueryOptions } from '../../../api/appointments';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadingState } from '../../../components/ui/spinner';
import { messageOf } from '../../../lib/api-client';
import { AppointmentsTable } from './appointments-table';
import { customerColumns } from './customer-columns';

/** The 'Histórico' tab: done, missed and cancelled appointments, the latest first, 10 at a time. */
export function PastAppointments() {
  const history = useInfiniteQuery(myPastAppointmentsQueryOptions());
  if (history.isPending) return <LoadingState />;
  if (history.isError) {
    return (
      <div className="appointments-card__error">
        <FormAlert message={messageOf(history.error, 'Erro ao buscar o histórico de agendamentos.')} />
        <Button variant="secondary" onClick={() => history.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  }
  const rows = history.data.pages.flatMap((page) => page.data);
  if (rows.length === 0) return <EmptyState message="Nenhum agendamento concluído, perdido ou cancelado." />;
  return (
    <>
      <AppointmentsTable appointments={rows} columns={customerColumns} />
      {history.hasNextPage && (
        <Button
          variant="secondary"
          className="appointments-card__more"
          loading={history.isFetchingNextPage}
          onClick={() => history.fetchNextPage()}
        >
          Carregar mais
        </Button>
      )}
    </>
  );
}

import { formatDate, formatMoney } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { historyQueryOptions } from '../../../api/pet-health';
import { Card } from '../../../components/ui/card';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadingState } from '../../../components/ui/spinner';
import { messageOf } from '../../../lib/api-client';

/** Past visits, newest first: service, professional, price and the staff's note when there is one. */
export function VisitHistoryCard({ petId }: { petId: number }) {
  const history = useQuery(historyQueryOptions(petId));
  return (
    <Card title="Histórico de atendimentos" titleId="pet-health-history">
      {history.isPending ? (
        <LoadingState />
      ) : history.isError ? (
        <FormAlert message={messageOf(history.error, 'Erro ao carregar o histórico. Tente novamente.')} />
      ) : history.data.length === 0 ? (
        <p className="health-empty">Nenhum atendimento realizado ainda.</p>
      ) : (
        <ul className="health-list" aria-label="Atendimentos">
          {history.data.map((visit) => (
            <li key={visit.id} className="health-list__item">
              <div className="health-list__main">
                <span className="health-list__title">
                  {formatDate(visit.appointment_date)} às {visit.appointment_time} · {visit.service.name}
                </span>
                <span>
                  Com {visit.employer.name}
                  {visit.price !== null && ` · ${formatMoney(visit.price)}`}
                </span>
                {visit.note && <span className="health-list__note">Observação: {visit.note}</span>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

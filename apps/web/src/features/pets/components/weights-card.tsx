import { formatDate } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { weightsQueryOptions } from '../../../api/pet-health';
import { Card } from '../../../components/ui/card';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadingState } from '../../../components/ui/spinner';
import { messageOf } from '../../../lib/api-client';
import { formatKg, weightTrend } from './health-dates';
import { WeightChart } from './weight-chart';
import { WeightForm } from './weight-form';

/** The trend since the first weighing in words and as a chart, the weighings newest first, and the add form. */
export function WeightsCard({ petId }: { petId: number }) {
  const weights = useQuery(weightsQueryOptions(petId));
  const trend = weights.data ? weightTrend(weights.data, formatDate) : null;
  return (
    <Card title="Peso" titleId="pet-health-weights">
      {weights.isPending ? (
        <LoadingState />
      ) : weights.isError ? (
        <FormAlert message={messageOf(weights.error, 'Erro ao carregar pesagens. Tente novamente.')} />
      ) : weights.data.length === 0 ? (
        <p className="health-empty">Nenhuma pesagem registrada.</p>
      ) : (
        <>
          {trend && <p className="health-trend">{trend}</p>}
          {weights.data.length >= 2 && <WeightChart weights={weights.data} />}
          <ul className="health-list" aria-label="Pesagens">
            {[...weights.data].reverse().map((weight) => (
              <li key={weight.id} className="health-list__item">
                <span className="health-list__title">{formatKg(weight.kg)}</span>
                <span>{formatDate(weight.measuredOn)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <WeightForm petId={petId} />
    </Card>
  );
}

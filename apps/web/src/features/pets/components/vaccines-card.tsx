import { businessToday, formatDate, type VaccineView } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteVaccineMutation, vaccinesQueryOptions } from '../../../api/pet-health';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { IconButton } from '../../../components/ui/icon-button';
import { TrashIcon } from '../../../components/ui/icons';
import { LoadingState } from '../../../components/ui/spinner';
import { messageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { dueState } from './health-dates';
import { VaccineDueBadge } from './vaccine-due-badge';
import { VaccineForm } from './vaccine-form';

/** The vaccine card: applied and next-dose dates with a due badge, delete, and the add form. */
export function VaccinesCard({ petId }: { petId: number }) {
  const vaccines = useQuery(vaccinesQueryOptions(petId));
  const remove = useMutation(deleteVaccineMutation(petId));
  const [deleting, setDeleting] = useState<VaccineView | null>(null);
  const today = businessToday();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success('Vacina excluída com sucesso!'),
      onError: (failure) => toast.error(messageOf(failure, 'Erro ao excluir vacina. Tente novamente.')),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Card title="Vacinas" titleId="pet-health-vaccines">
      {vaccines.isPending ? (
        <LoadingState />
      ) : vaccines.isError ? (
        <FormAlert message={messageOf(vaccines.error, 'Erro ao carregar vacinas. Tente novamente.')} />
      ) : vaccines.data.length === 0 ? (
        <p className="health-empty">Nenhuma vacina registrada.</p>
      ) : (
        <ul className="health-list" aria-label="Vacinas registradas">
          {vaccines.data.map((vaccine) => (
            <li key={vaccine.id} className="health-list__item">
              <div className="health-list__main">
                <span className="health-list__title">{vaccine.name}</span>
                <span>Aplicada em {formatDate(vaccine.appliedOn)}</span>
                {vaccine.nextDueOn && (
                  <span>
                    Próxima dose em {formatDate(vaccine.nextDueOn)}{' '}
                    <VaccineDueBadge state={dueState(vaccine.nextDueOn, today)} />
                  </span>
                )}
              </div>
              <IconButton
                aria-label={`Excluir vacina ${vaccine.name}`}
                variant="danger"
                onClick={() => setDeleting(vaccine)}
              >
                <TrashIcon />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      <VaccineForm petId={petId} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Excluir vacina"
        message={deleting ? `Tem certeza de que deseja excluir a vacina "${deleting.name}"?` : undefined}
        loading={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}

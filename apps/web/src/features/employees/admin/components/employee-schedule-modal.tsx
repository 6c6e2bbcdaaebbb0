import { describeStoreWeek, type Employee } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { employeeScheduleQueryOptions } from '../../../../api/employees';
import { storesQueryOptions } from '../../../../api/stores';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Modal } from '../../../../components/ui/modal';
import { LoadingState } from '../../../../components/ui/spinner';
import { messageOf } from '../../../../lib/api-client';
import { EmployeeScheduleForm } from './employee-schedule-form';

interface EmployeeScheduleModalProps {
  employee: Employee;
  onClose: () => void;
}

/** 'Horários': loads the employee's schedule, then the form; a failed load offers a retry. */
export function EmployeeScheduleModal({ employee, onClose }: EmployeeScheduleModalProps) {
  const schedule = useQuery(employeeScheduleQueryOptions(employee.id));
  const stores = useQuery(storesQueryOptions());
  const store = stores.data?.[0];
  // The shop's hours bound the employee's: the server refuses a day outside them, saying why.
  const storeLine = store
    ? ` A loja abre ${describeStoreWeek(store.hours)}; o expediente deve caber nesse horário.`
    : '';
  return (
    <Modal
      open
      size="large"
      onOpenChange={(open) => !open && onClose()}
      title={`Horários de ${employee.name}`}
      description={`Sem horários definidos, o funcionário trabalha de segunda a sábado, das 08:00 às 18:00.${storeLine} Agendamentos já feitos não mudam.`}
    >
      {schedule.isPending ? (
        <LoadingState label="Carregando horários..." />
      ) : schedule.isError ? (
        <EmptyState
          message={messageOf(schedule.error, 'Erro ao carregar os horários.')}
          action={<Button onClick={() => void schedule.refetch()}>Tentar novamente</Button>}
        />
      ) : (
        <EmployeeScheduleForm employeeId={employee.id} schedule={schedule.data} onCancel={onClose} onSaved={onClose} />
      )}
    </Modal>
  );
}

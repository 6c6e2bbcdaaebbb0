import { businessMoment } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { availabilityQueryOptions } from '../../api/appointments';
import { Button } from '../ui/button';
import { Select } from '../ui/select';
import { TextField } from '../ui/text-field';

export interface SlotPickerProps {
  /** The professional whose free times are listed; undefined until one is chosen. */
  employeeId: number | undefined;
  date: string;
  time: string;
  /** A new day clears the time: the caller sets both. */
  onDateChange: (date: string) => void;
  onTimeChange: (time: string) => void;
  /** The time select's question before a professional and a day are chosen ('Escolha funcionário e data'). */
  askFirst: string;
  /** When the day has no free time ('Nenhum horário disponível'). */
  empty: string;
  className?: string | undefined;
}

/**
 * The day and a free time of a professional, as the customer's and the staff's booking forms ask
 * them: the time select says when it is loading, when the day has no free time, and when the times
 * could not be loaded (with a retry).
 */
export function SlotPicker({
  employeeId,
  date,
  time,
  onDateChange,
  onTimeChange,
  askFirst,
  empty,
  className,
}: SlotPickerProps) {
  const availability = useQuery(availabilityQueryOptions(employeeId ?? null, date));
  const slots = availability.data ?? [];
  const chosen = employeeId !== undefined && date !== '';
  const placeholder = !chosen
    ? askFirst
    : availability.isPending
      ? 'Carregando...'
      : availability.isError
        ? 'Erro ao carregar os horários'
        : slots.length
          ? 'Selecione um horário'
          : empty;
  return (
    <div className={className}>
      <TextField
        label="Data"
        type="date"
        min={businessMoment().date}
        value={date}
        onChange={(e) => onDateChange(e.target.value)}
      />
      <Select
        label="Horário"
        value={time}
        onChange={(e) => onTimeChange(e.target.value)}
        disabled={!slots.length}
        placeholder={placeholder}
      >
        {slots.map((slot) => (
          <option key={slot} value={slot}>
            {slot}
          </option>
        ))}
      </Select>
      {chosen && availability.isError && (
        <Button variant="secondary" onClick={() => void availability.refetch()}>
          Tentar carregar os horários novamente
        </Button>
      )}
    </div>
  );
}

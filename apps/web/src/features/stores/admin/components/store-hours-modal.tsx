import {
  isScheduleEnd,
  isScheduleStart,
  SCHEDULE_TIME_MARKS,
  type StoreView,
  storeHoursBody,
  WEEKDAY_NAMES,
  type Weekday,
} from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { saveStoreHoursMutation } from '../../../../api/stores';
import { FormModal } from '../../../../components/ui/form-modal';
import { useSchemaForm } from '../../../../hooks/use-schema-form';
import { toast } from '../../../../lib/toast';
import '../../../../components/ui/stacked-table.css';
import './store-hours-modal.css';

const WEEK: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 0];
const STARTS = SCHEDULE_TIME_MARKS.filter(isScheduleStart);
const ENDS = SCHEDULE_TIME_MARKS.filter(isScheduleEnd);

interface DayRow {
  weekday: Weekday;
  open: boolean;
  start: string;
  end: string;
}

interface StoreHoursModalProps {
  store: StoreView;
  onClose: () => void;
}

/** The store's week: each weekday open (from, to) or closed. Its employees' hours are served only inside these. */
export function StoreHoursModal({ store, onClose }: StoreHoursModalProps) {
  const save = useMutation(saveStoreHoursMutation(store.id));
  const form = useSchemaForm({
    schema: storeHoursBody,
    initialValues: {
      days: WEEK.map((weekday): DayRow => {
        const day = store.hours.find((d) => d.weekday === weekday);
        return { weekday, open: day !== undefined, start: day?.start ?? '08:00', end: day?.end ?? '18:00' };
      }),
    },
    toInput: ({ days }) => ({
      week: days.filter((day) => day.open).map(({ weekday, start, end }) => ({ weekday, start, end })),
    }),
    nestedFields: true,
    submit: (body) => save.mutateAsync(body),
    onSuccess: ({ message }) => {
      toast.success(message ?? 'Horário da loja salvo com sucesso!');
      onClose();
    },
    errorMessage: 'Não foi possível salvar o horário da loja.',
  });
  const change = (weekday: Weekday, patch: Partial<DayRow>) =>
    form.set({ days: form.values.days.map((day) => (day.weekday === weekday ? { ...day, ...patch } : day)) });

  return (
    <FormModal
      title={`Horário de funcionamento: ${store.name}`}
      description="Os horários dos funcionários desta loja valem só dentro destes."
      form={form}
      onClose={onClose}
      className="store-hours-modal__form"
    >
      <table className="stacked-table store-hours-modal__week">
        <thead>
          <tr>
            <th scope="col">Dia</th>
            <th scope="col">Aberta</th>
            <th scope="col">Abre</th>
            <th scope="col">Fecha</th>
          </tr>
        </thead>
        <tbody>
          {form.values.days.map((day) => {
            const name = WEEKDAY_NAMES[day.weekday];
            return (
              <tr key={day.weekday}>
                <td>{name}</td>
                <td data-label="Aberta">
                  <input
                    type="checkbox"
                    aria-label={`${name}: aberta`}
                    checked={day.open}
                    onChange={(event) => change(day.weekday, { open: event.target.checked })}
                  />
                </td>
                <td data-label="Abre">
                  <select
                    className="field__control"
                    aria-label={`${name}: abre`}
                    value={day.start}
                    disabled={!day.open}
                    onChange={(event) => change(day.weekday, { start: event.target.value })}
                  >
                    {STARTS.map((time) => (
                      <option key={time}>{time}</option>
                    ))}
                  </select>
                </td>
                <td data-label="Fecha">
                  <select
                    className="field__control"
                    aria-label={`${name}: fecha`}
                    value={day.end}
                    disabled={!day.open}
                    onChange={(event) => change(day.weekday, { end: event.target.value })}
                  >
                    {ENDS.map((time) => (
                      <option key={time}>{time}</option>
                    ))}
                  </select>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </FormModal>
  );
}

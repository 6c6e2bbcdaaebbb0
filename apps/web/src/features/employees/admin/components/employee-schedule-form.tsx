import {
  businessToday,
  type EmployeeSchedule,
  employeeScheduleBody,
  formatDate,
  isIsoDate,
  isScheduleEnd,
  isScheduleStart,
  SCHEDULE_TIME_MARKS,
  WEEKDAY_NAMES,
  type Weekday,
} from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { saveEmployeeScheduleMutation } from '../../../../api/employees';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { IconButton } from '../../../../components/ui/icon-button';
import { TrashIcon } from '../../../../components/ui/icons';
import { TextField } from '../../../../components/ui/text-field';
import { useSchemaForm } from '../../../../hooks/use-schema-form';
import { toast } from '../../../../lib/toast';
import { type DayRow, dayErrors, toBody, toFormValues, withDayOff } from './schedule-rows';
import '../../../../components/ui/stacked-table.css';
import './employee-schedule-form.css';

const STARTS = SCHEDULE_TIME_MARKS.filter(isScheduleStart);
const ENDS = SCHEDULE_TIME_MARKS.filter(isScheduleEnd);

interface EmployeeScheduleFormProps {
  employeeId: number;
  schedule: EmployeeSchedule;
  onCancel: () => void;
  onSaved: () => void;
}

/** Each weekday's start and end (or 'Folga'), then the dates off; saving replaces the whole schedule. */
export function EmployeeScheduleForm({ employeeId, schedule, onCancel, onSaved }: EmployeeScheduleFormProps) {
  const save = useMutation(saveEmployeeScheduleMutation(employeeId));
  const form = useSchemaForm({
    schema: employeeScheduleBody,
    initialValues: toFormValues(schedule),
    toInput: toBody,
    nestedFields: true,
    submit: (body) => save.mutateAsync(body),
    onSuccess: ({ message }) => {
      toast.success(message ?? 'Horários salvos com sucesso!');
      onSaved();
    },
    errorMessage: 'Não foi possível salvar os horários.',
    report: { toast: false },
  });
  const { values, errors } = form;
  const byWeekday = dayErrors(values, errors);
  const [newDayOff, setNewDayOff] = useState('');
  const [newDayOffError, setNewDayOffError] = useState<string | undefined>();

  const change = (weekday: Weekday, patch: Partial<DayRow>) =>
    form.set({ days: values.days.map((day) => (day.weekday === weekday ? { ...day, ...patch } : day)) });

  const addDayOff = () => {
    if (!isIsoDate(newDayOff)) return setNewDayOffError('Informe uma data válida.');
    if (values.daysOff.includes(newDayOff)) return setNewDayOffError('Esta folga já foi informada.');
    form.set({ daysOff: withDayOff(values.daysOff, newDayOff) });
    setNewDayOff('');
    setNewDayOffError(undefined);
  };
  // Enter in the date field adds the day off instead of saving the whole form.
  const onDayOffKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addDayOff();
  };

  return (
    <form className="schedule-form" onSubmit={form.onSubmit} noValidate aria-label="Horários de trabalho">
      <table className="stacked-table schedule-form__week">
        <caption className="schedule-form__caption">Horário de cada dia</caption>
        <thead>
          <tr>
            <th scope="col">Dia</th>
            <th scope="col">Início</th>
            <th scope="col">Fim</th>
            <th scope="col">Folga</th>
          </tr>
        </thead>
        <tbody>
          {values.days.map((day) => {
            const name = WEEKDAY_NAMES[day.weekday];
            return (
              <tr key={day.weekday}>
                <td>{name}</td>
                <td data-label="Início">
                  <TimeSelect
                    label={`${name}: início`}
                    value={day.start}
                    options={STARTS}
                    disabled={day.off}
                    error={byWeekday[day.weekday]?.start}
                    onChange={(start) => change(day.weekday, { start })}
                  />
                </td>
                <td data-label="Fim">
                  <TimeSelect
                    label={`${name}: fim`}
                    value={day.end}
                    options={ENDS}
                    disabled={day.off}
                    error={byWeekday[day.weekday]?.end}
                    onChange={(end) => change(day.weekday, { end })}
                  />
                </td>
                <td data-label="Folga">
                  <input
                    type="checkbox"
                    className="schedule-form__check"
                    aria-label={`${name}: folga`}
                    checked={day.off}
                    onChange={(event) => change(day.weekday, { off: event.target.checked })}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>

      <fieldset className="schedule-form__days-off">
        <legend className="schedule-form__caption">Folgas</legend>
        {values.daysOff.length === 0 ? (
          <p className="schedule-form__empty">Nenhuma folga marcada.</p>
        ) : (
          <ul className="schedule-form__list" aria-label="Folgas marcadas">
            {values.daysOff.map((date, i) => (
              <li key={date} className="schedule-form__item">
                <span>{formatDate(date)}</span>
                {errors[`daysOff.${i}`] && (
                  <span className="field__error" role="alert">
                    {errors[`daysOff.${i}`]}
                  </span>
                )}
                <IconButton
                  aria-label={`Remover folga de ${formatDate(date)}`}
                  variant="danger"
                  onClick={() => form.set({ daysOff: values.daysOff.filter((d) => d !== date) })}
                >
                  <TrashIcon />
                </IconButton>
              </li>
            ))}
          </ul>
        )}
        <div className="schedule-form__add">
          <TextField
            label="Nova folga"
            name="newDayOff"
            type="date"
            min={businessToday()}
            value={newDayOff}
            onChange={(event) => setNewDayOff(event.target.value)}
            onKeyDown={onDayOffKey}
            error={newDayOffError}
          />
          <Button variant="secondary" onClick={addDayOff}>
            Adicionar folga
          </Button>
        </div>
      </fieldset>

      <FormAlert message={errors.week ?? errors.daysOff ?? form.formError} />
      <div className="schedule-form__actions">
        <Button variant="secondary" onClick={onCancel} disabled={form.submitting}>
          Cancelar
        </Button>
        <Button type="submit" loading={form.submitting}>
          Salvar horários
        </Button>
      </div>
    </form>
  );
}

interface TimeSelectProps {
  label: string;
  value: string;
  options: readonly string[];
  disabled: boolean;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** A compact select for a table cell: named by aria-label, its error right below it. */
function TimeSelect({ label, value, options, disabled, error, onChange }: TimeSelectProps) {
  const errorId = error ? `${label}-error`.replace(/\W+/g, '-') : undefined;
  return (
    <span className="schedule-form__cell">
      <select
        className="field__control schedule-form__time"
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((time) => (
          <option key={time} value={time}>
            {time}
          </option>
        ))}
      </select>
      {error && (
        <span className="field__error" id={errorId} role="alert">
          {error}
        </span>
      )}
    </span>
  );
}

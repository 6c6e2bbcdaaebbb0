import { isIsoDate } from '@petshop/domain';
import { Button } from '../../../../components/ui/button';
import { IconButton } from '../../../../components/ui/icon-button';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../../components/ui/icons';
import { Select } from '../../../../components/ui/select';
import { TextField } from '../../../../components/ui/text-field';
import './agenda-toolbar.css';

export type AgendaView = 'day' | 'week';

interface AgendaToolbarProps {
  view: AgendaView;
  date: string;
  employers: { id: number; name: string }[];
  employerId: number | null;
  onView: (view: AgendaView) => void;
  /** -1 the day (or week) before, +1 the next one */
  onStep: (step: -1 | 1) => void;
  onToday: () => void;
  onDate: (date: string) => void;
  onEmployer: (id: number | null) => void;
}

/** Day or week, previous / today / next, a date, one employee or all, and print. Not printed. */
export function AgendaToolbar(props: AgendaToolbarProps) {
  const { view, date, employers, employerId } = props;
  const unit =
    view === 'day'
      ? { back: 'Dia anterior', next: 'Próximo dia' }
      : { back: 'Semana anterior', next: 'Próxima semana' };
  return (
    <div className="agenda-toolbar">
      <fieldset className="agenda-toolbar__group">
        <legend className="visually-hidden">Visualização</legend>
        {(['day', 'week'] as const).map((option) => (
          <Button
            key={option}
            variant={view === option ? 'primary' : 'secondary'}
            aria-pressed={view === option}
            onClick={() => props.onView(option)}
          >
            {option === 'day' ? 'Dia' : 'Semana'}
          </Button>
        ))}
      </fieldset>
      <div className="agenda-toolbar__group">
        <IconButton aria-label={unit.back} onClick={() => props.onStep(-1)}>
          <ChevronLeftIcon />
        </IconButton>
        <Button variant="secondary" onClick={props.onToday}>
          Hoje
        </Button>
        <IconButton aria-label={unit.next} onClick={() => props.onStep(1)}>
          <ChevronRightIcon />
        </IconButton>
      </div>
      <TextField
        label="Data"
        type="date"
        className="agenda-toolbar__field"
        value={date}
        onChange={(event) => isIsoDate(event.target.value) && props.onDate(event.target.value)}
      />
      <Select
        label="Funcionário"
        className="agenda-toolbar__field"
        value={employerId === null ? '' : String(employerId)}
        onChange={(event) => props.onEmployer(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">Todos os funcionários</option>
        {employers.map((employer) => (
          <option key={employer.id} value={employer.id}>
            {employer.name}
          </option>
        ))}
      </Select>
      <Button variant="secondary" className="agenda-toolbar__print" onClick={() => window.print()}>
        Imprimir
      </Button>
    </div>
  );
}

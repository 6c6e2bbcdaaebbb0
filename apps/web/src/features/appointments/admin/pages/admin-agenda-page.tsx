import {
  type AgendaAppointment,
  type AgendaDay,
  type AgendaEmployer,
  addDays,
  businessMoment,
  formatDate,
  isIsoDate,
} from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { agendaQueryOptions } from '../../../../api/agenda';
import { mayOpen } from '../../../../app/staff-sections';
import { Button } from '../../../../components/ui/button';
import { ButtonLink } from '../../../../components/ui/button-link';
import { EmptyState } from '../../../../components/ui/empty-state';
import { LoadingState } from '../../../../components/ui/spinner';
import { messageOf } from '../../../../lib/api-client';
import { useSession } from '../../../../lib/session';
import { longDate } from '../agenda-labels';
import { weekStart } from '../agenda-layout';
import { AgendaDayGrid } from '../components/agenda-day-grid';
import { AgendaToolbar, type AgendaView } from '../components/agenda-toolbar';
import { AgendaWeekTable } from '../components/agenda-week-table';
import { AppointmentStatusDialog } from '../components/appointment-status-dialog';
import './admin-agenda-page.css';

interface Opened {
  appointment: AgendaAppointment;
  employerName: string;
  date: string;
}

/** Reception (and the owner, managers) book for a customer from here; a professional does not. */
const NEW_APPOINTMENT = '/adminAppointments/novo';

/** Everyone who appears in the loaded days, in the server's order (by name). */
function employersOf(days: AgendaDay[]) {
  const seen = new Map<number, { id: number; name: string }>();
  for (const day of days) for (const { id, name } of day.employers) if (!seen.has(id)) seen.set(id, { id, name });
  return [...seen.values()];
}

/**
 * /adminAgenda: the staff agenda. The day (`?date=`, today by default) or its week (`?view=week`,
 * Monday to Sunday) lives in the address, so a reload or a shared link shows the same agenda.
 */
export function AdminAgendaPage() {
  const [params, setParams] = useSearchParams();
  const today = businessMoment().date;
  const asked = params.get('date') ?? '';
  const date = isIsoDate(asked) ? asked : today;
  const view: AgendaView = params.get('view') === 'week' ? 'week' : 'day';
  const from = view === 'week' ? weekStart(date) : date;
  const agenda = useQuery(agendaQueryOptions(from, view === 'week' ? 7 : 1));
  const [employerId, setEmployerId] = useState<number | null>(null);
  const [opened, setOpened] = useState<Opened | null>(null);
  const role = useSession().user?.role;
  const books = role !== undefined && mayOpen(role, NEW_APPOINTMENT);

  const go = (next: { date?: string; view?: AgendaView }) => {
    const target = { date: next.date ?? date, view: next.view ?? view };
    setParams(target.view === 'week' ? { date: target.date, view: 'week' } : { date: target.date });
  };
  const days = agenda.data ?? [];
  const everyone = employersOf(days);
  const shown = employerId === null ? everyone : everyone.filter((e) => e.id === employerId);
  const only = (list: AgendaEmployer[]) => (employerId === null ? list : list.filter((e) => e.id === employerId));
  const heading = view === 'day' ? longDate(date) : `Semana de ${formatDate(from)} a ${formatDate(addDays(from, 6))}`;

  return (
    <div className="agenda-page">
      <div className="agenda-page__header">
        <h1 className="agenda-page__title">Agenda</h1>
        {books && <ButtonLink to={NEW_APPOINTMENT}>Novo agendamento</ButtonLink>}
      </div>
      <AgendaToolbar
        view={view}
        date={date}
        employers={everyone}
        employerId={employerId}
        onView={(next) => go({ view: next })}
        onStep={(step) => go({ date: addDays(date, step * (view === 'week' ? 7 : 1)) })}
        onToday={() => go({ date: today })}
        onDate={(picked) => go({ date: picked })}
        onEmployer={setEmployerId}
      />
      <h2 className="agenda-page__day" aria-live="polite">
        {heading}
      </h2>
      {agenda.isPending ? (
        <LoadingState />
      ) : agenda.isError ? (
        <EmptyState
          message={messageOf(agenda.error, 'Erro ao carregar a agenda. Verifique sua conexão e tente novamente.')}
          action={
            <Button variant="secondary" onClick={() => void agenda.refetch()}>
              Tentar novamente
            </Button>
          }
        />
      ) : everyone.length === 0 ? (
        <EmptyState message="Nenhum funcionário cadastrado." />
      ) : view === 'week' ? (
        <AgendaWeekTable
          days={days}
          employers={shown}
          caption={heading}
          onPickDay={(picked) => go({ date: picked, view: 'day' })}
          onOpen={(appointment, employer, day) => setOpened({ appointment, employerName: employer.name, date: day })}
        />
      ) : (
        <DayAgenda day={days[0]} employers={only(days[0]?.employers ?? [])} onOpen={setOpened} />
      )}
      {opened && (
        <AppointmentStatusDialog
          key={opened.appointment.id}
          appointment={opened.appointment}
          employerName={opened.employerName}
          date={opened.date}
          onClose={() => setOpened(null)}
        />
      )}
    </div>
  );
}

function DayAgenda({
  day,
  employers,
  onOpen,
}: {
  day: AgendaDay | undefined;
  employers: AgendaEmployer[];
  onOpen: (opened: Opened) => void;
}) {
  if (!day?.start || !day.end || employers.length === 0) {
    return <EmptyState message="Ninguém trabalha neste dia e não há agendamentos." />;
  }
  return (
    <AgendaDayGrid
      day={{ ...day, start: day.start, end: day.end }}
      employers={employers}
      onOpen={(appointment, employer) => onOpen({ appointment, employerName: employer.name, date: day.date })}
    />
  );
}

export { AdminAgendaPage as Component };

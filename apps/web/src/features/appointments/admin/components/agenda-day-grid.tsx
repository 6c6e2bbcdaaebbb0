import type { AgendaAppointment, AgendaDay, AgendaEmployer } from '@petshop/domain';
import type { CSSProperties } from 'react';
import { longDate } from '../agenda-labels';
import { offHours, placeBlocks, timeRows } from '../agenda-layout';
import { AppointmentBlock } from './appointment-block';
import './agenda-day-grid.css';

interface AgendaDayGridProps {
  day: AgendaDay & { start: string; end: string };
  employers: AgendaEmployer[];
  onOpen: (appointment: AgendaAppointment, employer: AgendaEmployer) => void;
}

/**
 * The day as a grid: a 30-minute row per time from the day's first start to its last end, a column
 * per employee with the hours they do not work shaded, each appointment a block spanning its
 * duration. Columns scroll sideways on a narrow screen (the times stay put); a screen reader meets
 * each column as a heading and a list of its appointments in time order.
 */
export function AgendaDayGrid({ day, employers, onOpen }: AgendaDayGridProps) {
  const rows = timeRows(day.start, day.end);
  const size = { '--rows': rows.length, '--columns': employers.length } as CSSProperties;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard
    <section className="agenda-day" style={size} aria-label={`Agenda de ${longDate(day.date)}`} tabIndex={0}>
      <div className="agenda-day__times" aria-hidden="true">
        <div className="agenda-day__corner" />
        <div className="agenda-day__rows">
          {rows.map((time) => (
            <div key={time} className="agenda-day__time">
              {time}
            </div>
          ))}
        </div>
      </div>
      {employers.map((employer) => {
        const headingId = `agenda-${day.date}-${employer.id}`;
        return (
          <section key={employer.id} className="agenda-column" aria-labelledby={headingId}>
            <h3 className="agenda-column__head" id={headingId}>
              <span className="agenda-column__name">{employer.name}</span>
              <span className="agenda-column__hours">
                {employer.hours ? `${employer.hours.start}–${employer.hours.end}` : 'Folga'}
              </span>
            </h3>
            <div className="agenda-column__body">
              {offHours(employer.hours, rows).map((band) => (
                <div
                  key={band.row}
                  className="agenda-column__off"
                  style={{ '--row': band.row, '--span': band.span } as CSSProperties}
                  aria-hidden="true"
                />
              ))}
              {employer.appointments.length === 0 ? (
                <p className="visually-hidden">Nenhum agendamento.</p>
              ) : (
                <ul className="agenda-column__list" aria-label={`Agendamentos de ${employer.name}`}>
                  {placeBlocks(employer.appointments, rows).map((block) => (
                    <AppointmentBlock
                      key={block.appointment.id}
                      block={block}
                      onOpen={(appointment) => onOpen(appointment, employer)}
                    />
                  ))}
                </ul>
              )}
            </div>
          </section>
        );
      })}
    </section>
  );
}

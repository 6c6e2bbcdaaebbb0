import type { AgendaAppointment, AgendaDay, AgendaEmployer } from '@petshop/domain';
import { blockLabel, longDate, STATUS_MODIFIER, shortDate } from '../agenda-labels';
import './agenda-week-table.css';

interface AgendaWeekTableProps {
  days: AgendaDay[];
  /** the employees to show, in column order (one, or everyone who appears in the week) */
  employers: Pick<AgendaEmployer, 'id' | 'name'>[];
  caption: string;
  onOpen: (appointment: AgendaAppointment, employer: AgendaEmployer, date: string) => void;
  onPickDay: (date: string) => void;
}

/** The week: a row per employee, a column per day with their hours (or 'Folga') and their appointments in time order. */
export function AgendaWeekTable({ days, employers, caption, onOpen, onPickDay }: AgendaWeekTableProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard
    <section className="agenda-week" aria-label={caption} tabIndex={0}>
      <table className="agenda-week__table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="agenda-week__corner">
              Funcionário
            </th>
            {days.map((day) => (
              <th key={day.date} scope="col">
                <button
                  type="button"
                  className="agenda-week__day"
                  aria-label={`Ver o dia ${longDate(day.date)}`}
                  onClick={() => onPickDay(day.date)}
                >
                  {shortDate(day.date)}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {employers.map(({ id, name }) => (
            <tr key={id}>
              <th scope="row" className="agenda-week__name">
                {name}
              </th>
              {days.map((day) => {
                const employer = day.employers.find((e) => e.id === id);
                return (
                  <td key={day.date} className="agenda-week__cell">
                    {employer && (
                      <>
                        <span className="agenda-week__hours">
                          {employer.hours ? `${employer.hours.start}–${employer.hours.end}` : 'Folga'}
                        </span>
                        {employer.appointments.length > 0 && (
                          <ul className="agenda-week__list">
                            {employer.appointments.map((appointment) => (
                              <li key={appointment.id}>
                                <button
                                  type="button"
                                  className={`agenda-chip agenda-chip--${STATUS_MODIFIER[appointment.status]}`}
                                  aria-haspopup="dialog"
                                  aria-label={`${shortDate(day.date)}, ${blockLabel(appointment)}`}
                                  onClick={() => onOpen(appointment, employer, day.date)}
                                >
                                  <span className="agenda-chip__time">
                                    {appointment.appointment_time}–{appointment.end_time}
                                  </span>
                                  <span>
                                    {appointment.pet.name} ({appointment.pet.size}) · {appointment.service.name}
                                  </span>
                                  <span className="agenda-chip__status">{appointment.status}</span>
                                </button>
                              </li>
                            ))}
                          </ul>
                        )}
                      </>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

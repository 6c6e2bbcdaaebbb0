import { type AgendaAppointment, formatMoney, formatPhone } from '@petshop/domain';
import type { CSSProperties } from 'react';
import { blockLabel, STATUS_MODIFIER } from '../agenda-labels';
import type { PlacedBlock } from '../agenda-layout';
import { CustomerPhone } from './customer-phone';

interface AppointmentBlockProps {
  block: PlacedBlock;
  onOpen: (appointment: AgendaAppointment) => void;
}

/**
 * One appointment in the day grid, as tall as its duration. The block is a button that opens the
 * status actions; the owner's phone beside it is a link of its own (a link cannot sit in a button).
 */
export function AppointmentBlock({ block, onOpen }: AppointmentBlockProps) {
  const { appointment, row, span, lane, lanes } = block;
  const phone = formatPhone(appointment.customer.phone);
  const place = { '--row': row, '--span': span, '--lane': lane, '--lanes': lanes } as CSSProperties;
  return (
    <li
      className={`agenda-block agenda-block--${STATUS_MODIFIER[appointment.status]}${span === 1 ? ' agenda-block--short' : ''}`}
      style={place}
    >
      <button
        type="button"
        className="agenda-block__open"
        aria-haspopup="dialog"
        aria-label={blockLabel(appointment)}
        onClick={() => onOpen(appointment)}
      >
        <span className="agenda-block__line">
          <span className="agenda-block__time">
            {span === 1 ? appointment.appointment_time : `${appointment.appointment_time}–${appointment.end_time}`}
          </span>
          <span className="agenda-block__status">{appointment.status}</span>
        </span>
        <span className="agenda-block__what">
          {appointment.pet.name} ({appointment.pet.size}) · {appointment.service.name} ·{' '}
          {formatMoney(appointment.price)}
        </span>
        {appointment.pet.allergies && (
          <span className="agenda-block__allergy">Alergia: {appointment.pet.allergies}</span>
        )}
      </button>
      <CustomerPhone
        className="agenda-block__phone"
        phone={appointment.customer.phone}
        label={`Ligar para ${appointment.customer.name}, tutor de ${appointment.pet.name}: ${phone}`}
      />
    </li>
  );
}

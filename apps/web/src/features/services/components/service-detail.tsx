import { formatMoney, type Service } from '@petshop/domain';
import { BookingForm } from './booking-form';
import { serviceColourClass } from './service-colour';
import './service-detail.css';

/** Name, description and price of a service, then its booking form. */
export function ServiceDetail({ service }: { service: Service }) {
  return (
    <article className="service-detail" aria-labelledby="service-detail-title">
      <header className={`service-detail__header ${serviceColourClass(service.id - 1)}`}>
        <h1 id="service-detail-title" className="service-detail__name">
          {service.name}
        </h1>
        <p className="service-detail__price">{formatMoney(service.price)}</p>
      </header>
      {service.description && <p className="service-detail__description">{service.description}</p>}
      <BookingForm service={service} />
    </article>
  );
}

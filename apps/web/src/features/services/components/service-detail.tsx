import { formatDuration, formatMoney, PET_SIZES, type Service } from '@petshop/domain';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/ui/button-link';
import { cycleColourClass } from '../../../components/ui/cycle-colour';
import { authPath } from '../../../lib/return-path';
import { useSession } from '../../../lib/session';
import { pricedBySize } from '../price-by-size';
import { BookingForm } from './booking-form';
import './service-detail.css';

/** Name, description and price of a service, then its booking form (for a visitor, the way to log in first). */
export function ServiceDetail({ service }: { service: Service }) {
  const { token } = useSession();
  const { pathname } = useLocation();
  return (
    <article className="service-detail" aria-labelledby="service-detail-title">
      <header className={`service-detail__header ${cycleColourClass(service.id - 1)}`}>
        <h1 id="service-detail-title" className="service-detail__name">
          {service.name}
        </h1>
        <p className="service-detail__price">
          {pricedBySize(service) ? 'a partir de ' : ''}
          {formatMoney(service.price)}
        </p>
        <p className="service-detail__duration">Duração: {formatDuration(service.durationMinutes)}</p>
      </header>
      {service.description && <p className="service-detail__description">{service.description}</p>}
      {pricedBySize(service) && (
        <section className="service-detail__sizes" aria-labelledby="service-detail-sizes">
          <h2 id="service-detail-sizes" className="service-detail__sizes-title">
            Valor por porte
          </h2>
          <dl className="service-detail__sizes-list">
            {PET_SIZES.map((size) => (
              <div key={size} className="service-detail__size">
                <dt>{size}</dt>
                <dd>{formatMoney(service.prices[size])}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {token ? (
        <BookingForm service={service} />
      ) : (
        <div className="service-detail__login">
          <p>Entre ou cadastre-se para agendar este serviço para o seu pet.</p>
          <ButtonLink to={authPath('/login', pathname)}>Entrar para agendar</ButtonLink>
          <ButtonLink to={authPath('/register', pathname)} variant="secondary">
            Cadastrar
          </ButtonLink>
        </div>
      )}
    </article>
  );
}

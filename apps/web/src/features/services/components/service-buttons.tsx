import { formatMoney, type Service } from '@petshop/domain';
import { Link } from 'react-router';
import { cycleColourClass } from '../../../components/ui/cycle-colour';
import { pricedBySize } from '../price-by-size';
import './service-buttons.css';

/** One large button per service, each to its booking page. */
export function ServiceButtons({ services }: { services: Service[] }) {
  return (
    <ul className="service-buttons">
      {services.map((service, index) => (
        <li key={service.id}>
          <Link className={`service-buttons__link ${cycleColourClass(index)}`} to={`/services/${service.id}`}>
            <span className="service-buttons__name">{service.name}</span>
            <span className="service-buttons__price">
              {pricedBySize(service) ? 'a partir de ' : ''}
              {formatMoney(service.price)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

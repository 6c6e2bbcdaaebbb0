import { formatMoney } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { servicesQueryOptions } from '../../../api/services';
import { HomeSection } from './home-section';
import { LoadError } from './load-error';
import './services-list.css';

/** /home's services at 960 px or narrower, where the carousel is hidden: a plain list of links. */
export function ServicesList() {
  const { data: services, isError, refetch } = useQuery(servicesQueryOptions());
  if (!isError && !services?.length) return null;
  return (
    <HomeSection title="Serviços" className="services-list">
      {isError && !services ? (
        <LoadError what="os serviços" onRetry={() => void refetch()} />
      ) : (
        <ul className="services-list__items">
          {services?.map((service) => (
            <li key={service.id}>
              <Link className="services-list__link" to={`/services/${service.id}`}>
                <span className="services-list__name">{service.name}</span>
                <span className="services-list__price">{formatMoney(service.price)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  );
}

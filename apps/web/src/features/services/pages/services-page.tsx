import { useQuery } from '@tanstack/react-query';
import { allServicesQueryOptions } from '../../../api/services';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingState } from '../../../components/ui/spinner';
import { ServiceButtons } from '../components/service-buttons';
import './services-page.css';

/** /services: pick a service to book. */
export function Component() {
  const { data: services, isPending, isError, refetch } = useQuery(allServicesQueryOptions());
  return (
    <section className="services-page" aria-labelledby="services-title">
      <h1 id="services-title" className="services-page__title">
        Serviços
      </h1>
      {isPending ? (
        <LoadingState />
      ) : isError ? (
        <EmptyState
          message="Erro ao carregar serviços."
          action={<Button onClick={() => void refetch()}>Tentar novamente</Button>}
        />
      ) : services.length ? (
        <ServiceButtons services={services} />
      ) : (
        <EmptyState message="Nenhum serviço disponível" />
      )}
    </section>
  );
}

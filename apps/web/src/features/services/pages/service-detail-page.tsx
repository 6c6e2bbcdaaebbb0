import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { serviceQueryOptions } from '../../../api/services';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingState } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../hooks/use-page-title';
import { ApiError, messageOf } from '../../../lib/api-client';
import { ServiceDetail } from '../components/service-detail';
import './service-detail-page.css';

const parseId = (value: string | undefined): number | null => {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** /services/:id — the service and its booking form. */
export function Component() {
  const params = useParams();
  const id = parseId(params.id);
  const {
    data: service,
    error,
    isPending,
    refetch,
  } = useQuery({ ...serviceQueryOptions(id ?? 0), enabled: id !== null });
  usePageTitle(service?.name);

  let content: ReactNode;
  if (id === null || (error instanceof ApiError && error.status === 404)) {
    content = (
      <EmptyState message="Serviço não encontrado" action={<ButtonLink to="/services">Ver serviços</ButtonLink>} />
    );
  } else if (service) {
    content = <ServiceDetail key={service.id} service={service} />;
  } else if (isPending) {
    content = <LoadingState />;
  } else {
    content = (
      <EmptyState
        message={messageOf(error, 'Não foi possível carregar o serviço.')}
        action={<Button onClick={() => void refetch()}>Tentar novamente</Button>}
      />
    );
  }
  return <div className="service-detail-page">{content}</div>;
}

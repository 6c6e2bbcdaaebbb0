import { businessMoment, formatDate, type PetCredit } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { petCreditsQueryOptions } from '../../../api/packages';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingState } from '../../../components/ui/spinner';
import './packages.css';

/** The São Paulo date an instant falls on, as the shop reads it. */
export const expiryDate = (iso: string) => formatDate(businessMoment(new Date(iso)).date);

function CreditLine({ credit, now }: { credit: PetCredit; now: number }) {
  const expired = new Date(credit.expiresAt).getTime() <= now;
  const state = expired
    ? `vencido em ${expiryDate(credit.expiresAt)}`
    : credit.remaining === 0
      ? 'todos os créditos usados'
      : `${credit.remaining} ${credit.remaining === 1 ? 'crédito' : 'créditos'} · válido até ${expiryDate(credit.expiresAt)}`;
  return (
    <li className={expired || credit.remaining === 0 ? 'my-packages__item my-packages__gone' : 'my-packages__item'}>
      <span>{credit.packageName}</span>
      <span>{state}</span>
    </li>
  );
}

/** 'Meus pacotes' on the pet's page: the credits of each package bought for it and when they expire. */
export function MyPackagesCard({ petId }: { petId: number }) {
  const credits = useQuery(petCreditsQueryOptions(petId));
  const now = Date.now();
  return (
    <Card title="Meus pacotes" titleId="my-packages-title">
      {credits.isPending ? (
        <LoadingState />
      ) : credits.isError ? (
        <EmptyState
          message="Erro ao carregar os pacotes."
          action={<Button onClick={() => void credits.refetch()}>Tentar novamente</Button>}
        />
      ) : credits.data.length === 0 ? (
        <EmptyState
          message="Nenhum pacote para este pet."
          action={
            <ButtonLink to="/services" variant="secondary">
              Ver pacotes
            </ButtonLink>
          }
        />
      ) : (
        <ul className="my-packages__list">
          {credits.data.map((credit) => (
            <CreditLine key={credit.id} credit={credit} now={now} />
          ))}
        </ul>
      )}
    </Card>
  );
}

import { formatMoney, PLAN_FREQUENCY_LABELS } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { plansQueryOptions } from '../../../api/plans';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { EmptyState } from '../../../components/ui/empty-state';
import { useSession } from '../../../lib/session';
import type { PlanCardForm } from './subscribe-panel';
import './plans.css';

const SubscribePanel = lazy(() => import('./subscribe-panel'));

/** 'Planos de assinatura' on the services page: the active plans, subscribing (Pix Automático's QR, or a saved card). */
export function PlansOffer({ CardFields, preloadCardFields }: PlanCardForm) {
  const plans = useQuery(plansQueryOptions());
  const { token } = useSession();
  const [open, setOpen] = useState<number | null>(null);
  if (plans.isPending) return <p className="plans-offer__status">Carregando planos…</p>;
  if (plans.isError) {
    return (
      <EmptyState
        message="Erro ao carregar os planos."
        action={<Button onClick={() => void plans.refetch()}>Tentar novamente</Button>}
      />
    );
  }
  if (plans.data.length === 0) return null;
  return (
    <section className="plans-offer" aria-labelledby="plans-offer-title">
      <h2 id="plans-offer-title" className="plans-offer__title">
        Planos de assinatura
      </h2>
      <ul className="plans-offer__list">
        {plans.data.map((plan) => (
          <li key={plan.id} className="plans-offer__item">
            <h3 className="plans-offer__name">{plan.name}</h3>
            <p>
              {plan.serviceName} · porte {plan.size} · {PLAN_FREQUENCY_LABELS[plan.frequency]}
            </p>
            <p className="plans-offer__price">{formatMoney(plan.price)} por ciclo</p>
            {!token ? (
              <ButtonLink to="/login" variant="secondary">
                Entre para assinar
              </ButtonLink>
            ) : open === plan.id ? (
              <Suspense fallback={<p className="plans-offer__status">Carregando…</p>}>
                <SubscribePanel plan={plan} CardFields={CardFields} preloadCardFields={preloadCardFields} />
              </Suspense>
            ) : (
              <Button variant="secondary" onClick={() => setOpen(plan.id)}>
                Assinar este plano
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

import { PlansOffer } from '../../features/plans/components/plans-offer';
import { Component as ServicesPage } from '../../features/services/pages/services-page';

/** /services: the services to book, then the subscription plans (features stay independent of each other). */
export function ServicesRoute() {
  return (
    <>
      <ServicesPage />
      <PlansOffer />
    </>
  );
}

export { ServicesRoute as Component };

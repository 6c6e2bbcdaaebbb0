import { lazy } from 'react';
import { PackagesOffer } from '../../features/packages/components/packages-offer';
import { PlansOffer } from '../../features/plans/components/plans-offer';
import { Component as ServicesPage } from '../../features/services/pages/services-page';

// The payment feature's card form, loaded only when a card pays for a package or a plan.
const CardFields = lazy(() => import('../../features/payments/components/card-fields'));

/** /services: the services to book, then the packages and the subscription plans (features stay independent of each other). */
export function ServicesRoute() {
  return (
    <>
      <ServicesPage />
      <PackagesOffer CardFields={CardFields} />
      <PlansOffer CardFields={CardFields} />
    </>
  );
}

export { ServicesRoute as Component };

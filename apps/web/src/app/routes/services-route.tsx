import { lazy } from 'react';
import { PackagesOffer } from '../../features/packages/components/packages-offer';
import { PlansOffer } from '../../features/plans/components/plans-offer';
import { Component as ServicesPage } from '../../features/services/pages/services-page';

// The payment feature's card form, loaded only when a card pays for a package or a plan; reaching a
// form's payment method (pointer or focus) fetches it ahead.
const loadCardFields = () => import('../../features/payments/components/card-fields');
const CardFields = lazy(loadCardFields);
const preloadCardFields = () => void loadCardFields().catch(() => {});

/** /services: the services to book, then the packages and the subscription plans (features stay independent of each other). */
export function ServicesRoute() {
  return (
    <>
      <ServicesPage />
      <PackagesOffer CardFields={CardFields} preloadCardFields={preloadCardFields} />
      <PlansOffer CardFields={CardFields} preloadCardFields={preloadCardFields} />
    </>
  );
}

export { ServicesRoute as Component };

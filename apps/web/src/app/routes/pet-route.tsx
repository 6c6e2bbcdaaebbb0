import { useParams } from 'react-router';
import { lazyCard } from '../../components/ui/lazy-card';
import { PetHealthPage } from '../../features/pets/pages/pet-health-page';

// Below the health card: their code (plans, payments, the Pix authorization) loads as they come near the viewport.
const MyPackagesCard = lazyCard(
  () => import('../../features/packages/components/my-packages-card').then((module) => module.MyPackagesCard),
  () => ({ title: 'Meus pacotes', titleId: 'my-packages-title' }),
);
const MySubscriptionCard = lazyCard(
  () => import('../../features/plans/components/my-subscription-card').then((module) => module.MySubscriptionCard),
  ({ petId }: { petId: number }) => ({ title: 'Minha assinatura', titleId: `subscription-${petId}` }),
);

/** /myPets/{id}: the pet's health card, then 'Meus pacotes' and 'Minha assinatura'. */
export function PetRoute() {
  const petId = Number(useParams().petId);
  return (
    <PetHealthPage>
      <MyPackagesCard petId={petId} />
      <MySubscriptionCard petId={petId} />
    </PetHealthPage>
  );
}

export { PetRoute as Component };

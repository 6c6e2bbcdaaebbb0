import { useParams } from 'react-router';
import { MyPackagesCard } from '../../features/packages/components/my-packages-card';
import { PetHealthPage } from '../../features/pets/pages/pet-health-page';
import { MySubscriptionCard } from '../../features/plans/components/my-subscription-card';

/** /myPets/{id}: the pet's health card, then 'Meus pacotes' and 'Minha assinatura'. */
export function PetRoute() {
  const petId = Number(useParams().petId);
  return (
    <>
      <PetHealthPage />
      {Number.isInteger(petId) && petId > 0 && <MyPackagesCard petId={petId} />}
      {Number.isInteger(petId) && petId > 0 && <MySubscriptionCard petId={petId} />}
    </>
  );
}

export { PetRoute as Component };

import { useParams } from 'react-router';
import { PetHealthPage } from '../../features/pets/pages/pet-health-page';
import { MySubscriptionCard } from '../../features/plans/components/my-subscription-card';

/** /myPets/{id}: the pet's health card, then 'Minha assinatura'. */
export function PetRoute() {
  const petId = Number(useParams().petId);
  return (
    <>
      <PetHealthPage />
      {Number.isInteger(petId) && petId > 0 && <MySubscriptionCard petId={petId} />}
    </>
  );
}

export { PetRoute as Component };

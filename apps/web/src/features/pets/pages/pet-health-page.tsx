import { petAgeText } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { petsQueryOptions } from '../../../api/pets';
import { ButtonLink } from '../../../components/ui/button-link';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadingState } from '../../../components/ui/spinner';
import { messageOf } from '../../../lib/api-client';
import { PetProfileForm } from '../components/pet-profile-form';
import { VaccinesCard } from '../components/vaccines-card';
import { VisitHistoryCard } from '../components/visit-history-card';
import { WeightsCard } from '../components/weights-card';
import '../components/pet-health.css';
import './pet-health-page.css';

/**
 * /myPets/{id}: the pet's health card (vaccines, weight, health data and past visits); `children`
 * are the cards other features add below it (the route composes them), shown once the pet is found.
 */
export function PetHealthPage({ children }: { children?: ReactNode }) {
  const petId = Number(useParams().petId);
  const { data: pets, isPending, isError, error } = useQuery(petsQueryOptions());
  const pet = pets?.find((candidate) => candidate.id === petId);

  if (isPending) return <LoadingState />;
  if (isError) return <FormAlert message={messageOf(error, 'Erro ao carregar pets. Tente novamente.')} />;
  if (!pet) {
    return (
      <EmptyState
        message="Pet não encontrado."
        action={
          <ButtonLink to="/myPets" variant="secondary">
            Voltar para Meus pets
          </ButtonLink>
        }
      />
    );
  }
  return (
    <div className="pet-health-page">
      <nav aria-label="Navegação">
        <Link to="/myPets" className="pet-health-page__back">
          ← Meus pets
        </Link>
      </nav>
      <h1 className="pet-health-page__title">Carteira de saúde de {pet.name}</h1>
      <p className="pet-health-page__summary">
        {pet.specie} · {pet.size} · {petAgeText(pet)}
        {pet.breed && ` · ${pet.breed}`}
      </p>
      <VaccinesCard petId={pet.id} />
      <WeightsCard petId={pet.id} />
      <PetProfileForm key={pet.id} pet={pet} />
      <VisitHistoryCard petId={pet.id} />
      {children}
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { speciesQueryOptions } from '../../../api/catalog';
import { cycleColourClass } from '../../../components/ui/cycle-colour';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { HomeSection } from './home-section';
import { LoadError } from './load-error';
import { SpeciesIcon } from './species-icon';
import './species-list.css';

export function SpeciesList() {
  const { data: species, isPending, isError, refetch } = useQuery(speciesQueryOptions());
  return (
    <HomeSection title="Espécies">
      {isPending ? (
        <div className="species-list" aria-busy="true">
          {[1, 2, 3, 4, 5, 6, 7].map((key) => (
            <Skeleton key={key} className="species-list__skeleton" variant="circle" width={72} height={72} />
          ))}
        </div>
      ) : isError && !species ? (
        <LoadError what="as espécies" onRetry={() => void refetch()} />
      ) : species?.length ? (
        <ul className="species-list">
          {species.map((specie, index) => (
            <li key={specie.id}>
              <Link className={`species-list__link ${cycleColourClass(index)}`} to={`/products/specie/${specie.id}`}>
                <span className="species-list__icon">
                  <SpeciesIcon name={specie.name} />
                </span>
                <span className="species-list__name">{specie.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState message="Nenhuma espécie encontrada." />
      )}
    </HomeSection>
  );
}

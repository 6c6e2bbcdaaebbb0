import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { categoriesQueryOptions } from '../../../api/catalog';
import { cycleColourClass } from '../../../components/ui/cycle-colour';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { HomeSection } from './home-section';
import { LoadError } from './load-error';
import './category-list.css';

export function CategoryList() {
  const { data: categories, isPending, isError, refetch } = useQuery(categoriesQueryOptions());
  return (
    <HomeSection title="Categorias">
      {isPending ? (
        <div className="category-list" aria-busy="true">
          {[1, 2, 3, 4, 5].map((key) => (
            <Skeleton key={key} className="category-list__skeleton" width={140} height={48} />
          ))}
        </div>
      ) : isError && !categories ? (
        <LoadError what="as categorias" onRetry={() => void refetch()} />
      ) : categories?.length ? (
        <ul className="category-list">
          {categories.map((category, index) => (
            <li key={category.id}>
              <Link
                className={`category-list__link ${cycleColourClass(index)}`}
                to={`/products/category/${category.id}`}
              >
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState message="Nenhuma categoria encontrada." />
      )}
    </HomeSection>
  );
}

import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCategories } from '../api/get-categories';
import { cycleColourClass } from './cycle-colour';
import { HomeSection } from './home-section';
import './category-list.css';

export function CategoryList() {
  const { data: categories, isPending } = useCategories();
  return (
    <HomeSection title="Categorias">
      {isPending ? (
        <div className="category-list" aria-busy="true">
          {[1, 2, 3, 4, 5].map((key) => (
            <Skeleton key={key} className="category-list__skeleton" width={140} height={48} />
          ))}
        </div>
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

import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { type ProductFilters, type ProductScope, productsQueryOptions } from '../../../api/catalog';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { isProductSort, ProductFiltersBar } from '../components/product-filters';
import { ProductGrid, ProductGridSkeleton } from '../components/product-grid';
import { ProductSearch } from '../components/product-search';
import { ProductsHeading } from '../components/products-heading';
import { parseId } from '../lib/parse-id';
import './products-page.css';

/** ?q= wins (a search covers the whole catalogue); then the route's category or species. */
function useScope(): ProductScope | null {
  const { categoryId, specieId } = useParams();
  const [searchParams] = useSearchParams();
  const term = searchParams.get('q')?.trim();
  if (term) return { kind: 'search', name: term };
  if (categoryId !== undefined) {
    const id = parseId(categoryId);
    return id ? { kind: 'category', id } : null;
  }
  if (specieId !== undefined) {
    const id = parseId(specieId);
    return id ? { kind: 'specie', id } : null;
  }
  return { kind: 'all' };
}

/** ?category=, ?species= and ?sort= narrow and order whatever the scope shows. */
function useFilters(): ProductFilters {
  const [searchParams] = useSearchParams();
  const categoryId = parseId(searchParams.get('category') ?? '');
  const speciesId = parseId(searchParams.get('species') ?? '');
  const sort = searchParams.get('sort') ?? '';
  return {
    ...(categoryId && { categoryId }),
    ...(speciesId && { speciesId }),
    ...(isProductSort(sort) && { sort }),
  };
}

/** `?q=…&category=…&species=…&sort=…`, or '' when nothing is asked. */
function searchOf(term: string, filters: ProductFilters) {
  const params = new URLSearchParams();
  if (term) params.set('q', term);
  if (filters.categoryId) params.set('category', String(filters.categoryId));
  if (filters.speciesId) params.set('species', String(filters.speciesId));
  if (filters.sort) params.set('sort', filters.sort);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** /products, /products/category/:categoryId and /products/specie/:specieId. */
export function Component() {
  const scope = useScope();
  const filters = useFilters();
  const navigate = useNavigate();
  const term = scope?.kind === 'search' ? scope.name : '';
  const fixed = scope?.kind === 'category' ? 'category' : scope?.kind === 'specie' ? 'species' : undefined;

  // A search covers the whole catalogue (it leaves a category's page); filters stay where they are.
  const search = (next: string) => navigate(`/products${searchOf(next, filters)}`);
  const filter = (next: ProductFilters) => navigate({ search: searchOf(term, next) }, { replace: true });

  return (
    <div className="products-page">
      <ProductsHeading scope={scope ?? { kind: 'all' }} />
      <div className="products-page__search">
        <ProductSearch key={term} initialTerm={term} onSearch={search} />
      </div>
      <ProductFiltersBar filters={filters} fixed={fixed} onChange={filter} />
      {scope ? (
        <ProductsResults scope={scope} filters={filters} />
      ) : (
        <EmptyState message="Nenhum produto disponível." />
      )}
    </div>
  );
}

function ProductsResults({ scope, filters }: { scope: ProductScope; filters: ProductFilters }) {
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(
    productsQueryOptions(scope, filters),
  );
  if (isPending) return <ProductGridSkeleton />;
  // A failed request is not an empty catalogue.
  if (isError && !data) {
    return (
      <EmptyState
        message="Não foi possível carregar os produtos. Verifique sua conexão e tente novamente."
        action={<Button onClick={() => void refetch()}>Tentar novamente</Button>}
      />
    );
  }

  const products = data?.pages.flatMap((page) => page.data) ?? [];
  if (products.length === 0) return <EmptyState message="Nenhum produto disponível." />;
  const total = data?.pages.at(-1)?.meta?.total ?? products.length;

  return (
    <>
      <p className="products-page__count" role="status">
        Mostrando {products.length} de {total} {total === 1 ? 'produto' : 'produtos'}
      </p>
      <ProductGrid products={products} />
      {hasNextPage && (
        <div className="products-page__more">
          <Button variant="secondary" loading={isFetchingNextPage} onClick={() => fetchNextPage()}>
            Carregar mais
          </Button>
        </div>
      )}
    </>
  );
}

import { PRODUCT_SORTS, type ProductSort } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { categoriesQueryOptions, type ProductFilters, speciesQueryOptions } from '../../../api/catalog';
import { Select } from '../../../components/ui/select';
import './product-filters.css';

const SORT_LABELS: Record<ProductSort, string> = {
  name: 'Nome (A–Z)',
  'price-asc': 'Menor preço',
  'price-desc': 'Maior preço',
};

export const isProductSort = (value: string): value is ProductSort =>
  (PRODUCT_SORTS as readonly string[]).includes(value);

interface ProductFiltersBarProps {
  filters: ProductFilters;
  /** a category or species fixed by the route: its select is not offered */
  fixed?: 'category' | 'species' | undefined;
  onChange: (next: ProductFilters) => void;
}

const idOf = (value: string) => (value ? Number(value) : undefined);

/** Category, species and order of the shop's grid; each change applies at once. */
export function ProductFiltersBar({ filters, fixed, onChange }: ProductFiltersBarProps) {
  const categories = useQuery(categoriesQueryOptions());
  const species = useQuery(speciesQueryOptions());
  const set = (patch: ProductFilters) => {
    const next: ProductFilters = { ...filters, ...patch };
    for (const key of ['categoryId', 'speciesId', 'sort'] as const) if (next[key] === undefined) delete next[key];
    onChange(next);
  };

  return (
    <fieldset className="product-filters">
      <legend className="visually-hidden">Filtrar e ordenar produtos</legend>
      {fixed !== 'category' && (
        <Select
          label="Categoria"
          value={filters.categoryId?.toString() ?? ''}
          onValueChange={(value) => set({ categoryId: idOf(value) })}
          disabled={categories.isPending}
        >
          <option value="">Todas</option>
          {categories.data?.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </Select>
      )}
      {fixed !== 'species' && (
        <Select
          label="Espécie"
          value={filters.speciesId?.toString() ?? ''}
          onValueChange={(value) => set({ speciesId: idOf(value) })}
          disabled={species.isPending}
        >
          <option value="">Todas</option>
          {species.data?.map((specie) => (
            <option key={specie.id} value={specie.id}>
              {specie.name}
            </option>
          ))}
        </Select>
      )}
      <Select
        label="Ordenar por"
        value={filters.sort ?? ''}
        onValueChange={(value) => set({ sort: isProductSort(value) ? value : undefined })}
      >
        <option value="">Mais relevantes</option>
        {PRODUCT_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </Select>
    </fieldset>
  );
}

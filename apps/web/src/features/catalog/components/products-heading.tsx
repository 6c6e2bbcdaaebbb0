import { useQuery } from '@tanstack/react-query';
import type { ProductScope } from '../../../api/catalog';
import { categoriesQueryOptions, speciesQueryOptions } from '../../../api/catalog';
import './products-heading.css';

function Heading({ label, title }: { label?: string; title: string }) {
  return (
    <header className="products-heading">
      {label && <p className="products-heading__label">{label}</p>}
      <h1 className="products-heading__title">{title}</h1>
    </header>
  );
}

function CategoryHeading({ id }: { id: number }) {
  const { data } = useQuery(categoriesQueryOptions());
  return <Heading label="Categoria" title={data?.find((category) => category.id === id)?.name ?? 'Produtos'} />;
}

function SpecieHeading({ id }: { id: number }) {
  const { data } = useQuery(speciesQueryOptions());
  return <Heading label="Espécie" title={data?.find((specie) => specie.id === id)?.name ?? 'Produtos'} />;
}

/** Names what the grid shows: all products, a category, a species or a search. */
export function ProductsHeading({ scope }: { scope: ProductScope }) {
  switch (scope.kind) {
    case 'all':
      return <Heading title="Produtos" />;
    case 'category':
      return <CategoryHeading id={scope.id} />;
    case 'specie':
      return <SpecieHeading id={scope.id} />;
    case 'search':
      return <Heading label="Resultados da busca" title={`“${scope.name}”`} />;
  }
}

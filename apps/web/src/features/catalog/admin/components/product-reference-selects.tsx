import type { NamedEntity } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { categoriesQueryOptions, speciesQueryOptions } from '../../../../api/catalog';
import { FormAlert } from '../../../../components/ui/form-alert';
import { Select } from '../../../../components/ui/select';
import type { FieldErrors } from '../../../../hooks/use-schema-form';

interface ProductReferenceSelectsProps {
  values: { categoryId: string; speciesId: string };
  errors: FieldErrors;
  onChange: (patch: { categoryId?: string; speciesId?: string }) => void;
}

function Options({ items, empty, loading }: { items: NamedEntity[] | undefined; empty: string; loading: boolean }) {
  if (loading) return <option value="">Carregando...</option>;
  if (!items || items.length === 0) return <option value="">{empty}</option>;
  return (
    <>
      <option value="" disabled>
        Selecione
      </option>
      {items.map((item) => (
        <option key={item.id} value={item.id}>
          {item.name}
        </option>
      ))}
    </>
  );
}

/** Category and species selects, loaded from the catalogue. */
export function ProductReferenceSelects({ values, errors, onChange }: ProductReferenceSelectsProps) {
  const categories = useQuery(categoriesQueryOptions());
  const species = useQuery(speciesQueryOptions());
  const failed = categories.isError || species.isError;
  return (
    <>
      <Select
        label="Categoria"
        name="categoryId"
        value={values.categoryId}
        onChange={(event) => onChange({ categoryId: event.target.value })}
        error={errors.categoryId}
      >
        <Options items={categories.data} empty="Nenhuma categoria disponível" loading={categories.isPending} />
      </Select>
      <Select
        label="Espécie"
        name="speciesId"
        value={values.speciesId}
        onChange={(event) => onChange({ speciesId: event.target.value })}
        error={errors.speciesId}
      >
        <Options items={species.data} empty="Nenhuma espécie disponível" loading={species.isPending} />
      </Select>
      {failed && <FormAlert message="Erro ao carregar categorias ou espécies." />}
    </>
  );
}

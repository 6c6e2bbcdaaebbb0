import { type Product, productWriteBody } from '@petshop/domain';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { apiFieldErrors, type FieldErrors, zodFieldErrors } from '../../../components/ui/form-errors';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { messageOf } from '../../../lib/api-client';
import { useCreateProduct } from '../api/create-product';
import { type ProductEditBody, useUpdateProduct } from '../api/update-product';
import { ProductReferenceSelects } from './product-reference-selects';
import './product-form-modal.css';

const FORM_ID = 'admin-product-form';

export interface ProductFormValues {
  name: string;
  description: string;
  price: string;
  stock: string;
  categoryId: string;
  speciesId: string;
  url: string;
}

const EMPTY: ProductFormValues = {
  name: '',
  description: '',
  price: '',
  stock: '',
  categoryId: '',
  speciesId: '',
  url: '',
};

const valuesOf = (product: Product): ProductFormValues => ({
  name: product.name,
  description: product.description,
  price: String(product.price),
  stock: String(product.stock),
  categoryId: String(product.category_id),
  speciesId: String(product.species_id),
  url: product.url,
});

/** Empty text stays NaN so the shared schema answers with its own "informe" message. */
const toNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** The server and the schema speak snake_case; the form's fields are categoryId and speciesId. */
const FIELD_NAMES: Record<string, string> = { category_id: 'categoryId', species_id: 'speciesId' };
const renameFields = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [FIELD_NAMES[field] ?? field, message]));

interface ProductFormModalProps {
  /** Absent: 'Adicionar Produto'. */
  product?: Product | undefined;
  onClose: () => void;
}

export function ProductFormModal({ product, onClose }: ProductFormModalProps) {
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const [values, setValues] = useState<ProductFormValues>(product ? valuesOf(product) : EMPTY);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;
  const set = (patch: Partial<ProductFormValues>) => setValues((current) => ({ ...current, ...patch }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const body: ProductEditBody = {
      name: values.name,
      description: values.description,
      price: toNumber(values.price),
      stock: toNumber(values.stock),
      categoryId: toNumber(values.categoryId),
      speciesId: toNumber(values.speciesId),
      url: values.url,
    };
    const parsed = productWriteBody.safeParse(body);
    if (!parsed.success) {
      setFieldErrors(renameFields(zodFieldErrors(parsed.error)));
      return;
    }
    setFieldErrors({});
    const onError = (error: unknown, fallback: string) => {
      setFieldErrors(renameFields(apiFieldErrors(error)));
      const message = messageOf(error, fallback);
      setFormError(message);
      toast.error(message);
    };
    if (product) {
      update.mutate(
        { id: product.id, body },
        {
          onSuccess: ({ message }) => {
            toast.success(message ?? 'Produto atualizado com sucesso!');
            onClose();
          },
          onError: (error) => onError(error, 'Erro ao atualizar produto.'),
        },
      );
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Produto cadastrado com sucesso!');
        onClose();
      },
      onError: (error) => onError(error, 'Erro ao criar produto.'),
    });
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={product ? 'Editar Produto' : 'Adicionar Produto'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" form={FORM_ID} loading={pending}>
            Salvar
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className="product-form-modal__form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Nome"
          name="name"
          value={values.name}
          onChange={(event) => set({ name: event.target.value })}
          error={fieldErrors.name}
        />
        <div className="product-form-modal__field">
          <label className="field__label" htmlFor="admin-product-description">
            Descrição
          </label>
          <textarea
            id="admin-product-description"
            name="description"
            className="field__control product-form-modal__textarea"
            rows={4}
            value={values.description}
            onChange={(event) => set({ description: event.target.value })}
            aria-invalid={fieldErrors.description ? true : undefined}
          />
          {fieldErrors.description && (
            <p className="field__error" role="alert">
              {fieldErrors.description}
            </p>
          )}
        </div>
        <div className="product-form-modal__row">
          <TextField
            label="Preço (R$)"
            name="price"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={values.price}
            onChange={(event) => set({ price: event.target.value })}
            error={fieldErrors.price}
          />
          <TextField
            label="Estoque"
            name="stock"
            inputMode="numeric"
            value={values.stock}
            onChange={(event) => set({ stock: event.target.value.replace(/\D/g, '') })}
            error={fieldErrors.stock}
          />
        </div>
        <ProductReferenceSelects values={values} errors={fieldErrors} onChange={set} />
        <TextField
          label="URL da imagem"
          name="url"
          type="url"
          value={values.url}
          onChange={(event) => set({ url: event.target.value })}
          error={fieldErrors.url}
        />
        <FormAlert message={formError} />
      </form>
    </Modal>
  );
}

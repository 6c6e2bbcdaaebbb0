import { type Product, productWriteBody } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type ProductEditBody, saveProductMutation } from '../../../../api/catalog';
import { FormModal } from '../../../../components/ui/form-modal';
import { MoneyField } from '../../../../components/ui/money-field';
import { TextField } from '../../../../components/ui/text-field';
import { useSchemaForm } from '../../../../hooks/use-schema-form';
import { toast } from '../../../../lib/toast';
import { ProductPhotoField } from './product-photo-field';
import { ProductReferenceSelects } from './product-reference-selects';
import { ProductStockByStore } from './product-stock-by-store';
import './product-form-modal.css';

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

const toBody = (values: ProductFormValues): ProductEditBody => ({
  name: values.name,
  description: values.description,
  price: toNumber(values.price),
  stock: toNumber(values.stock),
  categoryId: toNumber(values.categoryId),
  speciesId: toNumber(values.speciesId),
  url: values.url,
});

interface ProductFormModalProps {
  /** Absent: 'Adicionar Produto'. */
  product?: Product | undefined;
  onClose: () => void;
}

export function ProductFormModal({ product, onClose }: ProductFormModalProps) {
  const save = useMutation(saveProductMutation());
  const [photoBusy, setPhotoBusy] = useState(false);
  const form = useSchemaForm({
    schema: productWriteBody,
    initialValues: product ? valuesOf(product) : EMPTY,
    toInput: toBody,
    fieldNames: FIELD_NAMES,
    // A new product is sent as the schema writes it; an edit keeps SPEC's categoryId and speciesId.
    submit: (data, values) => save.mutateAsync(product ? { id: product.id, body: toBody(values) } : { body: data }),
    onSuccess: ({ message }) => {
      toast.success(product ? (message ?? 'Produto atualizado com sucesso!') : 'Produto cadastrado com sucesso!');
      onClose();
    },
    errorMessage: product ? 'Erro ao atualizar produto.' : 'Erro ao criar produto.',
  });
  const { values, errors } = form;

  return (
    <FormModal
      title={product ? 'Editar Produto' : 'Adicionar Produto'}
      form={form}
      onClose={onClose}
      className="product-form-modal__form"
      submitDisabled={photoBusy}
    >
      <TextField label="Nome" {...form.field('name')} />
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
          onChange={(event) => form.set({ description: event.target.value })}
          aria-invalid={errors.description ? true : undefined}
        />
        {errors.description && (
          <p className="field__error" role="alert">
            {errors.description}
          </p>
        )}
      </div>
      <div className="product-form-modal__row">
        <MoneyField label="Preço (R$)" {...form.field('price')} />
        <TextField
          label="Estoque"
          name="stock"
          inputMode="numeric"
          value={values.stock}
          onChange={(event) => form.set({ stock: event.target.value.replace(/\D/g, '') })}
          error={errors.stock}
        />
      </div>
      {product && <ProductStockByStore productId={product.id} />}
      <ProductReferenceSelects values={values} errors={errors} onChange={form.set} />
      <ProductPhotoField url={values.url} onUploaded={(url) => form.set({ url })} onBusyChange={setPhotoBusy} />
      <TextField label="URL da imagem" type="url" {...form.field('url')} />
    </FormModal>
  );
}

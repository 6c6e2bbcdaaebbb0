import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TYPES } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';
import { uploadProductImageMutation } from '../../../../api/catalog';
import { Field } from '../../../../components/ui/field';
import { messageOf } from '../../../../lib/api-client';
import './product-photo-field.css';

const TOO_BIG = 'A imagem deve ter no máximo 5 MB.';
const WRONG_TYPE = 'Envie uma imagem JPEG, PNG ou WebP de até 5 MB.';

interface ProductPhotoFieldProps {
  url: string;
  onUploaded: (url: string) => void;
  /** Tells the form an upload is under way, so it is not saved with the old address. */
  onBusyChange: (busy: boolean) => void;
}

/**
 * Picks a photo from the device and sends it at once; the server answers the address the product
 * keeps. The checks here only spare a slow upload: the server checks the content itself.
 */
export function ProductPhotoField({ url, onUploaded, onBusyChange }: ProductPhotoFieldProps) {
  const upload = useMutation(uploadProductImageMutation());
  const [error, setError] = useState<string>();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setError(undefined);
    if (!(PRODUCT_IMAGE_TYPES as readonly string[]).includes(file.type)) return setError(WRONG_TYPE);
    if (file.size > PRODUCT_IMAGE_MAX_BYTES) return setError(TOO_BIG);
    onBusyChange(true);
    try {
      const image = await upload.mutateAsync(file);
      onUploaded(image.url);
    } catch (failure) {
      setError(messageOf(failure, 'Não foi possível enviar a foto. Tente novamente.'));
    } finally {
      onBusyChange(false);
      // The same file may be picked again after an error.
      input.value = '';
    }
  };

  return (
    <div className="product-photo-field">
      {url ? (
        <img className="product-photo-field__preview" src={url} alt="Foto atual do produto" width={96} height={96} />
      ) : (
        <span className="product-photo-field__preview product-photo-field__preview--empty" aria-hidden="true" />
      )}
      <Field
        label="Foto do produto"
        hint={upload.isPending ? 'Enviando foto…' : 'JPEG, PNG ou WebP, até 5 MB.'}
        error={error}
        className="product-photo-field__input"
      >
        {(control) => (
          <input
            {...control}
            type="file"
            name="photo"
            accept={PRODUCT_IMAGE_TYPES.join(',')}
            onChange={choose}
            disabled={upload.isPending}
            aria-busy={upload.isPending || undefined}
          />
        )}
      </Field>
    </div>
  );
}

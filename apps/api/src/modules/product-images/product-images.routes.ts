import fastifyMultipart from '@fastify/multipart';
import { PRODUCT_IMAGE_MAX_BYTES, ROLES, uploadedProductImage } from '@petshop/domain';
import { AppError } from '../../lib/app-error';
import { authErrors, envelope, errorBody } from '../../lib/http';
import { routeGroup, staff } from '../../lib/route-group';
import type { ImageStorage } from './image-storage';
import { unsupportedImage } from './product-image-processing';
import * as service from './product-images.service';

const tooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'A imagem deve ter no máximo 5 MB.');
const missingFile = () =>
  new AppError(400, 'VALIDATION_ERROR', 'Escolha uma imagem.', [{ field: 'file', message: 'Escolha uma imagem.' }]);

/** Product photo upload (admin only): multipart is accepted on this route and nowhere else. */
export const productImagesRoutes = routeGroup<{ imageStorage: ImageStorage }>(
  staff(ROLES.admin, ROLES.manager),
  async (app, { imageStorage }) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 100 },
    });

    app.post(
      '/products/images',
      {
        schema: {
          operationId: 'uploadProductImage',
          tags: ['Catálogo'],
          summary: 'Enviar foto de produto (multipart, campo "file": JPEG, PNG ou WebP até 5 MB)',
          description:
            'Guarda a foto em WebP nas larguras 320, 640 e 1280 px e responde o endereço (640 px) e o srcset; ' +
            'o endereço vai no campo url do produto.',
          consumes: ['multipart/form-data'],
          response: { 201: envelope(uploadedProductImage), ...authErrors, 413: errorBody, 415: errorBody },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw unsupportedImage();
        let bytes: Buffer;
        try {
          const file = await request.file();
          if (!file) throw missingFile();
          bytes = await file.toBuffer();
        } catch (error) {
          if (error instanceof AppError) throw error;
          if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
          throw unsupportedImage();
        }
        const image = await service.uploadProductImage(imageStorage, bytes);
        return reply.status(201).send({ data: image, message: 'Imagem enviada com sucesso!' });
      },
    );
  },
);

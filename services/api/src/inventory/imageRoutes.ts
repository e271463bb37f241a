import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_AREAS, UploadedImageSchema } from '@autobest/domain';
import { PHOTO_VARIANT_FORMATS, PHOTO_VARIANT_WIDTHS, type PhotoVariantFormat, type PhotoVariantWidth } from '@autobest/domain/inventory/photoCopies';
import { photoVariantPath, reencodePhoto, UndecodablePhotoError } from '@autobest/runtime';
import { errorResponses, HttpError, notFound } from '../http/errors';
import { invalidFile, receivePhotoUpload } from '../submissions/photoUpload';
import { acceptMultipartForms } from '../http/multipartForms';

const FOLDER = 'vehicle-images';
// Images uploaded before they were re-encoded keep their names (and URLs); new ones are all JPEG.
const STORED_NAME = /^image-[0-9a-f-]{36}\.(jpg|png|webp|gif|avif|heic|heif)$/;
const WIDTHS = PHOTO_VARIANT_WIDTHS.map(String) as [`${PhotoVariantWidth}`, ...`${PhotoVariantWidth}`[]];
const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', avif: 'image/avif', heic: 'image/heic', heif: 'image/heif' };

/**
 * Staff upload catalogue photos (checked by content, 5 MB at most); buyers load them from /media. What is
 * published is our re-encoding, made before answering (staff uploads are rare): no EXIF or GPS, no polyglot.
 */
export const vehicleImageRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptMultipartForms(app);
  app.post(
    '/api/admin/vehicle-images',
    { config: { staffPermission: STAFF_AREAS.catalogue.write },
      bodyLimit: 6 * 1024 * 1024,
      schema: {
        tags: ['inventory'],
        summary: 'Upload one catalogue image (multipart part "image"); answers its public URL',
        consumes: ['multipart/form-data'],
        body: z.unknown().describe('multipart/form-data with one file part named "image"'),
        response: { 201: UploadedImageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'unsupported_media_type', 'Send the image as multipart/form-data');
      const upload = await receivePhotoUpload(request, [{ slot: 'image', label: 'Image' }], app.config.uploadsDir);
      const [photo] = upload.photos;
      if (!photo) {
        await upload.discard();
        throw new HttpError(400, 'validation_failed', 'Choose an image to upload', { image: 'Choose an image to upload' });
      }
      const storedName = `image-${randomUUID()}.jpg`;
      try {
        await mkdir(join(app.config.uploadsDir, FOLDER), { recursive: true });
        await reencodePhoto(await readFile(upload.pathOf(photo)), { photo: join(app.config.uploadsDir, FOLDER, storedName), variants: true });
      } catch (error) {
        throw error instanceof UndecodablePhotoError ? invalidFile('image') : error;
      } finally {
        await upload.discard();
      }
      return reply.code(201).send({ url: `/media/${FOLDER}/${storedName}` });
    },
  );

  app.get(
    `/media/${FOLDER}/:file`,
    {
      schema: {
        tags: ['inventory'],
        summary: 'A catalogue image: `w` (and `f`, else the best format the Accept header names) asks for a smaller AVIF/WebP copy; with `Save-Data: on` the smallest',
        params: z.object({ file: z.string().max(80) }),
        querystring: z.object({
          w: z.enum(WIDTHS).optional().describe('A width the image is stored at'),
          f: z.enum(PHOTO_VARIANT_FORMATS).optional().describe('The copy\'s format'),
        }),
        response: { 200: z.unknown(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      if (!STORED_NAME.test(file)) throw notFound('Image');
      const original = join(app.config.uploadsDir, FOLDER, file);
      // A visitor who asked to save data gets the smallest copy whatever width the page asked for.
      const saveData = String(request.headers['save-data'] ?? '').toLowerCase() === 'on';
      const width = saveData ? PHOTO_VARIANT_WIDTHS[0] : request.query.w && (Number(request.query.w) as PhotoVariantWidth);
      const accept = request.headers.accept ?? '';
      const format: PhotoVariantFormat | undefined = request.query.f ?? PHOTO_VARIANT_FORMATS.find((candidate) => accept.includes(`image/${candidate}`));
      // Images stored before the copies were made (and formats the browser reads neither of) get the original.
      const variant = width && format ? photoVariantPath(original, width, format) : undefined;
      const variantInfo = variant ? await stat(variant).catch(() => undefined) : undefined;
      const path = variantInfo ? variant! : original;
      const info = variantInfo ?? (await stat(original).catch(() => undefined));
      if (!info) throw notFound('Image');
      return reply
        .header('Content-Type', CONTENT_TYPES[path.split('.').pop()!] ?? 'application/octet-stream')
        .header('Content-Length', String(info.size))
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Vary', 'Accept, Save-Data')
        .header('X-Content-Type-Options', 'nosniff')
        .send(createReadStream(path));
    },
  );
};

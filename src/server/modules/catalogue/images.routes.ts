import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { dish, IMAGE_MAX_BYTES, imageQuery } from '../../../shared/schemas/catalogue.js';
import { CATALOGUE_MANAGERS } from '../../../shared/roles.js';
import { idParams } from '../../../shared/schemas/ids.js';
import type { App, Deps } from '../../lib/context.js';
import { fieldError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { catalogueText } from './catalogue.messages.js';
import { dishRow, getDish } from './dishes.queries.js';
import { deleteDishImage, imageError, loadDishImage, sizesText, storeDishImage, variantFor } from './images.service.js';
import { emptyResponse, fileResponse } from '../../lib/openapi.js';

/** Cache headers: a URL naming the current version never changes; any other URL revalidates. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';
/** Multipart field names accepted for the file. */
const FILE_FIELDS = new Set(['image', 'file']);

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * The uploaded file, whole, or a 422: missing, or over IMAGE_MAX_BYTES. Busboy stops at the limit
 * and marks the stream `truncated`; toBuffer() only notices when the cut falls inside a chunk it
 * is still reading, so whether a file over the limit was refused depended on how the request's
 * chunks broke (a browser's 20 MB FormData got through 2 times of 3, its first 5 MB stored). The
 * flag and the length are checked here after reading, whatever the chunks.
 */
async function readImageUpload(req: FastifyRequest): Promise<Buffer> {
  let file: MultipartFile | undefined;
  let upload: Buffer;
  try {
    file = await req.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 }, throwFileSizeLimit: true });
    if (!file || !FILE_FIELDS.has(file.fieldname)) throw imageError('required');
    upload = await file.toBuffer();
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw imageError('tooLarge');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw imageError('required');
    throw err;
  }
  if (file.file.truncated || upload.length > IMAGE_MAX_BYTES) throw imageError('tooLarge');
  if (upload.length === 0) throw imageError('required');
  return upload;
}

export async function imageRoutes(app: App, deps: Deps) {
  const db = deps.database.db;

  app.post(
    '/dishes/:id/image',
    { config: { access: CATALOGUE_MANAGERS }, schema: { tags: ['catalogue'], params: idParams, response: { 200: dish } } },
    async (req) => {
      const providerId = await req.provider();
      await dishRow(db, providerId, req.params.id);
      const upload = await readImageUpload(req);
      await storeDishImage(db, req.params.id, upload, { who: req, providerId });
      return getDish(db, providerId, req.params.id);
    },
  );

  app.delete(
    '/dishes/:id/image',
    { config: { access: CATALOGUE_MANAGERS }, schema: { tags: ['catalogue'], params: idParams, response: { 200: dish } } },
    async (req) => {
      const providerId = await req.provider();
      await dishRow(db, providerId, req.params.id);
      await deleteDishImage(db, req.params.id, { who: req, providerId });
      return getDish(db, providerId, req.params.id);
    },
  );

  // Public, so <img src> works without a bearer header. Not scoped to a provider: ids are global.
  app.get(
    '/dishes/:id/image',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        params: idParams,
        querystring: imageQuery,
        otherResponses: {
          200: fileResponse('The image', 'image/webp', 'image/png', 'image/jpeg', 'image/gif'),
          304: emptyResponse('Not modified (If-None-Match names the current version)'),
        },
      },
    },
    async (req, reply) => {
      const spec = variantFor(req.query.width, req.query.height);
      if (spec === null) {
        throw fieldError(t.coded('invalid'), {
          [req.query.width === undefined ? 'height' : 'width']: [catalogueText.coded('imageSize', { sizes: sizesText() })],
        });
      }
      const image = await loadDishImage(db, req.params.id, spec);
      const etag = `"${image.etag}"`;
      reply.header('etag', etag).header('cache-control', req.query.v === image.version ? IMMUTABLE : REVALIDATE);
      if (matchesEtag(req.headers['if-none-match'], etag)) return reply.status(304).send();
      return reply.header('content-type', image.mime).send(image.data);
    },
  );
}

import path from 'node:path';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import {
  INGEST_ACCEPTED_EXTENSIONS,
  INGEST_UPLOAD_FIELD,
  IngestEncodeAnswerSchema,
  IngestEncodeQuerySchema,
  IngestJobAnswerSchema,
  IngestLatestAnswerSchema,
  type IngestEncodeAnswer,
} from '@inkwell/contracts/ingest';
import { BadRequestError, DomainError, EnvelopeOf, NotFoundError, statusTypeFor, success, UnauthorizedError, type App } from '@inkwell/platform';
import type { FastifyRequest } from 'fastify';
import type { Publication } from '../peers/publication';
import type { ReaderDeps } from './deps';
import { ProductId } from './schemas';
import type { Ingester } from '../flows/ingester';
import type { IngestActor } from '../store/ingest-jobs';
import { megabytes } from '../domain/ingest-limits';
import { INGEST_MESSAGES } from '../domain/messages';

/** 413: the upload is larger than INGEST_MAX_UPLOAD_BYTES. */
export class UploadTooLargeError extends DomainError {
  constructor(limit: number) {
    super(413, statusTypeFor(413), INGEST_MESSAGES.uploadTooLarge(megabytes(limit)), { field: INGEST_UPLOAD_FIELD });
  }
}

const ProductParams = Type.Object({ productId: ProductId });
const JobParams = Type.Object({ jobId: Type.String({ pattern: '^[0-9a-f-]{36}$', errorMessage: INGEST_MESSAGES.jobId }) });
const EncodeParams = Type.Object({ id: ProductId });

function actorOf(request: FastifyRequest): IngestActor {
  const principal = request.principal;
  if (!principal) throw new UnauthorizedError();
  return { id: principal.userId, email: principal.email || null };
}

/**
 * Comic ingestion (dashboard spec §7 Lookups, and the upload and progress calls beyond it): staff
 * upload a CBZ/ZIP of page images for a publication; the archive streams into file storage as the
 * product's master, and the ingester turns it into the page set in the background.
 */
export async function ingestRoutes(app: App, { context, catalog, pages }: ReaderDeps, ingester: Ingester): Promise<void> {
  const staff = { preHandler: context.auth.requireAdmin };
  const maxUploadBytes = context.config.media.ingestMaxUploadBytes;
  const jobs = ingester.jobs;

  const publicationOf = async (productId: string, field: string): Promise<Publication> => {
    const publication = await catalog.find(productId);
    if (!publication || publication.id !== productId) throw new NotFoundError(INGEST_MESSAGES.notAProduct(field, productId));
    if (publication.category !== 'Publication') throw new BadRequestError(INGEST_MESSAGES.notAPublication(field, productId, publication.category), { field });
    return publication;
  };

  await app.register(async (plugin) => {
    const uploads = plugin as unknown as App;
    // Multipart only here, with the upload's own limit: one file, a few small fields.
    await uploads.register(multipart, { limits: { fileSize: maxUploadBytes, files: 1, fields: 4, parts: 5, fieldSize: 1024 } });

    uploads.post('/api/dashboard/ingest/upload/:productId', {
      ...staff,
      schema: {
        tags: ['dashboard'],
        summary: 'Upload a comic (CBZ or ZIP of page images, or a PDF) to become the product’s page set; answers 202 with the job to poll',
        consumes: ['multipart/form-data'],
        params: ProductParams,
        response: { 202: EnvelopeOf(IngestJobAnswerSchema) },
      },
      handler: async (request, reply) => {
        const actor = actorOf(request);
        const publication = await publicationOf(request.params.productId, 'productId');
        const productId = Number(publication.id);
        if (!request.isMultipart()) throw new BadRequestError(INGEST_MESSAGES.notMultipart);
        const part = await request.file();
        if (!part) throw new BadRequestError(INGEST_MESSAGES.fileMissing, { field: INGEST_UPLOAD_FIELD });
        if (part.fieldname !== INGEST_UPLOAD_FIELD) throw new BadRequestError(INGEST_MESSAGES.wrongField(part.fieldname), { field: INGEST_UPLOAD_FIELD });
        const extension = path.extname(part.filename).toLowerCase();
        if (!(INGEST_ACCEPTED_EXTENSIONS as readonly string[]).includes(extension)) throw new BadRequestError(INGEST_MESSAGES.notArchive, { field: INGEST_UPLOAD_FIELD });

        const record = await jobs.start({ productId, kind: 'upload', status: 'uploading', masterRecord: null, fileName: part.filename.slice(0, 255), actor });
        const masterKey = record.masterKey!;
        // Past the limit busboy stops the stream quietly (marking it truncated); failing it instead
        // stops the store at once, and the storage driver then keeps nothing.
        let tooLarge = false;
        part.file.once('limit', () => {
          tooLarge = true;
          part.file.destroy(new UploadTooLargeError(maxUploadBytes));
        });
        try {
          await context.files.putStream(masterKey, part.file, extension === '.pdf' ? 'application/pdf' : 'application/zip');
          if (tooLarge || part.file.truncated) throw new UploadTooLargeError(maxUploadBytes);
        } catch (error) {
          await context.files.delete(masterKey).catch(() => undefined);
          const refusal = tooLarge || error instanceof UploadTooLargeError ? new UploadTooLargeError(maxUploadBytes) : undefined;
          await jobs.fail(record.job.id, refusal ? INGEST_MESSAGES.uploadRefused(refusal.message) : INGEST_MESSAGES.uploadBroken);
          if (refusal) {
            // The rest of the body may still be coming; closing spares reading it.
            reply.header('connection', 'close');
            throw refusal;
          }
          throw error;
        }
        await jobs.setStatus(record.job.id, 'queued');
        ingester.start(record, { withCover: publication.thumbnailUrl === null, masterKey, dropMasterOnFailure: true });
        const queued = await jobs.find(record.job.id);
        return reply.status(202).send(success(queued!.job));
      },
    });
  });

  app.get('/api/dashboard/ingest/jobs/:jobId', {
    ...staff,
    schema: { tags: ['dashboard'], summary: 'An ingestion job and its progress', params: JobParams, response: { 200: EnvelopeOf(IngestJobAnswerSchema) } },
    handler: async (request) => {
      const found = await jobs.find(request.params.jobId);
      if (!found) throw new NotFoundError(INGEST_MESSAGES.unknownJob(request.params.jobId));
      return success(found.job);
    },
  });

  app.get('/api/dashboard/ingest/product/:productId', {
    ...staff,
    schema: { tags: ['dashboard'], summary: 'The latest ingestion job of a product (null when it never had one)', params: ProductParams, response: { 200: EnvelopeOf(IngestLatestAnswerSchema) } },
    handler: async (request) => {
      const found = await jobs.latest(Number(request.params.productId));
      return success(found?.job ?? null);
    },
  });

  app.get('/api/dashboard/ingest/encode/:id', {
    ...staff,
    schema: {
      tags: ['dashboard'],
      summary: 'Encode the product’s page set again from a stored upload (masterRecord, the latest by default); without forceReEncode, a complete set is left as it is',
      params: EncodeParams,
      querystring: IngestEncodeQuerySchema,
      response: { 200: EnvelopeOf(IngestEncodeAnswerSchema) },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      const publication = await publicationOf(request.params.id, 'id');
      const productId = Number(publication.id);
      const { forceReEncode = false, masterRecord } = request.query;
      const master = masterRecord === undefined ? await jobs.latestMaster(productId) : await jobs.find(masterRecord);
      if (masterRecord !== undefined) {
        if (!master || master.job.productId !== productId || master.job.kind !== 'upload') throw new NotFoundError(INGEST_MESSAGES.notAnUploadOf(masterRecord, productId));
        if (master.job.status !== 'completed' || !master.masterKey) throw new BadRequestError(INGEST_MESSAGES.noStoredArchive(masterRecord), { field: 'masterRecord' });
      }
      if (!master?.masterKey) throw new NotFoundError(INGEST_MESSAGES.nothingToEncode(productId));
      if (!forceReEncode) {
        const set = await pages.setSummary(productId);
        if (set && set.source === 'ingested' && set.count > 0 && set.count === master.job.pageCount) {
          const latest = await jobs.latest(productId);
          const answer: IngestEncodeAnswer = {
            started: false,
            message: INGEST_MESSAGES.alreadyComplete(productId, set.count),
            job: latest?.job ?? null,
          };
          return success(answer);
        }
      }
      const record = await jobs.start({ productId, kind: 'encode', status: 'queued', masterRecord: master.job.id, fileName: master.job.fileName, actor });
      ingester.start(record, { withCover: publication.thumbnailUrl === null, masterKey: master.masterKey, dropMasterOnFailure: false });
      const answer: IngestEncodeAnswer = { started: true, message: INGEST_MESSAGES.encodingAgain(productId, master.job.id), job: record.job };
      return success(answer);
    },
  });
}

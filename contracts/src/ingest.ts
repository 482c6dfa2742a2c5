/**
 * Comic ingestion (dashboard spec §7 Lookups, issue 14 item 4): staff upload a CBZ/ZIP of page
 * images for a product; the reader turns it into the product's page set. The upload answers at
 * once with a job; the dashboard polls the job for its progress bar.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './nullable';

export const INGEST_JOB_STATUSES = ['uploading', 'queued', 'working', 'completed', 'failed'] as const;
export type IngestJobStatus = (typeof INGEST_JOB_STATUSES)[number];

/** The multipart field the archive is sent in. */
export const INGEST_UPLOAD_FIELD = 'file';
/** File names the upload accepts (case-insensitive): an archive of page images, or a PDF whose pages the reader draws. */
export const INGEST_ACCEPTED_EXTENSIONS = ['.cbz', '.zip', '.pdf'] as const;

export const IngestJobSchema = Type.Object({
  /** Opaque; also names the stored master archive of an upload (`masterRecord`). */
  id: Type.String(),
  productId: Type.Integer(),
  /** 'upload' for a new archive, 'encode' for a re-encode from a stored master. */
  kind: Type.Union([Type.Literal('upload'), Type.Literal('encode')]),
  status: Type.Union([Type.Literal('uploading'), Type.Literal('queued'), Type.Literal('working'), Type.Literal('completed'), Type.Literal('failed')]),
  /** Pages encoded so far. */
  pagesDone: Type.Integer({ minimum: 0 }),
  /** Pages found in the archive; 0 until it has been read. */
  pagesTotal: Type.Integer({ minimum: 0 }),
  /** Pages of the stored set once completed; null until then. */
  pageCount: Nullable(Type.Integer({ minimum: 0 })),
  /** Why it was refused or failed (or a note on a completed job); null otherwise. */
  message: Nullable(Type.String()),
  /** The stored master archive this job reads (an upload's own id, or the upload a re-encode used); null when none is kept. */
  masterRecord: Nullable(Type.String()),
  /** The uploaded file's name, as sent. */
  fileName: Nullable(Type.String()),
  startedAt: Type.String({ format: 'date-time' }),
  finishedAt: Nullable(Type.String({ format: 'date-time' })),
});
export type IngestJob = Static<typeof IngestJobSchema>;

/** `POST /dashboard/ingest/upload/{productId}` (202), `GET /dashboard/ingest/jobs/{jobId}`. */
export const IngestJobAnswerSchema = IngestJobSchema;

/** `GET /dashboard/ingest/product/{productId}`: the product's latest job, or null when it never had one. */
export const IngestLatestAnswerSchema = Nullable(IngestJobSchema);
export type IngestLatestAnswer = Static<typeof IngestLatestAnswerSchema>;

/** `GET /dashboard/ingest/encode/{id}?forceReEncode&masterRecord`. */
export const IngestEncodeQuerySchema = Type.Object({
  forceReEncode: Type.Optional(Type.Boolean({ default: false })),
  /** The id of a completed upload job whose archive to use; the latest kept master by default. */
  masterRecord: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});
export type IngestEncodeQuery = Static<typeof IngestEncodeQuerySchema>;

export const IngestEncodeAnswerSchema = Type.Object({
  /** True when a re-encode job was started; false when the set was already complete and forceReEncode was not asked. */
  started: Type.Boolean(),
  /** Says what happened, e.g. "The page set is already complete; nothing was re-encoded." */
  message: Type.String(),
  /** The job started, or the latest job when nothing was started (null when the product never had one). */
  job: Nullable(IngestJobSchema),
});
export type IngestEncodeAnswer = Static<typeof IngestEncodeAnswerSchema>;

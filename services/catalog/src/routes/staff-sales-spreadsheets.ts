import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { DIGITAL_VARIANT_ID, SALES_SHEET_COLUMNS, SALES_SPREADSHEET_LIMITS, SpreadsheetReportSchema, type SpreadsheetReport } from '@inkwell/contracts/dashboard-merchandising';
import { BadRequestError, DomainError, EnvelopeOf, NotFoundError, NumericId, statusTypeFor, success, type App, type ServiceContext } from '@inkwell/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readHead, sniffSpreadsheet, writeSheet, type OutCell, type SheetColumn } from '../flows/spreadsheet-files';
import { createImportedCampaigns, SpreadsheetFileRefused, validateSpreadsheets, type UploadedSpreadsheet } from '../flows/sales-import';
import { staffActor } from '../store/audit';
import { campaignProductRows, campaignToExport } from '../store/sales-spreadsheet';

const tags = ['dashboard'];
const security = [{ bearer: [] }];
const ById = Type.Object({ id: NumericId({ errorMessage: 'id must be a sales campaign id (a whole number from 1).' }) });
const FILE_FIELD = /^file[1-9][0-9]*$/;
const MB = 1024 * 1024;

/** The words of a refused upload, each naming the file (its field and name). */
export const SALES_UPLOAD_MESSAGES = {
  notMultipart: 'Send the spreadsheets as multipart/form-data, in the fields file1, file2 and so on.',
  malformed: (detail: string) => `The multipart/form-data body cannot be read (${detail}); send the spreadsheets in the fields file1, file2 and so on.`,
  noFiles: 'Send at least one spreadsheet (.xlsx or .csv) in the field file1.',
  wrongField: (field: string) => `${field} is not a spreadsheet field: send the files as file1, file2 and so on.`,
  twice: (field: string) => `${field} is sent twice.`,
  tooMany: `At most ${SALES_SPREADSHEET_LIMITS.files} spreadsheets in one call.`,
  tooLarge: (field: string, fileName: string) => `${field} (${fileName}) is larger than ${SALES_SPREADSHEET_LIMITS.fileBytes / MB} MB.`,
  notSpreadsheet: (field: string, fileName: string) => `${field} (${fileName}) is not an .xlsx or .csv spreadsheet.`,
  refused: (field: string, fileName: string, why: string) => `${field} (${fileName}) ${why}.`,
  invalid: (count: number) => `The spreadsheets have ${count} problem${count === 1 ? '' : 's'}; nothing was created.`,
} as const;

class UploadRefused extends DomainError {
  constructor(status: 400 | 413 | 415, field: string, message: string) {
    super(status, statusTypeFor(status), message, { field });
  }
}

const SHEET_COLUMNS: readonly SheetColumn[] = SALES_SHEET_COLUMNS.map((header) => ({
  header,
  width: header === 'Product Name' || header === 'Description' || header === 'Campaign' ? 32 : header.includes('Date') ? 26 : 14,
  numFmt: header.endsWith('Price') ? '0.00' : undefined,
}));

/** A file name any browser and file system takes: ASCII letters, digits and hyphens. */
export function exportFileName(id: number, name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `sales-campaign-${id}${slug ? `-${slug}` : ''}.xlsx`;
}

const asMoney = (cents: number | null): number | null => (cents === null ? null : cents / 100);

/**
 * Receives every file part into a folder of its own (streamed to disk, each cut off at the byte
 * limit), then sniffs what each is. Throws a 4xx naming the file for anything refused.
 */
async function receive(request: FastifyRequest, folder: string): Promise<UploadedSpreadsheet[]> {
  if (!request.isMultipart()) throw new BadRequestError(SALES_UPLOAD_MESSAGES.notMultipart);
  const files: UploadedSpreadsheet[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const field = part.fieldname;
      const fileName = path.basename(part.filename || field).slice(0, 255);
      if (!FILE_FIELD.test(field)) {
        part.file.resume();
        throw new UploadRefused(400, field, SALES_UPLOAD_MESSAGES.wrongField(field));
      }
      if (files.some((file) => file.field === field)) {
        part.file.resume();
        throw new UploadRefused(400, field, SALES_UPLOAD_MESSAGES.twice(field));
      }
      const target = path.join(folder, `${files.length + 1}.upload`);
      let tooLarge = false;
      part.file.once('limit', () => {
        tooLarge = true;
        part.file.destroy(new UploadRefused(413, field, SALES_UPLOAD_MESSAGES.tooLarge(field, fileName)));
      });
      try {
        await pipeline(part.file, createWriteStream(target));
      } catch (error) {
        if (tooLarge || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new UploadRefused(413, field, SALES_UPLOAD_MESSAGES.tooLarge(field, fileName));
        throw error;
      }
      if (tooLarge || part.file.truncated) throw new UploadRefused(413, field, SALES_UPLOAD_MESSAGES.tooLarge(field, fileName));
      const kind = sniffSpreadsheet(await readHead(target), fileName);
      if (!kind) throw new UploadRefused(415, field, SALES_UPLOAD_MESSAGES.notSpreadsheet(field, fileName));
      files.push({ field, fileName, path: target, kind });
    }
  } catch (error) {
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new UploadRefused(413, `file${SALES_SPREADSHEET_LIMITS.files + 1}`, SALES_UPLOAD_MESSAGES.tooMany);
    // Ours, the multipart plugin's own refusals, and the system's failures (a full disk) go as they are;
    // anything else is the multipart parser failing on the body the client sent.
    if (error instanceof DomainError || (statusCode !== undefined && statusCode < 500) || (code !== undefined && /^E[A-Z]+$/.test(code))) throw error;
    throw new BadRequestError(SALES_UPLOAD_MESSAGES.malformed((error as Error).message));
  }
  if (files.length === 0) throw new UploadRefused(400, 'file1', SALES_UPLOAD_MESSAGES.noFiles);
  // In field order (file1, file2, …), whatever order they came in.
  return files.sort((a, b) => Number(a.field.slice(4)) - Number(b.field.slice(4)));
}

/** Receives, checks and (for create) writes; the spooled files are removed whatever happens. */
async function withUploads<T>(request: FastifyRequest, reply: FastifyReply, work: (files: UploadedSpreadsheet[]) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'inkwell-sales-'));
  try {
    const files = await receive(request, folder);
    try {
      return await work(files);
    } catch (error) {
      if (error instanceof SpreadsheetFileRefused) {
        const { file, refusal } = error;
        throw new UploadRefused(refusal.reason === 'rows' || refusal.reason === 'unpacked' ? 413 : 400, file.field, SALES_UPLOAD_MESSAGES.refused(file.field, file.fileName, refusal.message));
      }
      throw error;
    }
  } catch (error) {
    // A refusal while the body may still be coming (a file refused before the next): closing spares reading the rest.
    if (error instanceof UploadRefused || (error instanceof DomainError && error.statusCode === 400)) reply.header('connection', 'close');
    throw error;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Sales campaign spreadsheets (dashboard spec §7 "Sales campaigns"): export a campaign as an .xlsx,
 * and validate or create campaigns from uploaded .xlsx and .csv files (multipart file1, file2, …).
 */
export async function staffSalesSpreadsheetRoutes(app: App, context: ServiceContext): Promise<void> {
  const { db, outbox } = context;
  const admin = { preHandler: context.auth.requireAdmin };

  app.get('/api/dashboard/sales/exportAsExcel/:id', {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'A sales campaign as an .xlsx: one row per sales product, the campaign repeated on each (columns of SALES_SHEET_COLUMNS)',
      params: ById,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      response: { 200: Type.String({ format: 'binary', description: 'The .xlsx file' }) },
    },
    handler: async (request, reply) => {
      const campaign = await campaignToExport(db, request.params.id);
      if (!campaign) throw new NotFoundError();
      const fields: OutCell[] = [campaign.name, campaign.description, campaign.startDate?.toISOString() ?? null, campaign.endDate?.toISOString() ?? null];
      async function* rows(): AsyncGenerator<OutCell[]> {
        for await (const row of campaignProductRows(db, campaign!.id)) {
          yield [
            ...fields,
            row.productId,
            row.productName,
            row.seriesId,
            row.variantType === 'Digital' ? DIGITAL_VARIANT_ID : row.variantId,
            row.currency,
            asMoney(row.fullPriceCents),
            asMoney(row.discountPriceCents),
          ];
        }
      }
      const out = new PassThrough();
      const fileName = exportFileName(campaign.id, campaign.name);
      writeSheet(out, 'Sales products', SHEET_COLUMNS, rows()).catch((error: unknown) => {
        request.log.error({ err: error }, 'sales campaign export failed');
        out.destroy(error as Error);
      });
      reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      reply.header('cache-control', 'no-store');
      // The declared 200 is the file's bytes; Fastify streams them as they are written.
      return reply.send(out as unknown as string);
    },
  });

  await app.register(async (plugin) => {
    const uploads = plugin as unknown as App;
    // Multipart only here: up to the file limit, each file cut off at its byte limit.
    await uploads.register(multipart, {
      limits: { files: SALES_SPREADSHEET_LIMITS.files, fileSize: SALES_SPREADSHEET_LIMITS.fileBytes, fields: 10, parts: SALES_SPREADSHEET_LIMITS.files + 10, fieldSize: 1024, headerPairs: 100 },
    });

    uploads.post('/api/dashboard/sales/ValidateFromCsv', {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Check sales campaign spreadsheets (multipart file1, file2, …: .xlsx or .csv): every problem with its file, sheet, row and column; nothing is created',
        consumes: ['multipart/form-data'],
        response: { 200: EnvelopeOf(SpreadsheetReportSchema) },
      },
      handler: async (request, reply) => withUploads(request, reply, async (files) => success((await validateSpreadsheets(db, files)).report)),
    });

    uploads.post('/api/dashboard/sales/CreateFromCsv', {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Create a Draft sales campaign from each spreadsheet (multipart file1, file2, …), all or none: 422 with every problem when any file has one',
        consumes: ['multipart/form-data'],
        response: { 200: EnvelopeOf(SpreadsheetReportSchema), 422: EnvelopeOf(SpreadsheetReportSchema) },
      },
      handler: async (request, reply) =>
        withUploads(request, reply, async (files) => {
          const actor = staffActor(request);
          const { report, campaigns } = await validateSpreadsheets(db, files);
          if (!report.valid) {
            return reply.status(422).send({
              status: {
                type: statusTypeFor(422),
                message: SALES_UPLOAD_MESSAGES.invalid(report.problemCount),
                problems: report.problems.slice(0, 100).map((item) => ({ field: item.file, message: `${item.sheet}${item.row === null ? '' : ` row ${item.row}`}${item.column === null ? '' : `, ${item.column}`}: ${item.message}` })),
              },
              response: report,
            });
          }
          const createdIds = await db.transaction((tx) => createImportedCampaigns({ tx, outbox }, actor, campaigns));
          const created: SpreadsheetReport = { ...report, createdIds };
          return success(created);
        }),
    });
  });
}

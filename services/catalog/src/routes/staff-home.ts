import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import {
  BANNER_UPLOAD_LIMITS,
  HomeEntriesSchema,
  HomeImageChoiceSchema,
  HomeImagesQuerySchema,
  HomepageMessagingSchema,
  ImageAssetSchema,
  WheelGroupInputSchema,
  WheelGroupSchema,
  WheelReorderSchema,
  WheelSaveSchema,
  type HomeEntries,
} from '@inkwell/contracts/dashboard-merchandising';
import { BadRequestError, DomainError, EnvelopeOf, NotFoundError, NumericId, statusTypeFor, success, type App, type Queryable, type ServiceContext } from '@inkwell/platform';
import { WHEEL_MESSAGES } from '../domain/wheel-rules';
import { staffActor } from '../store/audit';
import { loadHomepageSettings, setHomepageMessaging, setHomepageTop } from '../store/homepage-settings';
import { addHomeBanner, createWheelGroup, homeImages, loadWheelGroup, loadWheelGroups, reorderWheel, saveWheel, setWheelGroupStatus } from '../store/wheel';

const tags = ['dashboard'];
const security = [{ bearer: [] }];
const ById = Type.Object({ id: NumericId({ errorMessage: 'id must be a wheel group id (a whole number from 1).' }) });

export const BANNER_MESSAGES = {
  notMultipart: 'Send the banner as multipart/form-data, in the field "file".',
  malformed: (reason: string) => `The upload could not be read as multipart/form-data (${reason}); send the banner in the field "file".`,
  fileMissing: 'Choose a banner image to upload (the field "file").',
  wrongField: (name: string) => `The banner goes in the field "file", not "${name}".`,
  notImage: 'A banner must be a PNG, JPEG or WebP image.',
  tooLarge: `A banner may be at most ${BANNER_UPLOAD_LIMITS.bytes / (1024 * 1024)} MB.`,
} as const;

class BannerTooLargeError extends DomainError {
  constructor() {
    super(413, statusTypeFor(413), BANNER_MESSAGES.tooLarge, { field: 'file' });
  }
}

/** The type and size of a PNG, JPEG or WebP image read from its bytes (never from its name or declared type). */
export function sniffImage(bytes: Buffer): { contentType: 'image/png' | 'image/jpeg' | 'image/webp'; extension: string; width: number; height: number } | undefined {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return { contentType: 'image/png', extension: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 30 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    const chunk = bytes.toString('latin1', 12, 16);
    if (chunk === 'VP8X') return { contentType: 'image/webp', extension: 'webp', width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
    if (chunk === 'VP8 ' && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) return { contentType: 'image/webp', extension: 'webp', width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
    if (chunk === 'VP8L' && bytes[20] === 0x2f) {
      const bits = bytes.readUInt32LE(21);
      return { contentType: 'image/webp', extension: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    return undefined;
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    let offset = 2;
    while (offset + 9 < bytes.length) {
      if (bytes[offset] !== 0xff) return undefined;
      const marker = bytes[offset + 1]!;
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xff) {
        offset += marker === 0xff ? 1 : 2;
        continue;
      }
      const length = bytes.readUInt16BE(offset + 2);
      // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame's size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { contentType: 'image/jpeg', extension: 'jpg', width: bytes.readUInt16BE(offset + 7), height: bytes.readUInt16BE(offset + 5) };
      }
      offset += 2 + length;
    }
  }
  return undefined;
}

async function homeEntries(db: Queryable): Promise<HomeEntries> {
  const [groups, settings] = await Promise.all([loadWheelGroups(db), loadHomepageSettings(db)]);
  return { groups, topTypeId: settings.topTypeId, messaging: settings.messaging };
}

/**
 * The home page calls (dashboard spec §7 "Home page"; restrictedTerritories, pricing tiers and
 * imprints are the lookups'): the wheel's groups and items, their ordered save, status moves and
 * reorder; the top and messaging settings; and, beyond the spec, the image picker and banner upload.
 */
export async function staffHomeRoutes(app: App, context: ServiceContext): Promise<void> {
  const { db, outbox, files } = context;
  const admin = { preHandler: context.auth.requireAdmin };

  app.get('/api/dashboard/home/entry', {
    ...admin,
    schema: { tags, security, summary: 'The wheel’s groups with their items (removed ones last), the top type and the message bar', response: { 200: EnvelopeOf(HomeEntriesSchema) } },
    handler: async () => success(await homeEntries(db)),
  });

  app.post('/api/dashboard/home/entry/new', {
    ...admin,
    schema: { tags, security, summary: 'Create a Draft wheel group (a duplicate name gets “ (n)”)', body: WheelGroupInputSchema, response: { 200: EnvelopeOf(WheelGroupSchema) } },
    handler: async (request) => {
      const actor = staffActor(request);
      const id = await db.transaction((tx) => createWheelGroup({ tx, outbox }, actor, request.body));
      return success((await loadWheelGroup(db, id))!);
    },
  });

  app.post('/api/dashboard/home/entry/alter', {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'The ordered save: adds, removals, edits, publishes, unpublishes and restores, then schedules, in one transaction (any refusal keeps nothing)',
      body: WheelSaveSchema,
      response: { 200: EnvelopeOf(HomeEntriesSchema) },
    },
    handler: async (request) => {
      const actor = staffActor(request);
      await db.transaction((tx) => saveWheel({ tx, outbox }, actor, request.body));
      return success(await homeEntries(db));
    },
  });

  for (const [path, to, summary] of [
    ['/api/dashboard/home/entry/remove', 'Removed', 'Remove a wheel group'],
    ['/api/dashboard/home/entry/publish', 'Published', 'Publish a wheel group (the §5 checks, per age-rating bucket)'],
    ['/api/dashboard/home/entry/unpublish', 'Draft', 'Take a wheel group off the storefront (back to Draft)'],
  ] as const) {
    app.post(path, {
      ...admin,
      schema: { tags, security, summary, querystring: ById, response: { 200: EnvelopeOf(WheelGroupSchema) } },
      handler: async (request) => {
        const actor = staffActor(request);
        const id = request.query.id;
        if (!(await loadWheelGroup(db, id))) throw new NotFoundError(WHEEL_MESSAGES.noGroup(id));
        await db.transaction((tx) => setWheelGroupStatus({ tx, outbox }, actor, id, to));
        return success((await loadWheelGroup(db, id))!);
      },
    });
  }

  app.post('/api/dashboard/home/entry/reOrder', {
    ...admin,
    schema: { tags, security, summary: 'Move groups (groupId null) or a group’s items: per item id, oldOrder and newOrder; a stale oldOrder is 409', body: WheelReorderSchema, response: { 200: EnvelopeOf(HomeEntriesSchema) } },
    handler: async (request) => {
      const actor = staffActor(request);
      await db.transaction((tx) => reorderWheel({ tx, outbox }, actor, request.body));
      return success(await homeEntries(db));
    },
  });

  app.post('/api/dashboard/homepage/top', {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'Which group type leads the storefront home: 0 Thumbnail, 1 Banner',
      querystring: Type.Object({ typeId: Type.Integer({ minimum: 0, maximum: 1, errorMessage: WHEEL_MESSAGES.topType }) }),
      response: { 200: EnvelopeOf(HomeEntriesSchema) },
    },
    handler: async (request) => {
      const actor = staffActor(request);
      await db.transaction((tx) => setHomepageTop({ tx, outbox }, actor, request.query.typeId));
      return success(await homeEntries(db));
    },
  });

  app.post('/api/dashboard/homepage/messaging/set', {
    ...admin,
    schema: { tags, security, summary: 'The message bar above the storefront home', body: HomepageMessagingSchema, response: { 200: EnvelopeOf(HomepageMessagingSchema) } },
    handler: async (request) => {
      const actor = staffActor(request);
      const settings = await db.transaction((tx) => setHomepageMessaging({ tx, outbox }, actor, request.body));
      return success(settings.messaging);
    },
  });

  app.get('/api/dashboard/home/images', {
    ...admin,
    schema: { tags, security, summary: 'The wheel editor’s image picker: uploaded banners and catalogue covers (beyond the spec)', querystring: HomeImagesQuerySchema, response: { 200: EnvelopeOf(Type.Array(HomeImageChoiceSchema)) } },
    handler: async (request) => success(await homeImages(db, request.query.query, request.query.count ?? 40, (key) => files.publicUrl(key))),
  });

  await app.register(async (plugin) => {
    const uploads = plugin as unknown as App;
    // Multipart only here, with the banner's own limits: one file and nothing else.
    await uploads.register(multipart, { limits: { fileSize: BANNER_UPLOAD_LIMITS.bytes, files: 1, fields: 0, parts: 1 } });
    uploads.post('/api/dashboard/home/banners', {
      ...admin,
      schema: { tags, security, summary: 'Upload a banner image (PNG, JPEG or WebP, by content) for the wheel; answers its image asset (beyond the spec)', consumes: ['multipart/form-data'], response: { 200: EnvelopeOf(ImageAssetSchema) } },
      handler: async (request) => {
        staffActor(request);
        if (!request.isMultipart()) throw new BadRequestError(BANNER_MESSAGES.notMultipart, { field: 'file' });
        // The multipart parser refuses a body it cannot read (no boundary, a broken part): the client's to fix.
        const part = await request.file().catch((error: unknown) => {
          if ((error as { statusCode?: number }).statusCode !== undefined) throw error;
          throw new BadRequestError(BANNER_MESSAGES.malformed((error as Error).message), { field: 'file' });
        });
        if (!part) throw new BadRequestError(BANNER_MESSAGES.fileMissing, { field: 'file' });
        if (part.fieldname !== 'file') throw new BadRequestError(BANNER_MESSAGES.wrongField(part.fieldname), { field: 'file' });
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch {
          throw new BannerTooLargeError();
        }
        if (part.file.truncated) throw new BannerTooLargeError();
        const image = sniffImage(bytes);
        if (!image || image.width === 0 || image.height === 0) throw new BadRequestError(BANNER_MESSAGES.notImage, { field: 'file' });
        const key = `banners/${randomUUID()}.${image.extension}`;
        await files.put(key, bytes, image.contentType);
        const fileName = (part.filename || `banner.${image.extension}`).replace(/\p{Cc}/gu, '').slice(0, 200);
        try {
          await addHomeBanner(db, { key, fileName, contentType: image.contentType, width: image.width, height: image.height, bytes: bytes.length });
        } catch (error) {
          await files.delete(key).catch(() => undefined);
          throw error;
        }
        return success({ url: files.publicUrl(key), width: image.width, height: image.height, localPath: key, color: null });
      },
    });
  });
}

import { Type } from '@sinclair/typebox';
import {
  AssignableUserSchema,
  BulkEditBodySchema,
  BulkEditResultSchema,
  IdParamsSchema,
  MarkReadBodySchema,
  SUPPORT_MESSAGES,
  TagIdParamsSchema,
  TagInputSchema,
  TicketPageSchema,
  TicketSchema,
  TicketSearchBodySchema,
  TicketTagSchema,
  type BulkEditBody,
} from '@inkwell/contracts/dashboard-support';
import { canStaffMoveTicket, type TicketStatus } from '@inkwell/contracts/support-rules';
import {
  BadRequestError,
  ConflictError,
  EnvelopeOf,
  NotFoundError,
  insertStaffAudit,
  staffActorOf,
  success,
  type App,
  type FieldChanges,
  type ServiceContext,
  type StaffActor,
} from '@inkwell/platform';
import type { AccountStaff } from '../peers/account-staff';
import { cancelScheduledEmails } from '../store/scheduled-emails';
import {
  addTicketTags,
  deleteTag,
  insertTag,
  listTags,
  loadTag,
  lockTag,
  missingTagIds,
  removeTicketTags,
  tagNamed,
  updateTag,
} from '../store/ticket-tags';
import { setTicketStatus } from '../store/ticket-writes';
import { inboundRawKey, keptAttachment, loadTicket, markTicketsRead, missingTicketIds, pageTickets } from '../store/tickets';

const tags = ['dashboard'];
const security = [{ bearer: [] }];
const BASE = '/api/dashboard/support-tickets';

const DeletedTagSchema = Type.Object({ id: Type.Integer(), deleted: Type.Literal(true) });
const DOWNLOAD = { description: 'The stored file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } };

/** Attachment types shown as what they are when downloaded; anything else is application/octet-stream. */
const SAFE_ATTACHMENT_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'text/plain',
  'text/csv',
  'application/zip',
]);

/** A `filename="…"` safe in a header: no quotes, backslashes, control or non-ASCII characters. */
function dispositionName(name: string, fallback: string): string {
  const cleaned = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_').trim().slice(0, 150);
  return cleaned || fallback;
}

/** The ids listed, in a sentence: `#3, #7`. */
const idList = (ids: readonly number[]) => ids.map((id) => `#${id}`).join(', ');

class TicketsNotFoundError extends NotFoundError {
  constructor(ids: readonly number[]) {
    super(`${SUPPORT_MESSAGES.ticketNotFound} (${idList(ids)})`);
  }
}

/**
 * The dashboard's Support tickets calls (dashboard spec §7), admins only: the inbox with its
 * filters and counts, one ticket with its conversation, read marks, tags, assignable staff (from
 * the account service), bulk edits in one transaction, and downloads of raw messages and kept
 * attachments. Replies are routes/ticket-replies.ts.
 */
export async function supportTicketRoutes(app: App, context: ServiceContext, staff: AccountStaff): Promise<void> {
  const { db, files } = context;
  const admin = { preHandler: context.auth.requireAdmin };

  app.post(`${BASE}/post-pagination`, {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'Tickets, filtered (statuses, tags, assignee incl. me/unassigned, platform, type, waiting on us, unread), searched (address, name, subject, id, message text), sorted and paged, with the tabs\' counts',
      body: TicketSearchBodySchema,
      response: { 200: EnvelopeOf(TicketPageSchema) },
    },
    handler: async (request) => success(await pageTickets(db, request.body, staffActorOf(request.principal).id)),
  });

  app.get(`${BASE}/get/:id`, {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'One ticket with every message oldest first (inbound emails with attachments, staff replies with their email\'s fate, forms) and the statuses staff may choose',
      params: IdParamsSchema,
      response: { 200: EnvelopeOf(TicketSchema) },
    },
    handler: async (request) => {
      const ticket = await loadTicket(db, request.params.id);
      if (!ticket) throw new NotFoundError(SUPPORT_MESSAGES.ticketNotFound);
      return success(ticket);
    },
  });

  app.post(`${BASE}/mark-read`, {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'Marks tickets read (staff opened them) or unread again; every id must be a ticket',
      body: MarkReadBodySchema,
      response: { 200: EnvelopeOf(BulkEditResultSchema) },
    },
    handler: async (request) => {
      const ids = [...new Set(request.body.ticketIds)];
      const missing = await missingTicketIds(db, ids);
      if (missing.length > 0) throw new TicketsNotFoundError(missing);
      return success({ updated: await markTicketsRead(db, ids, request.body.read) });
    },
  });

  app.get(`${BASE}/tags`, {
    ...admin,
    schema: { tags, security, summary: 'Ticket tags by name, with how many tickets carry each', response: { 200: EnvelopeOf(Type.Array(TicketTagSchema)) } },
    handler: async () => success(await listTags(db)),
  });

  app.post(`${BASE}/tags/add-or-update`, {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'Adds a tag, or renames/recolors the tag `id`; names are unique whatever their case',
      body: TagInputSchema,
      response: { 200: EnvelopeOf(TicketTagSchema) },
    },
    handler: async (request) => {
      const actor = staffActorOf(request.principal);
      const name = request.body.name.trim();
      const { id, color } = request.body;
      const tagId = await db.transaction(async (tx) => {
        if (id === undefined) {
          const created = await insertTag(tx, name, color);
          if (created === null) throw new ConflictError(SUPPORT_MESSAGES.tagNameTaken(name));
          await insertStaffAudit(tx, { entity: 'ticket-tag', entityId: String(created), action: 'create', actor, changes: { name: { from: null, to: name } } });
          return created;
        }
        const before = await lockTag(tx, id);
        if (!before) throw new NotFoundError(SUPPORT_MESSAGES.tagNotFound);
        if ((await tagNamed(tx, name, id)) !== null) throw new ConflictError(SUPPORT_MESSAGES.tagNameTaken(name));
        const nextColor = color ?? before.color;
        await updateTag(tx, id, name, nextColor);
        const changes: FieldChanges = {};
        if (before.name !== name) changes.name = { from: before.name, to: name };
        if (before.color !== nextColor) changes.color = { from: before.color, to: nextColor };
        if (Object.keys(changes).length > 0) await insertStaffAudit(tx, { entity: 'ticket-tag', entityId: String(id), action: 'update', actor, changes });
        return id;
      }).catch((error: unknown) => {
        // Two renames to one name at once: the unique index refuses the second.
        if (isUniqueViolation(error)) throw new ConflictError(SUPPORT_MESSAGES.tagNameTaken(name));
        throw error;
      });
      return success((await loadTag(db, tagId))!);
    },
  });

  app.post(`${BASE}/tags/delete/:id`, {
    ...admin,
    schema: { tags, security, summary: 'Deletes a tag; the tickets carrying it lose it', params: TagIdParamsSchema, response: { 200: EnvelopeOf(DeletedTagSchema) } },
    handler: async (request) => {
      const actor = staffActorOf(request.principal);
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const before = await lockTag(tx, id);
        if (!before || !(await deleteTag(tx, id))) throw new NotFoundError(SUPPORT_MESSAGES.tagNotFound);
        await insertStaffAudit(tx, { entity: 'ticket-tag', entityId: String(id), action: 'delete', actor, changes: { name: { from: before.name, to: null } } });
      });
      return success({ id, deleted: true as const });
    },
  });

  app.get(`${BASE}/assignable-users`, {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'Staff accounts (admin, support or finance) tickets may be assigned to, from the account service (503 when it cannot answer)',
      response: { 200: EnvelopeOf(Type.Array(AssignableUserSchema)) },
    },
    handler: async () => success(await staff.list()),
  });

  app.post(`${BASE}/bulk-edit`, {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'Changes the status, tags and/or assignee of many tickets in one transaction: all of them or none (409 naming refused moves, 404 unknown tickets or tags, 400 an assignee who is not staff)',
      body: BulkEditBodySchema,
      response: { 200: EnvelopeOf(BulkEditResultSchema) },
    },
    handler: async (request) => {
      const actor = staffActorOf(request.principal);
      return success({ updated: await bulkEdit(request.body, actor) });
    },
  });

  async function bulkEdit(body: BulkEditBody, actor: StaffActor): Promise<number> {
    const ids = [...new Set(body.ticketIds)].sort((a, b) => a - b);
    const addTags = [...new Set(body.addTagIds ?? [])];
    const removeTags = [...new Set(body.removeTagIds ?? [])];
    const assigning = body.assignedToUserId !== undefined;
    if (body.status === undefined && addTags.length === 0 && removeTags.length === 0 && !assigning) {
      throw new BadRequestError(SUPPORT_MESSAGES.nothingToChange, { field: 'status' });
    }
    const both = addTags.filter((id) => removeTags.includes(id));
    if (both.length > 0) throw new BadRequestError('A tag cannot be both added and removed.', { field: 'removeTagIds' });
    // The assignee is checked before the transaction: a gRPC call does not hold ticket locks.
    let assignee: { id: string; email: string } | null = null;
    if (body.assignedToUserId) {
      const found = await staff.find(body.assignedToUserId);
      if (!found) throw new BadRequestError(SUPPORT_MESSAGES.assigneeNotStaff, { field: 'assignedToUserId' });
      assignee = { id: found.userId, email: found.email };
    }
    return db.transaction(async (tx) => {
      // Locked in id order, so two bulk edits over the same tickets wait for each other rather than deadlock.
      const { rows } = await tx.query<{ id: number; status: TicketStatus; assigned_to_user_id: string | null }>(
        'SELECT id, status, assigned_to_user_id FROM support_tickets WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE',
        [ids],
      );
      const found = new Map(rows.map((row) => [Number(row.id), row]));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length > 0) throw new TicketsNotFoundError(missing);
      const missingTags = await missingTagIds(tx, [...addTags, ...removeTags]);
      if (missingTags.length > 0) throw new NotFoundError(`${SUPPORT_MESSAGES.tagNotFound} (${idList(missingTags)})`);
      const target = body.status;
      if (target !== undefined) {
        const refused = rows.filter((row) => !canStaffMoveTicket(row.status, target));
        if (refused.length > 0) {
          const first = refused[0]!;
          throw new ConflictError(`${SUPPORT_MESSAGES.statusMove(first.status, target)} Tickets refused: ${idList(refused.map((row) => Number(row.id)))}.`);
        }
      }
      for (const row of rows) {
        const changes: FieldChanges = {};
        if (target !== undefined && row.status !== target) {
          await setTicketStatus(tx, Number(row.id), target);
          changes.status = { from: row.status, to: target };
          if (target === 'Solved' || target === 'Closed') await cancelScheduledEmails(tx, { ticketId: Number(row.id) }, actor.email);
        }
        if (assigning && row.assigned_to_user_id !== (assignee?.id ?? null)) {
          changes.assignedToUserId = { from: row.assigned_to_user_id, to: assignee?.id ?? null };
        }
        if (addTags.length > 0) changes.addTagIds = { from: null, to: addTags };
        if (removeTags.length > 0) changes.removeTagIds = { from: null, to: removeTags };
        if (Object.keys(changes).length > 0) {
          await insertStaffAudit(tx, { entity: 'support-ticket', entityId: String(row.id), action: 'bulk-edit', actor, changes });
        }
      }
      if (assigning) {
        await tx.query('UPDATE support_tickets SET assigned_to_user_id = $2, assigned_to_email = $3 WHERE id = ANY($1::bigint[])', [
          ids,
          assignee?.id ?? null,
          assignee?.email ?? null,
        ]);
      }
      if (addTags.length > 0) await addTicketTags(tx, ids, addTags);
      if (removeTags.length > 0) await removeTicketTags(tx, ids, removeTags);
      return ids.length;
    });
  }

  app.get(`${BASE}/raw-message/:id`, {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'The raw message of an inbound email message, as stored when it arrived (message/rfc822, a download)',
      params: IdParamsSchema,
      response: { 200: { ...DOWNLOAD, content: { 'message/rfc822': DOWNLOAD.content['application/octet-stream'] } } },
    },
    handler: async (request, reply) => {
      const found = await inboundRawKey(db, request.params.id);
      if (found === 'unknown') throw new NotFoundError(SUPPORT_MESSAGES.messageNotFound);
      if (found === 'not-inbound') throw new NotFoundError(SUPPORT_MESSAGES.notAnEmail);
      const stream = await files.getStream(found.key);
      if (!stream) throw new NotFoundError(SUPPORT_MESSAGES.messageNotFound);
      return reply
        .header('content-type', 'message/rfc822')
        .header('content-disposition', `attachment; filename="message-${request.params.id}.eml"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  });

  app.get(`${BASE}/attachment/:id`, {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'A kept attachment of an inbound email (a download; its type only when it is a safe one, else application/octet-stream)',
      params: IdParamsSchema,
      response: { 200: DOWNLOAD },
    },
    handler: async (request, reply) => {
      const attachment = await keptAttachment(db, request.params.id);
      const stream = attachment ? await files.getStream(attachment.key) : undefined;
      if (!attachment || !stream) throw new NotFoundError('No such attachment.');
      const type = attachment.contentType.toLowerCase().split(';')[0]!.trim();
      return reply
        .header('content-type', SAFE_ATTACHMENT_TYPES.has(type) ? type : 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${dispositionName(attachment.filename, `attachment-${request.params.id}`)}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  });
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

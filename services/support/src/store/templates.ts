import type { Database, Queryable } from '@inkwell/platform';
import { placeholdersOf, type EmailContent } from '../domain/render';

export type TemplateKind = 'auth' | 'db';

/** A template as staff see it (dashboard spec §3 "email templates"). */
export interface EmailTemplate {
  id: number;
  name: string;
  description: string;
  subject: string;
  htmlBody: string;
  textBody: string;
  /** The `{{placeholders}}` the template uses, i.e. the MetaData a test email needs. */
  placeholders: string[];
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
  editedBy: string | null;
}

type TemplateRow = {
  id: number;
  name: string;
  description: string;
  subject: string;
  html_body: string;
  text_body: string;
  created_at: Date;
  updated_at: Date;
  created_by: string | null;
  edited_by: string | null;
};

const COLUMNS = 'id, name, description, subject, html_body, text_body, created_at, updated_at, created_by, edited_by';

export function contentOf(template: EmailTemplate): EmailContent {
  return { subject: template.subject, html: template.htmlBody, text: template.textBody };
}

function toTemplate(row: TemplateRow): EmailTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    subject: row.subject,
    htmlBody: row.html_body,
    textBody: row.text_body,
    placeholders: placeholdersOf({ subject: row.subject, html: row.html_body, text: row.text_body }),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    createdBy: row.created_by,
    editedBy: row.edited_by,
  };
}

export async function findTemplateByName(db: Queryable, kind: TemplateKind, name: string): Promise<EmailTemplate | undefined> {
  const { rows } = await db.query<TemplateRow>(`SELECT ${COLUMNS} FROM email_templates WHERE kind = $1 AND lower(name) = lower($2)`, [kind, name]);
  return rows[0] && toTemplate(rows[0]);
}

export async function findTemplateById(db: Queryable, kind: TemplateKind, id: number): Promise<EmailTemplate | undefined> {
  const { rows } = await db.query<TemplateRow>(`SELECT ${COLUMNS} FROM email_templates WHERE kind = $1 AND id = $2`, [kind, id]);
  return rows[0] && toTemplate(rows[0]);
}

export async function listTemplates(db: Queryable, kind: TemplateKind): Promise<EmailTemplate[]> {
  const { rows } = await db.query<TemplateRow>(`SELECT ${COLUMNS} FROM email_templates WHERE kind = $1 ORDER BY lower(name)`, [kind]);
  return rows.map(toTemplate);
}

/** `%` and `_` typed by staff are searched for literally. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
}

export async function pageTemplates(
  db: Queryable,
  kind: TemplateKind,
  page: { offset: number; limit: number; search?: string | undefined },
): Promise<{ items: EmailTemplate[]; filtered: number; unfiltered: number }> {
  const pattern = page.search ? likePattern(page.search) : null;
  const filter = `kind = $1 AND ($2::text IS NULL OR lower(name) LIKE $2 OR lower(description) LIKE $2 OR lower(subject) LIKE $2)`;
  const counts = await db.query<{ filtered: number; unfiltered: number }>(
    `SELECT count(*) FILTER (WHERE ${filter}) AS filtered, count(*) FILTER (WHERE kind = $1) AS unfiltered FROM email_templates`,
    [kind, pattern],
  );
  const { rows } = await db.query<TemplateRow>(`SELECT ${COLUMNS} FROM email_templates WHERE ${filter} ORDER BY lower(name), id LIMIT $3 OFFSET $4`, [kind, pattern, page.limit, page.offset]);
  return { items: rows.map(toTemplate), filtered: counts.rows[0]!.filtered, unfiltered: counts.rows[0]!.unfiltered };
}

export interface TemplateInput {
  name: string;
  description: string;
  subject: string;
  htmlBody: string;
  textBody: string;
}

/** Undefined when another template of the kind already has the name. */
export async function createTemplate(db: Queryable, kind: TemplateKind, input: TemplateInput, by: string | null): Promise<EmailTemplate | undefined> {
  const { rows } = await db.query<TemplateRow>(
    `INSERT INTO email_templates (kind, name, description, subject, html_body, text_body, created_by, edited_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
     ON CONFLICT (kind, lower(name)) DO NOTHING
     RETURNING ${COLUMNS}`,
    [kind, input.name, input.description, input.subject, input.htmlBody, input.textBody, by],
  );
  return rows[0] && toTemplate(rows[0]);
}

export async function updateTemplate(db: Queryable, kind: TemplateKind, id: number, input: TemplateInput, by: string | null): Promise<EmailTemplate | undefined> {
  const { rows } = await db.query<TemplateRow>(
    `UPDATE email_templates
        SET name = $3, description = $4, subject = $5, html_body = $6, text_body = $7, edited_by = $8, updated_at = now()
      WHERE kind = $1 AND id = $2
      RETURNING ${COLUMNS}`,
    [kind, id, input.name, input.description, input.subject, input.htmlBody, input.textBody, by],
  );
  return rows[0] && toTemplate(rows[0]);
}

/**
 * Writes the authentication templates the service ships. They are the code's to define (staff read
 * them, they have no call to edit them), so a changed template replaces the stored one; an
 * unchanged one is left alone and keeps its dates.
 */
export async function syncAuthTemplates(db: Database, templates: ReadonlyArray<EmailContent & { name: string; description: string }>): Promise<void> {
  await db.transaction(async (tx) => {
    for (const template of templates) {
      await tx.query(
        `INSERT INTO email_templates (kind, name, description, subject, html_body, text_body)
         VALUES ('auth', $1, $2, $3, $4, $5)
         ON CONFLICT (kind, lower(name)) DO UPDATE
            SET description = EXCLUDED.description, subject = EXCLUDED.subject, html_body = EXCLUDED.html_body,
                text_body = EXCLUDED.text_body, updated_at = now()
          WHERE (email_templates.description, email_templates.subject, email_templates.html_body, email_templates.text_body)
                IS DISTINCT FROM (EXCLUDED.description, EXCLUDED.subject, EXCLUDED.html_body, EXCLUDED.text_body)`,
        [template.name, template.description, template.subject, template.html, template.text],
      );
    }
  });
}

/**
 * Adds the shipped database templates (order, scheduled and report mails) staff do not have yet:
 * unlike the authentication templates they are staff's to reword, so one already stored (shipped
 * earlier, or written by staff under that name) is kept as it is.
 */
export async function installShippedTemplates(db: Database, templates: ReadonlyArray<EmailContent & { name: string; description: string }>): Promise<void> {
  await db.transaction(async (tx) => {
    for (const template of templates) {
      await createTemplate(tx, 'db', { name: template.name, description: template.description, subject: template.subject, htmlBody: template.html, textBody: template.text }, null);
    }
  });
}

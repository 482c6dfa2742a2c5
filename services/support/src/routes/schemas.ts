import { Type, type TSchema } from '@sinclair/typebox';
import { EnvelopeOf } from '@inkwell/platform';
import { MESSAGES } from '../domain/messages';

/** Body of the dashboard's `post-pagination` list calls. */
export const PageRequest = Type.Object({
  pageNumber: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, errorMessage: MESSAGES.pageNumber }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 25, errorMessage: MESSAGES.pageSize }),
  search: Type.Optional(Type.String({ maxLength: 320, errorMessage: MESSAGES.search })),
});

export function pageWindow(page: { pageNumber: number; pageSize: number; search?: string | undefined }) {
  const search = page.search?.trim();
  return { offset: (page.pageNumber - 1) * page.pageSize, limit: page.pageSize, search: search ? search : undefined };
}

/** Dashboard spec §3 "Paginated result", in the envelope's `response`. */
export function PaginatedEnvelope<T extends TSchema>(item: T) {
  return EnvelopeOf(
    Type.Object({
      items: Type.Array(item),
      thisPageNumber: Type.Integer(),
      thisPageSize: Type.Integer(),
      totalPageNumber: Type.Integer(),
      filteredTotalRows: Type.Integer(),
      unfilteredTotalRows: Type.Integer(),
    }),
  );
}

// Sent emails and their events: the contract's SentEmailSchema (contracts/src/dashboard-support.ts).

/** The templates' answer is the contract's (contracts/src/dashboard-support.ts). */
export { EmailTemplateSchema } from '@inkwell/contracts/dashboard-support';

const NotBlank = '\\S';

export const TemplateFields = {
  name: Type.String({
    minLength: 1,
    maxLength: 100,
    pattern: '^[A-Za-z0-9][A-Za-z0-9 ._-]*$',
    errorMessage: MESSAGES.templateName,
  }),
  description: Type.String({ maxLength: 500, errorMessage: MESSAGES.description }),
  subject: Type.String({ maxLength: 300, pattern: NotBlank, errorMessage: MESSAGES.subject }),
  htmlBody: Type.String({ maxLength: 200_000, pattern: NotBlank, errorMessage: MESSAGES.htmlBody }),
  textBody: Type.String({ maxLength: 100_000, pattern: NotBlank, errorMessage: MESSAGES.textBody }),
};

export const NewTemplateBody = Type.Object({
  name: TemplateFields.name,
  description: Type.Optional(TemplateFields.description),
  subject: TemplateFields.subject,
  htmlBody: TemplateFields.htmlBody,
  textBody: TemplateFields.textBody,
});

export const AlterTemplateBody = Type.Partial(Type.Object(TemplateFields));

/** Dashboard spec §3 "Template test email". */
export const TestEmailBody = Type.Object({
  ToAddresses: Type.Array(Type.String({ format: 'email', maxLength: 320, errorMessage: MESSAGES.toAddress }), {
    minItems: 1,
    maxItems: 10,
    errorMessage: MESSAGES.toAddresses,
  }),
  MetaData: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 2_000, errorMessage: MESSAGES.metaDataValue }))),
});

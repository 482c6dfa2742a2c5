/**
 * What the support service says: to staff about their templates and requests (dashboard spec §7),
 * and to whoever reads the logs about an event it cannot mail yet.
 */
export const MESSAGES = {
  pageNumber: 'pageNumber must be a whole number from 1.',
  pageSize: 'pageSize must be a whole number from 1 to 100.',
  search: 'search must be text of at most 320 characters.',
  templateId: 'The template id must be a positive whole number.',
  templateName: 'name must be 1 to 100 letters, digits, spaces, dots, dashes or underscores, starting with a letter or a digit.',
  description: 'description must be at most 500 characters.',
  subject: 'subject must not be blank and at most 300 characters.',
  htmlBody: 'htmlBody must not be blank.',
  textBody: 'textBody must not be blank.',
  toAddress: 'Each of ToAddresses must be an email address.',
  toAddresses: 'ToAddresses must list 1 to 10 email addresses.',
  metaDataValue: 'Each MetaData value must be text of at most 2000 characters.',
  nameTaken: (name: string) => `A template named "${name}" already exists.`,
  metaDataMissing: (missing: readonly string[]) => `MetaData needs a value for ${missing.join(', ')}.`,
  authTemplateMissing: (name: string) => `The authentication template ${name} is missing`,
  orderTemplateMissing: (name: string) => `The order template ${name} is missing`,
  orderTemplateValues: (name: string, missing: readonly string[]) => `The order template ${name} uses values order mails do not have: ${missing.join(', ')}`,
} as const;

import { Type } from '@sinclair/typebox';
import { DigitsId } from '@inkwell/platform';
import { READER_MESSAGES } from '../domain';

/** `{id}` of a publication: its product id or readable url. */
export const PublicationParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });

/** A catalog product id as a path part: digits only. */
export const ProductId = DigitsId({ errorMessage: READER_MESSAGES.productIdNotNumber });


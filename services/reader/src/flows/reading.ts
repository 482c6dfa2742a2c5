import { BadRequestError, DomainError, NotFoundError, type Queryable } from '@inkwell/platform';
import { parseIdOrReadableUrl, READER_DENIED_BODY, type GeoRestrictionStatus } from '@inkwell/contracts/catalog-rules';
import type { CatalogPublications, Publication } from '../peers/publication';
import { READER_MESSAGES, readingVerdict, type Viewer } from '../domain';
import { ownsPublication } from '../store/entitlements';

/** Storefront spec §8: the body of the 'Unable to open comic' modal, which the reader shows as sent. */
export class ReadingDeniedError extends DomainError {
  constructor() {
    super(403, 'Forbidden', READER_DENIED_BODY);
  }
}

/** Storefront spec §4: 'Restricted' is an error without data. */
export class GeoRestrictedError extends DomainError {
  constructor() {
    super(403, 'GeoRestricted', READER_MESSAGES.geoRestricted);
    this.statusExtras = { geoRestriction: 'Restricted' };
  }
}

export interface OpenPublication {
  publication: Publication;
  owns: boolean;
  /** NotRestricted, or how a restriction was passed (RestrictedButAdmin, RestrictedButOwned). */
  geo: GeoRestrictionStatus;
}

/** A publication by id or readable url, as the catalog has it: 400 for a malformed key, 404 for no such publication. */
export async function findPublication(catalog: CatalogPublications, param: string): Promise<Publication> {
  if (!parseIdOrReadableUrl(param)) throw new BadRequestError(READER_MESSAGES.notIdOrReadableUrl);
  const publication = await catalog.find(param);
  if (!publication || publication.category !== 'Publication') throw new NotFoundError();
  return publication;
}

/** The publication, if `viewer` may read it now; otherwise the reader's 403 (or 404 when there is none). */
export async function openForReading(catalog: CatalogPublications, db: Queryable, param: string, viewer: Viewer, now = new Date()): Promise<OpenPublication> {
  const publication = await findPublication(catalog, param);
  const owns = viewer.userId !== undefined && (await ownsPublication(db, viewer.userId, publication.id));
  const verdict = readingVerdict(publication, { signedIn: viewer.userId !== undefined, isAdmin: viewer.isAdmin, owns, country: viewer.country }, now);
  if (!verdict.readable) throw verdict.reason === 'geo-restricted' ? new GeoRestrictedError() : new ReadingDeniedError();
  return { publication, owns, geo: verdict.geo };
}

/** The envelope's status extras for a geo result: nothing when not restricted. */
export function geoStatus(geo: GeoRestrictionStatus): { geoRestriction?: string } {
  return geo === 'NotRestricted' ? {} : { geoRestriction: geo };
}

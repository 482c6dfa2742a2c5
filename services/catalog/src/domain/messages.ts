/**
 * The catalog's own messages to staff and shoppers, beyond the spec §5 publish rules (those are in
 * publish-rules.ts and staff-catalogue-rules.ts, beside the rules that give them). Kept here so a
 * message is written once and a test or a client finds it by name.
 */

/** A record the demo seed (and the catalog's store functions) write. */
export const PRICE_IN_CENTS_MESSAGE = 'A price is a whole number of cents, 0 or more.';
export const CART_LIMIT_MESSAGE = 'A cart limit is a whole number above 0.';
export const oneVariantOfTypeMessage = (type: string) => `A product has one ${type} variant at most.`;
export const notAPriceTypeMessage = (priceType: string) => `${priceType} is not a price type.`;
export const notAnAgeRatingMessage = (ageRating: string) => `${ageRating} is not an age rating.`;
export const BUNDLE_NAME_MESSAGE = 'A bundle needs a name.';
export const BUNDLE_PRODUCT_ONCE_MESSAGE = 'A product is in a bundle once.';
export const CAMPAIGN_NAME_MESSAGE = 'A sales campaign needs a name.';
export const CAMPAIGN_DATES_MESSAGE = 'A sales campaign ends after it starts.';
export const CAROUSEL_TITLE_MESSAGE = 'A carousel needs a title.';
export const NEWS_TITLE_AND_URL_MESSAGE = 'A news article needs a title and a readable URL.';

/** The staff product editor's save (dashboard spec §7 /dashboard/product/new and /alter), after the field's name. */
export const notADayMessage = (value: string) => `${value} is not a date (YYYY-MM-DD).`;
export const notAnInstantMessage = (value: string) => `${value} is not a date and time, e.g. 2025-01-31T18:04:05Z.`;
export const noPriceTierMessage = (id: number) => `there is no price tier ${id}.`;
export const wrongCategoryMessage = (type: string, kind: string, category: string) => `${type} is a ${kind} type, not a ${category} one.`;
export const READABLE_URL_SHAPE_MESSAGE = 'use lower-case letters, digits and single hyphens, e.g. harbor-lights-vol-1.';
export const productUrlTakenMessage = (url: string, productId: number | string) => `${url} is already the readable URL of product ${productId}.`;
export const noSuchMessage = (what: string, id: number) => `there is no ${what} ${id}.`;
export const imprintOfOtherPublisherMessage = (imprintId: number, publisherId: number) => `imprint ${imprintId} is not one of publisher ${publisherId}'s.`;
export const creditedTwiceMessage = (creatorId: number, title: string) => `creator ${creatorId} is credited as ${title} twice.`;
export const notAnIsbnMessage = (value: string) => `${value} is not an ISBN (10 or 13 digits, hyphens allowed).`;
export const oneVariantOfTypeAtMostMessage = (type: string) => `a product has one ${type} variant at most.`;
export const notThisProductsVariantMessage = (id: number) => `variant ${id} is not one of this product's.`;
export const variantTypeFixedMessage = (id: number, type: string) => `variant ${id} is ${type}; a variant's type cannot change.`;
export const DIGITAL_HAS_NO_STOCK_MESSAGE = 'only a Print variant has stock information.';
export const PRODUCT_CHANGED_MESSAGE = 'This product was changed by someone else since it was loaded (expectedUpdatedAt); reload it and save again.';
export const productMoveRefusedMessage = (from: string, action: string, to: string | undefined) => `status: a ${from} product cannot be ${action}${to !== undefined ? ` as ${to}` : ''}.`;
export const productRefusedMessage = (problems: string) => `This product cannot be published: ${problems}`;

/** The staff bundle editor (dashboard spec §7 Bundles). */
export const BUNDLE_NEEDS_NAME_FIELD_MESSAGE = 'name: a bundle needs a name.';
export const readableUrlDigitsMessage = (digitsOnly: string) => `readableUrl: ${digitsOnly}`;
export const urlTakenMessage = (url: string, what: 'bundle' | 'series') => `readableUrl: "${url}" is already the readable URL of another ${what}.`;
export const bundleNotAPriceTypeMessage = (priceType: string, priceTypes: readonly string[]) => `priceable.type: ${priceType} is not a price type (${priceTypes.join(', ')}).`;
export const bundleItemTwiceMessage = (position: number, productId: number) => `items[${position}].productId: product ${productId} is in the bundle twice.`;
export const bundleItemUnknownMessage = (position: number, ids: readonly number[]) => `items[${position}].productId: there is no product with id ${ids.join(', ')}.`;
export const notCountryCodesMessage = (field: string, codes: string) => `${field}: ${codes} is not a country code of the restricted territories list.`;
export const noIdMessage = (what: string, id: number | string) => `id: there is no ${what} with id ${id}.`;

/** The staff series editor (dashboard spec §7 Series). */
export const alreadyCreditedMessage = (field: string, position: number, creatorId: number, title: string) => `${field}[${position}]: creator ${creatorId} is already credited as ${title}.`;
export const SERIES_NEEDS_TITLE_MESSAGE = 'title: a series needs a title.';
export const noIdsMessage = (field: string, what: string, ids: string | number) => `${field}: there is no ${what} with id ${ids}.`;
export const imprintOfAnotherPublisherMessage = (imprintId: number, publisherId: number) => `imprintId: imprint ${imprintId} belongs to another publisher than publisherId ${publisherId}.`;
export const newSeriesStatusMessage = (status: string) => `status: a new series is saved as Draft, Published or Removed, not ${status}.`;
export const EMPTY_NOTE_MESSAGE = 'newNotes: a note needs some text.';
export const seriesListedTwiceMessage = (id: number) => `id: series ${id} is in the list twice.`;

/** The staff publishers list (dashboard spec §7 Publishers). */
export const PUBLISHER_NEEDS_NAME_MESSAGE = 'name: a publisher needs a name.';
export const publisherNameTakenMessage = (name: string) => `name: there is already a publisher called ${name}.`;
export const imprintNeedsNameMessage = (position: number) => `imprints[${position}]: an imprint needs a name.`;
export const imprintListedTwiceMessage = (position: number, name: string) => `imprints[${position}]: the imprint ${name} is in the list twice.`;
export const notThisPublishersImprintMessage = (position: number, id: number) => `imprints[${position}].id: imprint ${id} is not an imprint of this publisher.`;
export const imprintsInUseMessage = (names: string) => `imprints: ${names} cannot be removed while series or products name it.`;
export const publisherInUseMessage = (name: string, users: string) => `The publisher ${name} cannot be removed while ${users} still name it or its imprints; move them to another publisher first.`;

/** The staff calls' requests (dashboard spec §7). */
export const invalidBodyFieldMessage = (field: string, issue: string | undefined) => `${field}: ${issue ?? 'is not valid'} in the request body.`;
export const newProductHasNoIdMessage = (id: number) => 'id: a new product has no id yet; use /alter to change product ' + id + '.';
export const NAME_THE_PRODUCT_MESSAGE = 'id: name the product to change.';
export const CREATOR_NEEDS_NAME_MESSAGE = 'name: a creator needs a name.';
export const notAScheduleStatusMessage = (status: string, schedules: readonly string[]) => `publishStatus: ${status} is not one of Published, ${schedules.join(', ')} (or their codes).`;
export const scheduleNeedsDateMessage = (status: string) => `publishDate: scheduling as ${status} needs a publishDate (ISO date and time).`;
export const DATE_SCHEDULES_MESSAGE = 'publishStatus: a publishDate schedules; name Scheduled, ScheduledPreOrder or ScheduledComingSoon.';
export const PUBLISH_DATE_NOT_AN_INSTANT_MESSAGE = 'publishDate is not a date and time, e.g. 2025-01-31T18:04:05Z.';
export const publishDatePastMessage = (date: string) => `publishDate: ${date} is in the past; a schedule needs a future date.`;
export const batchVersionMessage = (version: string, got: string | undefined) => `api-version: batch calls are API version ${version}; send the header "api-version: ${version}" (got ${got ?? 'none'}).`;
export const iapRefusedMessage = (problems: string) => `Cannot submit to the Apple store: ${problems}`;
export const publishRefusedMessage = (what: string, problems: string) => `${what} cannot be published: ${problems}`;
export const moveRefusedMessage = (from: string, what: string, to: string) => `status: a ${from} ${what} cannot be changed to ${to}.`;
/** The product and series lists' publishStatus filter. */
export const publishStatusFilterMessage = (names: readonly string[]) => `publishStatus must be a status name (${names.join(', ')}) or its code (0 to 6).`;
export const refusedRecordMessage = (what: string, problems: string) => `${what}: ${problems}`;

/** The storefront's calls. */
export const LOG_IN_TO_FILTER_MESSAGE = 'Log in to filter by your library (isInUserLibrary).';
export const GEO_RESTRICTED_MESSAGE = 'This title is not available in your region.';
export const LIBRARY_UNAVAILABLE_MESSAGE = 'Your library is temporarily unavailable. Please try again in a moment.';
export const NOT_AN_ITEM_KEY_MESSAGE = 'That is not a valid id or readable url.';
export const tooManyProductsMessage = (most: number, asked: number) => `Ask for at most ${most} products per call (asked ${asked}).`;

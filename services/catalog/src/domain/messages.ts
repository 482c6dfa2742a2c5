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

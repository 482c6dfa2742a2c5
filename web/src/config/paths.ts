/** Anything the store links to by its readable url, falling back to its id. */
export interface Linkable {
  id: number;
  readableUrl: string | null;
}

/** Storefront spec §2: an item's path uses the readable url when it is not blank, otherwise the id. */
function itemParam(item: Linkable): string {
  return encodeURIComponent(item.readableUrl?.trim() || String(item.id));
}

/** The search page's query parameter: /search/?query=… */
export const SEARCH_QUERY_PARAM = 'query';

/**
 * Every storefront path in one place. Links are written in the trailing-slash form the router
 * redirects to (storefront spec §2), so following a link never costs a redirect.
 */
export const paths = {
  home: '/',
  browse: '/browse/',
  browseGenre: (genreId: string | number) => `/browse/${encodeURIComponent(genreId)}/`,
  /** Browse filtered to New Releases / On Sale (query variants of storefront spec §2). */
  newReleases: '/browse/?st=3&is=false',
  onSale: '/browse/?s=0&st=true',
  search: '/search/',
  searchResults: (query: string) => `/search/?${SEARCH_QUERY_PARAM}=${encodeURIComponent(query)}`,
  product: (item: Linkable) => `/product/${itemParam(item)}/`,
  series: (item: Linkable) => `/series/${itemParam(item)}/`,
  item: (type: 'product' | 'series', item: Linkable) => `/${type}/${itemParam(item)}/`,
  /** The reader for one comic by its id (storefront spec §2: /reader/{pid}). */
  reader: (productId: number) => `/reader/${productId}/`,
  /** The reader at a series' volume (storefront spec §2: /reader/{seriesParam}/volume-{n}/). */
  readerVolume: (series: Linkable, volume: number) => `/reader/${itemParam(series)}/volume-${volume}/`,
  news: '/news/',
  newsArticle: (aid: string | number) => `/news/articles/${encodeURIComponent(aid)}/`,
  library: '/library/',
  account: '/account/',
  accountBenefits: '/account-benefits/',
  /** Where verification, password-reset and change-email links land (the service writes these links). */
  emailVerified: '/email-verified/',
  resetPassword: '/reset-password/',
  changeEmail: '/change-email/',
  /** Where the newsletter mails' links land (the account service writes them: NEWSLETTER_PATHS). */
  newsletterConfirm: '/newsletter/confirm/',
  newsletterUnsubscribe: '/newsletter/unsubscribe/',
  calendar: '/calendar/',
  checkout: '/checkout/',
  /** A signed-in reader's order after checkout (storefront spec §2: /orderSuccess/{paramId}). */
  orderSuccess: (orderId: string) => `/orderSuccess/${encodeURIComponent(orderId)}/`,
  /** One order's page: items, totals, address, delivery estimate, timeline and tracking (its buyer's; a guest's by its id). */
  order: (orderId: string) => `/account/orders/${encodeURIComponent(orderId)}/`,
  /** After a guest's purchase or one split into several orders; `purchase` names it for the page. */
  guestCheckoutSuccess: (purchaseId?: string) => `/checkout/success/guest/${purchaseId ? `?purchase=${encodeURIComponent(purchaseId)}` : ''}`,
  about: '/about/',
  supportCenter: '/support-center/',
  contact: '/contact/',
  librarians: '/librarians/',
  termsOfUse: '/terms-of-use/',
  privacyPolicy: '/privacy-policy/',
  copyright: '/copyright/',
  /** Campaign pages of 2023 (storefront spec §2) and the convention page's booth details (a redirect to a dated article). */
  conventionSignup: '/sdcc23-signup/',
  afterParty: '/aot-worldwide-after-party/',
  ax23Signup: '/ax23-signup/',
  sdcc23: '/sdcc23/',
  /** Claims badge `badgeId` once logged in, then goes to `redirectPath` (spec §2). */
  claimBadge: (badgeId: number, redirectPath: string) => `/claim-badge/${badgeId}/${redirectPath.replace(/^\/+/, '')}`,
  /** The staff dashboard is a separate app on the same origin: link to it with a plain anchor. */
  dashboard: '/dashboard/',
} as const;

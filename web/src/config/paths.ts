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
  news: '/news/',
  newsArticle: (aid: string | number) => `/news/articles/${encodeURIComponent(aid)}/`,
  library: '/library/',
  account: '/account/',
  accountBenefits: '/account-benefits/',
  calendar: '/calendar/',
  checkout: '/checkout/',
  about: '/about/',
  supportCenter: '/support-center/',
  librarians: '/librarians/',
  termsOfUse: '/terms-of-use/',
  privacyPolicy: '/privacy-policy/',
  copyright: '/copyright/',
  /** The staff dashboard is a separate app on the same origin: link to it with a plain anchor. */
  dashboard: '/dashboard/',
} as const;

/**
 * The catalog's public write entry (`@inkwell/catalog/store`): the functions that create catalogue
 * records the way staff do, each writing its change and its integration events in the caller's
 * transaction. Clients outside the service (the demo catalogue, through the composition in
 * scripts/) write through these and never through SQL of their own.
 */
export type { CatalogueChange } from './catalogue-change';
export { catalogueIsEmpty, createCreator, createGenre, createIpTag, createPublisher, createShortUrl } from './lookup-writes';
export { createSeries, type NewSeries, type SeriesCredit } from './series-writes';
export { createProduct, type NewProduct, type NewVariant, type StockInfo } from './product-writes';
export { addHomeEntry, bundlesAwaitingArt, createBundle, createCarousel, createNewsArticle, createSalesCampaign, publishBundleWithThumbnail, type NewBundle, type NewNewsArticle, type NewSalesCampaign } from './merchandising-writes';
export { coverSubjects, setProductThumbnails, setSeriesThumbnails, type Thumbnail } from './thumbnails';
export { alterCuratedLists, createCuratedList, removeCuratedList } from './curated-lists';
export { alterHtmlComponents, createHtmlComponent, publishedHtmlComponents } from './html-components';
export { createWheelGroup, reorderWheel, saveWheel, setWheelGroupStatus } from './wheel';
export { setHomepageMessaging, setHomepageTop } from './homepage-settings';
export type { StaffActor } from './audit';

/**
 * The demo catalogue and its art (`@inkwell/demo`): made-up series, products and news, the images
 * that go with them, and the reader's drawn comic pages. A client of the catalog, never a part of
 * it: it writes through the catalog's store functions, and only the composition in scripts/ (and
 * tests) uses it.
 */
export type * from './types';
export { DEMO_REFERENCE_DATE, generateDemoCatalogue, type DemoCatalogueOptions } from './generate';
export { createRandom, hashString, type Random } from './random';
export {
  coverSvg,
  pageSvg,
  renderImage,
  renderWidths,
  renderWidthsCached,
  seriesHeroSvg,
  type CoverArtOptions,
  type HeroArtOptions,
  type PageArtOptions,
  type RenderedImage,
  type RenderOptions,
} from './art';
export { paletteFor, type ArtPalette } from './art-palette';
export { demoPageSource } from './drawn-pages';
export { COVER_WIDTHS, renderDemoArt, seedDemoCatalogue, startDemoCatalogue, type DemoArtOptions, type DemoCatalogTarget, type RunningDemo } from './seed';

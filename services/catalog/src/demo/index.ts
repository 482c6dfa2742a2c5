/** The demo catalogue and its art: made-up series, products and news, and the images that go with them. */
export type * from './types';
export { DEMO_REFERENCE_DATE, generateDemoCatalogue, type DemoCatalogueOptions } from './generate';
export { createRandom, hashString, type Random } from './random';
export {
  coverSvg,
  pageSvg,
  renderImage,
  renderWidths,
  seriesHeroSvg,
  type CoverArtOptions,
  type HeroArtOptions,
  type PageArtOptions,
  type RenderedImage,
  type RenderOptions,
} from './art';
export { paletteFor, type ArtPalette } from './art-palette';

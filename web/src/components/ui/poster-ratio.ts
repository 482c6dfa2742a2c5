/**
 * Cover heights as a percentage of width (storefront spec §9: product poster 125%, series poster
 * 140%). Apart from the poster card so code without a DOM (search results, their tests) can use it.
 */
export const POSTER_RATIO = { product: 125, series: 140 } as const;

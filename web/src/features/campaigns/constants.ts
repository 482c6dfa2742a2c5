/**
 * The 2023 campaigns' constants and texts (storefront spec §2 convention and after-party pages, §3
 * series showcase item, §4 after-party claim flow, §9 campaigns). The showcase items name series of
 * the demo catalogue by readable url; their covers and reader ids come from the catalog.
 */

/** Spec §9: booth number of the comic-convention page. */
export const BOOTH_NUMBER = 5542;

/** Spec §2 redirects to dated articles (the demo news has them: catalog demo, campaign news). */
export const CAMPAIGN_REDIRECTS = {
  ax23: '/2023/06/15/inkwell-at-anime-expo-2023/',
  ax23Announcements: '/2023/07/01/anime-expo-2023-licensing-announcements/',
  sdcc23: '/2023/06/08/inkwell-at-san-diego-comic-con-2023/',
} as const;

/** Spec §3 series showcase item (static). `reader` is the series' volume to open; -1 means none. */
export interface ShowcaseItem {
  name: string;
  author: string;
  readableUrl: string;
  color: string;
  reader: number;
  genres: readonly string[];
}

/** Spec §4: display modes of the after-party page; this build fixes it to AfterParty (event over). */
export const DisplayMode = { Normal: 'Normal', AfterParty: 'AfterParty', NoCodes: 'NoCodes' } as const;
export type DisplayMode = (typeof DisplayMode)[keyof typeof DisplayMode];
export const AFTER_PARTY_MODE: DisplayMode = DisplayMode.AfterParty;

/** Spec §4: claim states. 0 logged out, 1 logged in without a code, 2 code claimed. */
export const ClaimState = { LoggedOut: 0, NoCode: 1, Claimed: 2 } as const;
export type ClaimState = (typeof ClaimState)[keyof typeof ClaimState];

/** Spec §4: step display types. */
export const StepDisplay = { Current: 'CURRENT', Active: 'ACTIVE', Lock: 'LOCK' } as const;
export type StepDisplay = (typeof StepDisplay)[keyof typeof StepDisplay];

export const AFTER_PARTY_TEXT = {
  title: 'Worldwide After Party',
  dates: '5 to 8 November 2023 (JST)',
  over: 'All great things must come to an end…',
  overBody: 'The worldwide after party is over. Thank you to everyone who celebrated the finale with us: discount codes could be viewed until 8 November.',
  noCodes: 'We ran out of discount codes, but the celebration continues: read, rewatch and share your favourite moments.',
  notEnoughGifts: 'Not enough gifts',
  claim: 'Claim discount code',
  join: 'Join the party',
  step1Todo: 'Login',
  step1Done: 'Logged in',
  step2Todo: 'Claim',
  step2Done: 'Code claimed',
  step3: 'Join the party',
  codeDirections: 'Enter this code at checkout. It works once, for this Reader account only.',
} as const;

/** Spec §9: spotlight series were free to read up to 3 volumes until 7/25 (2023). */
export const SPOTLIGHT_NOTE = 'Up to 3 volumes of the following series were free-to-read until 7/25';

/** Spec §2: six genre samplers (reader ids 31581 to 31586). The demo catalogue's samplers are series' first volumes. */
export const SAMPLERS: readonly ShowcaseItem[] = [
  { name: 'Action Sampler', author: 'Deniz Ertan', readableUrl: 'skyward-talon', color: 'red', reader: 1, genres: ['ACTION & ADVENTURE'] },
  { name: 'Drama Sampler', author: 'Nanami Tsukishima', readableUrl: 'clouds-and-tea', color: 'yellow', reader: 1, genres: ['DRAMA'] },
  { name: 'Historical Sampler', author: 'Tomoe Amagai', readableUrl: 'the-salt-coast-1612', color: 'navy', reader: 1, genres: ['HISTORICAL'] },
  { name: 'Thriller Sampler', author: 'Shion Kuraishi', readableUrl: 'the-perfect-witness', color: 'navy', reader: 1, genres: ['THRILLER'] },
  { name: 'Horror Sampler', author: 'Sora Shirasaka', readableUrl: 'the-harvest-below', color: 'purple', reader: 1, genres: ['HORROR'] },
  { name: 'Food Sampler', author: 'Riku Hoshimura', readableUrl: 'one-more-bowl', color: 'yellow', reader: 1, genres: ['FOOD'] },
];

export const SPOTLIGHT_SERIES: readonly ShowcaseItem[] = [
  { name: 'Eleven Lies', author: 'Daichi Yamabuki', readableUrl: 'eleven-lies', color: 'red', reader: 1, genres: ['THRILLER', 'MADE INTO ANIME'] },
  { name: 'The House on Marrow Lane', author: 'Kyosuke Shirasaka', readableUrl: 'the-house-on-marrow-lane', color: 'red', reader: 1, genres: ['HORROR', 'MADE INTO ANIME'] },
  { name: 'The Last Ferry to Inishvale', author: 'Chihiro Hanazono', readableUrl: 'the-last-ferry-to-inishvale', color: 'navy', reader: 1, genres: ['DRAMA', 'MADE INTO ANIME'] },
  { name: 'Ink and Salt', author: 'Adaeze Olatunji', readableUrl: 'ink-and-salt', color: 'red', reader: 1, genres: ['HISTORICAL'] },
  { name: 'Salt & Cinnamon', author: 'Yuzuki Minase', readableUrl: 'salt-and-cinnamon', color: 'orange', reader: 1, genres: ['FOOD', 'DRAMA'] },
  { name: 'Meridian Station', author: 'Shion Shirasaka', readableUrl: 'meridian-station', color: 'navy', reader: 1, genres: ['THRILLER'] },
];

/** After-party box sets: /product/{slug}, with 'View more' to the box set's series. */
export const BOX_SETS: ReadonlyArray<{ name: string; productUrl: string; seriesUrl: string }> = [
  { name: 'Underdogs! Box Set (Vols. 1–4)', productUrl: 'underdogs-box-set', seriesUrl: 'underdogs' },
  { name: 'Underdogs!: Academy Days Box Set (Vols. 1–7)', productUrl: 'underdogs-academy-days-box-set', seriesUrl: 'underdogs-academy-days' },
  { name: 'Underdogs!: Ten Years After Box Set (Vols. 1–5)', productUrl: 'underdogs-ten-years-after-box-set', seriesUrl: 'underdogs-ten-years-after' },
  { name: 'Skyward Talon Box Set (Vols. 1–6)', productUrl: 'skyward-talon-box-set', seriesUrl: 'skyward-talon' },
  { name: 'Detective Ayodele Investigates Box Set (Vols. 1–6)', productUrl: 'detective-ayodele-investigates-box-set', seriesUrl: 'detective-ayodele-investigates' },
];

/** After-party spinoffs: /series/{slug}; 'Read chapter 1' hidden when reader is -1. */
export const SPINOFFS: readonly ShowcaseItem[] = [
  { name: 'Eleven Lies: Academy Days', author: 'Daichi Yamabuki', readableUrl: 'eleven-lies-academy-days', color: 'orange', reader: 1, genres: ['THRILLER'] },
  { name: 'Eleven Lies: Zero', author: 'Daichi Yamabuki', readableUrl: 'eleven-lies-zero', color: 'blue', reader: 1, genres: ['THRILLER'] },
  { name: 'Underdogs!: Academy Days', author: 'Daichi Yamabuki', readableUrl: 'underdogs-academy-days', color: 'orange', reader: 1, genres: ['DRAMA'] },
  { name: 'Underdogs!: Ten Years After', author: 'Daichi Yamabuki', readableUrl: 'underdogs-ten-years-after', color: 'blue', reader: -1, genres: ['DRAMA'] },
];

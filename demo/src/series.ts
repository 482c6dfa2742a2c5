import type { AgeRating, PriceType } from '@inkwell/contracts/catalog-rules';
import type { BrandColor, DemoCreatorCredit, DemoSeries } from './types';
import type { Random } from './random';
import { GENRE_THEMES, genreKey, type GenreTheme } from './themes';
import { JAPANESE_TITLE_HEADS, JAPANESE_TITLE_TAILS, NAME_CULTURES, PUBLISHERS, type PublisherProfile } from './names';
import { isStoryCredit, type CreatorRoster } from './creators';
import { addDays, capitalize, fillTemplate, slugify, withArticle } from './text';

export type SeriesFormat = 'volumes' | 'chapters' | 'both';

/**
 * live: released up to the reference date; draft and scheduled: nothing released yet and hidden;
 * debut: announced with a first volume on pre-order.
 */
export type SeriesLaunch = 'live' | 'draft' | 'scheduled' | 'debut';

/** Everything the product builder needs to know about a series beyond the series record itself. */
export interface SeriesPlan {
  series: DemoSeries;
  theme: GenreTheme;
  publisher: PublisherProfile;
  /** First sentence of the blurb, reused on volume 1. */
  opening: string;
  format: SeriesFormat;
  launch: SeriesLaunch;
  chapterCount: number;
  /** Volumes-only series: how many; 'both': derived from chapters. */
  volumeCount: number;
  chaptersPerVolume: number;
  chapterCadenceDays: number;
  volumeGapDays: number;
  /** Release date of the newest released item. */
  latestRelease: Date;
  /** 0..1000, the series' share of attention; products scale from it. */
  popularity: number;
  chapterNaming: 'part' | 'episode' | 'plain' | null;
  chapterPriceType: Extract<PriceType, 'Paid' | 'SubscriptionOnly' | 'PaidOrSubscription'>;
  chapterCents: number;
  freeChapters: { type: Extract<PriceType, 'Free' | 'FreeForRegistered'>; count: number } | null;
  firstVolumePriceType: Extract<PriceType, 'Paid' | 'FreeToReadAndPurchaseble' | 'FreeToReadForRegisteredAndPurchaseble'>;
  /** Digital edition withheld: on every volume, or only the newest. */
  digitalNotForSale: 'all' | 'latest' | null;
  digitalCents: number;
  /** Absent: no print edition. */
  printCents: number | null;
  preOrder: boolean;
  comingSoon: boolean;
  scheduledChapter: boolean;
  /** A draft of the next volume or chapter exists. */
  draftNext: boolean;
  boxSet: boolean;
  /** Every digital volume is in the sale. */
  fullSale: boolean;
  /** A free, unlisted promotional one-shot handed out at this event. */
  promoEvent: string | null;
  franchiseRole: 'parent' | 'spin-off' | null;
}

/** Per-genre decks, so series of one genre do not share heroes, premises or title shapes. */
export interface ThemeDecks {
  titles: () => string;
  heroes: () => string;
  premises: () => GenreTheme['premises'][number];
  turns: () => string;
  tones: () => string;
  about: () => string;
  colors: () => BrandColor;
}

export interface PlanContext {
  rng: Random;
  now: Date;
  roster: CreatorRoster;
  takenTitles: Set<string>;
  takenOriginalTitles: Set<string>;
  decks: Map<string, ThemeDecks>;
  /** Series titles per creator key, for "from the creator of …" blurbs. */
  worksByCreator: Map<string, string[]>;
  creatorNames: Map<string, string>;
}

export function themeFor(genre: string): GenreTheme {
  const theme = GENRE_THEMES.find((t) => t.genre === genre);
  if (!theme) throw new Error(`no theme for genre ${genre}`);
  return theme;
}

export function buildThemeDecks(rng: Random): Map<string, ThemeDecks> {
  return new Map(
    GENRE_THEMES.map((theme) => [
      theme.genre,
      {
        titles: rng.deck(theme.titles),
        heroes: rng.deck(theme.heroes),
        premises: rng.deck(theme.premises),
        turns: rng.deck(theme.turns),
        tones: rng.deck(theme.tones),
        about: rng.deck(theme.about),
        colors: rng.deck(theme.colors),
      },
    ]),
  );
}

function decksFor(ctx: PlanContext, theme: GenreTheme): ThemeDecks {
  const decks = ctx.decks.get(theme.genre);
  if (!decks) throw new Error(`no decks for ${theme.genre}`);
  return decks;
}

function claimTitle(ctx: PlanContext, make: () => string): string {
  for (let attempt = 0; attempt < 200; attempt++) {
    const title = make();
    const slug = slugify(title);
    if (!ctx.takenTitles.has(slug) && !/^\d+$/.test(slug)) {
      ctx.takenTitles.add(slug);
      return title;
    }
  }
  throw new Error('ran out of distinct series titles');
}

function genreTitle(ctx: PlanContext, theme: GenreTheme): string {
  const decks = decksFor(ctx, theme);
  return claimTitle(ctx, () => {
    const slots = Object.fromEntries(Object.entries(theme.words).map(([slot, words]) => [slot, ctx.rng.pick(words)]));
    return capitalize(fillTemplate(decks.titles(), slots)).replace(/\bA (?=[AEIOU])/g, 'An ');
  });
}

function originalTitle(ctx: PlanContext): { original: string; romanized: string } {
  for (;;) {
    const [headKanji, headRomaji] = ctx.rng.pick(JAPANESE_TITLE_HEADS);
    const [tailKanji, tailRomaji] = ctx.rng.pick(JAPANESE_TITLE_TAILS);
    const original = `${headKanji}の${tailKanji}`;
    if (ctx.takenOriginalTitles.has(original)) continue;
    ctx.takenOriginalTitles.add(original);
    return { original, romanized: `${headRomaji} no ${tailRomaji}` };
  }
}

function protagonistName(rng: Random, publisher: PublisherProfile): string {
  const cultures = publisher.cultures.length > 0 ? NAME_CULTURES.filter((c) => publisher.cultures.includes(c.key)) : NAME_CULTURES;
  return rng.pick(rng.pick(cultures).given);
}

function closer(ctx: PlanContext, theme: GenreTheme, credits: DemoCreatorCredit[], title: string): string {
  const decks = decksFor(ctx, theme);
  const tone = decks.tones();
  const about = decks.about();
  const lead = credits[0];
  const earlier = lead ? (ctx.worksByCreator.get(lead.creator) ?? []).filter((t) => t !== title) : [];
  if (earlier.length > 0 && ctx.rng.chance(0.7)) {
    return `From the creator of ${ctx.rng.pick(earlier)}: ${withArticle(tone)} new ${theme.form} about ${about}.`;
  }
  if (ctx.rng.chance(0.5)) return `${capitalize(withArticle(tone))} ${theme.form} about ${about}.`;
  return `${capitalize(tone)} and ${decks.tones()}, this is ${withArticle(theme.form)} about ${about}.`;
}

export function sentenceCount(text: string): number {
  return text.split(/(?<=[.!?])\s+(?=[A-Z])/).length;
}

/** Two or three sentences in one of several shapes, so neighbouring blurbs do not read alike. */
function writeBlurb(
  ctx: PlanContext,
  theme: GenreTheme,
  name: string,
  credits: DemoCreatorCredit[],
  title: string,
): { description: string; opening: string } {
  const decks = decksFor(ctx, theme);
  const premise = decks.premises();
  const opening = `${name}, ${decks.heroes()}, ${premise.does}.`;
  const lead = premise.scene && ctx.rng.chance(0.6) ? [premise.scene, opening] : [opening];
  const shape = ctx.rng.int(0, 2);
  const rest = shape === 0 ? [decks.turns()] : shape === 1 ? [decks.turns(), closer(ctx, theme, credits, title)] : [closer(ctx, theme, credits, title)];
  // Blurbs stay at two or three sentences: later parts are dropped once the budget is spent.
  const parts = [...lead];
  for (const part of rest) {
    if (sentenceCount([...parts, part].join(' ')) <= 3) parts.push(part);
  }
  if (sentenceCount(parts.join(' ')) < 2) parts.push(closer(ctx, theme, credits, title));
  return { description: parts.join(' '), opening: lead.join(' ') };
}

function imprintFor(rng: Random, publisher: PublisherProfile, rating: AgeRating): string {
  const byRole = (role: string) => publisher.imprints.filter((i) => i.role === role).map((i) => i.name);
  const mature = byRole('mature');
  const kids = byRole('kids');
  if (rating === 'm' && mature.length > 0) return rng.pick(mature);
  if ((rating === 'e' || rating === 'e7') && kids.length > 0) return rng.pick(kids);
  return rng.pick(byRole('general'));
}

function pickFormat(rng: Random, publisher: PublisherProfile): SeriesFormat {
  const roll = rng.next();
  if (publisher.kind === 'manga') return roll < 0.75 ? 'both' : 'volumes';
  if (publisher.kind === 'comics') return roll < 0.8 ? 'volumes' : 'both';
  return roll < 0.7 ? 'chapters' : 'both';
}

const DIGITAL_VOLUME_CENTS: Record<PublisherProfile['kind'], number[]> = {
  manga: [799, 999, 999],
  comics: [999, 1299, 1499],
  webcomics: [799, 999],
};
const PRINT_VOLUME_CENTS: Record<PublisherProfile['kind'], number[]> = {
  manga: [1099, 1199, 1299],
  comics: [1499, 1799, 1999],
  webcomics: [1599, 1799],
};

interface SeriesIdentity {
  title: string;
  theme: GenreTheme;
  publisher: PublisherProfile;
  rating: AgeRating;
  credits: DemoCreatorCredit[];
  name: string;
  blurb: { description: string; opening: string };
}

/** The parts every series shares: record, release rhythm and prices. */
function assemblePlan(ctx: PlanContext, identity: SeriesIdentity, rng: Random): SeriesPlan {
  const { title, theme, publisher, rating, credits, blurb } = identity;
  const decks = decksFor(ctx, theme);
  const manga = publisher.kind === 'manga';
  const original = manga ? originalTitle(ctx) : null;
  const format = pickFormat(rng, publisher);
  const completed = rng.chance(0.3);
  const chapterCadenceDays = publisher.kind === 'webcomics' ? 7 : rng.pick([7, 7, 14]);
  for (const credit of credits) {
    if (!isStoryCredit(credit)) continue;
    ctx.worksByCreator.set(credit.creator, [...(ctx.worksByCreator.get(credit.creator) ?? []), title]);
  }
  const series: DemoSeries = {
    key: `series-${slugify(title)}`,
    title,
    readableUrl: slugify(title),
    description: blurb.description,
    color: decks.colors(),
    genres: [genreKey(theme.genre)],
    publisher: publisher.key,
    imprint: imprintFor(rng, publisher, rating),
    creators: credits,
    ageRating: rating,
    completionStatus: completed ? 'Completed' : 'Ongoing',
    restrictedTerritories: [],
    originalLanguageTitle: original?.original,
    romanizedTitle: original?.romanized,
    altTitles: original ? [original.romanized] : [],
    status: 'Published',
    unlisted: false,
    rightToLeft: manga,
    products: [],
  };
  if (rng.chance(0.5)) series.genres.push(genreKey(rng.pick(theme.related)));
  const chaptersPerVolume = rng.int(5, 7);
  const chapters = format === 'chapters' ? rng.int(14, 30) : rng.int(12, 26);
  return {
    series,
    theme,
    publisher,
    opening: blurb.opening,
    format,
    launch: 'live',
    // A finished series collects every chapter, so its chapter count is a whole number of volumes.
    chapterCount: completed && format === 'both' ? Math.max(2, Math.floor(chapters / chaptersPerVolume)) * chaptersPerVolume : chapters,
    volumeCount: rng.int(2, 9),
    chaptersPerVolume,
    chapterCadenceDays,
    volumeGapDays: rng.int(80, 130),
    latestRelease: addDays(ctx.now, -(completed ? rng.int(150, 1300) : rng.int(2, 40))),
    popularity: 0,
    chapterNaming: format !== 'volumes' && rng.chance(0.4) ? rng.pick(['part', 'episode', 'plain'] as const) : null,
    chapterPriceType: 'Paid',
    chapterCents: rng.pick([99, 149, 199]),
    freeChapters: null,
    firstVolumePriceType: 'Paid',
    digitalNotForSale: null,
    digitalCents: rng.pick(DIGITAL_VOLUME_CENTS[publisher.kind]),
    printCents: publisher.kind === 'webcomics' && format === 'chapters' ? null : rng.pick(PRINT_VOLUME_CENTS[publisher.kind]),
    preOrder: false,
    comingSoon: false,
    scheduledChapter: false,
    draftNext: false,
    boxSet: false,
    fullSale: false,
    promoEvent: null,
    franchiseRole: null,
  };
}

/** The series a publisher starts on its own, before spin-offs: genres and publishers dealt evenly. */
export function planBaseSeries(ctx: PlanContext): SeriesPlan[] {
  const { rng } = ctx;
  const total = PUBLISHERS.reduce((sum, p) => sum + p.seriesCount, 0);
  const genreSlots = GENRE_THEMES.flatMap((t) => [t, t, t]);
  const themes = rng.shuffle([...genreSlots, ...rng.sample(GENRE_THEMES, total - genreSlots.length)]);
  const publishers = rng.shuffle(PUBLISHERS.flatMap((p) => Array.from({ length: p.seriesCount }, () => p)));
  const perGenre = new Map<string, number>();
  return themes.map((theme, index) => {
    const publisher = publishers[index]!;
    const seriesRng = rng.fork(`series-${index}`);
    const count = perGenre.get(theme.genre) ?? 0;
    perGenre.set(theme.genre, count + 1);
    const rating = theme.ratings[count % theme.ratings.length]!;
    const title = genreTitle(ctx, theme);
    const credits = ctx.roster.creditsFor(publisher);
    const name = protagonistName(seriesRng, publisher);
    const blurb = writeBlurb(ctx, theme, name, credits, title);
    return assemblePlan(ctx, { title, theme, publisher, rating, credits, name, blurb }, seriesRng);
  });
}

interface SpinOffKind {
  suffix: string;
  /** Genre of the spin-off; null keeps the parent's. */
  genre: string | null;
  blurb: string;
  /** A sequel only makes sense once the parent has ended. */
  needsCompletedParent?: boolean;
}

const SPIN_OFF_KINDS: SpinOffKind[] = [
  {
    suffix: 'Zero',
    genre: null,
    blurb: 'Years before the events of {parent}, {name} was just another face in the crowd. This prequel shows how the legend began, and what it cost.',
  },
  {
    suffix: 'Side Stories',
    genre: 'SLICE OF LIFE',
    blurb: 'Short, warm stories from the quiet days between the chapters of {parent}: birthdays, bad haircuts and one very competitive picnic. Made for readers who never want to say goodbye.',
  },
  {
    suffix: 'Academy Days',
    genre: 'COMEDY',
    blurb: 'What if the cast of {parent} had to survive high school instead? Same faces, same rivalries, far more homework.',
  },
  {
    suffix: 'Kitchen Chronicles',
    genre: 'FOOD',
    blurb: 'Even heroes need lunch. {name} runs the kitchen in this delicious spin-off of {parent}, one recipe per chapter.',
  },
  {
    suffix: 'Ten Years After',
    genre: null,
    blurb: '{parent} ended. Life went on. A decade later, {name} picks up the story where the final page left off.',
    needsCompletedParent: true,
  },
];

/** A franchise: the parent gets an IP tag, and each spin-off shares it, its publisher and its writer. */
export function planSpinOffs(ctx: PlanContext, parent: SeriesPlan, count: number, ipTag: string): SeriesPlan[] {
  const rng = ctx.rng.fork(`spin-offs-${parent.series.key}`);
  parent.series.ipTag = ipTag;
  parent.franchiseRole = 'parent';
  const kinds = SPIN_OFF_KINDS.filter((k) => !k.needsCompletedParent || parent.series.completionStatus === 'Completed');
  return rng.sample(kinds, count).map((kind) => {
    const theme = kind.genre ? themeFor(kind.genre) : parent.theme;
    const title = claimTitle(ctx, () => `${parent.series.title}: ${kind.suffix}`);
    const writer = parent.series.creators.find(isStoryCredit);
    const credits = ctx.roster.creditsFor(parent.publisher, writer);
    const name = protagonistName(rng, parent.publisher);
    const description = fillTemplate(kind.blurb, { parent: parent.series.title, name });
    const rating = parent.series.ageRating === 'm' && kind.genre ? 't' : parent.series.ageRating;
    const plan = assemblePlan(
      ctx,
      { title, theme, publisher: parent.publisher, rating, credits, name, blurb: { description, opening: description } },
      rng.fork(kind.suffix),
    );
    plan.series.ipTag = ipTag;
    plan.series.genres = [...new Set([genreKey(theme.genre), genreKey(parent.theme.genre)])];
    plan.franchiseRole = 'spin-off';
    return plan;
  });
}

import type { DemoCatalogue } from './types';
import { createRandom, type Random } from './random';
import { buildCreators, CreatorRoster } from './creators';
import { buildThemeDecks, planBaseSeries, planSpinOffs, type PlanContext, type SeriesPlan } from './series';
import { applyProductCases, assignStorefrontCases } from './cases';
import { buildProducts } from './products';
import { buildNews } from './news';
import { GENRE_THEMES, MADE_INTO_ANIME, genreKey } from './themes';
import { PUBLISHERS, type PublisherProfile } from './names';

/**
 * "Now" for the demo catalogue. Release dates, pre-orders and news are laid out around a fixed date
 * instead of the clock, so a seed always produces the same catalogue.
 */
export const DEMO_REFERENCE_DATE = '2026-11-01T00:00:00.000Z';

export interface DemoCatalogueOptions {
  /** ISO date the catalogue treats as today; defaults to DEMO_REFERENCE_DATE. */
  referenceDate?: string;
}

/** One franchise per kind of publisher: its most popular series gets spin-offs and an IP tag. */
const FRANCHISES: Array<{ kind: PublisherProfile['kind']; spinOffs: number }> = [
  { kind: 'manga', spinOffs: 2 },
  { kind: 'comics', spinOffs: 2 },
  { kind: 'webcomics', spinOffs: 1 },
];

const ANIME_ADAPTATIONS = 5;

const byPopularity = (a: SeriesPlan, b: SeriesPlan): number => b.popularity - a.popularity;

/** A long tail: a few hits, many modest series. */
function rankPopularity(plans: SeriesPlan[], rng: Random): void {
  rng.shuffle(plans).forEach((plan, rank) => {
    plan.popularity = Math.round(980 * (1 - rank / plans.length) ** 1.6) + rng.int(0, 20);
  });
}

/** The most popular released manga get an anime, which the storefront shows as a genre. */
function addAnimeAdaptations(plans: SeriesPlan[]): void {
  plans
    .filter((p) => p.publisher.kind === 'manga' && p.franchiseRole !== 'spin-off' && p.launch === 'live' && !p.series.unlisted && p.series.restrictedTerritories.length === 0)
    .sort(byPopularity)
    .slice(0, ANIME_ADAPTATIONS)
    .forEach((plan) => plan.series.genres.push(genreKey(MADE_INTO_ANIME)));
}

/** The demo catalogue: made-up publishers, creators, 46 series with their products, and news. */
export function generateDemoCatalogue(seed = 1, options: DemoCatalogueOptions = {}): DemoCatalogue {
  const now = new Date(options.referenceDate ?? DEMO_REFERENCE_DATE);
  if (Number.isNaN(now.getTime())) throw new Error(`invalid reference date ${options.referenceDate}`);
  const rng = createRandom(seed);
  const creators = buildCreators(rng.fork('creators'));
  const ctx: PlanContext = {
    rng: rng.fork('series'),
    now,
    roster: new CreatorRoster(creators, rng.fork('credits')),
    takenTitles: new Set(),
    takenOriginalTitles: new Set(),
    decks: buildThemeDecks(rng.fork('decks')),
    worksByCreator: new Map(),
    creatorNames: new Map(creators.map((c) => [c.key, c.name])),
  };

  const plans = planBaseSeries(ctx);
  rankPopularity(plans, rng.fork('popularity'));
  const ipTags: DemoCatalogue['ipTags'] = [];
  for (const franchise of FRANCHISES) {
    const parent = plans.filter((p) => p.publisher.kind === franchise.kind && p.franchiseRole === null).sort(byPopularity)[0];
    if (!parent) throw new Error(`no ${franchise.kind} series to build a franchise on`);
    const ipTag = { key: `ip-${parent.series.readableUrl}`, name: parent.series.title };
    ipTags.push(ipTag);
    planSpinOffs(ctx, parent, franchise.spinOffs, ipTag.key).forEach((spinOff, i) => {
      spinOff.popularity = Math.round(parent.popularity * (0.7 - 0.15 * i));
      plans.push(spinOff);
    });
  }

  assignStorefrontCases(plans, rng.fork('cases'));
  addAnimeAdaptations(plans);
  plans.forEach((plan, ordinal) => {
    plan.series.products = buildProducts(plan, ordinal, rng.fork(`products-${plan.series.key}`), now);
  });
  applyProductCases(plans, rng.fork('product-cases'));

  return {
    publishers: PUBLISHERS.map((p) => ({ key: p.key, name: p.name, imprints: p.imprints.map((i) => i.name) })),
    genres: [...GENRE_THEMES.map((t) => t.genre), MADE_INTO_ANIME].map((name) => ({ key: genreKey(name), name })),
    creators: creators.map(({ key, name }) => ({ key, name })),
    ipTags,
    series: plans.map((p) => p.series),
    news: buildNews(plans, ctx.creatorNames, rng.fork('news'), now),
  };
}

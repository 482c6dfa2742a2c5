import type { DemoProduct } from './types';
import type { Random } from './random';
import type { SeriesPlan } from './series';
import { CONVENTIONS } from './names';

/**
 * The storefront cases the demo must exercise (hidden series, geo restrictions, every price type,
 * pre-orders, sales, box sets). They are dealt to series on purpose rather than left to chance, so
 * every seed covers all of them.
 */

/** Series-level territory restrictions the demo shows. */
export const SERIES_RESTRICTIONS: string[][] = [['JP'], ['DE', 'AT'], ['CN']];

class Dealer {
  /** Series already given a visibility case; one such case per series keeps each easy to test. */
  private readonly taken = new Set<SeriesPlan>();

  constructor(
    private readonly plans: SeriesPlan[],
    private readonly rng: Random,
  ) {}

  /** A series matching `filter`, preferring ones matching `prefer`. */
  claim(what: string, filter: (plan: SeriesPlan) => boolean, prefer: (plan: SeriesPlan) => boolean = () => true): SeriesPlan {
    const candidates = this.rng.shuffle(this.plans.filter((p) => !this.taken.has(p) && filter(p)));
    const plan = candidates.find(prefer) ?? candidates[0];
    if (!plan) throw new Error(`no series left for the ${what} case`);
    this.taken.add(plan);
    return plan;
  }
}

const standalone = (plan: SeriesPlan): boolean => plan.franchiseRole === null;
const live = (plan: SeriesPlan): boolean => plan.launch === 'live';
const ongoing = (plan: SeriesPlan): boolean => live(plan) && plan.series.completionStatus === 'Ongoing';
const hasChapters = (plan: SeriesPlan): boolean => plan.format !== 'volumes';
const hasVolumes = (plan: SeriesPlan): boolean => plan.format !== 'chapters';

function assignVisibility(plans: SeriesPlan[], rng: Random): void {
  const dealer = new Dealer(plans, rng);
  const hidden = (plan: SeriesPlan, launch: 'draft' | 'scheduled'): void => {
    plan.launch = launch;
    plan.series.status = launch === 'draft' ? 'Draft' : 'Scheduled';
    plan.series.completionStatus = 'Ongoing';
  };
  hidden(dealer.claim('draft series', standalone), 'draft');
  hidden(dealer.claim('scheduled series', standalone), 'scheduled');
  const debut = dealer.claim('debut series', (p) => standalone(p) && p.publisher.kind === 'comics');
  debut.launch = 'debut';
  debut.format = 'volumes';
  debut.series.completionStatus = 'Ongoing';
  dealer.claim('unlisted series', standalone).series.unlisted = true;
  for (const territories of SERIES_RESTRICTIONS) {
    const mature = territories.includes('DE');
    dealer.claim(`${territories.join('+')} restriction`, live, (p) => !mature || p.series.ageRating === 'm').series.restrictedTerritories = territories;
  }
}

function assignPricing(plans: SeriesPlan[], rng: Random): void {
  const webcomics = rng.shuffle(plans.filter((p) => live(p) && hasChapters(p) && p.publisher.kind === 'webcomics'));
  webcomics.forEach((plan, i) => {
    plan.chapterPriceType = i === 0 ? 'SubscriptionOnly' : i === 1 || rng.chance(0.25) ? 'PaidOrSubscription' : 'Paid';
  });

  rng.shuffle(plans.filter((p) => live(p) && hasChapters(p))).forEach((plan, i) => {
    if (i % 6 === 5) return;
    plan.freeChapters = { type: i % 2 === 0 ? 'Free' : 'FreeForRegistered', count: rng.pick([1, 2, 3, 3]) };
  });

  const volumePlans = rng.shuffle(plans.filter((p) => live(p) && hasVolumes(p)));
  volumePlans.forEach((plan, i) => {
    if (i % 6 === 0) plan.firstVolumePriceType = 'FreeToReadAndPurchaseble';
    if (i % 6 === 3) plan.firstVolumePriceType = 'FreeToReadForRegisteredAndPurchaseble';
  });
  // A fully print-only series reads best without digital chapters, so volume-only series go first.
  const withheld = volumePlans
    .filter((p) => p.printCents !== null && p.firstVolumePriceType === 'Paid')
    .sort((a, b) => Number(b.format === 'volumes') - Number(a.format === 'volumes'));
  if (withheld.length < 2) throw new Error('not enough series with print editions for the NotForSale case');
  withheld[0]!.digitalNotForSale = 'all';
  withheld[1]!.digitalNotForSale = 'latest';
  withheld.slice(2, 4).forEach((plan) => (plan.fullSale = true));
}

function assignReleases(plans: SeriesPlan[], rng: Random): void {
  const upcoming = rng.shuffle(plans.filter((p) => ongoing(p) && hasVolumes(p)));
  upcoming.forEach((plan, i) => {
    plan.preOrder = i < 2 || rng.chance(0.55);
    plan.comingSoon = i === 0 || rng.chance(0.2);
  });
  rng.shuffle(plans.filter((p) => ongoing(p) && hasChapters(p))).forEach((plan, i) => {
    plan.scheduledChapter = i === 0 || rng.chance(0.35);
  });
  rng.sample(plans.filter(ongoing), 2).forEach((plan) => (plan.draftNext = true));

  const boxable = plans.filter((p) => live(p) && p.format === 'volumes' && p.printCents !== null);
  for (const plan of boxable) plan.boxSet = plan.series.completionStatus === 'Completed' && plan.volumeCount >= 4;
  if (!boxable.some((p) => p.boxSet)) {
    const longest = boxable.reduce((a, b) => (b.volumeCount > a.volumeCount ? b : a));
    longest.boxSet = true;
    longest.volumeCount = Math.max(longest.volumeCount, 5);
  }
  rng.sample(plans.filter((p) => live(p) && !p.series.unlisted), 2).forEach((plan, i) => (plan.promoEvent = CONVENTIONS[i % CONVENTIONS.length]!));
}

/** Deals the series-level cases; runs before products are built because they shape the products. */
export function assignStorefrontCases(plans: SeriesPlan[], rng: Random): void {
  assignVisibility(plans, rng.fork('visibility'));
  assignPricing(plans, rng.fork('pricing'));
  assignReleases(plans, rng.fork('releases'));
}

/** Product-level cases that need the products to exist: a removed volume and single-product restrictions. */
export function applyProductCases(plans: SeriesPlan[], rng: Random): void {
  const published = (p: DemoProduct): boolean => p.status === 'Published' && !p.unlisted;
  const open = plans.filter((p) => live(p) && p.series.restrictedTerritories.length === 0 && !p.series.unlisted);
  const pickProduct = (filter: (p: DemoProduct) => boolean): DemoProduct => {
    const products = rng.shuffle(open.flatMap((plan) => plan.series.products.filter((p) => published(p) && filter(p))));
    const product = products[0];
    if (!product) throw new Error('no product left for a product-level case');
    return product;
  };
  pickProduct((p) => p.subCategory === 'Volume' && (p.volumeNumber ?? 0) > 1).status = 'Removed';
  pickProduct((p) => p.subCategory === 'Volume').restrictedTerritories = ['DE', 'AT'];
  pickProduct((p) => p.subCategory === 'Chapter' && (p.chapterNumber ?? 0) > 3).restrictedTerritories = ['KR'];
}

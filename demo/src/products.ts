import type { PriceType, ProductTypeName, PublishStatusName } from '@inkwell/contracts/catalog-rules';
import type { DemoProduct, DemoVariant } from './types';
import type { Random } from './random';
import type { SeriesPlan } from './series';
import { CHAPTER_CODAS, SHARED_CHAPTER_TITLES, VOLUME_EXTRAS } from './themes';
import { addDays, displayDate, lowerFirst } from './text';

type ReleaseKind = 'chapter' | 'volume' | 'box-set' | 'one-shot';

interface Release {
  kind: ReleaseKind;
  number: number;
  date: Date;
  status: PublishStatusName;
}

/** Price types a reader can buy (spec §3); only these take part in the sale. */
const SALE_PRICE_TYPES: PriceType[] = ['Paid', 'PaidOrSubscription'];

const DELAY_MESSAGES = [
  'Reprint in progress; ships in 3–4 weeks.',
  'Temporarily out of stock. More copies are on the way.',
  'Ships from our partner warehouse in 2–3 weeks.',
];

/** Print trims in inches: manga tankōbon, comics trade paperback, webcomic collection. */
const TRIM: Record<SeriesPlan['publisher']['kind'], { width: number; height: number; poundsPerPage: number }> = {
  manga: { width: 5, height: 7.5, poundsPerPage: 0.0042 },
  comics: { width: 6.63, height: 10.19, poundsPerPage: 0.0058 },
  webcomics: { width: 6, height: 9, poundsPerPage: 0.005 },
};

const round2 = (value: number): number => Math.round(value * 100) / 100;
const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** An "x99" price a store would actually show, below the full price; null when there is none. */
export function salePrice(fullCents: number, fraction: number): number | null {
  const sale = Math.floor((fullCents * fraction) / 100) * 100 + 99;
  if (sale < fullCents) return sale;
  const lower = Math.floor(fullCents / 100) * 100 - 1;
  return lower > 0 && lower < fullCents ? lower : null;
}

/**
 * When each item of a series comes out. Live series are laid out backwards from their latest release,
 * so the newest chapter lands just before the reference date; unreleased series forwards from a
 * future start.
 */
function releaseSchedule(plan: SeriesPlan, rng: Random, now: Date): Release[] {
  const releases: Release[] = [];
  if (plan.launch === 'draft' || plan.launch === 'scheduled') {
    const status: PublishStatusName = plan.launch === 'draft' ? 'Draft' : 'Scheduled';
    const start = addDays(now, rng.int(20, 75));
    if (plan.format === 'volumes') {
      for (let k = 1; k <= 2; k++) releases.push({ kind: 'volume', number: k, date: addDays(start, (k - 1) * plan.volumeGapDays), status });
    } else {
      for (let n = 1; n <= 4; n++) releases.push({ kind: 'chapter', number: n, date: addDays(start, (n - 1) * plan.chapterCadenceDays), status });
    }
    return releases;
  }
  if (plan.launch === 'debut') {
    const first = addDays(now, rng.int(21, 60));
    releases.push({ kind: 'volume', number: 1, date: first, status: 'ScheduledPreOrder' });
    releases.push({ kind: 'volume', number: 2, date: addDays(first, rng.int(90, 120)), status: 'ScheduledComingSoon' });
    return releases;
  }

  const chapters = plan.chapterCount;
  const chapterDate = (n: number): Date => addDays(plan.latestRelease, -(chapters - n) * plan.chapterCadenceDays);
  if (plan.format !== 'volumes') {
    for (let n = 1; n <= chapters; n++) releases.push({ kind: 'chapter', number: n, date: chapterDate(n), status: 'Published' });
  }
  let volumes = 0;
  if (plan.format === 'volumes') {
    volumes = plan.volumeCount;
    for (let k = 1; k <= volumes; k++) {
      releases.push({ kind: 'volume', number: k, date: addDays(plan.latestRelease, -(volumes - k) * plan.volumeGapDays), status: 'Published' });
    }
  } else if (plan.format === 'both') {
    for (let k = 1; k * plan.chaptersPerVolume <= chapters; k++) {
      const date = addDays(chapterDate(k * plan.chaptersPerVolume), rng.int(30, 60));
      if (date >= now) break;
      releases.push({ kind: 'volume', number: k, date, status: 'Published' });
      volumes = k;
    }
  }
  plan.volumeCount = volumes;

  if (plan.series.completionStatus === 'Ongoing') {
    let nextVolume = volumes + 1;
    if (plan.format !== 'chapters' && plan.preOrder) {
      releases.push({ kind: 'volume', number: nextVolume++, date: addDays(now, rng.int(14, 110)), status: 'ScheduledPreOrder' });
    }
    if (plan.format !== 'chapters' && plan.comingSoon) {
      releases.push({ kind: 'volume', number: nextVolume++, date: addDays(now, rng.int(150, 260)), status: 'ScheduledComingSoon' });
    }
    if (plan.format !== 'volumes' && plan.scheduledChapter) {
      const due = chapterDate(chapters + 1);
      releases.push({ kind: 'chapter', number: chapters + 1, date: due > now ? due : addDays(now, 2), status: 'Scheduled' });
    }
    if (plan.draftNext) {
      const kind = plan.format === 'chapters' ? 'chapter' : 'volume';
      const number = kind === 'chapter' ? chapters + (plan.scheduledChapter ? 2 : 1) : nextVolume;
      releases.push({ kind, number, date: addDays(now, rng.int(200, 300)), status: 'Draft' });
    }
  }
  if (plan.boxSet && volumes >= 4) {
    const lastIncluded = releases.find((r) => r.kind === 'volume' && r.number === Math.min(volumes, 8));
    const date = lastIncluded ? addDays(lastIncluded.date, 30) : now;
    releases.push({ kind: 'box-set', number: Math.min(volumes, 8), date: date < now ? date : addDays(now, -3), status: 'Published' });
  }
  if (plan.promoEvent) {
    releases.push({ kind: 'one-shot', number: 1, date: addDays(now, -rng.int(30, 200)), status: 'Published' });
  }
  return releases;
}

const SUB_CATEGORY: Record<ReleaseKind, ProductTypeName> = {
  chapter: 'Chapter',
  volume: 'Volume',
  'box-set': 'BoxSet',
  'one-shot': 'OneShot',
};

function popularityWeight(release: Release): number {
  if (release.status === 'Draft' || release.status === 'Scheduled') return 0.05;
  if (release.status === 'ScheduledComingSoon') return 0.2;
  if (release.status === 'ScheduledPreOrder') return 0.6;
  switch (release.kind) {
    case 'chapter':
      return 0.45 + 0.55 * 0.92 ** (release.number - 1);
    case 'volume':
      return 0.5 + 0.5 * 0.85 ** (release.number - 1);
    case 'box-set':
      return 0.5;
    case 'one-shot':
      return 0.2;
  }
}

/** Everything about one series' products that stays the same from product to product. */
class ProductWriter {
  private readonly volumeBeats: () => string;
  private readonly chapterLines: () => string;
  private readonly chapterTitles: string[];

  constructor(
    private readonly plan: SeriesPlan,
    private readonly ordinal: number,
    private readonly rng: Random,
    private readonly now: Date,
  ) {
    const { theme } = plan;
    this.volumeBeats = rng.deck(theme.beats);
    this.chapterLines = rng.deck(
      theme.beats.flatMap((beat) => ['', ...CHAPTER_CODAS].map((coda) => (coda ? `${beat}, ${coda}.` : `${beat}.`))),
    );
    this.chapterTitles = [...rng.shuffle(theme.chapterTitles), ...rng.shuffle(SHARED_CHAPTER_TITLES)];
  }

  private get title(): string {
    return this.plan.series.title;
  }

  private relativeName(n: number): string | undefined {
    const name = this.chapterTitles[n - 1];
    if (!name || !this.plan.chapterNaming) return undefined;
    if (this.plan.chapterNaming === 'part') return `Part ${n}: ${name}`;
    if (this.plan.chapterNaming === 'episode') return `Episode ${n}: ${name}`;
    return name;
  }

  private volumeDescription(release: Release, volumeCount: number): string {
    const { plan } = this;
    const k = release.number;
    if (release.status === 'ScheduledComingSoon') return `Coming ${displayDate(release.date)}. ${this.volumeBeats()}.`;
    const parts =
      k === 1
        ? [this.rng.pick([`The story begins. ${plan.opening}`, `Start here: ${plan.opening}`, plan.series.description])]
        : [`${this.volumeBeats()}.`];
    if (k > 1 && plan.series.completionStatus === 'Completed' && k === volumeCount) parts[0] = `The final volume: ${lowerFirst(parts[0]!)}`;
    if (plan.format === 'both' && release.status === 'Published') {
      parts.push(`Collects chapters ${(k - 1) * plan.chaptersPerVolume + 1}–${k * plan.chaptersPerVolume}.`);
    }
    if (release.status === 'ScheduledPreOrder') parts.push(`Pre-order now for release on ${displayDate(release.date)}.`);
    else if (k > 1 && this.rng.chance(0.35)) parts.push(`Includes ${this.rng.pick(VOLUME_EXTRAS)}.`);
    return parts.join(' ');
  }

  private describe(release: Release, volumeCount: number): string {
    const { plan } = this;
    switch (release.kind) {
      case 'chapter':
        return release.number === 1 ? plan.opening : this.chapterLines();
      case 'volume':
        return this.volumeDescription(release, volumeCount);
      case 'box-set':
        return `Volumes 1–${release.number} of ${this.title}, together in one slipcase with a fold-out poster. ${plan.series.completionStatus === 'Completed' ? `The complete ${plan.theme.form}` : 'The whole first arc'}, ready for the shelf.`;
      case 'one-shot':
        return `A standalone short story from the world of ${this.title}, first handed out at ${plan.promoEvent}.`;
    }
  }

  private pageCount(release: Release): number {
    if (release.kind === 'volume') return this.plan.publisher.kind === 'manga' ? this.rng.int(170, 220) : this.rng.int(120, 176);
    if (release.kind === 'box-set') return release.number * this.rng.int(150, 200);
    return this.rng.int(24, 40);
  }

  private digitalVariant(release: Release, volumeCount: number): DemoVariant | null {
    const { plan } = this;
    let priceType: PriceType = 'Paid';
    let priceCents = plan.digitalCents;
    if (release.kind === 'box-set') return null;
    if (release.kind === 'one-shot') {
      priceType = 'Free';
      priceCents = 0;
    } else if (release.kind === 'chapter') {
      const free = plan.freeChapters;
      if (free && release.number <= free.count) {
        priceType = free.type;
        priceCents = 0;
      } else {
        priceType = plan.chapterPriceType;
        priceCents = priceType === 'SubscriptionOnly' ? 0 : plan.chapterCents;
      }
    } else if (plan.digitalNotForSale === 'all' || (plan.digitalNotForSale === 'latest' && release.number === volumeCount)) {
      priceType = 'NotForSale';
      priceCents = 0;
    } else if (release.number === 1) {
      priceType = plan.firstVolumePriceType;
    }
    return this.variant('Digital', priceType, priceCents, release);
  }

  private printVariant(release: Release, pageCount: number, rng: Random): DemoVariant | null {
    const { plan } = this;
    if (plan.printCents === null || release.kind === 'chapter' || release.kind === 'one-shot') return null;
    const trim = TRIM[plan.publisher.kind];
    const boxSet = release.kind === 'box-set';
    const cents = boxSet ? (salePrice(plan.printCents * release.number, 0.8) ?? plan.printCents * release.number) : plan.printCents;
    const variant = this.variant('Print', boxSet ? 'Print' : 'Paid', cents, release);
    const delayed = release.status === 'Published' && rng.chance(0.05);
    variant.stock = {
      weight: round2(pageCount * trim.poundsPerPage + (boxSet ? 0.6 : 0.05)),
      height: round2(trim.height + (boxSet ? 0.4 : 0)),
      width: round2(trim.width + (boxSet ? 0.5 : 0)),
      length: round2(pageCount * 0.0022 + (boxSet ? 0.3 : 0.1)),
      inventoryId: `${plan.publisher.inventoryPrefix}-${String(this.ordinal).padStart(3, '0')}-${boxSet ? 'BOX' : `V${String(release.number).padStart(2, '0')}`}`,
      delayExpected: delayed,
      // Four weeks out: the dashboard refuses a delay without a date still to come.
      ...(delayed ? { delayMessage: rng.pick(DELAY_MESSAGES), delayedUntilDate: addDays(this.now, 28).toISOString() } : {}),
    };
    if (release.status === 'ScheduledPreOrder' || boxSet || rng.chance(0.3)) variant.cartLimit = rng.int(3, 10);
    return variant;
  }

  private variant(type: DemoVariant['type'], priceType: PriceType, priceCents: number, release: Release): DemoVariant {
    return {
      type,
      priceType,
      priceCents,
      currency: 'USD',
      isPreOrder: release.status === 'ScheduledPreOrder',
      ...(release.date > this.now ? { scheduleDate: release.date.toISOString() } : {}),
    };
  }

  private saleFor(release: Release, digital: DemoVariant | null): number | undefined {
    if (!digital || release.status !== 'Published' || !SALE_PRICE_TYPES.includes(digital.priceType) || digital.priceCents === 0) return undefined;
    const onSale = release.kind === 'volume' ? this.plan.fullSale || this.rng.chance(0.1) : this.rng.chance(0.03);
    if (!onSale) return undefined;
    return salePrice(digital.priceCents, this.plan.fullSale ? 0.5 : this.rng.pick([0.5, 0.6, 0.7])) ?? undefined;
  }

  product(release: Release, volumeCount: number, issueNumber: number): DemoProduct {
    const { plan, rng } = this;
    const { series } = plan;
    const urlPart = { chapter: `chapter-${release.number}`, volume: `volume-${release.number}`, 'box-set': 'box-set', 'one-shot': 'festival-special' }[release.kind];
    const name = {
      chapter: `${this.title}, Chapter ${release.number}`,
      volume: `${this.title}, Vol. ${release.number}`,
      'box-set': `${this.title} Box Set (Vols. 1–${release.number})`,
      'one-shot': `${this.title}: Festival Special`,
    }[release.kind];
    const pageCount = this.pageCount(release);
    const digital = this.digitalVariant(release, volumeCount);
    const print = this.printVariant(release, pageCount, rng);
    const relativeName = release.kind === 'chapter' ? this.relativeName(release.number) : undefined;
    const sale = this.saleFor(release, digital);
    return {
      key: `product-${series.readableUrl}-${urlPart}`,
      name,
      readableUrl: `${series.readableUrl}-${urlPart}`,
      subCategory: SUB_CATEGORY[release.kind],
      ...(release.kind === 'volume' ? { volumeNumber: release.number } : {}),
      ...(release.kind === 'chapter' ? { chapterNumber: release.number } : {}),
      issueNumber,
      ...(relativeName ? { relativeName } : {}),
      description: this.describe(release, volumeCount),
      publishDate: release.date.toISOString(),
      status: release.status,
      unlisted: series.unlisted || release.kind === 'one-shot',
      ageRating: series.ageRating,
      pageCount,
      restrictedTerritories: [...series.restrictedTerritories],
      reverseReadOrder: series.rightToLeft,
      variants: [digital, print].filter((v): v is DemoVariant => v !== null),
      ...(sale !== undefined ? { saleDigitalPriceCents: sale } : {}),
      popularity: clamp(Math.round(plan.popularity * popularityWeight(release) + rng.int(-25, 25)), 0, 1000),
    };
  }
}

/** The products of one series, oldest first. `ordinal` keeps print inventory ids unique. */
export function buildProducts(plan: SeriesPlan, ordinal: number, rng: Random, now: Date): DemoProduct[] {
  const releases = releaseSchedule(plan, rng, now).sort((a, b) => a.date.getTime() - b.date.getTime());
  const writer = new ProductWriter(plan, ordinal, rng, now);
  // The staff publish rule wants a sorting number above 0 on every publication: its place, oldest first.
  return releases.map((release, index) => writer.product(release, plan.volumeCount, index + 1));
}

import type { DemoCreatorCredit } from './types';
import type { Random } from './random';
import { NAME_CULTURES, type PublisherProfile } from './names';
import { slugify } from './text';

export interface DemoCreatorRecord {
  key: string;
  name: string;
  culture: string;
  /** Translators and letterers; they are credited on other people's series. */
  staff: boolean;
}

/** Writers and artists tell the story; translators and letterers are credited but are not its authors. */
export function isStoryCredit(credit: DemoCreatorCredit): boolean {
  return credit.title !== 'Translator' && credit.title !== 'Letterer';
}

const JAPANESE_CREATORS = 24;
const OTHER_CREATORS = 50;
const STAFF_CREATORS = 12;

/** Pairs of given and family names from one culture, all distinct. */
function buildNames(rng: Random, cultureKey: string, count: number, taken: Set<string>): string[] {
  const culture = NAME_CULTURES.find((c) => c.key === cultureKey);
  if (!culture) throw new Error(`unknown name culture ${cultureKey}`);
  const names: string[] = [];
  while (names.length < count) {
    const name = `${rng.pick(culture.given)} ${rng.pick(culture.family)}`;
    if (taken.has(name)) continue;
    taken.add(name);
    names.push(name);
  }
  return names;
}

/**
 * The creator roster: mangaka for the manga publisher, and writers, artists and staff from many
 * cultures for everyone else.
 */
export function buildCreators(rng: Random): DemoCreatorRecord[] {
  const taken = new Set<string>();
  const records: DemoCreatorRecord[] = buildNames(rng, 'japanese', JAPANESE_CREATORS, taken).map((name) => ({
    key: `creator-${slugify(name)}`,
    name,
    culture: 'japanese',
    staff: false,
  }));
  const others = NAME_CULTURES.filter((c) => c.key !== 'japanese');
  const perCulture = Math.ceil(OTHER_CREATORS / others.length);
  const otherRecords = others.flatMap((culture) =>
    buildNames(rng, culture.key, perCulture, taken).map((name) => ({
      key: `creator-${slugify(name)}`,
      name,
      culture: culture.key,
      staff: false,
    })),
  );
  const chosen = rng.shuffle(otherRecords).slice(0, OTHER_CREATORS);
  chosen.slice(0, STAFF_CREATORS).forEach((record) => (record.staff = true));
  return [...records, ...chosen];
}

/** Hands out creators so work spreads across the roster, with the odd creator who has several series. */
export class CreatorRoster {
  private readonly uses = new Map<string, number>();

  constructor(
    readonly records: DemoCreatorRecord[],
    private readonly rng: Random,
  ) {}

  private choose(pool: DemoCreatorRecord[]): DemoCreatorRecord {
    const count = (record: DemoCreatorRecord): number => this.uses.get(record.key) ?? 0;
    const fewest = Math.min(...pool.map(count));
    const used = pool.filter((r) => count(r) > 0);
    const pickFrom = used.length > 0 && this.rng.chance(0.15) ? used : pool.filter((r) => count(r) === fewest);
    const record = this.rng.pick(pickFrom);
    this.uses.set(record.key, count(record) + 1);
    return record;
  }

  private authorPool(publisher: PublisherProfile, exclude: Set<string>): DemoCreatorRecord[] {
    return this.records.filter(
      (r) => !r.staff && !exclude.has(r.key) && (publisher.cultures.length === 0 || publisher.cultures.includes(r.culture)),
    );
  }

  /** Credits for a new series; `keep` carries a creator over from a parent series (spin-offs). */
  creditsFor(publisher: PublisherProfile, keep?: DemoCreatorCredit): DemoCreatorCredit[] {
    const exclude = new Set<string>(keep ? [keep.creator] : []);
    const credits: DemoCreatorCredit[] = [];
    const soloShare = publisher.kind === 'manga' ? 0.65 : publisher.kind === 'webcomics' ? 0.8 : 0.4;
    if (keep) {
      credits.push({ creator: keep.creator, title: 'Writer' });
      credits.push({ creator: this.choose(this.authorPool(publisher, exclude)).key, title: 'Artist' });
    } else if (this.rng.chance(soloShare)) {
      credits.push({ creator: this.choose(this.authorPool(publisher, exclude)).key, title: 'Story & Art' });
    } else {
      const writer = this.choose(this.authorPool(publisher, exclude));
      exclude.add(writer.key);
      credits.push({ creator: writer.key, title: 'Writer' });
      credits.push({ creator: this.choose(this.authorPool(publisher, exclude)).key, title: 'Artist' });
    }
    const staff = this.rng.shuffle(this.records.filter((r) => r.staff));
    if (publisher.kind === 'manga') credits.push({ creator: staff[0]!.key, title: 'Translator' });
    if (this.rng.chance(publisher.kind === 'webcomics' ? 0.1 : 0.45)) credits.push({ creator: staff[1]!.key, title: 'Letterer' });
    return credits;
  }
}

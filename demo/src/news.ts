import type { DemoArticle, DemoProduct, DemoSeries } from './types';
import type { Random } from './random';
import type { SeriesPlan } from './series';
import { BOOKSHOPS, CONVENTIONS } from './names';
import { isStoryCredit } from './creators';
import { addDays, capitalize, daysBetween, displayDate, escapeMarkup, slugify, withArticle } from './text';

/**
 * News articles about the demo catalogue: announcements, interviews and events that link to real
 * (generated) series and products, so the news pages and their series cards have something to show.
 */

interface NewsContext {
  rng: Random;
  now: Date;
  creatorNames: Map<string, string>;
  /** Series already featured; each article prefers a series not yet written about. */
  featured: Set<string>;
}

type Draft = Omit<DemoArticle, 'key' | 'readableUrl'>;

const ANIMATION_STUDIOS = ['Studio Aozora Line', 'Lantern Frame Animation', 'Kumoribi Pictures', 'Paper Crane Works'];

const ORIGIN_ANSWERS = [
  'With a single drawing I made on the back of a train ticket. I kept wondering who lived in that picture, and three years later I am still finding out.',
  'It started as a four-page short for a small anthology. The editor asked what happened next, and I realised I had no idea, which is the best feeling.',
  'I wanted to write about {about}. Everything else, the world and the cast, grew out of that one question.',
  'Honestly? A bad week. I needed somewhere to escape to, so I built one, and it turned into {title}.',
];
const PROCESS_ANSWERS = [
  'Thumbnails first, always, on cheap paper so I am not precious about them. Then pencils, inks, and far too much coffee.',
  'I write the dialogue last. If a page works without words, it is a good page.',
  'Mornings are for drawing, afternoons for staring out of the window and calling it research.',
  'I walk every location I draw, even the made-up ones. There is a real street behind every background.',
];
const NEXT_ANSWERS = [
  'The next arc goes somewhere I have been building towards since the first chapter. I am nervous and excited in equal measure.',
  'More of everything readers have been asking for, and one thing nobody will see coming.',
  'A quieter stretch, then a storm. That is all I am allowed to say.',
];

const cents = (amount: number): string => `$${(amount / 100).toFixed(2)}`;

function link(series: DemoSeries): string {
  return `<a href="/series/${series.readableUrl}">${escapeMarkup(series.title)}</a>`;
}

function storyCreators(series: DemoSeries, names: Map<string, string>): string[] {
  return series.creators.filter(isStoryCredit).map((c) => names.get(c.creator) ?? c.creator);
}

function joinNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function paragraphs(...texts: string[]): string {
  return texts.map((t) => `<p>${t}</p>`).join('');
}

/** A date `daysAgo` days before the reference date, at a plausible office hour. */
function daysBefore(ctx: NewsContext, daysAgo: number, notBefore?: Date): string {
  const base = addDays(ctx.now, -Math.max(1, daysAgo));
  const date = notBefore && base < notBefore ? addDays(notBefore, 1) : base;
  const clamped = date >= ctx.now ? addDays(ctx.now, -1) : date;
  return new Date(clamped.getTime() + ctx.rng.int(8, 17) * 3_600_000).toISOString();
}

function feature(ctx: NewsContext, candidates: SeriesPlan[]): SeriesPlan | undefined {
  if (candidates.length === 0) return undefined;
  const fresh = candidates.filter((p) => !ctx.featured.has(p.series.key));
  const plan = ctx.rng.pick(fresh.length > 0 ? fresh : candidates);
  ctx.featured.add(plan.series.key);
  return plan;
}

function preOrderArticle(ctx: NewsContext, plans: SeriesPlan[]): Draft | null {
  const plan = feature(ctx, plans.filter((p) => p.series.products.some((x) => x.status === 'ScheduledPreOrder')));
  const product = plan?.series.products.find((x) => x.status === 'ScheduledPreOrder');
  if (!plan || !product) return null;
  const { series } = plan;
  const due = displayDate(new Date(product.publishDate));
  const items = product.variants.map(
    (v) => `<li>${v.type}: ${cents(v.priceCents)}${v.cartLimit ? ` (up to ${v.cartLimit} per order)` : ''}</li>`,
  );
  return {
    title: ctx.rng.pick([`Pre-orders Open for ${product.name}`, `${product.name} Is Up for Pre-order`]),
    summary: `Reserve your copy now: volume ${product.volumeNumber} of ${series.title} arrives ${due}.`,
    bodyHtml:
      paragraphs(`The next chapter of ${link(series)} is on its way. Volume ${product.volumeNumber} arrives on ${due}, and pre-orders are open today.`) +
      `<h2>What to expect</h2>` +
      paragraphs(escapeMarkup(product.description)) +
      `<ul>${items.join('')}<li>Release date: ${due}</li></ul>` +
      paragraphs(`New to the series? ${escapeMarkup(plan.opening)}`),
    publishedAt: daysBefore(ctx, ctx.rng.int(2, 30)),
    pageType: 'News',
    series: series.key,
  };
}

function newReleaseArticle(ctx: NewsContext, plans: SeriesPlan[]): Draft | null {
  const recent = (p: SeriesPlan): DemoProduct | undefined =>
    p.series.products.filter((x) => x.subCategory === 'Volume' && x.status === 'Published' && new Date(x.publishDate) > addDays(ctx.now, -120)).at(-1);
  const plan = feature(ctx, plans.filter((p) => recent(p) !== undefined));
  const product = plan && recent(plan);
  if (!plan || !product) return null;
  const released = new Date(product.publishDate);
  return {
    title: ctx.rng.pick([`Out Now: ${product.name}`, `${product.name} Hits Shelves`]),
    summary: capitalize(`${withArticle(plan.theme.tones[0]!)} new chapter of ${plan.series.title} is here, in print and digital.`),
    bodyHtml:
      paragraphs(`Volume ${product.volumeNumber} of ${link(plan.series)} is out now. ${escapeMarkup(product.description)}`) +
      paragraphs(`Read it in the browser the moment you buy it, or pick up the print edition for your shelf.`),
    publishedAt: daysBefore(ctx, 0, released),
    pageType: 'News',
    series: plan.series.key,
  };
}

const firstRelease = (plan: SeriesPlan): Date => new Date(plan.series.products[0]?.publishDate ?? 0);

/** Licensing news is about one of the newest series, dated a few weeks before its launch. */
function licensingArticle(ctx: NewsContext, plans: SeriesPlan[], kind: 'manga' | 'comics'): Draft | null {
  const newest = plans.filter((p) => p.publisher.kind === kind).sort((a, b) => firstRelease(b).getTime() - firstRelease(a).getTime());
  const plan = feature(ctx, newest.slice(0, 4));
  if (!plan) return null;
  const { series } = plan;
  const { publisher } = plan;
  const creators = joinNames(storyCreators(series, ctx.creatorNames));
  const translator = series.creators.find((c) => c.title === 'Translator');
  const original = series.originalLanguageTitle ? ` (${series.originalLanguageTitle}, ${series.romanizedTitle})` : '';
  return {
    title: kind === 'manga' ? `${publisher.name} Licenses ${series.title} for English Release` : `${publisher.name} Signs ${series.title} by ${creators}`,
    summary: `${series.title}${original} joins the ${series.imprint ?? publisher.name} line-up.`,
    bodyHtml:
      paragraphs(
        `We are delighted to announce that ${link(series)}${escapeMarkup(original)} by ${escapeMarkup(creators)} is joining the ${escapeMarkup(series.imprint ?? publisher.name)} line-up.`,
        escapeMarkup(series.description),
      ) +
      `<h2>Release plan</h2><ul>` +
      (plan.format !== 'volumes' ? `<li>New chapters every ${plan.chapterCadenceDays === 7 ? 'week' : 'other week'}, digital</li>` : '') +
      (plan.format !== 'chapters' ? `<li>Collected volumes in print and digital</li>` : '') +
      (translator ? `<li>Translated by ${escapeMarkup(ctx.creatorNames.get(translator.creator) ?? '')}</li>` : '') +
      `</ul>`,
    publishedAt: daysBefore(ctx, daysBetween(firstRelease(plan), ctx.now) + ctx.rng.int(20, 60)),
    pageType: 'News',
    series: series.key,
  };
}

function interviewArticle(ctx: NewsContext, plans: SeriesPlan[], others: SeriesPlan[]): Draft | null {
  const plan = feature(ctx, plans);
  if (!plan) return null;
  const { series, theme } = plan;
  const creator = storyCreators(series, ctx.creatorNames)[0] ?? 'the creator';
  const favourite = ctx.rng.pick(others.filter((p) => p !== plan));
  const qa = (q: string, a: string): string => `<h2>${escapeMarkup(q)}</h2><p>${a}</p>`;
  return {
    title: ctx.rng.pick([`In the Studio with ${creator}`, `Five Questions for ${creator}`, `${creator} on Making ${series.title}`]),
    summary: `The creator of ${series.title} talks process, inspiration and what comes next.`,
    bodyHtml:
      paragraphs(`We sat down with ${escapeMarkup(creator)}, the mind behind ${link(series)}, between deadlines.`) +
      qa(`Where did ${series.title} begin?`, escapeMarkup(ctx.rng.pick(ORIGIN_ANSWERS).replace('{about}', ctx.rng.pick(theme.about)).replace('{title}', series.title))) +
      qa('What does a working day look like?', escapeMarkup(ctx.rng.pick(PROCESS_ANSWERS))) +
      qa('What are you reading right now?', `${link(favourite.series)}. ${escapeMarkup(`It is ${withArticle(favourite.theme.tones[1]!)} ${favourite.theme.form}, and I am jealous of every page.`)}`) +
      qa('What can readers look forward to?', escapeMarkup(ctx.rng.pick(NEXT_ANSWERS))),
    publishedAt: daysBefore(ctx, ctx.rng.int(10, 90)),
    pageType: 'Feature',
    series: series.key,
  };
}

function animeArticle(ctx: NewsContext, plans: SeriesPlan[]): Draft | null {
  const plan = feature(ctx, plans.filter((p) => p.series.genres.includes('made-into-anime')));
  if (!plan) return null;
  const studio = ctx.rng.pick(ANIMATION_STUDIOS);
  const free = plan.freeChapters;
  const catchUp = free
    ? `The first ${free.count === 1 ? 'chapter is' : `${free.count} chapters are`} free to read${free.type === 'FreeForRegistered' ? ' with a Reader account' : ''}, so there is time to catch up.`
    : 'There is still time to catch up before the premiere.';
  return {
    title: `${plan.series.title} Anime Announced by ${studio}`,
    summary: `The hit manga is coming to the screen. ${catchUp}`,
    bodyHtml: paragraphs(
      `${link(plan.series)} is getting an anime adaptation from ${studio}, with a first season planned for next year.`,
      `${escapeMarkup(plan.opening)} ${catchUp}`,
    ),
    publishedAt: daysBefore(ctx, ctx.rng.int(5, 60)),
    pageType: 'News',
    series: plan.series.key,
  };
}

function eventArticle(ctx: NewsContext, plans: SeriesPlan[]): Draft {
  const guests = ctx.rng.sample(plans, 2);
  const convention = ctx.rng.pick(CONVENTIONS);
  const booth = ctx.rng.int(1200, 5999);
  const promo = plans.find((p) => p.promoEvent === convention);
  return {
    title: `Meet Us at ${convention}, Booth ${booth}`,
    summary: `Signings, free samplers and a few surprises at this year's ${convention}.`,
    bodyHtml:
      paragraphs(`We are heading to ${convention}! Find us at booth ${booth} all weekend.`) +
      `<h2>Signings</h2><ul>${guests
        .map((g) => `<li>${escapeMarkup(joinNames(storyCreators(g.series, ctx.creatorNames)))}, ${link(g.series)}</li>`)
        .join('')}</ul>` +
      paragraphs(
        promo
          ? `Every visitor can take home a free festival special of ${link(promo.series)} while supplies last.`
          : 'Genre samplers are free at the booth while supplies last, and new Reader accounts get early access to spotlight series.',
      ),
    publishedAt: daysBefore(ctx, ctx.rng.int(15, 45)),
    pageType: 'Announcement',
  };
}

function signingTourArticle(ctx: NewsContext, plans: SeriesPlan[]): Draft | null {
  const plan = feature(ctx, plans.filter((p) => p.publisher.kind !== 'webcomics'));
  if (!plan) return null;
  const creator = storyCreators(plan.series, ctx.creatorNames)[0] ?? 'The creator';
  const shops = ctx.rng.sample(BOOKSHOPS, 4);
  return {
    title: `${creator} Signing Tour Visits Four Cities`,
    summary: `Bring your copies of ${plan.series.title}: ${creator} is on the road this month.`,
    bodyHtml:
      paragraphs(`${escapeMarkup(creator)}, creator of ${link(plan.series)}, is touring bookshops this month. Each stop includes a short talk, a live sketch and a signing.`) +
      `<ul>${shops.map((s) => `<li>${escapeMarkup(s)}</li>`).join('')}</ul>` +
      paragraphs('Signings are free; each shop will hand out numbered tickets on the day.'),
    publishedAt: daysBefore(ctx, ctx.rng.int(3, 25)),
    pageType: 'Announcement',
    series: plan.series.key,
  };
}

function saleArticle(ctx: NewsContext, plans: SeriesPlan[]): Draft | null {
  const onSale = plans.flatMap((p) => p.series.products.filter((x) => x.saleDigitalPriceCents !== undefined).map((x) => ({ plan: p, product: x })));
  if (onSale.length === 0) return null;
  const picks = ctx.rng.sample(onSale, Math.min(5, onSale.length));
  return {
    title: 'The Autumn Reading Sale Is On',
    summary: `Up to half off digital volumes across ${new Set(onSale.map((s) => s.plan.series.key)).size} series, for a limited time.`,
    bodyHtml:
      paragraphs('Cosy season calls for a tall stack of comics. Digital volumes across the store are discounted for a limited time.') +
      `<h2>Staff picks</h2><ul>${picks
        .map(({ plan, product }) => {
          const full = product.variants.find((v) => v.type === 'Digital')?.priceCents ?? 0;
          return `<li><a href="/product/${product.readableUrl}">${escapeMarkup(product.name)}</a>, now ${cents(product.saleDigitalPriceCents!)} (was ${cents(full)}), from ${link(plan.series)}</li>`;
        })
        .join('')}</ul>` +
      paragraphs('Find every discounted title under On Sale in Browse.'),
    publishedAt: daysBefore(ctx, ctx.rng.int(1, 10)),
    pageType: 'Announcement',
  };
}

function finaleArticle(ctx: NewsContext, plans: SeriesPlan[]): Draft | null {
  const plan = feature(ctx, plans.filter((p) => p.series.completionStatus === 'Completed'));
  if (!plan) return null;
  const last = plan.series.products.filter((x) => x.subCategory === 'Volume' && x.status === 'Published').at(-1);
  const names = storyCreators(plan.series, ctx.creatorNames);
  const creators = joinNames(names);
  const run = plan.volumeCount > 0 ? `${plan.volumeCount} volumes` : `${plan.chapterCount} chapters`;
  return {
    title: `Saying Goodbye to ${plan.series.title}`,
    summary: `${creators} look${names.length > 1 ? '' : 's'} back on ${run} of ${plan.theme.about[0]}.`,
    bodyHtml:
      paragraphs(
        `${link(plan.series)} is complete. ${escapeMarkup(plan.series.description)}`,
        last ? `The final volume, ${escapeMarkup(last.name)}, is available now in print and digital.` : 'Every chapter is available now.',
        `"Thank you for reading to the end," ${names.length > 1 ? 'say' : 'says'} ${escapeMarkup(creators)}. "Every letter and every drawing you sent is pinned to the studio wall."`,
      ),
    publishedAt: daysBefore(ctx, ctx.rng.int(20, 120)),
    pageType: 'Feature',
    series: plan.series.key,
  };
}

function simulpubArticle(ctx: NewsContext, plans: SeriesPlan[]): Draft | null {
  const plan = feature(ctx, plans.filter((p) => p.format !== 'volumes' && p.freeChapters !== null && p.series.completionStatus === 'Ongoing'));
  if (!plan || !plan.freeChapters) return null;
  const free = plan.freeChapters;
  const who = free.type === 'Free' ? 'everyone' : 'anyone with a free Reader account';
  return {
    title: `${plan.series.title} Now Releasing ${plan.chapterCadenceDays === 7 ? 'Weekly' : 'Every Other Week'}`,
    summary: `New chapters of ${plan.series.title} land on a regular schedule, and the first ${free.count === 1 ? 'chapter is' : `${free.count} chapters are`} free.`,
    bodyHtml: paragraphs(
      `${link(plan.series)} now releases a new chapter ${plan.chapterCadenceDays === 7 ? 'every week' : 'every other week'}.`,
      `The first ${free.count === 1 ? 'chapter is' : `${free.count} chapters are`} free for ${who}. ${escapeMarkup(plan.opening)}`,
    ),
    publishedAt: daysBefore(ctx, ctx.rng.int(30, 100)),
    pageType: 'Announcement',
    series: plan.series.key,
  };
}

function spinOffArticle(ctx: NewsContext, plans: SeriesPlan[], all: SeriesPlan[]): Draft | null {
  const plan = feature(ctx, plans.filter((p) => p.franchiseRole === 'spin-off'));
  const parent = plan && all.find((p) => p.franchiseRole === 'parent' && p.series.ipTag === plan.series.ipTag);
  if (!plan || !parent) return null;
  return {
    title: `${parent.series.title} Gets a Spin-off`,
    summary: `${plan.series.title} expands the world of ${parent.series.title}.`,
    bodyHtml: paragraphs(
      `Fans of ${link(parent.series)}, rejoice: ${link(plan.series)} is here.`,
      escapeMarkup(plan.series.description),
      `Both series share the same world, and you can read either one first.`,
    ),
    publishedAt: daysBefore(ctx, ctx.rng.int(30, 160)),
    pageType: 'Announcement',
    series: plan.series.key,
  };
}

function boxSetArticle(ctx: NewsContext, plans: SeriesPlan[]): Draft | null {
  const plan = feature(ctx, plans.filter((p) => p.series.products.some((x) => x.subCategory === 'BoxSet')));
  const box = plan?.series.products.find((x) => x.subCategory === 'BoxSet');
  if (!plan || !box) return null;
  const print = box.variants.find((v) => v.type === 'Print');
  return {
    title: `${box.name} Arrives`,
    summary: `The whole run of ${plan.series.title}, in one slipcase.`,
    bodyHtml: paragraphs(
      `${escapeMarkup(box.description)}`,
      `The box set is print only${print ? ` and costs ${cents(print.priceCents)}` : ''}. Start with ${link(plan.series)} if you have not read it yet.`,
    ),
    publishedAt: daysBefore(ctx, 0, new Date(box.publishDate)),
    pageType: 'News',
    series: plan.series.key,
  };
}

/** The news feed, newest first. Only listed, released series are written about. */
export function buildNews(plans: SeriesPlan[], creatorNames: Map<string, string>, rng: Random, now: Date): DemoArticle[] {
  const visible = plans.filter((p) => p.launch !== 'draft' && p.launch !== 'scheduled' && !p.series.unlisted);
  const released = visible.filter((p) => p.launch === 'live' && p.series.restrictedTerritories.length === 0);
  const ctx: NewsContext = { rng, now, creatorNames, featured: new Set() };
  const drafts = [
    preOrderArticle(ctx, visible),
    preOrderArticle(ctx, visible),
    newReleaseArticle(ctx, released),
    newReleaseArticle(ctx, released),
    licensingArticle(ctx, released, 'manga'),
    licensingArticle(ctx, released, 'comics'),
    interviewArticle(ctx, released, released),
    interviewArticle(ctx, released, released),
    animeArticle(ctx, released),
    eventArticle(ctx, released),
    signingTourArticle(ctx, released),
    saleArticle(ctx, released),
    finaleArticle(ctx, released),
    simulpubArticle(ctx, released),
    spinOffArticle(ctx, released, plans),
    boxSetArticle(ctx, released),
  ].filter((d): d is Draft => d !== null);
  const urls = new Set<string>();
  return drafts
    .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
    .map((draft) => {
      let readableUrl = slugify(draft.title);
      for (let n = 2; urls.has(readableUrl); n++) readableUrl = `${slugify(draft.title)}-${n}`;
      urls.add(readableUrl);
      return { key: `news-${readableUrl}`, readableUrl, ...draft };
    });
}

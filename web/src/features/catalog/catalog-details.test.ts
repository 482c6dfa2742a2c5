import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import {
  AGE_RATINGS,
  ageRatingOf,
  genreLabel,
  groupCredits,
  isMature,
  percentOff,
  priceSummary,
  productBadges,
  productCardTitle,
  productSubtitle,
  READ_PROMPTS,
  readPrompt,
  sequenceLabel,
  seriesColor,
  seriesSubtitle,
  splitVolumesAndChapters,
} from './catalog-details';
import { creditView, productCardView, seriesCardView, variantView } from './test-factories';

const series = { id: 9, title: 'Iron Moon', readableUrl: 'iron-moon', color: 'navy' };

describe('age ratings (§3: e, e7, pg, t, m, lowest to highest)', () => {
  test('in the spec order', () => assert.deepEqual(Object.keys(AGE_RATINGS), ['e', 'e7', 'pg', 't', 'm']));

  const cases: Array<[value: string, label: string | null, mature: boolean]> = [
    ['e', 'E', false],
    ['E7', 'E7', false],
    ['pg', 'PG', false],
    ['t', 'T', false],
    ['m', 'M', true],
    ['M', 'M', true],
    ['x', null, false],
    ['', null, false],
  ];
  for (const [value, label, mature] of cases) {
    test(`'${value}' → ${label ?? 'unknown'}${mature ? ', mature' : ''}`, () => {
      assert.equal(ageRatingOf(value)?.label ?? null, label);
      assert.equal(isMature(value), mature);
    });
  }
});

describe('card titles and subtitles', () => {
  const cases: Array<[name: string, product: Parameters<typeof productCardView>[0], title: string, subtitle: string]> = [
    ['a volume leads with its series', { name: 'Iron Moon 3', series, volumeNumber: 3 }, 'Iron Moon', 'Vol. 3'],
    ['a chapter number wins over the volume', { name: 'Iron Moon 12', series, volumeNumber: 3, chapterNumber: 12 }, 'Iron Moon', 'Ch. 12'],
    ['a relative name follows the number', { name: 'Iron Moon 12', series, chapterNumber: 12, relativeName: ' The Lighthouse ' }, 'Iron Moon', 'Ch. 12 · The Lighthouse'],
    ['a relative name alone', { name: 'Iron Moon Special', series, relativeName: 'Summer Special' }, 'Iron Moon', 'Summer Special'],
    ['an unnumbered book in a series shows its own name', { name: 'Iron Moon Art Book', series }, 'Iron Moon', 'Iron Moon Art Book'],
    ['the display name wins over the name', { name: 'IRON MOON ARTBOOK', displayName: 'The Art of Iron Moon', series }, 'Iron Moon', 'The Art of Iron Moon'],
    ['a blank display name falls back on the name', { name: 'Tidewater', displayName: '  ', subCategory: 'Book' }, 'Tidewater', 'Book'],
    ['a book outside any series leads with its name and says what it is', { name: 'Tidewater', subCategory: 'Book' }, 'Tidewater', 'Book'],
  ];
  for (const [name, overrides, title, subtitle] of cases) {
    test(name, () => {
      const product = productCardView(overrides);
      assert.equal(productCardTitle(product), title);
      assert.equal(productSubtitle(product), subtitle);
    });
  }

  test('sequenceLabel is null outside any numbering', () => assert.equal(sequenceLabel({ volumeNumber: null, chapterNumber: null }), null));
  test('volume 0 is still a number', () => assert.equal(sequenceLabel({ volumeNumber: 0, chapterNumber: null }), 'Vol. 0'));
});

describe('priceSummary: amounts in cents', () => {
  test('free', () => assert.deepEqual(priceSummary(productCardView({ isFree: true, fromPrice: 0 })), { kind: 'free' }));
  test('nothing for sale', () => assert.deepEqual(priceSummary(productCardView({ fromPrice: null })), { kind: 'unavailable' }));
  test('one price', () => {
    assert.deepEqual(priceSummary(productCardView({ fromPrice: 799, variants: [variantView({ price: 799, fullPrice: 799 })] })), { kind: 'price', amount: 799, fullAmount: 799, currency: 'USD', from: false });
  });
  test('a sale price with the full one beside it, "from" when formats differ in price', () => {
    const variants = [variantView({ price: 599, fullPrice: 799, isOnSale: true }), variantView({ type: 'Print', price: 1499, fullPrice: 1499 })];
    assert.deepEqual(priceSummary(productCardView({ fromPrice: 599, isOnSale: true, variants })), { kind: 'price', amount: 599, fullAmount: 799, currency: 'USD', from: true });
  });
  test('of two variants at the lowest price, the one on sale gives the full price', () => {
    const variants = [variantView({ type: 'Print', price: 599, fullPrice: 599 }), variantView({ price: 599, fullPrice: 999, isOnSale: true })];
    assert.deepEqual(priceSummary(productCardView({ fromPrice: 599, variants })), { kind: 'price', amount: 599, fullAmount: 999, currency: 'USD', from: false });
  });
  test('disabled variants do not make it a "from" price', () => {
    const variants = [variantView({ price: 799 }), variantView({ type: 'Print', price: 1499, enabled: false })];
    const summary = priceSummary(productCardView({ fromPrice: 799, variants }));
    assert.equal(summary.kind === 'price' && summary.from, false);
  });
  test("the cheapest variant's currency", () => {
    const summary = priceSummary(productCardView({ fromPrice: 650, variants: [variantView({ price: 650, fullPrice: 650, currency: 'EUR' })] }));
    assert.equal(summary.kind === 'price' && summary.currency, 'EUR');
  });
});

describe('percentOff: rounded down', () => {
  const cases: Array<[price: number, fullPrice: number, off: number]> = [
    [500, 1000, 50],
    [599, 799, 25],
    [1, 3, 66],
    [0, 799, 100],
    [799, 799, 0],
    [899, 799, 0],
    [0, 0, 0],
  ];
  for (const [price, fullPrice, off] of cases) test(`${price} of ${fullPrice} → ${off}%`, () => assert.equal(percentOff(price, fullPrice), off));
});

describe('productBadges', () => {
  const cases: Array<[name: string, flags: { isFree?: boolean; isOnSale?: boolean; isPreOrder?: boolean }, labels: string[]]> = [
    ['none', {}, []],
    ['free', { isFree: true }, ['Free']],
    ['a free book is not also on sale', { isFree: true, isOnSale: true }, ['Free']],
    ['sale', { isOnSale: true }, ['Sale']],
    ['sale and pre-order', { isOnSale: true, isPreOrder: true }, ['Sale', 'Pre-order']],
  ];
  for (const [name, flags, labels] of cases) test(name, () => assert.deepEqual(productBadges(productCardView(flags)).map((badge) => badge.label), labels));

  test('chapters in a series list say "Read free"', () => assert.deepEqual(productBadges(productCardView({ isFree: true }), 'Read free'), [{ label: 'Read free', tone: 'free' }]));
});

describe('seriesSubtitle', () => {
  const cases: Array<[name: string, overrides: Parameters<typeof seriesCardView>[0], subtitle: string]> = [
    ['volumes and chapters', { volumeCount: 12, chapterCount: 48 }, '12 volumes · 48 chapters'],
    ['one of each', { volumeCount: 1, chapterCount: 1 }, '1 volume · 1 chapter'],
    ['chapters only', { chapterCount: 3 }, '3 chapters'],
    ['nothing out yet: the first genre', { genres: [{ id: 1, name: 'SLICE OF LIFE', readableUrl: 'slice-of-life' }] }, 'Slice of Life'],
    ['nothing at all', {}, 'Series'],
  ];
  for (const [name, overrides, subtitle] of cases) test(name, () => assert.equal(seriesSubtitle(seriesCardView(overrides)), subtitle));
});

describe('seriesColor (§9 brand colours)', () => {
  test('every named brand colour but none is a colour', () => {
    for (const name of ['blue', 'green', 'navy', 'orange', 'pink', 'purple', 'red', 'yellow', 'grayscale']) assert.match(seriesColor(name) ?? '', /^#[0-9a-f]{6}$/, name);
  });
  const cases: Array<[value: string | null | undefined, color: string | null]> = [
    ['Navy', '#151936'],
    ['#abc', '#abc'],
    ['#FF7A2F80', '#FF7A2F80'],
    ['none', null],
    ['chartreuse', null],
    ['#12', null],
    ['', null],
    [null, null],
    [undefined, null],
  ];
  for (const [value, color] of cases) test(`${JSON.stringify(value)} → ${color}`, () => assert.equal(seriesColor(value), color));
});

describe('groupCredits', () => {
  test("visible credits in the publisher's order, grouped by role, each name once", () => {
    const credits = [
      creditView('Mei Sato', 'Art', 3),
      creditView('Aiko Tan', 'Story & Art', 1),
      creditView('Hidden Editor', 'Editor', 2, true),
      creditView('Ren Ito', 'Story & Art', 2),
      creditView('Aiko Tan', 'Story & Art', 4),
    ];
    assert.deepEqual(groupCredits(credits), [
      { title: 'Story & Art', names: ['Aiko Tan', 'Ren Ito'] },
      { title: 'Art', names: ['Mei Sato'] },
    ]);
  });
  test('no credits', () => assert.deepEqual(groupCredits([]), []));
});

describe('genreLabel: capitals to title case', () => {
  const cases: Array<[name: string, label: string]> = [
    ['ACTION & ADVENTURE', 'Action & Adventure'],
    ['SLICE OF LIFE', 'Slice of Life'],
    ['MADE INTO ANIME', 'Made into Anime'],
    ['THE TALE OF A FOX', 'The Tale of a Fox'],
    ['SCI-FI', 'Sci-Fi'],
    ['ÉTÉ', 'Été'],
    ['FOOD', 'Food'],
    ['Boys Love', 'Boys Love'],
    ['iyashikei', 'iyashikei'],
  ];
  for (const [name, label] of cases) test(`'${name}' → '${label}'`, () => assert.equal(genreLabel(name), label));
});

describe('splitVolumesAndChapters (§9: publications by publish date, chapters by number)', () => {
  test('volumes by number, then unnumbered books by publish date; chapters by number', () => {
    const vol2 = productCardView({ volumeNumber: 2, publishDate: '2025-03-01' });
    const vol1 = productCardView({ volumeNumber: 1, publishDate: '2025-05-01' });
    const artBook = productCardView({ subCategory: 'Book', publishDate: '2024-01-01' });
    const guide = productCardView({ subCategory: 'Book', publishDate: '2023-01-01' });
    const ch10 = productCardView({ subCategory: 'Chapter', chapterNumber: 10 });
    const ch2 = productCardView({ subCategory: 'Chapter', chapterNumber: 2 });
    const unnumbered = productCardView({ subCategory: 'Chapter' });
    const numberedOnly = productCardView({ subCategory: 'Volume', chapterNumber: 1 });
    const { volumes, chapters } = splitVolumesAndChapters([ch10, vol2, artBook, unnumbered, ch2, guide, vol1, numberedOnly]);
    assert.deepEqual(volumes.map((product) => product.id), [vol1, vol2, guide, artBook].map((product) => product.id));
    assert.deepEqual(chapters.map((product) => product.id), [numberedOnly, ch2, ch10, unnumbered].map((product) => product.id));
  });
});

describe('readPrompt (§5: non-free comics need a login, paid ones buying)', () => {
  const cases: Array<[reason: string, loggedIn: boolean, prompt: string]> = [
    ['login-required', false, READ_PROMPTS.logIn],
    ['login-required', true, READ_PROMPTS.logIn],
    ['purchase-required', true, READ_PROMPTS.buy],
    ['not-available', true, READ_PROMPTS.unavailable],
    ['something-new', false, READ_PROMPTS.logIn],
    ['something-new', true, READ_PROMPTS.buy],
  ];
  for (const [reason, loggedIn, prompt] of cases) test(`${reason}, ${loggedIn ? 'logged in' : 'logged out'} → '${prompt}'`, () => assert.equal(readPrompt(reason, loggedIn), prompt));
});

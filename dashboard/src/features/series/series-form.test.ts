import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import type { DashboardSeries } from '@inkwell/contracts/dashboard-catalogue';
import { NO_COMPLETION_STATUS, emptySeriesForm, formToSeriesSave, seriesToForm } from './series-form';

const at = '2025-01-01T00:00:00.000Z';
const series: DashboardSeries = {
  id: 9, title: 'Night Owls', description: 'Owls.', metaDescription: null, genres: [{ id: 1, name: 'Horror' }], thumbnails: [], heroThumbnails: [],
  readableUrl: 'night-owls', color: '#223344', externalLinks: [], completionStatus: 'Hiatus', originalLanguageTitle: null, romanizedTitle: 'Yoru',
  altTitles: ['Owls'], isUsingOverrideCreators: true,
  overrideCreators: [
    { ordinal: 1, hidden: false, title: 'Art', creator: { id: 3, name: 'Ana' } },
    { ordinal: 0, hidden: true, title: 'Story', creator: { id: 2, name: 'Bo' } },
  ],
  defaultCreators: [], restrictedTerritories: ['FR'], unlisted: false, relativeNameSetting: 'Chapter', assetLinkGroups: [], status: 'Draft', notes: [],
  ageRating: 'pg', rightToLeft: true, publisher: null, imprint: { id: 4, name: 'Dark' }, ipTag: null, productCount: 0, createdAt: at, updatedAt: at,
};

describe('series form ↔ staff API', () => {
  test('what is read is saved back unchanged, override credits in their order', () => {
    const saved = formToSeriesSave(seriesToForm(series));
    assert.deepEqual(saved.genreIds, [1]);
    assert.deepEqual(saved.altTitles, ['Owls']);
    assert.equal(saved.completionStatus, 'Hiatus');
    assert.equal(saved.relativeNameSetting, 'Chapter');
    assert.equal(saved.imprintId, 4);
    assert.deepEqual(saved.overrideCreators, [
      { creatorId: 2, title: 'Story', ordinal: 0, hidden: true },
      { creatorId: 3, title: 'Art', ordinal: 1, hidden: false },
    ]);
  });

  test('blank alternative titles are dropped; an unset completion status is null', () => {
    const form = emptySeriesForm();
    form.title = ' New ';
    form.altTitles = [{ value: ' ' }, { value: 'Alt' }];
    const saved = formToSeriesSave(form);
    assert.equal(form.completionStatus, NO_COMPLETION_STATUS);
    assert.equal(saved.completionStatus, null);
    assert.deepEqual(saved.altTitles, ['Alt']);
    assert.equal(saved.title, 'New');
  });

  test('a relative-name setting the editor does not know reads as the publisher’s', () => {
    assert.equal(seriesToForm({ ...series, relativeNameSetting: 'Mystery' }).relativeNameSetting, 'UsePublisherSetting');
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { BadRequestError } from '@inkwell/platform';
import {
  BUNDLE_NEEDS_DESCRIPTION_MESSAGE,
  BUNDLE_NEEDS_NAME_MESSAGE,
  BUNDLE_NEEDS_THUMBNAIL_MESSAGE,
  bundlePublishProblems,
  refusePublishing,
  seriesOrBundleMove,
} from '../../src/domain/staff-catalogue-rules';

describe('bundle publish rule (dashboard spec §5)', () => {
  const complete = { name: 'Starter pack', description: 'Two volumes.', hasDefaultThumbnail: true };
  const name = { field: 'name', message: BUNDLE_NEEDS_NAME_MESSAGE };
  const description = { field: 'description', message: BUNDLE_NEEDS_DESCRIPTION_MESSAGE };
  const thumbnail = { field: 'defaultThumbnail', message: BUNDLE_NEEDS_THUMBNAIL_MESSAGE };
  it.each([
    [complete, []],
    [{ ...complete, name: ' ' }, [name]],
    [{ ...complete, description: '' }, [description]],
    [{ ...complete, hasDefaultThumbnail: false }, [thumbnail]],
    [{ name: '', description: '', hasDefaultThumbnail: false }, [name, description, thumbnail]],
  ])('%o → %o', (bundle, problems) => {
    assert.deepEqual(bundlePublishProblems(bundle), problems);
  });

  it('refuses with every problem listed, and lets a clean record through', () => {
    assert.doesNotThrow(() => refusePublishing('The bundle', []));
    const problems = [{ field: 'name', message: 'a' }, { field: 'description', message: 'b' }];
    assert.throws(() => refusePublishing('The bundle', problems), (error: unknown) => {
      assert.ok(error instanceof BadRequestError);
      assert.equal(error.message, 'The bundle cannot be published: a; b');
      assert.deepEqual(error.statusExtras.problems, problems);
      return true;
    });
  });
});

describe('series and bundle moves (dashboard spec §4)', () => {
  it.each([
    ['Draft', 'Published', 'publish'],
    ['Published', 'Draft', 'unpublish'],
    ['Removed', 'Draft', 'restore'],
    ['Published', 'Removed', 'remove'],
    ['Draft', 'Draft', undefined],
  ] as const)('%s → %s is %s', (from, to, action) => {
    assert.equal(seriesOrBundleMove('bundle', from, to), action);
  });

  it.each([
    ['Removed', 'Published'],
    ['Draft', 'Scheduled'],
    ['Published', 'New'],
  ] as const)('%s → %s is refused naming the statuses', (from, to) => {
    assert.throws(() => seriesOrBundleMove('series', from, to), { message: `status: a ${from} series cannot be changed to ${to}.` });
  });
});

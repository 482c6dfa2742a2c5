import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import type { HomeEntries, WheelGroup, WheelItem } from '@inkwell/contracts/dashboard-merchandising';
import { bucketChecks, draftFromStored, groupMoves, moveInArray, pendingChanges, publishProblems, renumber } from './wheel-draft';

const IMAGE = { url: '/banner.png', width: 1600, height: 600, localPath: null, color: null };

function item(id: number, ordinal: number | null, rating: 'e' | 'e7' | 'pg' | 't' | 'm', upTo: 'e' | 'e7' | 'pg' | 't' | 'm' | null, extra: Partial<WheelItem> = {}): WheelItem {
  return {
    id,
    type: 'Image',
    enabled: true,
    ordinal,
    displayUpToAgeRating: upTo,
    subtitle: null,
    thumbnail: IMAGE,
    thumbnailFallback: null,
    videoId: null,
    autoPlay: false,
    muted: true,
    actionType: null,
    buttonText: null,
    tagline: null,
    productId: null,
    productName: null,
    seriesId: 100 + id,
    seriesName: `Series ${id}`,
    metaData: { ageRating: rating, isGeoRestricted: false },
    ...extra,
  };
}

function group(id: number, order: number, items: WheelItem[], extra: Partial<WheelGroup> = {}): WheelGroup {
  return {
    id,
    type: 'Banner',
    name: `Group ${id}`,
    isForSteam: false,
    isForWebsite: true,
    isForNintendoSwitch: false,
    isForApp: false,
    isHeroBanner: false,
    status: 'Draft',
    publishDate: null,
    order,
    items,
    updatedAt: '2026-11-27T00:00:00.000Z',
    ...extra,
  };
}

const entries = (groups: WheelGroup[]): HomeEntries => ({ groups, topTypeId: 0, messaging: { enabled: false, text: '', linkText: null, linkUrl: null } });

describe('the wheel editor’s working copy', () => {
  it('counts each age bucket from the item’s own rating up to its display-up-to rating, leaving out disabled, geo-restricted and unordered items', () => {
    const [draft] = draftFromStored(
      entries([
        group(1, 0, [
          item(1, 0, 'e', 'm'),
          item(2, 1, 'e', 'm'),
          item(3, 2, 'e', 'm'),
          item(4, 3, 'e', 'pg'),
          item(5, 4, 'm', 'm'),
          item(6, 5, 'e', 'm', { enabled: false }),
          item(7, 6, 'e', 'm', { metaData: { ageRating: 'e', isGeoRestricted: true } }),
          item(8, null, 'e', 'm'),
          // Shown up to e but rated t: raised to t (§5), counts in t only.
          item(9, 7, 't', 'e'),
        ]),
      ]),
    );
    const counts = Object.fromEntries(bucketChecks(draft!).map((check) => [check.bucket, check.count]));
    assert.deepEqual(counts, { e: 4, e7: 4, pg: 4, t: 4, m: 4 });
    const withoutRaised = { ...draft!, items: draft!.items.filter((entry) => entry.id !== 9) };
    const short = bucketChecks(withoutRaised).filter((check) => !check.ok);
    assert.deepEqual(short, [{ bucket: 't', count: 3, ok: false }]);
    assert.ok(publishProblems(withoutRaised).some((line) => line.startsWith('Age rating t: 3 of 4')));
  });

  it('lists nothing pending for the stored wheel, and one line per change otherwise', () => {
    const stored = draftFromStored(entries([group(1, 0, [item(1, 0, 'e', 'm'), item(2, 1, 'e', 'm')]), group(2, 1, [item(3, 0, 'e', 'm')])]));
    assert.equal(pendingChanges(stored, stored).count, 0);

    // Items that only moved are a reorder of that group's items, not an edit.
    const moved = stored.map((entry) => (entry.id === 1 ? { ...entry, items: renumber(moveInArray(entry.items, 0, 1)) } : entry));
    const reorder = pendingChanges(moved, stored);
    assert.deepEqual(reorder.save, {});
    assert.deepEqual(reorder.itemMoves, [{ groupId: 1, moves: [{ id: 2, oldOrder: 1, newOrder: 0 }, { id: 1, oldOrder: 0, newOrder: 1 }] }]);

    // A rename is an edit (with the item order it has), a publish and a removal are listed, and the groups' order.
    const changed = [{ ...moved[1]!, action: 'remove' as const }, { ...moved[0]!, name: 'Renamed', action: 'publish' as const }];
    const pending = pendingChanges(changed, stored);
    assert.deepEqual(pending.save.removed, [2]);
    assert.deepEqual(pending.save.published, [1]);
    assert.equal(pending.save.edited?.[0]?.name, 'Renamed');
    assert.deepEqual(pending.save.edited?.[0]?.items.map((entry) => [entry.id, entry.ordinal]), [[2, 0], [1, 1]]);
    assert.equal(pending.save.edited?.[0]?.expectedUpdatedAt, '2026-11-27T00:00:00.000Z');
    assert.deepEqual(pending.itemMoves, []);
    assert.deepEqual(pending.lines, ['Remove “Group 2”', 'Save the edits to “Renamed”', 'Publish “Renamed”']);

    // A schedule goes last in the save, with its instant.
    const scheduled = pendingChanges([{ ...stored[0]!, action: 'schedule', scheduleAt: '2026-12-24T18:00:00.000Z' }, stored[1]!], stored);
    assert.deepEqual(scheduled.save, { scheduled: [{ id: 1, publishDate: '2026-12-24T18:00:00.000Z' }] });
    assert.equal(scheduled.count, 1);
    assert.match(scheduled.lines[0]!, /^Schedule “Group 1” to publish /);
  });

  it('moves groups into the slots of the order values they had, leaving groups added since where they are', () => {
    const current = [
      { id: 1, order: 0, status: 'Draft' },
      { id: 2, order: 1, status: 'Published' },
      { id: 3, order: 2, status: 'Draft' },
      { id: 9, order: 3, status: 'Draft' },
    ];
    assert.deepEqual(groupMoves([3, 1, 2], current), { groupId: null, moves: [{ id: 3, oldOrder: 2, newOrder: 0 }, { id: 1, oldOrder: 0, newOrder: 1 }, { id: 2, oldOrder: 1, newOrder: 2 }] });
    assert.equal(groupMoves([1, 2, 3], current), null);
  });
});

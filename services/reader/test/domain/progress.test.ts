import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { isCompleted, progressProblem, resumeAt, writtenAt } from '../../src/domain';

describe('reading progress rules', () => {
  it('completes at page count minus 1 (storefront spec §4)', () => {
    assert.equal(isCompleted(30, 32), false);
    assert.equal(isCompleted(31, 32), true);
    assert.equal(isCompleted(0, 1), true);
    assert.equal(isCompleted(0, 0), false);
  });

  it('accepts page indexes from 0 to page count minus 1 only', () => {
    assert.equal(progressProblem(0, 32), undefined);
    assert.equal(progressProblem(31, 32), undefined);
    assert.equal(progressProblem(32, 32), 'ReadingProgress must be a page index from 0 to 31 (the comic has 32 pages).');
    assert.match(progressProblem(-1, 32)!, /from 0 to 31/);
    assert.match(progressProblem(2.5, 32)!, /from 0 to 31/);
    assert.equal(progressProblem(0, 0), 'This comic has no pages to keep your place in.');
  });

  it('resumes inside the page set, at 0 without progress', () => {
    assert.equal(resumeAt(undefined, 10), 0);
    assert.equal(resumeAt(4, 10), 4);
    assert.equal(resumeAt(40, 10), 9);
    assert.equal(resumeAt(4, 0), 0);
  });

  it("takes the device's time, but never a time after now", () => {
    const now = new Date('2025-06-01T12:00:00Z');
    const earlier = new Date('2025-06-01T11:00:00Z');
    assert.equal(writtenAt(earlier, now), earlier);
    assert.equal(writtenAt(new Date('2025-06-02T00:00:00Z'), now), now);
    assert.equal(writtenAt(undefined, now), now);
  });
});

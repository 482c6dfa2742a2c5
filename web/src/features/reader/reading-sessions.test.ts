import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { PageSessionRecorder, parseUnsentReports, withUnsentReports, type ReadingSessionReport } from './reading-sessions';

const at = (seconds: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, seconds));

describe('PageSessionRecorder', () => {
  test('one session per page shown, from showing to leaving', () => {
    const recorder = new PageSessionRecorder();
    recorder.show([1], at(0));
    recorder.show([2], at(5));
    recorder.show([3], at(9));
    assert.deepEqual(recorder.take(at(12)), [
      { pageNumber: 1, start: at(0).toISOString(), end: at(5).toISOString() },
      { pageNumber: 2, start: at(5).toISOString(), end: at(9).toISOString() },
      { pageNumber: 3, start: at(9).toISOString(), end: at(12).toISOString() },
    ]);
  });
  test('both pages of a spread; a page that stays keeps its start', () => {
    const recorder = new PageSessionRecorder();
    recorder.show([2, 3], at(0));
    recorder.show([3], at(4));
    assert.deepEqual(recorder.take(at(6)), [
      { pageNumber: 2, start: at(0).toISOString(), end: at(4).toISOString() },
      { pageNumber: 3, start: at(0).toISOString(), end: at(6).toISOString() },
    ]);
  });
  test('take empties the recorder; nothing on screen, nothing to report', () => {
    const recorder = new PageSessionRecorder();
    recorder.show([1], at(0));
    recorder.take(at(1));
    assert.deepEqual(recorder.take(at(2)), []);
  });
  test('resume restarts the pages on screen after a pause', () => {
    const recorder = new PageSessionRecorder();
    recorder.show([4], at(0));
    recorder.take(at(2));
    recorder.resume([4], at(60));
    assert.deepEqual(recorder.take(at(63)), [{ pageNumber: 4, start: at(60).toISOString(), end: at(63).toISOString() }]);
  });
  test('a zero-length visit is no session', () => {
    const recorder = new PageSessionRecorder();
    recorder.show([1], at(0));
    recorder.show([2], at(0));
    assert.deepEqual(recorder.take(at(0)), []);
  });
});

describe('unsent reports', () => {
  const report = (comicId: string): ReadingSessionReport => ({ comicId, mode: 'Page', platform: 'Web', pageSessions: [] });
  test('parses well-formed reports only', () => assert.deepEqual(parseUnsentReports(JSON.stringify([report('1'), { comicId: 2 }, 'x'])), [report('1')]));
  test('unreadable storage counts as none', () => assert.deepEqual(parseUnsentReports('not json'), []));
  test('keeps the newest 50', () => {
    const kept = withUnsentReports(Array.from({ length: 49 }, (_, i) => report(String(i))), [report('a'), report('b')]);
    assert.equal(kept.length, 50);
    assert.equal(kept[0]!.comicId, '1');
    assert.equal(kept.at(-1)!.comicId, 'b');
  });
});

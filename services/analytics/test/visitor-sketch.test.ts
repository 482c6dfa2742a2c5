import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'vitest';
import { memberHash, REGISTERS, SPARSE_MAX, VisitorSketch } from '../src/domain/visitor-sketch';

const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => createHash('md5').update(`visitor ${from + i}`).digest('hex'));
/** Within `tolerance` (a fraction) of `exact`. */
const near = (estimate: number, exact: number, tolerance: number) => assert.ok(Math.abs(estimate - exact) <= exact * tolerance, `${estimate} is not within ${tolerance * 100}% of ${exact}`);
const hex = (sketch: VisitorSketch) => sketch.toBytes().toString('hex');

describe('visitor sketches (HyperLogLog, precision 14, exact while small)', () => {
  it('hashes a member to the first 64 bits of its MD5', () => {
    assert.equal(memberHash('a'.repeat(32)), createHash('md5').update('a'.repeat(32)).digest('hex').slice(0, 16));
    assert.equal(REGISTERS, 16_384);
  });

  it('counts small sets exactly, repeats once, and stays sparse up to SPARSE_MAX members', () => {
    assert.equal(VisitorSketch.empty().estimate(), 0);
    assert.equal(VisitorSketch.of(['x', 'y', 'x']).estimate(), 2);
    const thousand = VisitorSketch.of([...ids(0, 1000), ...ids(0, 1000)]);
    assert.equal(thousand.dense, false);
    assert.equal(thousand.estimate(), 1000);
    const full = VisitorSketch.of(ids(0, SPARSE_MAX));
    assert.equal(full.dense, false);
    assert.equal(full.estimate(), SPARSE_MAX);
    const promoted = VisitorSketch.of(ids(0, SPARSE_MAX + 1));
    assert.equal(promoted.dense, true);
    near(promoted.estimate(), SPARSE_MAX + 1, 0.02);
  });

  it('estimates 1,000 (dense) and 100,000 distinct ids within 3 % (about 4 standard errors of 0.8 %)', () => {
    const small = VisitorSketch.of(ids(0, 1000)).merge(VisitorSketch.of(ids(1000, SPARSE_MAX + 1))); // dense
    assert.equal(small.dense, true);
    near(small.estimate(), SPARSE_MAX + 1, 0.03);
    const thousandDense = VisitorSketch.fromBytes(Buffer.concat([Buffer.from([2]), Buffer.alloc(REGISTERS)])).merge(VisitorSketch.of(ids(0, 1000)));
    assert.equal(thousandDense.dense, true);
    near(thousandDense.estimate(), 1000, 0.03);
    const big = VisitorSketch.of(ids(0, 100_000));
    near(big.estimate(), 100_000, 0.03);
    // Repeats change nothing.
    assert.equal(hex(VisitorSketch.of([...ids(0, 100_000), ...ids(0, 50_000)])), hex(big));
  });

  it('merges associatively, commutatively and idempotently, the same as one sketch of the union', () => {
    const a = () => VisitorSketch.of(ids(0, 30_000));
    const b = () => VisitorSketch.of(ids(20_000, 21_000)); // sparse
    const c = () => VisitorSketch.of(ids(25_000, 60_000));
    const union = hex(VisitorSketch.of(ids(0, 60_000)));
    assert.equal(hex(a().merge(b()).merge(c())), union);
    assert.equal(hex(a().merge(b().merge(c()))), union);
    assert.equal(hex(c().merge(a()).merge(b())), union);
    assert.equal(hex(b().merge(c()).merge(a())), union);
    assert.equal(hex(a().merge(a())), hex(a()));
    near(VisitorSketch.fromBytes(Buffer.from(union, 'hex')).estimate(), 60_000, 0.03);
    // Two sparse sketches merge to the exact union, promoted once it passes SPARSE_MAX.
    const sparse = VisitorSketch.of(ids(0, 1500)).merge(VisitorSketch.of(ids(1000, 2000)));
    assert.equal(sparse.dense, false);
    assert.equal(sparse.estimate(), 2000);
    assert.equal(hex(VisitorSketch.of(ids(0, 1500)).merge(VisitorSketch.of(ids(1000, 3000)))), hex(VisitorSketch.of(ids(0, 3000))));
  });

  it('round-trips its bytes, sparse and dense, and refuses what is not a sketch', () => {
    for (const sketch of [VisitorSketch.empty(), VisitorSketch.of(ids(0, 10)), VisitorSketch.of(ids(0, 10_000))]) {
      const bytes = sketch.toBytes();
      const back = VisitorSketch.fromBytes(bytes);
      assert.equal(hex(back), bytes.toString('hex'));
      assert.equal(back.estimate(), sketch.estimate());
    }
    assert.equal(VisitorSketch.of(ids(0, 10)).toBytes().length, 1 + 10 * 8);
    assert.equal(VisitorSketch.of(ids(0, 10_000)).toBytes().length, 1 + REGISTERS);
    assert.throws(() => VisitorSketch.fromBytes(Buffer.from([2, 1, 2])), /not a visitor sketch/);
    assert.throws(() => VisitorSketch.fromBytes(Buffer.from([1, 1, 2])), /not a visitor sketch/);
  });

  it('adds hashes and says whether anything changed', () => {
    const sketch = VisitorSketch.of(ids(0, 5000));
    assert.equal(sketch.addHashes(ids(0, 5000).map(memberHash)), false);
    assert.equal(sketch.addHashes(ids(5000, 15_000).map(memberHash)), true);
    near(sketch.estimate(), 15_000, 0.03);
  });

  it("takes the database's form of the hashes (8 bytes each, sorted, distinct) as the same sketch", () => {
    // What `string_agg(DISTINCT substring(decode(md5(member), 'hex') for 8), '' ORDER BY 1)` answers.
    const bytesOf = (members: string[]) => Buffer.concat([...new Set(members.map((member) => createHash('md5').update(member).digest().subarray(0, 8).toString('hex')))].sort().map((hash) => Buffer.from(hash, 'hex')));
    for (const members of [ids(0, 10), ids(0, SPARSE_MAX), ids(0, SPARSE_MAX + 1), ids(0, 20_000)]) {
      assert.equal(hex(VisitorSketch.ofSortedHashes(bytesOf(members))), hex(VisitorSketch.of(members)));
    }
    const sparse = VisitorSketch.of(ids(0, 1000));
    assert.equal(sparse.addSortedHashes(bytesOf(ids(500, 1000))), false);
    assert.equal(sparse.addSortedHashes(bytesOf(ids(500, 3000))), true);
    assert.equal(hex(sparse), hex(VisitorSketch.of(ids(0, 3000))));
    assert.throws(() => VisitorSketch.empty().addSortedHashes(Buffer.alloc(7)), /8 bytes each/);
  });

  it('unions many sketches at once into what merging them one by one makes', () => {
    const one = (parts: Array<[number, number]>) => parts.map(([from, to]) => VisitorSketch.of(ids(from, to)));
    const sequential = (sketches: VisitorSketch[]) => sketches.slice(1).reduce((into, sketch) => into.merge(sketch), VisitorSketch.fromBytes(sketches[0]!.toBytes()));
    for (const parts of [
      [[0, 10], [5, 300], [290, 900]], // sparse, small
      [[0, 1000], [500, 1500], [1400, 2100], [2000, 2200]], // sparse, promoted past SPARSE_MAX
      [[0, 3000], [100, 200], [2500, 9000], [8000, 8100]], // dense among sparse
      [[0, 10]],
    ] as Array<Array<[number, number]>>) {
      assert.equal(hex(VisitorSketch.union(one(parts))), hex(sequential(one(parts))), JSON.stringify(parts));
    }
    assert.equal(VisitorSketch.union([]).estimate(), 0);
  });
});

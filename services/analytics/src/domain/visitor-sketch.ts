/**
 * Visitor sketches (issue 25): the distinct visitors (or sessions) of one rollup row, kept so the
 * uniques of a range of several days or months are the merge of its periods' sketches instead of a
 * distinct count over every member of every period.
 *
 * A sketch is exact while small and a HyperLogLog past that:
 *   - sparse (first byte 1): the distinct 64-bit hashes of the members, sorted, 8 bytes each — its
 *     cardinality is exact (up to a 64-bit hash collision);
 *   - dense (first byte 2): a HyperLogLog of precision 14 — 16,384 one-byte registers, each the
 *     largest rank (leading zeros + 1) of the hashes whose first 14 bits name it. Its estimate has a
 *     standard error of 1.04 / √16384 ≈ 0.8 %.
 * A sparse sketch past SPARSE_MAX hashes (the size of the dense one) is promoted to dense.
 *
 * The hash of a member is the first 64 bits of the MD5 of its text: here as 16 hex digits
 * (`memberHash`), in the database as 8 bytes (`substring(decode(md5(member), 'hex') for 8)`), which
 * the rollups group per row sorted and distinct, so a sketch takes them as they come
 * (`addSortedHashes`). Merging is register-wise max
 * (or set union while both are sparse): associative, commutative and idempotent, and the result
 * does not depend on the order the members came in (a rebuilt sketch equals the incremental one).
 */
import { createHash } from 'node:crypto';
import { endianness } from 'node:os';

export const PRECISION = 14;
export const REGISTERS = 1 << PRECISION;
/** Hashes a sparse sketch holds at most (8 bytes each: the size of the dense registers). */
export const SPARSE_MAX = REGISTERS / 8;
const SPARSE = 1;
/** 2^-rank for every rank a register can hold (0 to 64 - PRECISION + 1). */
const INVERSE_POWERS = Float64Array.from({ length: 64 - PRECISION + 2 }, (_, rank) => 2 ** -rank);
const DENSE = 2;
const LITTLE_ENDIAN = endianness() === 'LE';

/** The member's 64-bit hash as 16 lower-case hex digits (SQL: `left(md5(member), 16)`; as bytes, see above). */
export function memberHash(member: string): string {
  return createHash('md5').update(member).digest('hex').slice(0, 16);
}

/** Register index (first 14 bits) and rank (position of the first 1 in the other 50 bits, 51 when none). */
function registerOf(hi: number, lo: number): [number, number] {
  const index = hi >>> (32 - PRECISION);
  const rest = (hi << PRECISION) >>> 0; // the 18 bits after the index, at the top
  if (rest !== 0) return [index, Math.clz32(rest) + 1];
  if (lo !== 0) return [index, 32 - PRECISION + Math.clz32(lo) + 1];
  return [index, 64 - PRECISION + 1];
}

/** Sorted distinct hashes as (hi, lo) pairs, from hex hashes in any order. */
function sortedPairs(hashes: Iterable<string>): Uint32Array {
  // Each hash as one unsigned 64-bit number, sorted by the typed array's own numeric sort (no
  // comparator calls), then split back into halves.
  const list = Array.isArray(hashes) ? (hashes as readonly string[]) : [...hashes];
  const keys = new BigUint64Array(list.length);
  for (let i = 0; i < list.length; i++) keys[i] = BigInt(`0x${list[i]!}`);
  keys.sort();
  const out = new Uint32Array(keys.length * 2);
  let n = 0;
  for (let i = 0; i < keys.length; i++) {
    if (i > 0 && keys[i] === keys[i - 1]) continue;
    out[n++] = Number(keys[i]! >> 32n);
    out[n++] = Number(keys[i]! & 0xffffffffn);
  }
  return out.subarray(0, n);
}

/** Big-endian 32-bit words (a sparse sketch's body, or hashes of 8 bytes each) as (hi, lo) pairs: copied into place, then byte-swapped on a little-endian machine. */
function wordsOf(bytes: Uint8Array): Uint32Array {
  const pairs = new Uint32Array(bytes.length / 4);
  const words = Buffer.from(pairs.buffer);
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).copy(words);
  if (LITTLE_ENDIAN) words.swap32();
  return pairs;
}

/** The union of two sorted pair lists (a linear merge). */
function union(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length || j < b.length) {
    let order: number;
    if (i >= a.length) order = 1;
    else if (j >= b.length) order = -1;
    else order = a[i]! - b[j]! || a[i + 1]! - b[j + 1]!;
    if (order <= 0) {
      out[n++] = a[i]!;
      out[n++] = a[i + 1]!;
      i += 2;
      if (order === 0) j += 2;
    } else {
      out[n++] = b[j]!;
      out[n++] = b[j + 1]!;
      j += 2;
    }
  }
  return out.subarray(0, n);
}

/**
 * The union of many sorted pair lists. On a little-endian machine each pair, written low word
 * first, is one unsigned 64-bit number: all of them are sorted at once by the typed array's own
 * sort, then read back without repeats. Elsewhere, pairwise linear merges in a balanced tree.
 */
function unionOfMany(lists: readonly Uint32Array[]): Uint32Array {
  if (!LITTLE_ENDIAN) {
    let level = [...lists];
    while (level.length > 1) {
      const next: Uint32Array[] = [];
      for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? union(level[i]!, level[i + 1]!) : level[i]!);
      level = next;
    }
    return level[0] ?? new Uint32Array(0);
  }
  const words = new Uint32Array(lists.reduce((sum, list) => sum + list.length, 0));
  let n = 0;
  for (const list of lists) {
    for (let i = 0; i < list.length; i += 2) {
      words[n++] = list[i + 1]!;
      words[n++] = list[i]!;
    }
  }
  new BigUint64Array(words.buffer).sort();
  const out = new Uint32Array(words.length);
  let m = 0;
  for (let i = 0; i < words.length; i += 2) {
    if (m > 0 && out[m - 2] === words[i + 1] && out[m - 1] === words[i]) continue;
    out[m++] = words[i + 1]!;
    out[m++] = words[i]!;
  }
  return out.subarray(0, m);
}

export class VisitorSketch {
  private constructor(
    /** Sorted distinct hashes as (hi, lo) pairs while sparse; null once dense. */
    private pairs: Uint32Array | null,
    private registers: Uint8Array | null,
  ) {}

  static empty(): VisitorSketch {
    return new VisitorSketch(new Uint32Array(0), null);
  }

  /** A sketch of these members (any order, repeats allowed). */
  static of(members: Iterable<string>): VisitorSketch {
    const sketch = VisitorSketch.empty();
    sketch.addHashes([...members].map(memberHash));
    return sketch;
  }

  /**
   * A sketch of member hashes as the database groups them: 8 bytes each (SQL:
   * `substring(decode(md5(member), 'hex') for 8)`), distinct and in ascending order, end to end
   * (`string_agg(DISTINCT hash, '' ORDER BY hash)`): read as they are, never parsed or sorted here.
   */
  static ofSortedHashes(bytes: Uint8Array): VisitorSketch {
    const sketch = VisitorSketch.empty();
    sketch.addSortedHashes(bytes);
    return sketch;
  }

  static fromBytes(bytes: Uint8Array): VisitorSketch {
    if (bytes.length === 0) return VisitorSketch.empty();
    if (bytes[0] === DENSE && bytes.length === REGISTERS + 1) return new VisitorSketch(null, bytes.slice(1));
    if (bytes[0] === SPARSE && (bytes.length - 1) % 8 === 0) return new VisitorSketch(wordsOf(bytes.subarray(1)), null);
    throw new Error('not a visitor sketch');
  }

  toBytes(): Buffer {
    if (this.registers) return Buffer.concat([Buffer.from([DENSE]), this.registers]);
    const pairs = this.pairs!;
    const bytes = Buffer.alloc(1 + pairs.length * 4);
    bytes[0] = SPARSE;
    const words = bytes.subarray(1);
    Buffer.from(pairs.buffer, pairs.byteOffset, pairs.length * 4).copy(words);
    if (LITTLE_ENDIAN) words.swap32();
    return bytes;
  }

  get dense(): boolean {
    return this.registers !== null;
  }

  /** Adds member hashes; answers whether the sketch changed. */
  addHashes(hashes: Iterable<string>): boolean {
    return this.addPairs(sortedPairs(hashes));
  }

  /** Adds member hashes in the database's form (`ofSortedHashes`); answers whether the sketch changed. */
  addSortedHashes(bytes: Uint8Array): boolean {
    if (bytes.length % 8 !== 0) throw new Error('member hashes are 8 bytes each');
    return this.addPairs(wordsOf(bytes));
  }

  /**
   * The union of many sketches, as merging them one by one would make it, without the copies of a
   * growing set one merge at a time: sparse ones are unioned at once (`unionOfMany`, then promoted
   * past SPARSE_MAX); when any is dense, every register is the largest of the dense ones' and the
   * sparse ones' hashes.
   */
  static union(sketches: readonly VisitorSketch[]): VisitorSketch {
    const dense = sketches.filter((sketch) => sketch.registers !== null);
    if (dense.length === 0) {
      const result = new VisitorSketch(unionOfMany(sketches.map((sketch) => sketch.pairs!)), null);
      result.promoteIfLarge();
      return result;
    }
    const result = new VisitorSketch(null, dense[0]!.registers!.slice());
    for (const sketch of sketches) {
      if (sketch === dense[0]) continue;
      if (sketch.registers) result.maxRegisters(sketch.registers);
      else result.addPairs(sketch.pairs!);
    }
    return result;
  }

  /** Merges another sketch into this one (register-wise max, or union while both are sparse). */
  merge(other: VisitorSketch): this {
    if (other.registers) {
      this.toDense();
      this.maxRegisters(other.registers);
    } else {
      this.addPairs(other.pairs!);
    }
    return this;
  }

  /** The number of distinct members: exact while sparse, else the HyperLogLog estimate. */
  estimate(): number {
    if (!this.registers) return this.pairs!.length / 2;
    const m = REGISTERS;
    let sum = 0;
    let zeros = 0;
    for (let i = 0; i < m; i++) {
      const rank = this.registers[i]!;
      sum += INVERSE_POWERS[rank]!;
      if (rank === 0) zeros++;
    }
    const alpha = 0.7213 / (1 + 1.079 / m);
    const raw = (alpha * m * m) / sum;
    // Small range: linear counting over the empty registers (Flajolet et al.); a 64-bit hash
    // needs no large-range correction.
    if (raw <= 2.5 * m && zeros > 0) return Math.round(m * Math.log(m / zeros));
    return Math.round(raw);
  }

  /** Adds sorted distinct pairs; answers whether the sketch changed. */
  private addPairs(pairs: Uint32Array): boolean {
    if (this.registers) {
      let changed = false;
      for (let i = 0; i < pairs.length; i += 2) changed = this.setRegister(pairs[i]!, pairs[i + 1]!) || changed;
      return changed;
    }
    const before = this.pairs!.length;
    this.pairs = union(this.pairs!, pairs);
    if (this.pairs.length === before) return false;
    this.promoteIfLarge();
    return true;
  }

  private maxRegisters(theirs: Uint8Array): void {
    const mine = this.registers!;
    for (let i = 0; i < REGISTERS; i++) if (theirs[i]! > mine[i]!) mine[i] = theirs[i]!;
  }

  private setRegister(hi: number, lo: number): boolean {
    const [index, rank] = registerOf(hi, lo);
    if (this.registers![index]! >= rank) return false;
    this.registers![index] = rank;
    return true;
  }

  private toDense(): void {
    if (this.registers) return;
    this.registers = new Uint8Array(REGISTERS);
    const pairs = this.pairs!;
    this.pairs = null;
    for (let i = 0; i < pairs.length; i += 2) this.setRegister(pairs[i]!, pairs[i + 1]!);
  }

  private promoteIfLarge(): void {
    if (this.pairs && this.pairs.length / 2 > SPARSE_MAX) this.toDense();
  }
}

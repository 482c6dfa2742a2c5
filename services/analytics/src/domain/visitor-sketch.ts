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
 * The hash of a member is the first 64 bits of the MD5 of its text, as 16 hex digits, so the SQL of
 * the rebuild computes the same one (`left(md5(visitor), 16)`). Merging is register-wise max
 * (or set union while both are sparse): associative, commutative and idempotent, and the result
 * does not depend on the order the members came in (a rebuilt sketch equals the incremental one).
 */
import { createHash } from 'node:crypto';

export const PRECISION = 14;
export const REGISTERS = 1 << PRECISION;
/** Hashes a sparse sketch holds at most (8 bytes each: the size of the dense registers). */
export const SPARSE_MAX = REGISTERS / 8;
const SPARSE = 1;
const DENSE = 2;

/** The member's 64-bit hash as 16 lower-case hex digits (SQL: `left(md5(member), 16)`). */
export function memberHash(member: string): string {
  return createHash('md5').update(member).digest('hex').slice(0, 16);
}

/** Register index (first 14 bits) and rank (position of the first 1 in the other 50 bits, 51 when none). */
function registerOf(hash: string): [number, number] {
  const hi = parseInt(hash.slice(0, 8), 16) >>> 0;
  const lo = parseInt(hash.slice(8, 16), 16) >>> 0;
  const index = hi >>> (32 - PRECISION);
  const rest = (hi << PRECISION) >>> 0; // the 18 bits after the index, at the top
  if (rest !== 0) return [index, Math.clz32(rest) + 1];
  if (lo !== 0) return [index, 32 - PRECISION + Math.clz32(lo) + 1];
  return [index, 64 - PRECISION + 1];
}

export class VisitorSketch {
  private constructor(
    /** Sorted distinct hashes while sparse; null once dense. */
    private hashes: string[] | null,
    private registers: Uint8Array | null,
  ) {}

  static empty(): VisitorSketch {
    return new VisitorSketch([], null);
  }

  /** A sketch of these members (any order, repeats allowed). */
  static of(members: Iterable<string>): VisitorSketch {
    return VisitorSketch.ofHashes([...members].map(memberHash));
  }

  /** A sketch of these member hashes (`memberHash`). */
  static ofHashes(hashes: Iterable<string>): VisitorSketch {
    const sketch = new VisitorSketch([...new Set(hashes)].sort(), null);
    sketch.promoteIfLarge();
    return sketch;
  }

  static fromBytes(bytes: Uint8Array): VisitorSketch {
    if (bytes.length === 0) return VisitorSketch.empty();
    if (bytes[0] === DENSE && bytes.length === REGISTERS + 1) return new VisitorSketch(null, Uint8Array.from(bytes.subarray(1)));
    if (bytes[0] === SPARSE && (bytes.length - 1) % 8 === 0) {
      const hex = Buffer.from(bytes.buffer, bytes.byteOffset + 1, bytes.length - 1).toString('hex');
      const hashes: string[] = [];
      for (let i = 0; i < hex.length; i += 16) hashes.push(hex.slice(i, i + 16));
      return new VisitorSketch(hashes, null);
    }
    throw new Error('not a visitor sketch');
  }

  toBytes(): Buffer {
    if (this.registers) return Buffer.concat([Buffer.from([DENSE]), this.registers]);
    return Buffer.concat([Buffer.from([SPARSE]), Buffer.from(this.hashes!.join(''), 'hex')]);
  }

  get dense(): boolean {
    return this.registers !== null;
  }

  /** Adds member hashes; answers whether the sketch changed. */
  addHashes(hashes: Iterable<string>): boolean {
    if (this.registers) {
      let changed = false;
      for (const hash of hashes) changed = this.setRegister(hash) || changed;
      return changed;
    }
    const known = new Set(this.hashes);
    const before = known.size;
    for (const hash of hashes) known.add(hash);
    if (known.size === before) return false;
    this.hashes = [...known].sort();
    this.promoteIfLarge();
    return true;
  }

  /** Merges another sketch into this one (register-wise max, or union while both are sparse). */
  merge(other: VisitorSketch): this {
    if (other.registers) {
      this.toDense();
      const mine = this.registers!;
      const theirs = other.registers;
      for (let i = 0; i < REGISTERS; i++) if (theirs[i]! > mine[i]!) mine[i] = theirs[i]!;
    } else {
      this.addHashes(other.hashes!);
    }
    return this;
  }

  /** The number of distinct members: exact while sparse, else the HyperLogLog estimate. */
  estimate(): number {
    if (!this.registers) return this.hashes!.length;
    const m = REGISTERS;
    let sum = 0;
    let zeros = 0;
    for (let i = 0; i < m; i++) {
      const rank = this.registers[i]!;
      sum += 2 ** -rank;
      if (rank === 0) zeros++;
    }
    const alpha = 0.7213 / (1 + 1.079 / m);
    const raw = (alpha * m * m) / sum;
    // Small range: linear counting over the empty registers (Flajolet et al.); a 64-bit hash
    // needs no large-range correction.
    if (raw <= 2.5 * m && zeros > 0) return Math.round(m * Math.log(m / zeros));
    return Math.round(raw);
  }

  private setRegister(hash: string): boolean {
    const [index, rank] = registerOf(hash);
    if (this.registers![index]! >= rank) return false;
    this.registers![index] = rank;
    return true;
  }

  private toDense(): void {
    if (this.registers) return;
    this.registers = new Uint8Array(REGISTERS);
    const hashes = this.hashes!;
    this.hashes = null;
    for (const hash of hashes) this.setRegister(hash);
  }

  private promoteIfLarge(): void {
    if (this.hashes && this.hashes.length > SPARSE_MAX) this.toDense();
  }
}

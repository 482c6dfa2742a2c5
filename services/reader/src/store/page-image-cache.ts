/**
 * Page images kept in memory after they are read, so the pages readers open most (a free chapter's
 * first page above all) are answered without a database lookup or a storage read: the image is on
 * the path of the reader's first paint, and storage may be a network away (S3).
 *
 * Kept while used, up to `maxBytes` (least recently read out first), and never longer than
 * `ttlMs`. The bytes behind a page link may change only when its set is ingested again: this
 * process drops the product at once; another process keeps its copy at most `ttlMs`, as browsers
 * and CDNs keep theirs until the link expires (the image is answered as immutable).
 */
export class PageImageCache {
  private readonly entries = new Map<string, { bytes: Buffer; until: number }>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.until <= this.now()) {
      this.bytes -= entry.bytes.length;
      return undefined;
    }
    // Map keeps insertion order: read again, the entry is the newest.
    this.entries.set(key, entry);
    return entry.bytes;
  }

  set(key: string, bytes: Buffer): void {
    this.delete(key);
    // One image may not push out a whole cache of others.
    if (bytes.length > this.maxBytes / 8) return;
    this.entries.set(key, { bytes, until: this.now() + this.ttlMs });
    this.bytes += bytes.length;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /** Forgets every image whose key starts with `prefix`. */
  deleteUnder(prefix: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.delete(key);
  }

  /** Bytes held, for tests. */
  get size(): number {
    return this.bytes;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes.length;
  }
}

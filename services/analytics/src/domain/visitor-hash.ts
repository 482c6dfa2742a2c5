import { createHmac, randomBytes } from 'node:crypto';
import type { Queryable } from '@inkwell/platform';

/**
 * The visitor hash: HMAC-SHA256 of the client's address and user agent keyed by the day's random
 * salt (table visitor_salts, one per receive day in the reporting zone, shared by every replica).
 * The salt is deleted once its day is over (partition maintenance), after which no stored hash can
 * be matched to an address again. The address itself is never stored.
 */
export class VisitorHasher {
  private readonly salts = new Map<string, Promise<Buffer>>();

  constructor(private readonly db: Queryable) {}

  async hash(day: string, ip: string, userAgent: string): Promise<string> {
    const salt = await this.saltOf(day);
    return createHmac('sha256', salt).update(`${ip}\n${userAgent}`).digest('hex').slice(0, 32);
  }

  private saltOf(day: string): Promise<Buffer> {
    let salt = this.salts.get(day);
    if (!salt) {
      // Days gone by are forgotten here too.
      for (const known of this.salts.keys()) if (known < day) this.salts.delete(known);
      salt = this.load(day);
      salt.catch(() => this.salts.delete(day));
      this.salts.set(day, salt);
    }
    return salt;
  }

  private async load(day: string): Promise<Buffer> {
    await this.db.query('INSERT INTO visitor_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING', [day, randomBytes(32)]);
    const { rows } = await this.db.query<{ salt: Buffer }>('SELECT salt FROM visitor_salts WHERE day = $1', [day]);
    return rows[0]!.salt;
  }
}

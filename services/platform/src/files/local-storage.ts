import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, type FileStorage } from './storage';

/** Files in a local folder; the gateway serves that folder at `/media/`. */
export class LocalFileStorage implements FileStorage {
  readonly driver = 'local';

  constructor(readonly root: string, private readonly baseUrl = '/media') {}

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporary = `${target}.${process.pid}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, target);
  }

  async putStream(key: string, stream: Readable, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // A name of its own per write: two uploads to one key must not share a half-written file.
    const temporary = `${target}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
    try {
      await pipeline(stream, createWriteStream(temporary));
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async getStream(key: string): Promise<Readable | undefined> {
    const file = this.pathOf(key);
    try {
      if (!(await stat(file)).isFile()) return undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    return createReadStream(file);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await access(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }

  publicUrl(key: string): string {
    assertValidKey(key);
    return `${this.baseUrl}/${key}`;
  }

  close(): void {
    // Nothing held open between calls.
  }
}

import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
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

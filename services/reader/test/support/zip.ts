import { crc32, deflateRawSync } from 'node:zlib';

/** One entry of a test archive; the fields after `data` forge what a hostile archiver could write. */
export interface ZipEntry {
  name: string | Buffer;
  data: Buffer;
  /** Deflated unless false (then stored). */
  deflate?: boolean;
  /** Declared inflated size, when it should lie. */
  declaredSize?: number;
  /** Sets the "encrypted" flag (the data stays plain). */
  encrypted?: boolean;
}

/**
 * A minimal ZIP writer (local headers, central directory, end record; no ZIP64), enough to build
 * the archives staff upload and the hostile ones the ingester must refuse.
 */
export function zip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = typeof entry.name === 'string' ? Buffer.from(entry.name, 'utf8') : entry.name;
    const deflate = entry.deflate ?? true;
    const body = deflate ? deflateRawSync(entry.data) : entry.data;
    const flags = (entry.encrypted ? 0x1 : 0) | (typeof entry.name === 'string' ? 0x800 : 0);
    const method = deflate ? 8 : 0;
    const crc = crc32(entry.data);
    const size = entry.declaredSize ?? entry.data.length;

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, body);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A multipart/form-data body with one file field. */
export function multipartBody(file: Buffer, fileName: string, field = 'file', contentType = 'application/zip'): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----inkwell${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, file, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

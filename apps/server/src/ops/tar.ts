/**
 * The small part of the tar format (POSIX ustar) a backup needs: regular files with
 * short names, streamed in both directions so an uploaded video never has to fit in
 * memory. Sizes past ustar's 8 GiB use the base-256 extension GNU tar and bsdtar read,
 * so `tar -tzf backup.tar.gz` lists a backup too.
 */

const BLOCK = 512;
const MAX_OCTAL_SIZE = 8 ** 11 - 1;

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes; read it whole, or it is skipped when the next entry is asked for. */
  body: AsyncIterable<Buffer>;
}

/** The header block of one regular file. */
export function tarHeader(name: string, size: number, mtime = new Date()): Buffer {
  const header = Buffer.alloc(BLOCK);
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length > 100) throw new Error(`The name ${name} is too long for the backup archive.`);
  nameBytes.copy(header, 0);
  writeOctal(header, 100, 8, 0o644);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  if (size <= MAX_OCTAL_SIZE) {
    writeOctal(header, 124, 12, size);
  } else {
    header[124] = 0x80;
    header.writeBigUInt64BE(BigInt(size), 128);
  }
  writeOctal(header, 136, 12, Math.floor(mtime.getTime() / 1000));
  header.write('0', 156, 'ascii');
  header.write('ustar\u000000', 257, 'ascii');
  header.fill(' ', 148, 156);
  writeOctal(header, 148, 7, checksum(header));
  return header;
}

/** Zero bytes that bring an entry of `size` bytes to a whole block. */
export function tarPadding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** The two empty blocks that end an archive. */
export const TAR_END = Buffer.alloc(BLOCK * 2);

/** The regular files of an archive, in order; directories and other kinds are skipped. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source[Symbol.asyncIterator]());
  let unread = 0;
  while (true) {
    await reader.skip(unread);
    const header = await reader.read(BLOCK);
    if (header.length === 0 || header.every((byte) => byte === 0)) return;
    if (header.length < BLOCK) throw new Error('The backup file is truncated.');
    if (readOctal(header, 148, 8) !== checksum(header)) throw new Error('The backup file is damaged (bad tar header).');
    const size = header[124] === 0x80 ? Number(header.readBigUInt64BE(128)) : readOctal(header, 124, 12);
    const type = String.fromCharCode(header[156] ?? 0);
    const prefix = cString(header, 345, 155);
    const name = (prefix ? `${prefix}/` : '') + cString(header, 0, 100);
    unread = size + tarPadding(size).length;
    if (type !== '0' && type !== '\u0000') continue;
    let remaining = size;
    const body = async function* () {
      while (remaining > 0) {
        const chunk = await reader.readSome(remaining);
        if (chunk.length === 0) throw new Error('The backup file is truncated.');
        remaining -= chunk.length;
        unread -= chunk.length;
        yield chunk;
      }
    };
    yield { name, size, body: body() };
  }
}

/** Reads a whole entry into memory (small entries only). */
export async function readAll(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function writeOctal(header: Buffer, offset: number, length: number, value: number) {
  header.write(`${value.toString(8).padStart(length - 1, '0')}\u0000`, offset, length, 'ascii');
}

function readOctal(header: Buffer, offset: number, length: number): number {
  const text = cString(header, offset, length).trim();
  return text ? Number.parseInt(text, 8) : 0;
}

function cString(header: Buffer, offset: number, length: number): string {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function checksum(header: Buffer): number {
  let sum = 0;
  for (let index = 0; index < BLOCK; index++) sum += index >= 148 && index < 156 ? 32 : (header[index] ?? 0);
  return sum;
}

/** Exact reads over a stream of chunks of any size. */
class ByteReader {
  private buffered: Buffer = Buffer.alloc(0);
  private done = false;

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  /** Up to `limit` bytes (fewer only at the end of the stream, where it is empty). */
  async readSome(limit: number): Promise<Buffer> {
    if (this.buffered.length === 0 && !(await this.fill())) return Buffer.alloc(0);
    const chunk = this.buffered.subarray(0, limit);
    this.buffered = this.buffered.subarray(chunk.length);
    return chunk;
  }

  /** Exactly `length` bytes, or what is left at the end of the stream. */
  async read(length: number): Promise<Buffer> {
    while (this.buffered.length < length && (await this.fill())) {}
    return this.readSome(length);
  }

  async skip(length: number) {
    for (let left = length; left > 0; ) {
      const chunk = await this.readSome(left);
      if (chunk.length === 0) throw new Error('The backup file is truncated.');
      left -= chunk.length;
    }
  }

  private async fill(): Promise<boolean> {
    if (this.done) return false;
    const next = await this.source.next();
    if (next.done) {
      this.done = true;
      return false;
    }
    this.buffered = this.buffered.length === 0 ? next.value : Buffer.concat([this.buffered, next.value]);
    return true;
  }
}

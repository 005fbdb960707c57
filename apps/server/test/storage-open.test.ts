import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, test } from 'vitest';
import { HttpError } from '../src/errors';
import { LocalStorage } from '../src/storage/local-storage';
import { S3Storage } from '../src/storage/s3-storage';
import { MissingFile, type Storage } from '../src/storage/storage';
import { startFakeS3 } from './fakes/s3-server';

const credentials = { accessKeyId: 'AKIAFAKEOPEN', secretAccessKey: 'fake-secret-open-0123456789' };
const s3 = await startFakeS3({ bucket: 'brigade-open', region: 'eu-west-1', ...credentials });
afterAll(() => s3.close());

const drivers: [string, Storage][] = [
  ['local disk', new LocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-open-')))],
  [
    'S3 bucket',
    new S3Storage({
      endpoint: s3.url,
      bucket: 'brigade-open',
      region: 'eu-west-1',
      prefix: 'uploads/',
      ...credentials,
    }),
  ],
];

/** 300 kB of patterned bytes: more than one read chunk on either driver. */
const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 253));

describe.each(drivers)('open on %s', (_name, storage) => {
  test('streams the whole stored file back, byte for byte', async () => {
    const stored = await storage.put(
      Readable.from([bytes]),
      { extension: '.jpg', contentType: 'image/jpeg' },
      () => false,
    );
    expect(stored?.size).toBe(bytes.length);
    const stream = await storage.open(stored?.key as string);
    expect((await buffer(stream)).equals(bytes)).toBe(true);
  });

  test('a key with no file throws MissingFile, naming the key, before any stream exists', async () => {
    const stored = await storage.put(
      Readable.from([bytes]),
      { extension: '.jpg', contentType: 'image/jpeg' },
      () => false,
    );
    await storage.remove(stored?.key as string);
    const failure = await storage.open(stored?.key as string).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MissingFile);
    expect((failure as MissingFile).message).toBe(`The file ${stored?.key} is missing from file storage.`);
  });

  test('a key cannot reach outside the store', async () => {
    await expect(storage.open('../../etc/passwd')).rejects.toBeInstanceOf(MissingFile);
  });
});

test('a bucket that fails answers 502 "File storage is unavailable", not MissingFile', async () => {
  const storage = drivers[1]?.[1] as Storage;
  const stored = await storage.put(
    Readable.from([bytes]),
    { extension: '.jpg', contentType: 'image/jpeg' },
    () => false,
  );
  s3.failWith(500);
  try {
    const failure = await storage.open(stored?.key as string).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).statusCode).toBe(502);
  } finally {
    s3.failWith(null);
  }
});

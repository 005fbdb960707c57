import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { resolveVapidKeys } from './vapid-keys';

test('without VAPID_* the key pair is generated once into DATA_DIR and kept across restarts', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-vapid-'));
  const first = resolveVapidKeys(undefined, dataDir);
  expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(resolveVapidKeys(undefined, dataDir)).toEqual(first);
  expect(fs.statSync(path.join(dataDir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
  fs.rmSync(dataDir, { recursive: true });
});

test('configured keys win, and nothing is written', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-vapid-'));
  const configured = { publicKey: 'public', privateKey: 'private' };
  expect(resolveVapidKeys(configured, dataDir)).toBe(configured);
  expect(fs.readdirSync(dataDir)).toEqual([]);
  fs.rmSync(dataDir, { recursive: true });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { acquireDataDirLock } from './data-dir-lock';

describe('data directory lock', () => {
  test('a second holder is refused while the first lives, and admitted after release', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-lock-'));
    const release = acquireDataDirLock(dir);
    // Pretend another live process (our parent) holds it.
    fs.writeFileSync(path.join(dir, 'brigade.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another Brigade process/);
    fs.writeFileSync(path.join(dir, 'brigade.lock'), String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'brigade.lock'))).toBe(false);
    acquireDataDirLock(dir)();
  });

  test('a lock left by a dead process is taken over', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-lock-'));
    fs.writeFileSync(path.join(dir, 'brigade.lock'), '999999');
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'brigade.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});

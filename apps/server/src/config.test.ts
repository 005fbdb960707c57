import { describe, expect, test } from 'vitest';
import { ConfigError, readConfig } from './config';

describe('configuration', () => {
  test('defaults: port 3000, ./data, embedded database, public URL from the port', () => {
    const config = readConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, publicUrl: 'http://localhost:3000' });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  test('PUBLIC_URL loses its trailing slash; empty variables count as unset', () => {
    expect(readConfig({ PUBLIC_URL: 'https://brigade.example.com/', DATABASE_URL: '' })).toMatchObject({
      publicUrl: 'https://brigade.example.com',
      databaseUrl: undefined,
    });
  });

  test('every bad value is named with a readable reason', () => {
    expect(() => readConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'ftp://x' })).toThrow(ConfigError);
    try {
      readConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT:');
      expect((error as Error).message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    }
  });
});

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

  test('whether PUBLIC_URL was set is kept: unset, the server answers at any of its addresses', () => {
    expect(readConfig({ PORT: '4000' })).toMatchObject({ publicUrl: 'http://localhost:4000', publicUrlSet: false });
    expect(readConfig({ PUBLIC_URL: '' }).publicUrlSet).toBe(false);
    expect(readConfig({ PUBLIC_URL: 'http://localhost:3000' }).publicUrlSet).toBe(true);
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

  test('Web Push: both VAPID keys or neither (then generated into DATA_DIR); the subject from PUBLIC_URL or MAIL_FROM', () => {
    const publicKey = `B${'A'.repeat(86)}`;
    const privateKey = 'A'.repeat(43);
    expect(readConfig({}).push).toEqual({ vapidKeys: undefined, subject: 'mailto:push@brigade.invalid' });
    expect(readConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }).push.vapidKeys).toEqual({
      publicKey,
      privateKey,
    });
    expect(readConfig({ PUBLIC_URL: 'https://brigade.example.com/' }).push.subject).toBe('https://brigade.example.com');
    expect(readConfig({ MAIL_FROM: 'Brigade <ops@example.com>' }).push.subject).toBe('mailto:ops@example.com');
    expect(readConfig({ VAPID_SUBJECT: 'mailto:push@example.com' }).push.subject).toBe('mailto:push@example.com');
    expect(() => readConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(
      'VAPID_PRIVATE_KEY: is required because VAPID_PUBLIC_KEY is set',
    );
    expect(() => readConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: privateKey })).toThrow(
      'VAPID_PUBLIC_KEY: must be a P-256 public key in base64url',
    );
    expect(() => readConfig({ VAPID_SUBJECT: 'http://brigade.example.com' })).toThrow(
      'VAPID_SUBJECT: must be a mailto:',
    );
  });

  test('file storage: local disk by default, S3 when all four settings are set', () => {
    expect(readConfig({}).s3).toBeUndefined();
    expect(
      readConfig({
        S3_ENDPOINT: 'http://minio:9000/',
        S3_BUCKET: 'videos',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).s3,
    ).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'videos',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      prefix: 'uploads/',
      partSize: 8 * 1024 * 1024,
      playbackUrlSeconds: 300,
    });
  });

  test('S3 playback links, upload parts and the public endpoint can be set, within what S3 allows', () => {
    const bucket = {
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'v',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    };
    expect(
      readConfig({
        ...bucket,
        S3_PUBLIC_ENDPOINT: 'https://files.example.com/',
        S3_UPLOAD_PART_MB: '16',
        S3_PLAYBACK_URL_SECONDS: '600',
      }).s3,
    ).toMatchObject({
      publicEndpoint: 'https://files.example.com',
      partSize: 16 * 1024 * 1024,
      playbackUrlSeconds: 600,
    });
    expect(() => readConfig({ ...bucket, S3_UPLOAD_PART_MB: '4' })).toThrow(/S3_UPLOAD_PART_MB: must be at least 5/);
    expect(() => readConfig({ ...bucket, S3_PLAYBACK_URL_SECONDS: '700000' })).toThrow(
      /S3_PLAYBACK_URL_SECONDS: must be at most 604800/,
    );
  });

  test('partial S3 settings fail, naming each missing one', () => {
    const partial = { S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com', S3_BUCKET: 'videos', S3_ACCESS_KEY_ID: '' };
    expect(() => readConfig(partial)).toThrow(ConfigError);
    try {
      readConfig(partial);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('S3_ACCESS_KEY_ID: is required for S3 file storage');
      expect(message).toContain('S3_SECRET_ACCESS_KEY: is required for S3 file storage');
      expect(message).toContain('because S3_ENDPOINT, S3_BUCKET are set');
      expect(message).not.toMatch(/^\s+S3_BUCKET:/m);
    }
  });

  // Issue 31: `true` let a client choose its own address in X-Forwarded-For (docs/decisions/028).
  test('TRUST_PROXY names the proxies: addresses, CIDR ranges or proxy-addr names; off by default', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(readConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.7 ,fd00::/8,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      '::1',
    ]);
    expect(readConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toEqual(['loopback', 'uniquelocal']);
  });

  test.each([
    ['true', /true is no longer accepted: it believed whatever address a client put first in X-Forwarded-For/],
    ['1', /1 is no longer accepted/],
    ['2', /a number of proxies is not accepted/],
    ['10.0.0.0/33', /"10.0.0.0\/33" is not an IP address or CIDR range/],
    ['proxy.example.com', /"proxy.example.com" is not an IP address or CIDR range/],
  ])('TRUST_PROXY=%s stops the start with what to give instead', (value, reason) => {
    expect(() => readConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    try {
      readConfig({ TRUST_PROXY: value });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(reason);
      expect(message).toContain('TRUST_PROXY: ');
      expect(message).toContain('give the addresses of the proxies in front of Brigade');
    }
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { startTestApp } from './harness';

const t = await startTestApp();
const modulesDir = path.resolve(import.meta.dirname, '../src/modules');

/** The plugins registered directly on the root instance, by name, from Fastify's own plugin tree. */
async function rootPlugins(): Promise<string[]> {
  await t.app.ready();
  return (
    t.app
      .printPlugins()
      .split('\n')
      .flatMap((line) => /^[├└]─[┬─] (\S+)/.exec(line)?.[1] ?? [])
      // avvio's own steps between plugins.
      .filter((name) => name !== 'bound')
  );
}

describe('server layout', () => {
  test('every module is a plugin of its own, registered on the root', async () => {
    const registered = await rootPlugins();
    const modules = fs
      .readdirSync(modulesDir)
      .filter((name) => fs.existsSync(path.join(modulesDir, name, 'routes.ts')));
    expect(modules.length).toBeGreaterThan(10);
    for (const name of modules) {
      const exported: Record<string, unknown> = await import(path.join(modulesDir, name, 'routes.ts'));
      const plugins = Object.values(exported).filter((value) => typeof value === 'function');
      expect(plugins, `modules/${name}/routes.ts exports one plugin`).toHaveLength(1);
      expect(registered, `modules/${name}`).toContain((plugins[0] as () => void).name);
    }
  });

  test('the caller is a request decorator that every module inherits', async () => {
    await t.app.ready();
    expect(t.app.hasRequestDecorator('sessionUser')).toBe(true);
    // A guarded route in a module still reads the caller the guard set.
    const user = await t.signedIn('staff');
    const me = await t.request(user.cookie, { method: 'GET', url: '/api/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(user.email);
  });
});

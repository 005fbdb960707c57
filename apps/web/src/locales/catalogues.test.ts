import path from 'node:path';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { describe, expect, it } from 'vitest';

/**
 * The web's catalogues are complete (issue 22): every message the code shows is in each
 * language's catalogue with a translation, and no catalogue holds a message the code no
 * longer has. A text added without `npm run i18n:extract` and its Dutch and French fails here.
 */
const config = getConfig({ configPath: path.resolve(import.meta.dirname, '../../lingui.config.ts') });
const catalogs = await getCatalogs(config);

describe.each(catalogs.map((catalog) => [path.basename(catalog.path), catalog] as const))(
  'the %s catalogue',
  (_name, catalog) => {
    it('holds exactly the messages the code has', async () => {
      const extracted = Object.keys((await catalog.collect()) ?? {}).sort();
      expect(extracted.length).toBeGreaterThan(0);
      for (const locale of config.locales) {
        const messages = await catalog.read(locale);
        const ids = Object.entries(messages ?? {})
          .filter(([, message]) => !message.obsolete)
          .map(([id]) => id)
          .sort();
        expect(ids, `${locale}: run npm run i18n:extract`).toEqual(extracted);
      }
    });

    it.each(['nl', 'fr'])('translates every message into %s', async (locale) => {
      const messages = (await catalog.read(locale)) ?? {};
      const untranslated = Object.entries(messages)
        .filter(([, message]) => !message.obsolete && !message.translation?.trim())
        .map(([id, message]) => message.message ?? id);
      expect(untranslated).toEqual([]);
    });
  },
);

import { afterAll, describe, expect, test } from 'vitest';
import { formatDate, formatDateTime } from './format-date';
import { activateLanguage } from './i18n';

describe('one way to write a day, one for a moment (issue 31)', () => {
  afterAll(() => activateLanguage('en', { signedIn: true }));

  test('a calendar day and a timestamp read the same, in each language', async () => {
    await activateLanguage('en');
    expect(formatDate('2026-12-05')).toBe('5 Dec 2026');
    expect(formatDate('2026-12-05T12:00:00.000Z')).toBe('5 Dec 2026');
    await activateLanguage('nl');
    expect(formatDate('2026-12-05')).toBe('5 dec 2026');
    await activateLanguage('fr');
    expect(formatDate('2026-12-05')).toBe('5 déc. 2026');
  });

  test('a moment is its day, hour and minute: no seconds', async () => {
    await activateLanguage('en');
    const written = formatDateTime('2026-11-28T06:11:18.000Z');
    expect(written).toMatch(/^28 Nov 2026, \d{2}:\d{2}$/);
    expect(written).not.toContain(':18');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

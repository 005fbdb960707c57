import { LANGUAGES } from '@brigade/core/languages';
import { NOTIFICATION_KINDS } from '@brigade/core/notification-kinds';
import type { NotificationParams } from '@brigade/core/notification-texts';
import { describe, expect, test } from 'vitest';
import { notificationIn, serverTexts } from './server-texts';

/** Every key path of a catalogue (functions are leaves): equal sets mean no language lacks a text. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keyPaths(inner, prefix ? `${prefix}.${key}` : key));
}

/** Params of each kind as a writer stores them. */
const samples: { [Kind in keyof NotificationParams]: NotificationParams[Kind] } = {
  trainingAssigned: ['Grill basics', '2026-12-07'],
  trainingDueSoon: ['Grill basics', '2026-12-07'],
  trainingOverdue: ['Grill basics', '2026-11-20'],
  announcementAck: ['New menu'],
  actionAssigned: ['Fridge below 7°C', 'Brigade Gent', '2026-12-01'],
  actionOverdue: ['Fridge below 7°C', 'Brigade Gent', '2026-11-20'],
  auditDue: ['Brigade Gent', 'Monthly hygiene', '2026-11-30'],
  trainingSuggested: ['Food safety', 'Fridge below 7°C', 'Brigade Gent'],
  checklistOpen: ['Temperature log', 'Brigade Gent', '08:00–09:00'],
  checklistMissed: ['Closing', 'Brigade Gent', '2026-11-20', '22:00–00:30'],
  sensorExcursion: ['Walk-in fridge', 'Brigade Gent', 'high', '5', '9.3', '2026-11-20', '14:05'],
  sensorOffline: ['Walk-in fridge', 'Brigade Gent', '2026-11-20', '14:05'],
  webhookDisabled: ['hooks.example.com'],
  weeklyDigest: [
    'Brigade Gent, Brigade Lille',
    7,
    1,
    [{ person: 'Anna', training: 'Grill basics', dueOn: '2026-11-20' }],
    [{ itemText: 'Fridge below 7°C', restaurant: 'Brigade Gent', dueOn: '2026-11-20', overdue: true }],
    {
      missed: 3,
      late: 1,
      restaurantCount: 2,
      restaurants: [{ restaurant: 'Brigade Gent', missed: 3, late: 0 }],
    },
  ],
};

describe("the server's texts (issue 22)", () => {
  test('every language has every text English has, and no other', () => {
    const english = keyPaths(serverTexts('en')).sort();
    expect(english.length).toBeGreaterThan(60);
    for (const language of LANGUAGES) expect(keyPaths(serverTexts(language)).sort()).toEqual(english);
  });

  test('Dutch and French write every kind of notification in their own words, with its names and days', () => {
    for (const kind of NOTIFICATION_KINDS) {
      const write = (language: (typeof LANGUAGES)[number]) =>
        notificationIn(language, { kind, title: 'stored', body: 'stored', params: samples[kind] });
      const english = write('en');
      for (const language of ['nl', 'fr'] as const) {
        const { title, body } = write(language);
        expect(title, `${language} ${kind}`).not.toBe(english.title);
        expect(body, `${language} ${kind}`).not.toBe(english.body);
        expect(`${title} ${body}`).not.toMatch(/undefined|null|NaN|\[object/);
        expect(title).toContain(String(samples[kind][0]).split(',')[0]);
      }
    }
    // Days in the language's own words, not as stored: English too (issue 31), as the screens write them.
    expect(
      notificationIn('en', { kind: 'trainingDueSoon', title: '', body: '', params: samples.trainingDueSoon }),
    ).toEqual({ title: 'Training due soon: Grill basics', body: 'Due 7 Dec 2026' });
    expect(serverTexts('en').notifications.weeklyDigest(...samples.weeklyDigest).body).toContain(
      '- Fridge below 7°C at Brigade Gent (overdue, was due 20 Nov 2026)',
    );
    expect(
      notificationIn('nl', { kind: 'trainingDueSoon', title: '', body: '', params: samples.trainingDueSoon }),
    ).toEqual({ title: 'Training bijna verlopen: Grill basics', body: 'Af te ronden vóór 7 dec 2026' });
    expect(
      notificationIn('fr', { kind: 'trainingDueSoon', title: '', body: '', params: samples.trainingDueSoon }),
    ).toEqual({ title: 'Formation bientôt à échéance\u00a0: Grill basics', body: 'À terminer avant le 7 déc. 2026' });
  });

  test("a digest's counts take their plural, and its lists and their rest are in the language", () => {
    const [names, , , trainings, actions] = samples.weeklyDigest;
    const digest = (language: 'nl' | 'fr', overdue: number, open: number) =>
      serverTexts(language).notifications.weeklyDigest(names, overdue, open, trainings, actions).body.split('\n');
    expect(digest('nl', 7, 1)).toEqual([
      '7 trainingen te laat · 1 openstaande corrigerende actie',
      '',
      'Trainingen te laat:',
      '- Anna: Grill basics (vóór 20 nov 2026)',
      '…en nog 6',
      '',
      'Openstaande corrigerende acties:',
      '- Fridge below 7°C in Brigade Gent (te laat, moest af zijn op 20 nov 2026)',
    ]);
    expect(digest('fr', 1, 2)[0]).toBe('1 formation en retard · 2 actions correctives ouvertes');
    expect(digest('fr', 1, 2)).toContain('…et 1 de plus');
  });

  test("a digest's checklists (issue 33): the week's missed and late, the restaurants, and the chain's title", () => {
    const [, , , , , checklists] = samples.weeklyDigest;
    const chain = (language: (typeof LANGUAGES)[number]) =>
      serverTexts(language).notifications.weeklyDigest(null, 0, 2, [], [], checklists);
    expect(chain('en').title).toBe('Weekly digest: the whole chain');
    expect(chain('en').body.split('\n')).toEqual([
      '0 overdue trainings · 2 open corrective actions',
      'Checklists, last 7 days: 3 missed · 1 late',
      '- Brigade Gent: 3 missed, 0 late',
      '…and 1 more',
    ]);
    expect(chain('nl').title).toBe('Wekelijks overzicht: de hele keten');
    expect(chain('nl').body.split('\n').slice(1)).toEqual([
      'Checklists, afgelopen 7 dagen: 3 gemist · 1 te laat',
      '- Brigade Gent: 3 gemist, 0 te laat',
      '…en nog 1',
    ]);
    expect(chain('fr').title).toBe('Résumé hebdomadaire\u00a0: toute la chaîne');
    expect(chain('fr').body.split('\n').slice(1)).toEqual([
      'Checklists, 7 derniers jours\u00a0: 3 manquées · 1 en retard',
      '- Brigade Gent\u00a0: 3 manquées, 0 en retard',
      '…et 1 de plus',
    ]);
    // A digest without checklists (none that week, or made before issue 33) has no such line.
    expect(serverTexts('en').notifications.weeklyDigest('Brigade Gent', 1, 0).body).toBe(
      '1 overdue training · 0 open corrective actions',
    );
  });

  test('French puts a no-break space before a colon, never a plain one', () => {
    const french = JSON.stringify(
      NOTIFICATION_KINDS.map((kind) => notificationIn('fr', { kind, title: '', body: '', params: samples[kind] })),
    );
    expect(french).toContain('\u00a0:');
    expect(french).not.toMatch(/ :/);
  });

  test('a notification made before languages (no params) shows as it was written, in every language', () => {
    for (const language of LANGUAGES) {
      expect(
        notificationIn(language, {
          kind: 'trainingAssigned',
          title: 'New training: Old',
          body: 'Due 2026-01-01',
          params: null,
        }),
      ).toEqual({ title: 'New training: Old', body: 'Due 2026-01-01' });
    }
  });
});

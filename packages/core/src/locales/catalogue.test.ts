import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages';
import { messages } from '../messages';
import { coreCatalogues, englishTexts, translateText } from './catalogue';
import { coreAppCatalogues, corePublicCatalogues } from './catalogue-part-loaders';
import { appTexts } from './english-texts';
import { PUBLIC_TEXTS } from './public-texts';

describe("core's catalogues (issue 22)", () => {
  it.each(LANGUAGES)('%s has every English text and no other', async (language) => {
    const catalogue = await coreCatalogues[language]();
    expect(Object.keys(catalogue.texts).sort()).toEqual(englishTexts().sort());
  });

  it.each(LANGUAGES)('%s: the public part has the texts before sign-in, the app part the rest', async (language) => {
    const [publicPart, appPart] = await Promise.all([corePublicCatalogues[language](), coreAppCatalogues[language]()]);
    expect(Object.keys(publicPart.texts).sort()).toEqual([...PUBLIC_TEXTS].sort());
    expect(Object.keys(appPart.texts).sort()).toEqual(appTexts().sort());
  });

  it('every public text is one of core’s, and the app part has all the others', () => {
    const all = englishTexts();
    expect(all).toEqual(expect.arrayContaining([...PUBLIC_TEXTS]));
    expect([...new Set([...PUBLIC_TEXTS, ...appTexts()])].sort()).toEqual([...all].sort());
  });

  it.each(['nl', 'fr'] as const)(
    '%s translates: no text is left empty, and most differ from English',
    async (language) => {
      const catalogue = await coreCatalogues[language]();
      const texts = Object.entries(catalogue.texts);
      expect(texts.filter(([, translated]) => translated.trim() === '')).toEqual([]);
      // Some words are the same in both (Dashboard, Audits, HQ); a catalogue copied from English is not.
      const unchanged = texts.filter(([english, translated]) => english === translated);
      expect(unchanged.length).toBeLessThan(texts.length / 20);
    },
  );

  it('English is the specification’s words, unchanged', async () => {
    const catalogue = await coreCatalogues.en();
    expect(translateText(catalogue, messages.emailRequired)).toBe('Email is required');
    expect(catalogue.quizScoreLine(3, 4)).toBe('You scored 3 out of 4 questions correctly.');
  });

  it('a text that is not core’s passes through as it is (a name, a value someone typed)', async () => {
    const nl = await coreCatalogues.nl();
    expect(translateText(nl, 'Brigade Amsterdam Centraal')).toBe('Brigade Amsterdam Centraal');
    expect(translateText(nl, messages.emailRequired)).not.toBe(messages.emailRequired);
  });

  it.each(['nl', 'fr'] as const)('%s writes the sentences with numbers, singular and plural', async (language) => {
    const catalogue = await coreCatalogues[language]();
    for (const sentence of [
      catalogue.quizScoreLine(3, 4),
      catalogue.pendingAuditsTrend(1),
      catalogue.pendingAuditsTrend(2),
      catalogue.assignmentsCreatedMessage(1),
      catalogue.assignmentsCreatedMessage(5),
      catalogue.answerAllQuestionsMessage(2),
      catalogue.assessAllItemsMessage(2),
      catalogue.showingAuditsLine(10, 25),
      catalogue.quizScoreBadge(80),
    ]) {
      expect(sentence).toMatch(/\d/);
    }
    expect(catalogue.quizScoreLine(3, 4)).not.toBe('You scored 3 out of 4 questions correctly.');
    expect(catalogue.pendingAuditsTrend(1)).not.toBe(catalogue.pendingAuditsTrend(2).replace('2', '1'));
    expect(catalogue.pendingAuditsTrend(0)).toBe(catalogue.texts[messages.noPendingAudits]);
  });
});

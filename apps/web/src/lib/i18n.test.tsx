import { nl } from '@brigade/core/locales/nl';
import { messages } from '@brigade/core/messages';
import { ROLE_LABELS } from '@brigade/core/roles';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, describe, expect, test } from 'vitest';
import { activateLanguage, useCoreText } from './i18n';

function coreText() {
  const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;
  return renderHook(() => useCoreText(), { wrapper }).result.current;
}

describe("core's texts before and after sign-in (issue 22)", () => {
  afterAll(() => activateLanguage('en', { signedIn: true }));

  test("before sign-in, Sign In's texts are in the language; the app's part has not loaded", async () => {
    await activateLanguage('nl');
    const core = coreText();
    expect(core.text(messages.emailRequired)).toBe(nl.texts[messages.emailRequired]);
    expect(() => core.catalogue).toThrow(/app catalogue is not loaded/);
  });

  test('signed in, the whole catalogue is there: labels and the sentences with numbers', async () => {
    await activateLanguage('nl', { signedIn: true });
    const core = coreText();
    expect(core.text(ROLE_LABELS.staff)).toBe(nl.texts[ROLE_LABELS.staff]);
    expect(core.text(messages.emailRequired)).toBe(nl.texts[messages.emailRequired]);
    expect(core.catalogue.quizScoreLine(3, 4)).toBe(nl.quizScoreLine(3, 4));
  });

  test('a name passes through as it is, even one that is a property of every object', async () => {
    await activateLanguage('nl', { signedIn: true });
    expect(coreText().text('constructor')).toBe('constructor');
  });
});

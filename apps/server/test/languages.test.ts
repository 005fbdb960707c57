import { fr } from '@brigade/core/locales/fr';
import { nl } from '@brigade/core/locales/nl';
import { messages } from '@brigade/core/messages';
import { describe, expect, test } from 'vitest';
import { startTestApp } from './harness';

const t = await startTestApp();

const me = async (cookie: string) => (await t.request(cookie, { method: 'GET', url: '/api/me' })).json();
const chooseLanguage = (cookie: string, language: unknown) =>
  t.request(cookie, { method: 'PUT', url: '/api/profile/language', payload: { language } });
const badProfile = (cookie: string, headers: Record<string, string> = {}) =>
  t.request(cookie, {
    method: 'PUT',
    url: '/api/profile',
    payload: { name: '', email: 'a@b', password: '123' },
    headers,
  });

describe('languages (issue 22)', () => {
  test("a person's choice is kept, sent with who they are, and null follows their browser again", async () => {
    const user = await t.signedIn('staff');
    expect((await me(user.cookie)).language).toBeNull();

    const chosen = await chooseLanguage(user.cookie, 'nl');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ language: 'nl' });
    expect((await me(user.cookie)).language).toBe('nl');

    expect((await chooseLanguage(user.cookie, null)).json()).toEqual({ language: null });
    expect((await me(user.cookie)).language).toBeNull();
  });

  test('a language Brigade does not speak is refused with its message, and nothing changes', async () => {
    const user = await t.signedIn('manager');
    await chooseLanguage(user.cookie, 'fr');
    const before = await t.tableDigests();
    for (const language of ['de', 'EN', '', 42]) {
      const response = await chooseLanguage(user.cookie, language);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ language: fr.texts[messages.languageInvalid] });
    }
    expect(await t.tableDigests()).toEqual(before);
    expect((await me(user.cookie)).language).toBe('fr');
  });

  test('signed out, the choice is a 401', async () => {
    const response = await t.request(undefined, {
      method: 'PUT',
      url: '/api/profile/language',
      payload: { language: 'nl' },
    });
    expect(response.statusCode).toBe(401);
  });

  test("field messages come in the person's language; the language on screen (Accept-Language) comes first", async () => {
    const user = await t.signedIn('manager');
    // No choice and no header: English, the specification's words.
    expect((await badProfile(user.cookie)).json().fields).toEqual({
      name: messages.nameRequired,
      email: messages.invalidEmail,
      password: messages.passwordTooShort,
    });

    await chooseLanguage(user.cookie, 'fr');
    const french = (await badProfile(user.cookie)).json();
    expect(french.fields).toEqual({
      name: fr.texts[messages.nameRequired],
      email: fr.texts[messages.invalidEmail],
      password: fr.texts[messages.passwordTooShort],
    });
    expect(french.message).toBe(fr.texts[messages.nameRequired]);
    expect(french.fields.name).not.toBe(messages.nameRequired);

    // The web names the language it shows; a browser's own header is negotiated too.
    expect((await badProfile(user.cookie, { 'accept-language': 'nl' })).json().fields.name).toBe(
      nl.texts[messages.nameRequired],
    );
    expect((await badProfile(user.cookie, { 'accept-language': 'de-DE, nl;q=0.8, en;q=0.5' })).json().fields.name).toBe(
      nl.texts[messages.nameRequired],
    );
    // "Any language" and a refused one name nothing: the person's choice (French) stands.
    for (const header of ['*', 'nl;q=0, *;q=0.5']) {
      expect((await badProfile(user.cookie, { 'accept-language': header })).json().fields.name).toBe(
        fr.texts[messages.nameRequired],
      );
    }
  });

  test('a refusal with a status carries the translated message too (409)', async () => {
    const taken = await t.buildUser('staff');
    const user = await t.signedIn('staff');
    const response = await t.request(user.cookie, {
      method: 'PUT',
      url: '/api/profile',
      payload: { name: 'Me', email: taken.email },
      headers: { 'accept-language': 'fr' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: fr.texts[messages.userExists],
      fields: { email: fr.texts[messages.userExists] },
    });
  });
});

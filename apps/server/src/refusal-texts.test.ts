import fs from 'node:fs';
import path from 'node:path';
import { en } from '@brigade/core/locales/catalogue';
import { describe, expect, test } from 'vitest';

/**
 * Issue 22: a refusal's message reaches a person, so it must be one of core's texts (the
 * error handler writes it in their language from core's catalogue). A message typed as a
 * literal where the server refuses never reaches a catalogue: this check finds it, as
 * Lingui's lint does for the web. The few written for clients, not people (a malformed
 * request that no browser sends), are named here with where they are.
 */
const FOR_CLIENTS: Record<string, string[]> = {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal's source text, as the check reads it
  'web.ts': ['No such endpoint: ${request.method} ${pathname}', 'File not found'],
  'auth/routes.ts': ['The Host header of this request is not valid.', 'The request body is nested too deeply.'],
  'auth/sso/routes.ts': ['The Host header of this request is not valid.'],
};

const REFUSAL = /\b(?:badRequest|unauthorized|forbidden|notFound|conflict)\(\s*(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g;
/** A refusal's field messages written in place: `badRequest(…, { field: 'Text' })`. */
const FIELD = /\b(?:badRequest|conflict)\([^;{]*\{([^}]*)\}/g;
const FIELD_TEXT = /:\s*(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g;

/** The texts a source's refusals write as literals: their messages, and their field messages. */
function literalsOf(source: string): string[] {
  const messages = [...source.matchAll(REFUSAL)].map((match) => match[2] as string);
  const fields = [...source.matchAll(FIELD)].flatMap((match) =>
    [...(match[1] as string).matchAll(FIELD_TEXT)].map((text) => text[2] as string),
  );
  return [...messages, ...fields];
}

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

describe("the server's refusals (issue 22)", () => {
  test("every refusal says one of core's texts, which each language has", () => {
    const root = import.meta.dirname;
    const literals = sourceFiles(root).flatMap((file) => {
      const relative = path.relative(root, file).split(path.sep).join('/');
      const allowed = FOR_CLIENTS[relative] ?? [];
      return literalsOf(fs.readFileSync(file, 'utf8'))
        .filter((text) => !allowed.includes(text) && !(text in en.texts))
        .map((text) => `${relative}: ${text}`);
    });
    expect(literals).toEqual([]);
  });

  test('the check sees a literal refusal', () => {
    const sample = `throw badRequest('Typed here, in no catalogue.'); throw notFound(messages.userNotFound);
      throw badRequest(messages.newAuditIncomplete, { restaurantId: 'Choose one.', name: messages.nameRequired });`;
    expect(literalsOf(sample)).toEqual(['Typed here, in no catalogue.', 'Choose one.']);
  });
});

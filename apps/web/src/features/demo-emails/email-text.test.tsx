import { describe, expect, test } from 'vitest';
import { linkParts } from './email-text';

describe("a demo email's text with its links", () => {
  test('an address becomes a link, the words around it stay text', () => {
    expect(linkParts('Open http://localhost:3000/reset-password?token=abc_1-2 within 30 minutes.')).toEqual([
      { text: 'Open ' },
      {
        text: 'http://localhost:3000/reset-password?token=abc_1-2',
        href: 'http://localhost:3000/reset-password?token=abc_1-2',
      },
      { text: ' within 30 minutes.' },
    ]);
  });

  test('punctuation closing a sentence is not part of the address', () => {
    expect(linkParts('See https://brigade.example.com/actions/7.')).toEqual([
      { text: 'See ' },
      { text: 'https://brigade.example.com/actions/7', href: 'https://brigade.example.com/actions/7' },
      { text: '.' },
    ]);
  });

  test('only http and https addresses are links', () => {
    expect(linkParts('javascript:alert(1) mailto:hq@example.com')).toEqual([
      { text: 'javascript:alert(1) mailto:hq@example.com' },
    ]);
  });

  test('a text without addresses is one run', () => {
    expect(linkParts('Line one\nLine two')).toEqual([{ text: 'Line one\nLine two' }]);
  });
});

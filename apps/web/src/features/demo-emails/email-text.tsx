import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** An http(s) address in an email's text, up to the next space or bracket. */
const LINK = /https?:\/\/[^\s<>"]+/g;
/** Sentence punctuation right after an address is not part of it. */
const TRAILING = /[.,;:!?)\]']+$/;

/** The text split into plain runs and addresses, in order. */
export function linkParts(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const href = match[0].replace(TRAILING, '');
    const start = match.index;
    if (start > at) parts.push({ text: text.slice(at, start) });
    parts.push({ text: href, href });
    at = start + href.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/**
 * An email's plain-text body as it was sent, line breaks kept, with its addresses as
 * links: a reset link opens the Reset password screen (a whole page load, which is what
 * the app's gate reads), so the demo can follow an email end to end.
 */
export function EmailText({ text }: { text: string }) {
  const content: ReactNode[] = linkParts(text).map((part, index) =>
    part.href ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order.
      <Anchor key={index} href={part.href} underline="always" style={{ wordBreak: 'break-all' }}>
        {part.text}
      </Anchor>
    ) : (
      part.text
    ),
  );
  return (
    <Text component="div" size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {content}
    </Text>
  );
}

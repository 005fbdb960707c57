// Relative links in the README and docs/: each must name a file or folder of the
// repository, and a `#anchor` must name a heading (or an explicit anchor) of the page it
// points to. External links (http:, https:, mailto:) are not followed: the check runs
// offline. Run by scripts/check-links.test.ts in the `core` Vitest project.
import fs from 'node:fs';
import path from 'node:path';

export interface BrokenLink {
  /** The page holding the link, relative to the repository root. */
  file: string;
  line: number;
  target: string;
  reason: string;
}

/** README.md and every Markdown page under docs/, relative to the root, sorted. */
export function markdownPages(root: string): string[] {
  const pages = ['README.md'];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.md')) pages.push(relative);
    }
  };
  if (fs.existsSync(path.join(root, 'docs'))) walk('docs');
  return pages.sort();
}

/** The page's lines with fenced code blocks blanked (kept as empty lines, so numbers hold). */
function proseLines(markdown: string): string[] {
  let fence: string | null = null;
  return markdown.split('\n').map((line) => {
    const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (opening && opening[1]?.[0] === fence[0] && (opening[1]?.length ?? 0) >= fence.length) fence = null;
      return '';
    }
    if (opening?.[1]) {
      fence = opening[1];
      return '';
    }
    return line;
  });
}

/** A line without its inline code spans, which hold examples rather than links. */
function withoutCode(line: string): string {
  return line.replace(/(`+)[^`]*?\1/g, '');
}

/**
 * GitHub's anchor for a heading (as github-slugger makes it): the text as shown,
 * lower-cased, without punctuation or symbols, spaces turned into hyphens.
 */
export function headingSlug(heading: string): string {
  const shown = heading
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '')
    .trim();
  return shown
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a page offers: its headings' slugs (repeats numbered as GitHub does) and `id`/`name` attributes. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading?.[1] !== undefined) {
      const slug = headingSlug(heading[1]);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const match of line.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) if (match[1]) anchors.add(match[1]);
  }
  return anchors;
}

/** The link targets of one page with their line numbers: inline links, images, reference definitions, HTML src/href. */
export function linksOf(markdown: string): { line: number; target: string }[] {
  const links: { line: number; target: string }[] = [];
  proseLines(markdown).forEach((raw, index) => {
    const line = withoutCode(raw);
    const add = (target: string | undefined) => {
      if (target !== undefined) links.push({ line: index + 1, target: target.trim() });
    };
    // [text](target "title") and ![alt](target); the target may be written <like this>.
    for (const match of line.matchAll(/\]\(\s*(<[^>]*>|[^)\s]*)(?:\s+["'(][^)]*)?\)/g)) {
      add(match[1]?.replace(/^<|>$/g, ''));
    }
    const definition = /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(line);
    if (definition) add(definition[1]?.replace(/^<|>$/g, ''));
    for (const match of line.matchAll(/<(?:a|img)\s[^>]*(?:href|src)="([^"]*)"/g)) add(match[1]);
  });
  return links;
}

const external = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** Every relative link of the README and docs/ that names a missing file or a missing anchor. */
export function brokenLinks(root: string, pages = markdownPages(root)): BrokenLink[] {
  const broken: BrokenLink[] = [];
  const anchorCache = new Map<string, Set<string>>();
  const anchorsIn = (file: string) => {
    let anchors = anchorCache.get(file);
    if (!anchors) {
      anchors = anchorsOf(fs.readFileSync(file, 'utf8'));
      anchorCache.set(file, anchors);
    }
    return anchors;
  };

  for (const page of pages) {
    const pageFile = path.join(root, page);
    for (const { line, target } of linksOf(fs.readFileSync(pageFile, 'utf8'))) {
      if (target === '' || external.test(target)) continue;
      const report = (reason: string) => broken.push({ file: page, line, target, reason });
      const hashAt = target.indexOf('#');
      const pathPart = decodeURIComponent(hashAt === -1 ? target : target.slice(0, hashAt)).replace(/\?.*$/, '');
      const anchor = hashAt === -1 ? null : decodeURIComponent(target.slice(hashAt + 1));
      if (pathPart.startsWith('/')) {
        report('an absolute path: write it relative to this page');
        continue;
      }
      const resolved = pathPart === '' ? pageFile : path.resolve(path.dirname(pageFile), pathPart);
      if (path.relative(root, resolved).startsWith('..')) {
        report('points outside the repository');
        continue;
      }
      if (!fs.existsSync(resolved)) {
        report(`no such file: ${path.relative(root, resolved)}`);
        continue;
      }
      if (anchor === null || anchor === '') continue;
      if (!resolved.endsWith('.md') || fs.statSync(resolved).isDirectory()) {
        report('an anchor on a page that is not Markdown');
        continue;
      }
      if (!anchorsIn(resolved).has(anchor)) {
        report(`no heading #${anchor} in ${path.relative(root, resolved)}`);
      }
    }
  }
  return broken;
}

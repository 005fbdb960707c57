import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { anchorsOf, brokenLinks, headingSlug, linksOf, markdownPages } from './check-links';

const root = path.resolve(import.meta.dirname, '..');

describe('the README and docs/ link only to what exists', () => {
  test.each(markdownPages(root))('every relative link and anchor of %s resolves', (page) => {
    expect(brokenLinks(root, [page])).toEqual([]);
  });
});

describe('the link checker', () => {
  test('anchors are the headings as GitHub writes them', () => {
    expect(headingSlug('Several servers')).toBe('several-servers');
    expect(headingSlug('Issue 19: the inspection loop at chain scale (PostgreSQL)')).toBe(
      'issue-19-the-inspection-loop-at-chain-scale-postgresql',
    );
    expect(headingSlug('`TRUST_PROXY` and **sign-in** limits')).toBe('trust_proxy-and-sign-in-limits');
    expect([...anchorsOf('# Notes\n## Notes\n```\n# not a heading\n```\n<a id="kept"></a>')]).toEqual([
      'notes',
      'notes-1',
      'kept',
    ]);
  });

  test('links in code are examples, not links', () => {
    const page = 'See [a](a.md) and `[b](b.md)`.\n```\n[c](c.md)\n```\n[d]: d.md\n<img src="e.png" alt="">';
    expect(linksOf(page).map((link) => link.target)).toEqual(['a.md', 'd.md', 'e.png']);
  });

  test('a missing file and a missing anchor are reported, external links are not followed', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-links-'));
    try {
      fs.mkdirSync(path.join(dir, 'docs'));
      fs.writeFileSync(path.join(dir, 'docs/ops.md'), '# Operations\n## Backups\n');
      fs.writeFileSync(
        path.join(dir, 'README.md'),
        [
          '[ok](docs/ops.md#backups) [here](#top) [web](https://example.com/missing)',
          '[gone](docs/missing.md) [no anchor](docs/ops.md#restore)',
          '# Top',
        ].join('\n'),
      );
      expect(brokenLinks(dir)).toEqual([
        { file: 'README.md', line: 2, target: 'docs/missing.md', reason: 'no such file: docs/missing.md' },
        { file: 'README.md', line: 2, target: 'docs/ops.md#restore', reason: 'no heading #restore in docs/ops.md' },
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

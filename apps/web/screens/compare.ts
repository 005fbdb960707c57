/**
 * Pixel diff of two screenshot folders made by capture.spec.ts (issue 32):
 *
 *   node --import tsx apps/web/screens/compare.ts /tmp/shots-before /tmp/shots-after /tmp/shots-diff
 *
 * Prints one row per picture (role, page, width, sizes, differing pixels, %), lists the
 * pictures only one side has and the id pages photographed at a different item, and
 * writes a diff image for every picture that changed into the third folder: the after
 * picture faded, with the differing pixels in red. Pictures of different sizes are
 * compared on the larger canvas, so the added or lost rows count as differing.
 * Exits 0 always; `--fail-on-diff` exits 1 when any picture differs.
 */
import fs from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

interface Shot {
  file: string;
  role: string;
  route: string;
  path: string;
  width: string;
  linkText?: string;
  h1: string;
  stable: boolean;
}

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const failOnDiff = process.argv.includes('--fail-on-diff');
const [beforeDir, afterDir, diffDir] = args;
if (!beforeDir || !afterDir || !diffDir) {
  console.error(
    'Usage: node --import tsx apps/web/screens/compare.ts <before-dir> <after-dir> <diff-dir> [--fail-on-diff]',
  );
  process.exit(2);
}
fs.mkdirSync(diffDir, { recursive: true });

const pngs = (dir: string) => new Set(fs.readdirSync(dir).filter((name) => name.endsWith('.png')));
function manifest(dir: string): Map<string, Shot> {
  const shots = new Map<string, Shot>();
  for (const name of fs.readdirSync(dir).filter((n) => /^manifest-.*\.json$/.test(n))) {
    const parsed = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as { shots: Shot[] };
    for (const shot of parsed.shots) shots.set(shot.file, shot);
  }
  return shots;
}

/** `image` on a `width` × `height` canvas, the rest transparent. */
function onCanvas(image: PNG, width: number, height: number): Buffer {
  if (image.width === width && image.height === height) return image.data;
  const canvas = Buffer.alloc(width * height * 4);
  for (let y = 0; y < image.height; y++) {
    image.data.copy(canvas, y * width * 4, y * image.width * 4, (y + 1) * image.width * 4);
  }
  return canvas;
}

const before = pngs(beforeDir);
const after = pngs(afterDir);
const beforeShots = manifest(beforeDir);
const afterShots = manifest(afterDir);
const both = [...before].filter((name) => after.has(name)).sort();

interface Row {
  role: string;
  page: string;
  width: string;
  sizes: string;
  diff: number;
  percent: number;
  note: string;
}
const rows: Row[] = [];

for (const name of both) {
  const a = PNG.sync.read(fs.readFileSync(path.join(beforeDir, name)));
  const b = PNG.sync.read(fs.readFileSync(path.join(afterDir, name)));
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const out = new PNG({ width, height });
  const diff = pixelmatch(onCanvas(a, width, height), onCanvas(b, width, height), out.data, width, height, {
    threshold: 0.1,
    alpha: 0.2,
  });
  if (diff > 0) fs.writeFileSync(path.join(diffDir, name), PNG.sync.write(out));
  const [role = '', page = '', w = ''] = name.replace(/\.png$/, '').split('__');
  const shotA = beforeShots.get(name);
  const shotB = afterShots.get(name);
  const notes: string[] = [];
  if (shotA && shotB && shotA.linkText !== shotB.linkText) {
    notes.push(`item: "${shotA.linkText}" → "${shotB.linkText}"`);
  }
  if (shotA && shotB && shotA.h1 !== shotB.h1) notes.push(`h1: "${shotA.h1}" → "${shotB.h1}"`);
  if (shotA?.stable === false || shotB?.stable === false) notes.push('never settled');
  rows.push({
    role,
    page: `/${page.replace(/--/g, '/').replace(/\b([A-Z]+)\b/g, (id) => `:${id.toLowerCase()}`)}`,
    width: w,
    sizes:
      a.width === b.width && a.height === b.height
        ? `${a.width}×${a.height}`
        : `${a.width}×${a.height} → ${b.width}×${b.height}`,
    diff,
    percent: (100 * diff) / (width * height),
    note: notes.join('; '),
  });
}

const header = ['role', 'page', 'width', 'size (px)', 'differing px', '%', 'note'];
const body = rows.map((row) => [
  row.role,
  row.page,
  row.width,
  row.sizes,
  String(row.diff),
  row.percent.toFixed(row.percent > 0 && row.percent < 0.01 ? 4 : 2),
  row.note,
]);
const widths = header.map((title, column) =>
  Math.max(title.length, ...body.map((cells) => cells[column]?.length ?? 0)),
);
const line = (cells: string[]) =>
  cells
    .map((cell, column) =>
      column === 4 || column === 5 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
    )
    .join('  ')
    .trimEnd();
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const cells of body) console.log(line(cells));

const onlyBefore = [...before].filter((name) => !after.has(name)).sort();
const onlyAfter = [...after].filter((name) => !before.has(name)).sort();
const changed = rows.filter((row) => row.diff > 0);
console.log('');
console.log(
  `${both.length} pairs compared: ${both.length - changed.length} identical, ${changed.length} differ` +
    (changed.length ? ` (diff images in ${diffDir})` : ''),
);
if (onlyBefore.length) console.log(`Only in ${beforeDir} (${onlyBefore.length}): ${onlyBefore.join(', ')}`);
if (onlyAfter.length) console.log(`Only in ${afterDir} (${onlyAfter.length}): ${onlyAfter.join(', ')}`);
if (failOnDiff && (changed.length || onlyBefore.length || onlyAfter.length)) process.exit(1);

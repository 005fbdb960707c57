/**
 * The installed app's icons (issue 34), drawn from the favicon so there is one drawing:
 *
 * - `icon-192.png`, `icon-512.png`: the favicon as it is (rounded corners), the manifest's
 *   `any` icons (Android's launcher, Chrome's install dialog, desktop);
 * - `maskable-512.png`: the same drawing edge to edge, for launchers that cut their own
 *   shape (circle, squircle). The glyph sits well inside the central 80 % circle they keep;
 * - `apple-touch-icon.png` (180 × 180): edge to edge too, since iOS rounds the corners itself
 *   and fills transparency with black.
 *
 * Run after changing apps/web/public/favicon.svg, and commit the PNGs:
 *
 *   node --import tsx scripts/generate-app-icons.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../apps/web/public');
const outDir = path.join(publicDir, 'icons');

const favicon = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const ROUNDED_CORNERS = / rx="[\d.]+"/;
if (!ROUNDED_CORNERS.test(favicon)) throw new Error('favicon.svg has no rounded background (rx) to square off');
const edgeToEdge = favicon.replace(ROUNDED_CORNERS, '');

const icons = [
  { file: 'icon-192.png', svg: favicon, size: 192 },
  { file: 'icon-512.png', svg: favicon, size: 512 },
  { file: 'maskable-512.png', svg: edgeToEdge, size: 512 },
  { file: 'apple-touch-icon.png', svg: edgeToEdge, size: 180 },
];

fs.mkdirSync(outDir, { recursive: true });
for (const { file, svg, size } of icons) {
  // Drawn at the target size (density), not scaled up from the SVG's 32 px.
  const density = Math.ceil((72 * size) / 32);
  await sharp(Buffer.from(svg), { density })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(outDir, file));
  console.log(`apps/web/public/icons/${file} ${size}×${size}`);
}

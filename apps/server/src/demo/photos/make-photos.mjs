// Makes the demo's photo evidence (run once: `node make-photos.mjs` in this folder, from
// a checkout with node_modules): four 800 × 600 JPEGs drawn from SVG with sharp, each
// under 30 KB, so the demo shows photos without any file from the internet.
import sharp from 'sharp';

const scenes = {
  'fridge-thermometer.jpg': `
    <rect width="800" height="600" fill="#d9dee3"/>
    <rect x="140" y="40" width="520" height="540" rx="18" fill="#f4f6f8" stroke="#9aa5b1" stroke-width="6"/>
    <rect x="170" y="200" width="460" height="10" fill="#b8c2cc"/><rect x="170" y="360" width="460" height="10" fill="#b8c2cc"/>
    <rect x="200" y="120" width="110" height="78" rx="8" fill="#e67e22"/><rect x="330" y="140" width="90" height="58" rx="8" fill="#27ae60"/>
    <rect x="440" y="100" width="70" height="98" rx="8" fill="#c0392b"/><rect x="220" y="280" width="150" height="78" rx="8" fill="#f1c40f"/>
    <rect x="420" y="250" width="120" height="108" rx="8" fill="#8e44ad"/><rect x="230" y="420" width="340" height="120" rx="10" fill="#95a5a6"/>
    <rect x="560" y="420" width="120" height="90" rx="10" fill="#2c3e50"/>
    <text x="620" y="480" font-family="DejaVu Sans, sans-serif" font-size="40" font-weight="bold" fill="#e74c3c" text-anchor="middle">9°C</text>`,
  'floor-spill.jpg': `
    <defs><pattern id="t" width="100" height="100" patternUnits="userSpaceOnUse"><rect width="100" height="100" fill="#c8b89a"/><rect width="98" height="98" fill="#d8c9ab"/></pattern></defs>
    <rect width="800" height="600" fill="url(#t)"/>
    <rect x="0" y="0" width="800" height="140" fill="#7f8c8d"/><rect x="60" y="30" width="260" height="110" fill="#95a5a6"/>
    <ellipse cx="430" cy="380" rx="180" ry="80" fill="#b9770e" opacity="0.75"/><ellipse cx="520" cy="420" rx="90" ry="40" fill="#9c640c" opacity="0.7"/>
    <polygon points="640,470 700,330 760,470" fill="#f1c40f" stroke="#2c3e50" stroke-width="6"/>
    <text x="700" y="450" font-family="DejaVu Sans, sans-serif" font-size="60" font-weight="bold" fill="#2c3e50" text-anchor="middle">!</text>`,
  'hand-wash-sink.jpg': `
    <rect width="800" height="600" fill="#ecf0f1"/>
    <g fill="#ffffff" stroke="#d0d7de" stroke-width="2">${Array.from({ length: 48 }, (_, i) => `<rect x="${(i % 8) * 100}" y="${Math.floor(i / 8) * 100}" width="100" height="100"/>`).join('')}</g>
    <rect x="200" y="320" width="400" height="160" rx="30" fill="#bdc3c7" stroke="#7f8c8d" stroke-width="6"/>
    <rect x="385" y="230" width="30" height="100" fill="#7f8c8d"/><rect x="385" y="230" width="90" height="24" fill="#7f8c8d"/>
    <rect x="620" y="200" width="80" height="140" rx="12" fill="#3498db"/><rect x="645" y="170" width="30" height="34" fill="#2c3e50"/>
    <rect x="90" y="150" width="90" height="190" rx="8" fill="#95a5a6"/><rect x="105" y="300" width="60" height="60" fill="#ffffff"/>`,
  'dry-store-shelf.jpg': `
    <rect width="800" height="600" fill="#a67c52"/>
    <rect x="60" y="40" width="680" height="540" fill="#8b6b4a"/>
    ${[150, 300, 450].map((y) => `<rect x="60" y="${y}" width="680" height="14" fill="#5d4037"/>`).join('')}
    ${[
      [90, 60, '#e8d5b7', 'FLOUR'],
      [260, 80, '#f5f5f5', 'SUGAR'],
      [430, 60, '#d35400', 'SAUCE'],
      [90, 210, '#27ae60', 'OIL'],
      [300, 230, '#f1c40f', 'RICE'],
      [520, 200, '#c0392b', 'TOMATO'],
      [120, 360, '#ecf0f1', 'SALT'],
      [380, 370, '#8e44ad', 'BEANS'],
    ]
      .map(
        ([x, y, fill, word]) =>
          `<rect x="${x}" y="${y}" width="150" height="${150 - (y % 150) - 4}" rx="6" fill="${fill}" stroke="#3e2723" stroke-width="3"/><rect x="${x + 20}" y="${y + 30}" width="110" height="36" fill="#ffffff"/><text x="${x + 75}" y="${y + 57}" font-family="DejaVu Sans, sans-serif" font-size="22" font-weight="bold" fill="#212121" text-anchor="middle">${word}</text>`,
      )
      .join('')}`,
};

for (const [name, body] of Object.entries(scenes)) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">${body}</svg>`;
  const info = await sharp(Buffer.from(svg)).jpeg({ quality: 72, mozjpeg: true }).toFile(name);
  console.log(name, info.size, 'bytes');
}

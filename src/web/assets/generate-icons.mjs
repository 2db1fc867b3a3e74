// One-off generator for the PWA icons in public/icons (run: node src/web/assets/generate-icons.mjs).
// The PNGs are committed; rerun only when public/favicon.svg changes.
import sharp from 'sharp';
import { readFile } from 'node:fs/promises';

const svg = await readFile(new URL('../../../public/favicon.svg', import.meta.url));
const out = (name) => new URL(`../../../public/icons/${name}`, import.meta.url).pathname;

for (const size of [192, 512]) {
  await sharp(svg, { density: 600 })
    .resize(size, size)
    .png()
    .toFile(out(`icon-${size}.png`));
}

// Maskable icons are cropped to a circle of 80% diameter: full-bleed colour, artwork shrunk into the safe zone.
const art = await sharp(svg, { density: 600 }).resize(340, 340).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#9c3d14' } })
  .composite([{ input: art, gravity: 'center' }])
  .png()
  .toFile(out('icon-512-maskable.png'));

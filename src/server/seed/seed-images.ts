/**
 * Demo pictures drawn with sharp from small SVGs: a diagonal gradient in a
 * category colour with soft hills and a sun, so the demo looks finished
 * without shipping photos. Each is rendered once to raw pixels and then
 * encoded at two widths; encodes run in parallel on libuv's thread pool.
 */
import type { ImageVariant } from '../lib/images';
import { sha256Hex } from '../lib/tokens';
import type { ImageSizes } from '../db/schema';

/** Landing and list cards never need the 96 px avatar size. */
const DEMO_WIDTHS = [320, 960];

export interface Palette {
  from: string;
  to: string;
  accent: string;
}

export const PALETTES: Record<string, Palette> = {
  Medical: { from: '#0f766e', to: '#134e4a', accent: '#5eead4' },
  Education: { from: '#1d4ed8', to: '#312e81', accent: '#fbbf24' },
  Community: { from: '#b45309', to: '#7c2d12', accent: '#fde68a' },
  Emergency: { from: '#b91c1c', to: '#450a0a', accent: '#fca5a5' },
  'Water & Sanitation': { from: '#0369a1', to: '#082f49', accent: '#7dd3fc' },
  Story: { from: '#047857', to: '#ce1126', accent: '#fcd116' },
};

function svg(palette: Palette, variant: number): string {
  // variant moves the sun and the hills so cards of one category still differ.
  const sunX = 140 + ((variant * 173) % 680);
  const sunY = 110 + ((variant * 61) % 120);
  const hill = 330 + ((variant * 47) % 90);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="540" viewBox="0 0 960 540">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>
  <rect width="960" height="540" fill="url(#g)"/>
  <circle cx="${sunX}" cy="${sunY}" r="70" fill="${palette.accent}" fill-opacity="0.85"/>
  <circle cx="${sunX}" cy="${sunY}" r="130" fill="${palette.accent}" fill-opacity="0.12"/>
  <path d="M0 ${hill} Q240 ${hill - 90} 480 ${hill} T960 ${hill - 20} V540 H0Z" fill="#000" fill-opacity="0.18"/>
  <path d="M0 ${hill + 70} Q320 ${hill} 640 ${hill + 60} T960 ${hill + 40} V540 H0Z" fill="#000" fill-opacity="0.22"/>
  <rect x="0" y="512" width="320" height="28" fill="#ce1126" fill-opacity="0.8"/>
  <rect x="320" y="512" width="320" height="28" fill="#fcd116" fill-opacity="0.8"/>
  <rect x="640" y="512" width="320" height="28" fill="#006b3f" fill-opacity="0.8"/>
</svg>`;
}

async function render(palette: Palette, variant: number): Promise<ImageVariant[]> {
  // Only the first start draws pictures: later starts never load libvips (see lib/images.ts).
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(Buffer.from(svg(palette, variant)))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return Promise.all(
    DEMO_WIDTHS.map(async (width) => {
      const out = await sharp(data, { raw }).resize({ width }).webp({ quality: 72, effort: 1 }).toBuffer({ resolveWithObject: true });
      return { width, height: out.info.height, hash: sha256Hex(out.data), content: out.data, contentType: 'image/webp' as const };
    }),
  );
}

/** Renders all requested pictures; returns their size maps (same order) and the variants to store. */
export async function demoImages(
  requests: Array<{ palette: Palette; variant: number }>,
): Promise<{ sizes: ImageSizes[]; variants: ImageVariant[] }> {
  const rendered = await Promise.all(requests.map((r) => render(r.palette, r.variant)));
  return {
    sizes: rendered.map((variants) => Object.fromEntries(variants.map((v) => [String(v.width), v.hash]))),
    variants: rendered.flat(),
  };
}

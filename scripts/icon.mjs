// The marketplace icon: media/openhands.svg (the activity bar's monochrome outline, drawn in currentColor)
// rasterized to a 128x128 PNG on a coloured tile, so the one drawing stays the source of both.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

export const ICON_SOURCE = 'media/openhands.svg';
export const ICON_PATH = 'dist/icon.png';
export const ICON_SIZE = 128;
// The tile and stroke colours; the gallery banner in package.json uses the same background.
const BACKGROUND = '#1c1e26';
const STROKE = '#ffd75e';

/** The outline, inset on a rounded tile; its own viewBox keeps its proportions. */
export function iconSvg(source) {
  const outline = source
    .replace(/currentColor/g, STROKE)
    .replace(/\swidth="[^"]*"/, ' x="16" y="16" width="96"')
    .replace(/\sheight="[^"]*"/, ' height="96"');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ICON_SIZE}" height="${ICON_SIZE}" viewBox="0 0 ${ICON_SIZE} ${ICON_SIZE}">` +
    `<rect width="${ICON_SIZE}" height="${ICON_SIZE}" rx="24" fill="${BACKGROUND}"/>${outline}</svg>`;
}

export function writeIcon(outPath = ICON_PATH) {
  const svg = iconSvg(readFileSync(ICON_SOURCE, 'utf8'));
  // No text in the drawing: no fonts to load, so the render is the same on every machine.
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: ICON_SIZE }, font: { loadSystemFonts: false } }).render().asPng();
  mkdirSync(dirname(outPath), { recursive: true });
  writeFileSync(outPath, png);
}

// node scripts/icon.mjs [out.png]: the icon alone (test/manifest.test.ts checks what it writes).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) writeIcon(process.argv[2]);

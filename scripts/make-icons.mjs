// Makes the app icons from src/web/public/favicon.svg with sharp. Run once when the logo changes
// (`node scripts/make-icons.mjs`); the PNGs are committed, the build does not run this.
// - icon-192.png, icon-512.png: the manifest's icons (Android "install app", splash screen).
// - maskable-512.png: the logo inside the maskable safe zone (80 %) on the theme colour, so
//   Android may cut it to a circle or squircle.
// - apple-touch-icon.png (180 x 180, opaque): iOS "Add to Home Screen" ignores the manifest's icons.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const pub = path.join(root, 'src/web/public');
const svg = readFileSync(path.join(pub, 'favicon.svg'));
const THEME = '#0f766e';

const render = (size) =>
  sharp(svg, { density: Math.ceil((72 * size) / 32) })
    .resize(size, size)
    .png();

async function onBackground(size, logoShare, file) {
  const logo = await render(Math.round(size * logoShare)).toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: THEME } })
    .composite([{ input: logo, gravity: 'centre' }])
    .flatten({ background: THEME })
    .png({ compressionLevel: 9 })
    .toFile(path.join(pub, file));
}

await render(192).png({ compressionLevel: 9 }).toFile(path.join(pub, 'icon-192.png'));
await render(512).png({ compressionLevel: 9 }).toFile(path.join(pub, 'icon-512.png'));
await onBackground(512, 0.8, 'maskable-512.png');
await onBackground(180, 0.86, 'apple-touch-icon.png');
console.log('icons written to src/web/public');

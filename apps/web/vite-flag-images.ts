import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';

/** flag-icons' 4:3 SVGs, one per ISO 3166-1 alpha-2 code (and a few more: `eu`, `un`, ...). */
const SOURCE = path.join(path.dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')), 'flags/4x3');

/**
 * The sizes made of each flag (px, 4:3): twice the largest box each is shown in, for sharp
 * screens. `small` serves every flag beside a name (at most 48 x 36 CSS px), `large` the country
 * hero (148 x 111 CSS px from 640 px wide).
 */
export const FLAG_SIZES = { small: [96, 72], large: [320, 240] } as const;

/** WebP quality: flags are flat colours and a few fine lines, and 85 keeps both clean. */
const QUALITY = 85;

/** Where the dev server serves the flags, rendered on request. */
const DEV_URL = '/@flag-images';

/** One flag in one size as WebP. */
function render(svg: Buffer, [width, height]: readonly [number, number]): Promise<Buffer> {
  // Rasterised at 300 dpi, then scaled down: the flags' finest lines (coats of arms) stay sharp.
  return sharp(svg, { density: 300 }).resize(width, height, { fit: 'fill' }).webp({ quality: QUALITY }).toBuffer();
}

/**
 * Country flags as small WebP images instead of SVGs (decision record 0029). A browser makes a
 * document of every SVG image and renders it on the main thread, where each flag cost a long
 * task's worth on a phone (Spain's and Mexico's SVGs are 80 kB each); a WebP of 96 x 72 px is
 * about 1 kB and is decoded off the main thread.
 *
 * The build writes `assets/flags-{hash}/{size}/{code}.webp` for each size of {@link FLAG_SIZES},
 * the hash over the sources and these settings, so that the server can let browsers keep them
 * for a year (`immutable`, like the other assets). `import.meta.env.FLAGS_URL` is that folder in
 * both builds (the server render and the browser must agree); the dev server renders each flag
 * when asked, under `/@flag-images`.
 */
export function flagImages(): Plugin {
  const codes = fs
    .readdirSync(SOURCE)
    .filter((file) => /^[a-z0-9-]+\.svg$/.test(file))
    .map((file) => file.slice(0, -4))
    .sort();
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ FLAG_SIZES, QUALITY }));
  for (const code of codes) hash.update(`${code}\0`).update(fs.readFileSync(path.join(SOURCE, `${code}.svg`)));
  const folder = `assets/flags-${hash.digest('hex').slice(0, 10)}`;
  let emit = false;
  return {
    name: 'flag-images',
    config: (_config, { command, isSsrBuild }) => {
      emit = command === 'build' && !isSsrBuild;
      return {
        define: { 'import.meta.env.FLAGS_URL': JSON.stringify(command === 'build' ? `/${folder}` : DEV_URL) },
      };
    },
    configureServer(server) {
      server.middlewares.use(DEV_URL, (request, response, next) => {
        const match = /^\/(small|large)\/([a-z0-9-]+)\.webp$/.exec(request.url ?? '');
        if (!match || !codes.includes(match[2]!)) return next();
        const size = FLAG_SIZES[match[1] as keyof typeof FLAG_SIZES];
        render(fs.readFileSync(path.join(SOURCE, `${match[2]}.svg`)), size).then(
          (webp) => response.setHeader('content-type', 'image/webp').end(webp),
          next,
        );
      });
    },
    async generateBundle() {
      if (!emit) return;
      // In batches: sharp works on libuv's thread pool, and 540 images at once would queue there anyway.
      for (let i = 0; i < codes.length; i += 16) {
        await Promise.all(
          codes.slice(i, i + 16).map(async (code) => {
            const svg = await fs.promises.readFile(path.join(SOURCE, `${code}.svg`));
            for (const [name, size] of Object.entries(FLAG_SIZES)) {
              this.emitFile({
                type: 'asset',
                fileName: `${folder}/${name}/${code}.webp`,
                source: await render(svg, size),
              });
            }
          }),
        );
      }
    },
  };
}

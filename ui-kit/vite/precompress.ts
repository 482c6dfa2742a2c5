import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text assets worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Files this small are sent as they are: the encoding headers would cost about as much. */
const MIN_BYTES = 1024;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the build, once,
 * at the highest settings, so the gateway (@fastify/static with `preCompressed`) sends them to
 * browsers that accept them without compressing on every request. A copy that would not be smaller
 * than the original is left out, and the original is then sent.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'inkwell:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const source = await readFile(file);
          if (source.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
            gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < source.length) await writeFile(`${file}.br`, br);
          if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

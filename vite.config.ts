import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompress, constants, gzip } from "node:zlib";
import { promisify } from "node:util";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * The browser's code is compressed once, at build time, at the highest levels (brotli 11 and
 * gzip 9) next to each file (`x.js.br`, `x.js.gz`), and the server sends those files as they
 * are: a tablet downloads about a fifth less than with the fast levels the server uses for
 * pages (decision 0121).
 */
function precompressAssets(isSsrBuild: boolean): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  const compress = async (file: string) => {
    const body = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzipped(body, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  };
  return {
    name: "salon-precompress-assets",
    apply: "build",
    async writeBundle(options, bundle) {
      if (isSsrBuild || !options.dir) return;
      const dir = options.dir;
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => /\.(js|css)$/.test(file))
          .map((file) => compress(join(dir, file))),
      );
    },
    // Remix writes the route manifest (`manifest-<hash>.js`, which every page loads) into the
    // browser's assets during the server build, after the browser's bundle is written.
    async closeBundle() {
      if (!isSsrBuild) return;
      const assets = join("build", "client", "assets");
      const manifests = (await readdir(assets)).filter((file) => /^manifest-[\w-]+\.js$/.test(file));
      await Promise.all(manifests.map((file) => compress(join(assets, file))));
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  server: { port: 3000 },
  // The server build uses top-level await (migrations before the first request).
  build: {
    target: isSsrBuild ? "node20" : "es2020",
    // PROFILE_BUILD=1 keeps the browser's code readable (unminified) for CPU profiles (bench/README.md).
    minify: process.env.PROFILE_BUILD ? false : undefined,
    // The chunk that holds React is named "framework" (Rollup would name it after one of its
    // modules, Remix's "components"), so Lighthouse's and the profiler's figures per file say
    // what the time is (decision 0130).
    rollupOptions: isSsrBuild
      ? {}
      : {
          output: {
            chunkFileNames: (chunk) =>
              chunk.moduleIds.some((id) => id.includes("/node_modules/react-dom/"))
                ? "assets/framework-[hash].js"
                : "assets/[name]-[hash].js",
          },
        },
  },
  plugins: [
    tailwindcss(),
    remix({
      ignoredRouteFiles: ["**/*.test.{ts,tsx}", "**/.*"],
      serverModuleFormat: "esm",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        // Off (decision 0131): the page carries every route, so a dialog for a path not seen
        // before needs no /__manifest round trip ahead of its data.
        v3_lazyRouteDiscovery: false,
      },
    }),
    tsconfigPaths(),
    precompressAssets(Boolean(isSsrBuild)),
  ],
}));

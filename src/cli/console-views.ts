import { errorMessage } from "../shared/errors.ts";

/**
 * Loading the console's Ink views when running from source: Node's type stripping cannot load .tsx, so a
 * module hook compiles them with esbuild (a dev dependency, present in any source checkout) on the fly.
 * The published bundle has no .tsx left and skips this.
 */

/** Register a load hook compiling .tsx with esbuild (source runs only; the bundle has no .tsx left). */
async function enableTsx(): Promise<void> {
  const esbuildName = "esbuild";
  const { transformSync } = (await import(esbuildName)) as typeof import("esbuild");
  const { registerHooks } = await import("node:module");
  const { readFileSync } = await import("node:fs");
  const { fileURLToPath } = await import("node:url");
  registerHooks({
    load(url, context, nextLoad) {
      if (!url.startsWith("file:") || !url.endsWith(".tsx")) return nextLoad(url, context);
      const path = fileURLToPath(url);
      const out = transformSync(readFileSync(path, "utf8"), {
        loader: "tsx",
        format: "esm",
        jsx: "automatic",
        sourcefile: path,
        target: "node24",
      });
      return { format: "module", source: out.code, shortCircuit: true };
    },
  });
}

/** Make `.tsx` importable when running from source (the bundle has none left). */
export async function prepareViews(): Promise<void> {
  if (import.meta.url.endsWith(".ts") && !process.env.VITEST) {
    try {
      await enableTsx();
    } catch (e) {
      throw new Error(
        `the console needs the built bundle when esbuild is unavailable: run \`npm run build\` then \`node dist/vigil.js\` (${errorMessage(e)})`,
      );
    }
  }
}

/**
 * `npm run bench`: runs every `*.bench.ts` module in this folder and prints ONE JSON line per figure,
 * e.g. {"figure":"embedded.trigger100url.ms","value":812,"budget":2000}. A module default-exports
 * `async (report) => {...}` and calls `report(figure)` for each measurement. Progress goes to stderr.
 */
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export type Figure = { figure: string; value: number; budget?: number; unit?: string; [k: string]: unknown };
export type BenchModule = { default: (report: (f: Figure) => void) => Promise<void> };

const dir = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = false;
for (const f of files) {
  process.stderr.write(`bench: ${f}\n`);
  try {
    const mod = (await import(pathToFileURL(join(dir, f)).href)) as BenchModule;
    await mod.default((fig) => process.stdout.write(`${JSON.stringify(fig)}\n`));
  } catch (err) {
    failed = true;
    process.stderr.write(
      `bench ${f} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
}
process.exit(failed ? 1 : 0);

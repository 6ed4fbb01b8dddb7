/**
 * `npm run bench`: runs every `*.bench.ts` module in this folder and prints ONE JSON line per figure,
 * e.g. {"figure":"embedded.trigger100url.ms","value":812,"budget":2000}. A module default-exports
 * `async (report) => {...}` and calls `report(figure)` for each measurement. Progress goes to stderr.
 * Arguments pick modules by name (`npm run bench console-scale`); `--live-minutes=10` keeps the console
 * live that long before the RSS figures are read (default: each module's shorter VIGIL_BENCH_SOAK_S).
 */
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export type Figure = { figure: string; value: number; budget?: number; unit?: string; [k: string]: unknown };
export type BenchModule = { default: (report: (f: Figure) => void) => Promise<void> };

const dir = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
// --live-minutes=10: how long the RSS figures keep the console live (VIGIL_BENCH_SOAK_S, seconds)
for (const a of args.filter((x) => x.startsWith("--"))) {
  const live = /^--live-minutes=(\d+(?:\.\d+)?)$/.exec(a);
  if (!live) {
    process.stderr.write(`bench: unknown flag ${a} (known: --live-minutes=N)\n`);
    process.exit(2);
  }
  process.env.VIGIL_BENCH_SOAK_S = String(Number(live[1]) * 60);
}
const only = args.filter((x) => !x.startsWith("--"));
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

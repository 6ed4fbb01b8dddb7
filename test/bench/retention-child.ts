/**
 * Child process of hardening.bench.ts: starts the embedded service on a data dir holding a bulk history,
 * runs one retention sweep, and prints one JSON line: sweep time, rows deleted, RSS before and after,
 * database size. Run as `node test/bench/retention-child.ts DATA_DIR`.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { startService } from "../../src/service/main.ts";

const dataDir = process.argv[2]!;
const size = () => statSync(join(dataDir, "vigil.db")).size;
const svc = await startService({
  dataDir,
  demo: false,
  scheduler: false,
  apiKey: "bench-key-0123456789",
  logError: () => {},
});
const before = { rss: process.memoryUsage().rss, db: size() };
const t0 = performance.now();
const deleted = await svc.retention.sweep();
const ms = performance.now() - t0;
const after = { rss: process.memoryUsage().rss, db: size() };
await svc.close();
process.stdout.write(`${JSON.stringify({ ms, deleted, before, after })}\n`);

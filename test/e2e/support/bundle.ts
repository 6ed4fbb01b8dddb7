/**
 * Make sure dist/vigil.js (what `npx vigil` runs) is built from the current sources before the e2e suite
 * drives it: rebuilt with `node scripts/build.ts` when it is missing or older than any file it is built
 * from. Test files run in parallel processes, so the build runs under a lock (an atomic mkdir) and each
 * waiter checks again once it holds the lock: one build per change, however many files ask.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { BUNDLE, NODE, ROOT } from "./paths.ts";

function newestMtime(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

function stale(): boolean {
  if (!existsSync(BUNDLE)) return true;
  const built = statSync(BUNDLE).mtimeMs;
  const inputs = ["src", "assets", "scripts/build.ts", "package.json"].map((p) => join(ROOT, p));
  return inputs.some((p) => existsSync(p) && newestMtime(p) > built);
}

async function withLock<T>(fn: () => T): Promise<T> {
  const lock = join(ROOT, "node_modules/.cache/vigil-e2e-build.lock");
  mkdirSync(join(ROOT, "node_modules/.cache"), { recursive: true });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // a lock left by a killed run is older than any build takes
      try {
        if (Date.now() - statSync(lock).mtimeMs > 60_000) rmdirSync(lock);
      } catch {
        // released meanwhile
      }
      if (Date.now() > deadline) throw new Error(`could not take the build lock ${lock}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  try {
    return fn();
  } finally {
    rmdirSync(lock);
  }
}

/** Build the bundle unless it is up to date; returns whether a build ran. */
export async function ensureBundle(): Promise<boolean> {
  if (!stale()) return false;
  return await withLock(() => {
    if (!stale()) return false;
    execFileSync(NODE, [join(ROOT, "scripts/build.ts")], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, npm_lifecycle_event: "prestart" },
    });
    return true;
  });
}

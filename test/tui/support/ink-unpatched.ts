/**
 * The Ink package as published, next to the installed one that carries patches/ink+<version>.patch
 * (docs/ink-patch.md): a copy of node_modules/ink in a temp dir with the patch reverse-applied (`git apply
 * -R`), its dependencies resolved through a link to the project's own `node_modules` (so both copies share one
 * string-width, one yoga-layout, one React). Tests render the same thing through both and compare bytes.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { ROOT } from "../../e2e/support/paths.ts";

export const INK_DIR = join(ROOT, "node_modules/ink");

export function installedInkVersion(): string {
  return (JSON.parse(readFileSync(join(INK_DIR, "package.json"), "utf8")) as { version: string }).version;
}

/** The one patch of Ink in patches/ (patch-package names it ink+<version>.patch). */
export function inkPatch(): { file: string; version: string } {
  const names = readdirSync(join(ROOT, "patches")).filter((n) => /^ink\+.*\.patch$/.test(n));
  if (names.length !== 1) throw new Error(`expected one patches/ink+<version>.patch, found ${names.length}`);
  const name = names[0]!;
  return { file: join(ROOT, "patches", name), version: name.slice("ink+".length, -".patch".length) };
}

function gitEnv(cwd: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_CEILING_DIRECTORIES: dirname(dirname(cwd)) };
  for (const k of Object.keys(env))
    if (k.startsWith("GIT_") && k !== "GIT_CEILING_DIRECTORIES") delete env[k];
  return env;
}

/** `git apply` in `cwd` (outside any repository), paths a/node_modules/ink/… taken relative to Ink's dir. */
export function gitApply(cwd: string, args: string[]): { ok: boolean; output: string } {
  try {
    const output = execFileSync("git", ["apply", "-p3", ...args, inkPatch().file], {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
      // never find the project's repository above a temp dir
      env: gitEnv(cwd),
    });
    return { ok: true, output };
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    return { ok: false, output: e.stderr || e.message };
  }
}

/**
 * A copy of the installed Ink (package.json and build/) in a temp dir; `patched: false` reverse-applies the
 * patch. It lies in a `node_modules` folder so the test runner loads it as Node does (not transformed), and
 * finds its dependencies through a `node_modules` link inside it to the project's own.
 */
export function copyOfInk(patched: boolean): { ink: string; build: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), "vigil-ink-"));
  const ink = join(dir, "node_modules/ink");
  cpSync(join(INK_DIR, "package.json"), join(ink, "package.json"));
  cpSync(join(INK_DIR, "build"), join(ink, "build"), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(ink, "node_modules"), "dir");
  const remove = () => rmSync(dir, { recursive: true, force: true });
  if (!patched) {
    const r = gitApply(ink, ["-R"]);
    if (!r.ok) {
      remove();
      throw new Error(`the Ink patch does not reverse-apply to the installed Ink: ${r.output}`);
    }
  }
  return { ink, build: join(ink, "build"), remove };
}

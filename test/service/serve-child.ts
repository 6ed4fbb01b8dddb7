/**
 * `vigil serve` as a child process (src/cli/main.ts run by the project's Node 24): start it and wait for its
 * `listening on` line, or for its exit.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { join } from "node:path";

export const NODE = join(process.cwd(), "node_modules/.bin/node");
export const MAIN = join(process.cwd(), "src/cli/main.ts");

export type Started = { child: ChildProcessWithoutNullStreams; firstLine: string; stderr: () => string };

/** `vigil serve ARGS` with this environment plus `env` (VIGIL_API_KEY only when `env` names it). */
export function spawnServe(
  args: string[],
  env: Record<string, string | undefined> = {},
): ChildProcessWithoutNullStreams {
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined) childEnv[k] = v;
  if (!("VIGIL_API_KEY" in env)) delete childEnv.VIGIL_API_KEY;
  return spawn(NODE, [MAIN, "serve", ...args], { env: childEnv });
}

export function serve(args: string[], env: Record<string, string | undefined> = {}): Promise<Started> {
  const child = spawnServe(args, env);
  let out = "";
  let err = "";
  child.stderr.on("data", (d) => {
    err += String(d);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no first line; stderr: ${err}`)), 8000);
    child.stdout.on("data", (d) => {
      out += String(d);
      const nl = out.indexOf("\n");
      if (nl >= 0) {
        clearTimeout(timer);
        resolve({ child, firstLine: out.slice(0, nl), stderr: () => err });
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code} before listening; stderr: ${err}`));
    });
  });
}

export const exited = (child: ChildProcessWithoutNullStreams) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.on("exit", (code) => resolve(code));
  });

/** Run `vigil serve` expecting it to refuse to start: its exit code and stderr. */
export async function refusedStart(
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<{ code: number | null; stderr: string }> {
  const child = spawnServe(args, env);
  let err = "";
  child.stderr.on("data", (d) => {
    err += String(d);
  });
  child.stdout.on("data", (d) => {
    err += `[stdout] ${String(d)}`;
  });
  const code = await exited(child);
  return { code, stderr: err };
}

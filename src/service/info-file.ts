/**
 * `<dataDir>/service.json` = `{"url", "pid"}` (0600): how CLI commands and the console find the local
 * service that `vigil serve` (or `npm start`) runs for a data dir. Written before `listening on` is
 * printed, removed on a clean stop; a file whose pid is gone counts as no service.
 */
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export type LocalService = { url: string; pid: number; apiKey?: string };

const infoPath = (dataDir: string) => join(dataDir, "service.json");

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The running local service of `dataDir` (with its stored key when readable), or undefined. */
export function findLocalService(dataDir: string): LocalService | undefined {
  let info: unknown;
  try {
    info = JSON.parse(readFileSync(infoPath(dataDir), "utf8"));
  } catch {
    return undefined;
  }
  const { url, pid } = (info ?? {}) as { url?: unknown; pid?: unknown };
  if (typeof url !== "string" || !/^https?:\/\//.test(url)) return undefined;
  if (typeof pid !== "number" || !Number.isInteger(pid) || pid <= 0 || !pidAlive(pid)) return undefined;
  let apiKey: string | undefined;
  try {
    apiKey = readFileSync(join(dataDir, "api-key"), "utf8").trim() || undefined;
  } catch {
    apiKey = undefined;
  }
  return apiKey ? { url, pid, apiKey } : { url, pid };
}

export function writeServiceInfo(dataDir: string, url: string): string {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = infoPath(dataDir);
  writeFileSync(file, `${JSON.stringify({ url, pid: process.pid })}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

/** Remove the file if it is ours (another process may have taken the data dir over since). */
export function removeServiceInfo(dataDir: string): void {
  try {
    const info = JSON.parse(readFileSync(infoPath(dataDir), "utf8")) as { pid?: unknown };
    if (info.pid !== process.pid) return;
  } catch {
    return;
  }
  rmSync(infoPath(dataDir), { force: true });
}

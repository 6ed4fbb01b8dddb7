/** Helpers turning command-line text into API values, with one-line UsageErrors. */
import { readFile } from "node:fs/promises";
import { UsageError } from "../api/errors.ts";
import { errorCode, errorMessage } from "../shared/errors.ts";

/** Read a JSON body from a file, or from standard input when `path` is "-". */
export async function readJsonBody(
  path: string,
  readStdin: () => Promise<string>,
  flag = "--file",
): Promise<unknown> {
  let text: string;
  try {
    text = path === "-" ? await readStdin() : await readFile(path, "utf8");
  } catch (e) {
    const code = errorCode(e);
    throw new UsageError(`${flag}: cannot read ${path}${code ? ` (${code})` : ""}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    const where = path === "-" ? "standard input" : path;
    throw new UsageError(`${flag}: ${where} is not valid JSON (${errorMessage(e).split("\n")[0]})`);
  }
}

/** The whole of standard input as text. */
export async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(typeof c === "string" ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

const RELATIVE = /^(\d+)\s*(s|m|min|h|d|w)$/i;
const UNIT_MS: Record<string, number> = {
  s: 1000,
  m: 60_000,
  min: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/**
 * A point in time given on the command line, as epoch milliseconds: UNIX seconds (`1763700000`), an ISO
 * date or date-time (`2026-11-21`, `2026-11-21T07:00:00Z`), `now`, or a span ago (`30m`, `2h`, `7d`, `1w`).
 */
export function parseTime(text: string, flag: string, now = Date.now()): number {
  const t = text.trim();
  if (t === "now") return now;
  if (/^\d{9,11}$/.test(t)) return Number(t) * 1000;
  const rel = RELATIVE.exec(t);
  if (rel) return now - Number(rel[1]) * (UNIT_MS[rel[2]!.toLowerCase()] ?? 0);
  if (/^\d{4}-\d{2}-\d{2}/.test(t)) {
    const ms = Date.parse(t);
    if (Number.isFinite(ms)) return ms;
  }
  throw new UsageError(
    `--${flag}: "${text}" is not a time (use UNIX seconds, an ISO date like 2026-11-21T07:00:00Z, or a span ago like 2h)`,
  );
}

/** An alert channel id: a positive integer. */
export function intId(text: string, what: string): number {
  if (!/^\d+$/.test(text.trim()) || Number(text) <= 0)
    throw new UsageError(`${what} must be a positive whole number, got "${text}"`);
  return Number(text);
}

/** Pick only the keys that are defined. */
export function defined<T extends Record<string, unknown>>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

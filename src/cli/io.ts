/**
 * Process-wide output helpers of the CLI: one-line, sanitised, key-redacted messages, the resolved keys to
 * scrub, and the interrupt signal (SIGINT/SIGTERM) long waits listen to.
 */
import { redactSecrets } from "../api/errors.ts";
import type { ConfigFlags } from "../config/resolve.ts";
import { sanitizeLine } from "../shared/sanitize.ts";
import type { ParsedValues } from "./args.ts";

/** Secrets to scrub from any message we print (the resolved API keys). */
export const secrets: string[] = [];
export const interrupt = new AbortController();

export function print(text: string): void {
  process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
}

export function fail(message: string): void {
  process.stderr.write(`vigil: ${sanitizeLine(redactSecrets(message, secrets), " ")}\n`);
}

export function configFlags(v: ParsedValues): ConfigFlags {
  const s = (k: string) => (typeof v[k] === "string" ? (v[k] as string) : undefined);
  return {
    baseUrl: s("base-url"),
    apiKey: s("api-key"),
    account: s("account"),
    profile: s("profile"),
    config: s("config"),
    data: s("data"),
    pane: s("pane"),
    readOnly: typeof v["read-only"] === "boolean" ? (v["read-only"] as boolean) : undefined,
    utc: typeof v.utc === "boolean" ? v.utc : undefined,
    mouse: typeof v.mouse === "boolean" ? v.mouse : undefined,
    notify: s("notify"),
  };
}

/** Text blocks of a result: bodies and messages cut to an excerpt, headers; secrets masked. */
import { maskSecrets, maskUrlCredentials } from "../../../contract/secrets.ts";
import {
  line,
  MAX_EXPANDED_LINES,
  NOT_RECORDED,
  obj,
  pair,
  type ResultViewOptions,
  type ViewLine,
} from "./frame.ts";

/** The lines of a text, cut to `o.excerptLines` unless expanded, with "… N more lines (hint)". */
export function excerpt(text: string, o: ResultViewOptions, indent = "  "): ViewLine[] {
  const all = text.replace(/\r\n?/g, "\n").split("\n");
  const keep = o.expanded ? MAX_EXPANDED_LINES : (o.excerptLines ?? 12);
  const shown = all.slice(0, keep).map((l) => line(`${indent}${l}`));
  const more = all.length - shown.length;
  if (more > 0) {
    const hint = !o.expanded && o.expandHint ? ` (${o.expandHint})` : "";
    shown.push(line(`${indent}… ${more} more line${more === 1 ? "" : "s"}${hint}`, "dim"));
  }
  return shown;
}

/** A body: JSON pretty-printed with secret-named fields masked, other text with URL credentials masked. */
export function bodyText(body: string): { text: string; json: boolean } {
  const trimmed = body.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      return { text: JSON.stringify(maskSecrets(JSON.parse(trimmed)), null, 2), json: true };
    } catch {
      // not JSON after all: shown as text
    }
  }
  return { text: maskUrlCredentials(body), json: false };
}

export function bodyLines(label: string, body: unknown, encoding: unknown, o: ResultViewOptions): ViewLine[] {
  if (body === undefined || body === null) return [pair(label, NOT_RECORDED, "dim")];
  if (typeof body !== "string") return [pair(label, JSON.stringify(maskSecrets(body)) ?? String(body))];
  if (body === "") return [pair(label, "empty")];
  if (encoding === "base64")
    return [pair(label, `binary, ${Math.floor((body.length * 3) / 4)} bytes (base64) — not shown`)];
  const { text, json } = bodyText(body);
  const count = text.split("\n").length;
  return [pair(label, `${json ? "JSON, " : ""}${count} line${count === 1 ? "" : "s"}`), ...excerpt(text, o)];
}

/** Headers as `name: value` lines, credentials masked (object or `{key, value}` list). */
export function headerLines(headers: unknown): ViewLine[] {
  let pairs: { key: string; value: string }[] = [];
  if (Array.isArray(headers))
    pairs = headers
      .map(obj)
      .filter((h): h is Record<string, unknown> => typeof h?.key === "string")
      .map((h) => ({ key: String(h.key), value: h.value === undefined ? "" : String(h.value) }));
  else if (obj(headers))
    pairs = Object.entries(obj(headers) ?? {}).map(([key, v]) => ({
      key,
      value: Array.isArray(v) ? v.join(", ") : String(v),
    }));
  if (pairs.length === 0) return [line("  none", "dim")];
  return maskSecrets(pairs).map((h) => line(`  ${h.key}: ${maskUrlCredentials(h.value)}`));
}

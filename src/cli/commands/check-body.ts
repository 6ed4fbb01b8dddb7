/**
 * The body of `vigil checks create|update`: read from a JSON or YAML file (`-f check.yaml`, `-f -` for
 * standard input) or built from the common flags, merged onto the check as read for an update, and
 * checked with the type's one schema (src/contract/schemas/check-bodies.ts, the service's own) so a refusal
 * names the field in the service's words before anything is sent.
 *
 * Merging onto the check as read, masked secrets and what changed are src/api/check-edit.ts (shared with
 * the console's `e`): `checks get ID --json | checks update ID -f -` changes nothing — and such an update
 * that changes nothing is not sent at all.
 */
import { readFile } from "node:fs/promises";
import { parse as parseYaml } from "yaml";
import { UsageError } from "../../api/errors.ts";
import { type CheckKind, kindOfType } from "../../contract/schemas/check-bodies.ts";
import { CREATABLE_CHECK_TYPES } from "../../contract/schemas/checks.ts";
import { errorCode, errorMessage } from "../../shared/errors.ts";
import { parseSpan } from "../../shared/time-span.ts";
import type { OptionSpecs } from "../args.ts";
import type { CommandContext } from "../command.ts";

type Body = Record<string, unknown>;

const isObject = (v: unknown): v is Body => typeof v === "object" && v !== null && !Array.isArray(v);

/** JSON or YAML text → one object; a problem is one line naming the file and where. */
export function parseBodyText(text: string, where: string, flag = "--file"): Body {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    try {
      value = parseYaml(text, { prettyErrors: false });
    } catch (e) {
      const first = errorMessage(e).split("\n")[0] ?? "";
      throw new UsageError(`${flag}: ${where} is neither JSON nor YAML (${first})`);
    }
  }
  if (!isObject(value)) throw new UsageError(`${flag}: ${where} must hold one check (a JSON or YAML object)`);
  return value;
}

/** Read `-f FILE` (or standard input for `-`). */
export async function readBodyFile(
  path: string,
  readStdin: () => Promise<string>,
  flag = "--file",
): Promise<Body> {
  let text: string;
  try {
    text = path === "-" ? await readStdin() : await readFile(path, "utf8");
  } catch (e) {
    const code = errorCode(e);
    throw new UsageError(`${flag}: cannot read ${path}${code ? ` (${code})` : ""}`);
  }
  return parseBodyText(text, path === "-" ? "standard input" : path, flag);
}

/** The check kind of a type name as typed (`api`, `URL`, ...), for create. */
export function kindNamed(type: string, flag = "--type"): CheckKind {
  const t = type.trim().toLowerCase();
  const k = (CREATABLE_CHECK_TYPES as readonly string[]).includes(t)
    ? (t as CheckKind)
    : kindOfType(type.toUpperCase());
  if (!k) throw new UsageError(`${flag} must be one of ${CREATABLE_CHECK_TYPES.join(", ")}, got "${type}"`);
  return k;
}

// ---- the common fields as flags -------------------------------------------------------------------------

export const FILE_OPTION: OptionSpecs = {
  file: {
    type: "string",
    short: "f",
    value: "FILE",
    help: "the check as JSON or YAML, any field ('-' reads stdin; e.g. the output of checks get --json)",
  },
};

export const FIELD_OPTIONS: OptionSpecs = {
  name: { type: "string", value: "NAME", help: "check name, at most 255 characters" },
  url: { type: "string", value: "URL", help: "API and URL checks: the request URL" },
  frequency: {
    type: "string",
    value: "MIN",
    help: "minutes between runs (0, 1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440)",
  },
  location: {
    type: "string",
    multiple: true,
    value: "REGION",
    help: "public location (repeat or comma-separate; replaces the list)",
  },
  "private-location": {
    type: "string",
    multiple: true,
    value: "SLUG",
    help: "private location slug (repeat; replaces the list)",
  },
  tag: {
    type: "string",
    multiple: true,
    value: "TAG",
    help: "tag (repeat or comma-separate; replaces the list)",
  },
  description: { type: "string", value: "TEXT", help: 'description ("" clears it)' },
  "degraded-ms": { type: "string", value: "MS", help: "degraded above this response time" },
  "max-ms": { type: "string", value: "MS", help: "failed above this response time" },
};

export const CREATE_OPTIONS: OptionSpecs = {
  type: {
    type: "string",
    value: "TYPE",
    help: `${CREATABLE_CHECK_TYPES.join(", ")} (required without --file)`,
  },
  method: {
    type: "string",
    value: "METHOD",
    help: "API checks: GET (default), POST, PUT, HEAD, DELETE, PATCH",
  },
  host: { type: "string", value: "HOST", help: "TCP checks: host name" },
  port: { type: "string", value: "PORT", help: "TCP checks: port" },
  query: { type: "string", value: "NAME", help: "DNS checks: the name to resolve" },
  "record-type": {
    type: "string",
    value: "TYPE",
    help: "DNS checks: A (default), AAAA, CNAME, MX, TXT, SOA, NS, HTTPS",
  },
  period: { type: "string", value: "SPAN", help: "heartbeat checks: expected ping period, e.g. 5m, 1h, 1d" },
  grace: { type: "string", value: "SPAN", help: "heartbeat checks: grace after the period (default 0s)" },
  script: { type: "string", value: "FILE", help: "browser checks: the Playwright script" },
  muted: { type: "boolean", help: "create it muted (runs, sends no alerts)" },
  inactive: { type: "boolean", help: "create it deactivated (does not run)" },
};

/** `5m` → {n: 5, unit: "minutes"} (src/shared/time-span.ts), or a usage error naming the flag. */
function span(text: string, flag: string): { n: number; unit: string } {
  const s = parseSpan(text);
  if (!s) throw new UsageError(`--${flag} must be a span like 30s, 5m, 1h or 1d, got "${text}"`);
  return s;
}

/** The field flags given, as body fields (for create, and over the check as read for update). */
export function fieldsFromFlags(ctx: CommandContext, kind: CheckKind | undefined): Body {
  const a = ctx.args;
  const out: Body = {};
  const name = a.string("name");
  if (name !== undefined) out.name = name;
  const freq = a.int("frequency", { min: 0 });
  if (freq !== undefined) out.frequency = freq;
  if (a.has("location")) out.locations = a.strings("location", true);
  if (a.has("private-location")) out.privateLocations = a.strings("private-location", true);
  if (a.has("tag")) out.tags = a.strings("tag", true);
  const description = a.string("description");
  if (description !== undefined) out.description = description === "" ? null : description;
  const degraded = a.int("degraded-ms", { min: 0 });
  if (degraded !== undefined) out.degradedResponseTime = degraded;
  const max = a.int("max-ms", { min: 0 });
  if (max !== undefined) out.maxResponseTime = max;
  const url = a.string("url");
  if (url !== undefined) {
    if (kind && kind !== "api" && kind !== "url")
      throw new UsageError(`--url is for API and URL checks, not ${kind}`);
    out.request = { url };
  }
  return out;
}

/** Every field flag named on the command line (to refuse mixing them with --file). */
export function givenFlags(ctx: CommandContext, specs: OptionSpecs[]): string[] {
  return specs.flatMap((s) => Object.keys(s)).filter((f) => f !== "file" && ctx.args.has(f));
}

/** A create body from flags: the common fields plus what the type needs. */
export async function createFromFlags(ctx: CommandContext): Promise<{ kind: CheckKind; body: Body }> {
  const a = ctx.args;
  const type = a.string("type");
  if (type === undefined)
    throw new UsageError(`--type is required without --file (${CREATABLE_CHECK_TYPES.join(", ")})`);
  const kind = kindNamed(type);
  const body: Body = { ...fieldsFromFlags(ctx, kind) };
  if (body.name === undefined) throw new UsageError("--name is required");
  if (a.flag("muted")) body.muted = true;
  if (a.flag("inactive")) body.activated = false;
  const request = (body.request as Body | undefined) ?? {};
  switch (kind) {
    case "api":
    case "url": {
      if (request.url === undefined) throw new UsageError(`--url is required for ${kind} checks`);
      const method = a.string("method");
      if (method !== undefined) request.method = method.toUpperCase();
      body.request = request;
      break;
    }
    case "tcp":
      body.request = { hostname: a.requiredString("host"), port: a.int("port", { min: 1, max: 65535 }) };
      if ((body.request as Body).port === undefined)
        throw new UsageError("--port is required for tcp checks");
      break;
    case "dns":
      body.request = {
        query: a.requiredString("query"),
        recordType: (a.string("record-type") ?? "A").toUpperCase(),
      };
      break;
    case "heartbeat": {
      const p = span(a.requiredString("period"), "period");
      const g = span(a.string("grace") ?? "0s", "grace");
      body.heartbeat = { period: p.n, periodUnit: p.unit, grace: g.n, graceUnit: g.unit };
      break;
    }
    case "browser":
    case "multistep": {
      const file = a.requiredString("script");
      try {
        body.script = await readFile(file, "utf8");
      } catch (e) {
        throw new UsageError(`--script: cannot read ${file} (${errorCode(e) ?? "error"})`);
      }
      break;
    }
  }
  const stray = ["method", "host", "port", "query", "record-type", "period", "grace", "script"].filter(
    (f) => a.has(f) && !(FLAGS_OF[kind] ?? []).includes(f),
  );
  if (stray.length) throw new UsageError(`--${stray[0]} is not for ${kind} checks`);
  return { kind, body };
}

/** The flags of a kind's own fields; a kind not listed takes only the common ones (its own fields: --file). */
const FLAGS_OF: Partial<Record<CheckKind, readonly string[]>> = {
  api: ["method"],
  url: [],
  tcp: ["host", "port"],
  dns: ["query", "record-type"],
  heartbeat: ["period", "grace"],
  browser: ["script"],
  multistep: ["script"],
};

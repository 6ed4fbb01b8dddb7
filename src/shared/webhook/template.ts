/**
 * Webhook templates: Handlebars (the real library, one isolated environment) with the variables of
 * api-notes §6.1, user-defined variables and the helpers of §6.2 (logic-helpers.ts, value-helpers.ts).
 *
 * Pure: no database, no server. The service renders deliveries with it, and `vigil webhook render` and
 * the console import it to show the exact body a delivery would send.
 *
 * `{{VAR}}` HTML-escapes (Handlebars semantics), `{{{VAR}}}` inserts raw — use the triple form inside JSON.
 * With `escape: "json"` (a webhook body that is JSON, render.ts) both forms insert a value escaped for a
 * JSON string instead (`Check \"Checkout\" has failed`, never `&quot;`), so such a body stays valid JSON.
 * Event variables win over user-defined variables of the same name. Every failure — a parse error, an
 * unknown helper, a helper that cannot read its arguments — is a TemplateError naming the line (1-based)
 * where it happened; rendering never throws anything else.
 */
import Handlebars, { type HelperOptions } from "handlebars";
import { errorMessage } from "../errors.ts";
import { LOGIC_HELPERS } from "./logic-helpers.ts";
import { valueHelpers } from "./value-helpers.ts";

export class TemplateError extends Error {
  override name = "TemplateError";
  readonly line: number | undefined;
  readonly detail: string;
  constructor(detail: string, line: number | undefined) {
    super(line === undefined ? `template error: ${detail}` : `template error on line ${line}: ${detail}`);
    this.detail = detail;
    this.line = line;
  }
}

export type RenderOptions = {
  /** Clock for `moment`, `date`, `year` (ms since the epoch). */
  now?: () => number;
  /** How `{{VAR}}` escapes: HTML (Handlebars, the default) or for the inside of a JSON string. */
  escape?: "html" | "json";
};

/** Every string in a value escaped for the inside of a JSON string (`"` → `\"`, newline → `\n`). */
function jsonEscaped(v: unknown): unknown {
  if (typeof v === "string") return JSON.stringify(v).slice(1, -1);
  if (Array.isArray(v)) return v.map(jsonEscaped);
  if (v !== null && typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, jsonEscaped(x)]));
  return v;
}

/** Variables a template sees: event variables and user-defined ones. */
export type TemplateVariables = Record<string, unknown>;

type Loc = { start?: { line?: number } } | undefined;

/** Wraps a helper so that an exception becomes a TemplateError at the helper's line. */
function located(name: string, fn: Handlebars.HelperDelegate): Handlebars.HelperDelegate {
  return function (this: unknown, ...args: unknown[]) {
    try {
      return (fn as (...a: unknown[]) => unknown).apply(this, args);
    } catch (err) {
      if (err instanceof TemplateError) throw err;
      const options = args[args.length - 1] as { loc?: Loc } | undefined;
      const line = options?.loc?.start?.line;
      throw new TemplateError(`${name}: ${errorMessage(err)}`, line);
    }
  };
}

function environment(now: () => number): typeof Handlebars {
  const hb = Handlebars.create();
  const helpers: Record<string, Handlebars.HelperDelegate> = { ...LOGIC_HELPERS, ...valueHelpers(now) };
  for (const [name, fn] of Object.entries(helpers)) hb.registerHelper(name, located(name, fn));
  hb.registerHelper("helperMissing", (...args: unknown[]) => {
    const options = args[args.length - 1] as HelperOptions & { name?: string; loc?: Loc };
    // A plain `{{UNKNOWN}}` with no arguments is a missing variable (renders empty), not an error.
    if (args.length === 1) return undefined;
    throw new TemplateError(`unknown helper "${options.name ?? "?"}"`, options.loc?.start?.line);
  });
  return hb;
}

const PARSE_LINE = /Parse error on line (\d+)/;

function parseErrorOf(err: unknown): TemplateError {
  const e = err as { message?: string; lineNumber?: number };
  const message = String(e.message ?? err);
  const m = PARSE_LINE.exec(message);
  const line = m ? Number(m[1]) : typeof e.lineNumber === "number" ? e.lineNumber : undefined;
  // Handlebars' parse message carries a caret diagram on the following lines; keep its last line (the reason).
  const lines = message.split("\n").filter((l) => l.trim() !== "");
  const reason = m ? (lines[lines.length - 1] ?? message) : (lines[0] ?? message);
  return new TemplateError(reason, line);
}

/** Checks a template's syntax without rendering it. */
export function checkTemplate(source: string): TemplateError | undefined {
  try {
    Handlebars.parse(source);
    return undefined;
  } catch (err) {
    return parseErrorOf(err);
  }
}

/**
 * Renders `source` with `variables` (event variables) over `userVariables` (user-defined).
 * @throws TemplateError (only) — with the line of the problem when known
 */
export function renderTemplate(
  source: string,
  variables: TemplateVariables,
  userVariables: TemplateVariables = {},
  opts: RenderOptions = {},
): string {
  const syntax = checkTemplate(source);
  if (syntax) throw syntax;
  const hb = environment(opts.now ?? Date.now);
  try {
    const json = opts.escape === "json";
    const template = hb.compile(source, { strict: false, noEscape: json });
    const all = { ...userVariables, ...variables };
    return template(json ? jsonEscaped(all) : all);
  } catch (err) {
    if (err instanceof TemplateError) throw err;
    const e = err as { message?: string; lineNumber?: number };
    throw new TemplateError(String(e.message ?? err).split("\n")[0] ?? "render failed", e.lineNumber);
  }
}

/** renderTemplate as a result value instead of an exception. */
export function tryRender(
  source: string,
  variables: TemplateVariables,
  userVariables: TemplateVariables = {},
  opts: RenderOptions = {},
): { ok: true; text: string } | { ok: false; error: TemplateError } {
  try {
    return { ok: true, text: renderTemplate(source, variables, userVariables, opts) };
  } catch (err) {
    return {
      ok: false,
      error: err instanceof TemplateError ? err : new TemplateError(String(err), undefined),
    };
  }
}

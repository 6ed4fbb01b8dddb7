/**
 * The input rules, once: names, domains, status-page URL slugs, private-location slugs and dates that must
 * not lie in the future, as zod schemas — and the one sentence a refused value becomes. The embedded
 * service (src/service/app/validate.ts), the client before it sends (src/api/input.ts, so every CLI verb)
 * and the console's forms (src/store/forms/kinds/, with src/store/forms/rules.ts) all parse with these and word a refusal with
 * `issueMessage` / `issuePredicate`, so the three refuse the same inputs with the same message:
 *
 *   service  400 "customDomain" must be a domain name like status.example.com
 *   CLI      status page: "customDomain" must be a domain name like status.example.com
 *   form     custom domain  must be a domain name like status.example.com
 *
 * An incident's status follows the same idea (`currentUpdate`): its latest update by publish time that is
 * not in the future — an update dated ahead is shown but does not pin the status.
 *
 * Pure: zod and nothing else (no clock but the one passed in or Date.now at parse time, no I/O).
 */
import { z } from "zod";

// ---- names ---------------------------------------------------------------------------------------------

/** Line breaks and other control characters (a name is one line on every screen). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A name: not blank, at most `max` characters once trimmed, one line. Trimmed. */
export const nameSchema = (max = 255) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((s) => !CONTROL.test(s), "must be one line without control characters");

// ---- domains and slugs ---------------------------------------------------------------------------------

const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const DOMAIN = new RegExp(`^(?=.{1,253}$)(?:${LABEL}\\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$`, "i");

/** A host name with at least two labels and a letter-led top-level label (`status.example.com`). */
export function isDomain(s: string): boolean {
  return DOMAIN.test(s);
}

export const DOMAIN_RULE = "must be a domain name like status.example.com";

/** A custom domain: a bare host name (no scheme, path, port or spaces). */
export const domainSchema = z.string().trim().max(253).refine(isDomain, DOMAIN_RULE);

/** A status page's URL: its sub-domain slug. */
export const PAGE_SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const PAGE_SLUG_RULE =
  "must be a slug of a-z, 0-9 and '-' (1-63 characters, not starting or ending with '-'), like acme-status";
export const pageSlugSchema = z.string().trim().min(1).max(63).regex(PAGE_SLUG, PAGE_SLUG_RULE);

/** The hosted rejection of slugs that look like cloud regions (api-notes §7), anchored at the start. */
export const REGION_LIKE_SLUG = /^(us(-gov)?|ap|ca|cn|eu|sa|af|me)-(central|(north|south)?(east|west)?)-\d+/;

/**
 * A private location's slug: 1-30 of a-z, 0-9 and '-'. Lower case only (the hosted service also takes
 * capitals; a slug is typed in check bodies and on command lines, where `Lab-2` and `lab-2` would be two
 * locations a reader cannot tell apart).
 */
export const LOCATION_SLUG = /^[a-z0-9-]{1,30}$/;
export const LOCATION_SLUG_RULE = "must be 1-30 characters of a-z, 0-9 and '-'";
export const locationSlugSchema = z
  .string()
  .regex(LOCATION_SLUG, LOCATION_SLUG_RULE)
  .refine((s) => !REGION_LIKE_SLUG.test(s), "must not look like a cloud region (e.g. eu-west-1)");

// ---- dates ---------------------------------------------------------------------------------------------

/** How far ahead of this clock a date may be (clocks drift): five minutes. */
export const FUTURE_SKEW_MS = 5 * 60_000;
export const FUTURE_RULE = "must not be more than 5 minutes in the future";

/** Whether an ISO date lies beyond `now` plus the skew. */
export function isTooFarAhead(iso: string, now: number = Date.now()): boolean {
  const t = Date.parse(iso);
  return Number.isFinite(t) && t > now + FUTURE_SKEW_MS;
}

/** An ISO 8601 date-time (offset allowed) not beyond now + FUTURE_SKEW_MS (read at parse time). */
export const pastDateTimeSchema = z.iso
  .datetime({ offset: true })
  .refine((s) => !isTooFarAhead(s), FUTURE_RULE);

// ---- an incident's status ------------------------------------------------------------------------------

type Dated = { publicIncidentUpdateDate?: string | null; created_at?: string | null };
const published = (u: Dated) => Date.parse(String(u.publicIncidentUpdateDate ?? u.created_at ?? "")) || 0;

/**
 * The update that says an incident's status: the latest by publish time (ties: the later in the list)
 * that is not in the future; undefined while every update is still ahead (or there is none).
 */
export function currentUpdate<U extends Dated>(
  updates: readonly U[],
  now: number = Date.now(),
): U | undefined {
  let best: U | undefined;
  for (const u of updates) {
    const t = published(u);
    if (t > now) continue;
    if (!best || t >= published(best)) best = u;
  }
  return best;
}

// ---- the one sentence of a refusal ----------------------------------------------------------------------

type Issue = z.core.$ZodIssue;

/** `services[0].id` — how a message names a nested field. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "value";
  return path.reduce<string>(
    (acc, k) => (typeof k === "number" ? `${acc}[${k}]` : acc ? `${acc}.${String(k)}` : String(k)),
    "",
  );
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = data;
  for (const k of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[k];
  }
  return cur;
}

const TYPE_WORDS: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "a boolean",
  array: "an array",
  object: "of type object",
  record: "of type object",
  date: "a valid date",
};

/**
 * What is wrong with the value, without the field's name (`is not allowed to be empty`, `must be a domain
 * name like …`): what a form shows next to its field. `data` is the whole value parsed (issue paths are
 * relative to it).
 */
export function issuePredicate(issue: Issue, data: unknown): string {
  switch (issue.code) {
    case "invalid_type":
      if (valueAt(data, issue.path) === undefined) return "is required";
      return `must be ${TYPE_WORDS[issue.expected] ?? `a ${issue.expected}`}`;
    case "too_big": {
      const max = String(issue.maximum);
      if (issue.origin === "string") return `length must be less than or equal to ${max} characters long`;
      if (issue.origin === "array" || issue.origin === "set")
        return `must contain less than or equal to ${max} items`;
      return issue.inclusive === false ? `must be less than ${max}` : `must be less than or equal to ${max}`;
    }
    case "too_small": {
      const min = String(issue.minimum);
      if (issue.origin === "string")
        return min === "1" ? "is not allowed to be empty" : `length must be at least ${min} characters long`;
      if (issue.origin === "array" || issue.origin === "set") return `must contain at least ${min} items`;
      return issue.inclusive === false
        ? `must be greater than ${min}`
        : `must be greater than or equal to ${min}`;
    }
    case "invalid_value":
      return `must be one of [${issue.values.map(String).join(", ")}]`;
    case "invalid_format": {
      // a rule of ours names itself; zod's own formats get the validator's words
      if (!issue.message.startsWith("Invalid") && issue.message !== "") return issue.message;
      const value = JSON.stringify(valueAt(data, issue.path));
      if (issue.format === "regex" && issue.pattern)
        return `with value ${value} fails to match the required pattern: ${issue.pattern}`;
      if (issue.format === "url") return "must be a valid uri";
      if (issue.format === "email") return "must be a valid email";
      if (issue.format === "uuid" || issue.format === "guid") return "must be a valid GUID";
      if (issue.format === "datetime") return "must be an ISO 8601 date-time like 2026-11-21T07:00:00Z";
      return `must be a valid ${issue.format}`;
    }
    case "unrecognized_keys":
      return "is not allowed";
    case "invalid_union": {
      const first = issue.errors.flat()[0];
      if (first) return issuePredicate({ ...first, path: [...issue.path, ...first.path] } as Issue, data);
      return "does not match any of the allowed types";
    }
    default: {
      const bare = fieldLabel(issue.path);
      if (issue.path.length > 0 && issue.message.startsWith(`${bare} `))
        return issue.message.slice(bare.length + 1);
      return issue.message;
    }
  }
}

/** One issue as the validator sentence the service answers 400 with: `"name" is not allowed to be empty`. */
export function issueMessage(issue: Issue, data: unknown): string {
  if (issue.code === "unrecognized_keys")
    return `"${fieldLabel([...issue.path, issue.keys[0] ?? ""])}" is not allowed`;
  if (issue.code === "invalid_union") {
    const first = issue.errors.flat()[0];
    if (first) return issueMessage({ ...first, path: [...issue.path, ...first.path] } as Issue, data);
  }
  // a rule that names its own field ('"heartbeat.period" must be …')
  if (issue.code === "custom" && issue.message.startsWith('"')) return issue.message;
  return `"${fieldLabel(issue.path)}" ${issuePredicate(issue, data)}`;
}

/**
 * Assertion evaluation shared by API, URL, TCP and DNS runners. An assertion is the hosted item
 * `{source, comparison, property, target, regex}` (api-notes §3.1). Each source is resolved to an actual
 * value by the runner; this module only compares.
 *
 * A result is stored in the hosted shape (api-notes §3.3) `{source, property, comparison, target, regex,
 * actual, error}`: `error` is the message exactly when the assertion failed (null when it passed) — hosted
 * clients read failure from it — and `actual` is what was received, falsy values included. `passed` is
 * kept for vigil's own readers; results stored before `error` existed carry only `passed`.
 */
import { isObject } from "../../shared/json.ts";

export type Assertion = {
  source: string;
  comparison: string;
  property?: string | null;
  target?: string | number | null;
  regex?: string | null;
};

export type AssertionResult = Assertion & { actual: unknown; passed: boolean; error: string | null };

export function parseAssertions(v: unknown): Assertion[] {
  return Array.isArray(v) ? v.flatMap((a: unknown) => readAssertion(a) ?? []) : [];
}

/**
 * One stored assertion read field by field (its other members kept): undefined without a source and a
 * comparison; a property, target or regex of another type is left out.
 */
export function readAssertion(a: unknown): Assertion | undefined {
  if (!isObject(a) || typeof a.source !== "string" || typeof a.comparison !== "string") return undefined;
  const text = (v: unknown) => (typeof v === "string" ? v : v === null ? null : undefined);
  return {
    ...a,
    source: a.source,
    comparison: a.comparison,
    property: text(a.property),
    target: typeof a.target === "number" ? a.target : text(a.target),
    regex: text(a.regex),
  };
}

/** Reads `$.a.b[0].c` / `a.b.0.c` style paths. Returns undefined when the path does not exist. */
export function jsonPath(value: unknown, path: string): unknown {
  const trimmed = path.trim().replace(/^\$\.?/, "");
  if (trimmed === "") return value;
  const parts = trimmed
    .replace(/\[(\d+|'[^']*'|"[^"]*")\]/g, ".$1")
    .split(".")
    .filter((p) => p !== "")
    .map((p) => p.replace(/^['"]|['"]$/g, ""));
  let cur: unknown = value;
  for (const p of parts) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = Reflect.get(cur, p);
  }
  return cur;
}

function applyRegex(actual: unknown, regex: string | null | undefined): unknown {
  if (!regex || actual === undefined || actual === null) return actual;
  try {
    const m = new RegExp(regex).exec(String(actual));
    if (!m) return undefined;
    return m[1] ?? m[0];
  } catch {
    return undefined;
  }
}

const asText = (v: unknown): string => (typeof v === "string" ? v : v === undefined ? "" : JSON.stringify(v));

/** Compares one actual value against an assertion. */
export function compare(actualRaw: unknown, a: Assertion): boolean {
  const actual = applyRegex(actualRaw, a.regex);
  const target = a.target === null || a.target === undefined ? "" : String(a.target);
  const n = Number(typeof actual === "string" ? actual : actual);
  const t = Number(target);
  switch (a.comparison) {
    case "EQUALS":
      return asText(actual) === target || (typeof actual === "number" && actual === t);
    case "NOT_EQUALS":
      return !(asText(actual) === target || (typeof actual === "number" && actual === t));
    case "GREATER_THAN":
      return Number.isFinite(n) && Number.isFinite(t) && n > t;
    case "LESS_THAN":
      return Number.isFinite(n) && Number.isFinite(t) && n < t;
    case "CONTAINS":
      return asText(actual).includes(target);
    case "NOT_CONTAINS":
      return !asText(actual).includes(target);
    case "IS_EMPTY":
      return actual === undefined || actual === null || asText(actual) === "" || asText(actual) === "[]";
    case "NOT_EMPTY":
      return !(actual === undefined || actual === null || asText(actual) === "" || asText(actual) === "[]");
    case "IS_NULL":
      return actual === null || actual === undefined;
    case "NOT_NULL":
      return actual !== null && actual !== undefined;
    case "HAS_KEY":
      return !!actual && typeof actual === "object" && target in actual;
    case "NOT_HAS_KEY":
      return !(actual && typeof actual === "object" && target in actual);
    case "HAS_VALUE":
      return Array.isArray(actual)
        ? actual.some((x) => asText(x) === target)
        : !!actual && typeof actual === "object" && Object.values(actual).some((x) => asText(x) === target);
    case "NOT_HAS_VALUE":
      return !(Array.isArray(actual)
        ? actual.some((x) => asText(x) === target)
        : !!actual && typeof actual === "object" && Object.values(actual).some((x) => asText(x) === target));
    default:
      return false;
  }
}

const SOURCE_WORDS: Record<string, string> = {
  STATUS_CODE: "status code",
  JSON_BODY: "JSON body",
  HEADERS: "header",
  TEXT_BODY: "text body",
  RESPONSE_TIME: "response time",
  RESPONSE_DATA: "response data",
  RESPONSE_CODE: "response code",
  TEXT_ANSWER: "text answer",
  JSON_ANSWER: "JSON answer",
};

/** `[words, takes a target]` per comparison. */
const COMPARISON_WORDS: Record<string, [string, boolean]> = {
  EQUALS: ["to equal", true],
  NOT_EQUALS: ["not to equal", true],
  GREATER_THAN: ["to be greater than", true],
  LESS_THAN: ["to be less than", true],
  CONTAINS: ["to contain", true],
  NOT_CONTAINS: ["not to contain", true],
  IS_EMPTY: ["to be empty", false],
  NOT_EMPTY: ["not to be empty", false],
  IS_NULL: ["to be null", false],
  NOT_NULL: ["not to be null", false],
  HAS_KEY: ["to have the key", true],
  NOT_HAS_KEY: ["not to have the key", true],
  HAS_VALUE: ["to have the value", true],
  NOT_HAS_VALUE: ["not to have the value", true],
};

const MAX_RECEIVED = 200;

function receivedText(actual: unknown): string {
  if (actual === undefined) return "nothing";
  const t = typeof actual === "string" ? JSON.stringify(actual) : (JSON.stringify(actual) ?? String(actual));
  return t.length > MAX_RECEIVED ? `${t.slice(0, MAX_RECEIVED)}… (${t.length} characters)` : t;
}

/**
 * The message of a failed assertion: `expected status code to equal 200, received 503`,
 * `expected JSON body $.ok to equal true, received false`, `expected header x-id not to be empty, received nothing`.
 */
export function assertionError(a: Assertion, actual: unknown): string {
  const what = [SOURCE_WORDS[a.source] ?? a.source, a.property || undefined].filter(Boolean).join(" ");
  const known = COMPARISON_WORDS[a.comparison];
  if (!known) return `unknown comparison ${a.comparison} for ${what}`;
  const [words, takesTarget] = known;
  const target = takesTarget
    ? ` ${a.target === null || a.target === undefined ? '""' : String(a.target)}`
    : "";
  const regex = a.regex ? ` (regex ${a.regex})` : "";
  return `expected ${what}${regex} ${words}${target}, received ${receivedText(actual)}`;
}

/** Evaluates assertions with a runner-provided resolver for each source. */
export function evaluate(
  assertions: Assertion[],
  resolve: (a: Assertion) => unknown,
): { results: AssertionResult[]; failed: boolean } {
  const results = assertions.map((a) => {
    const actual = resolve(a);
    const passed = compare(actual, a);
    return { ...a, actual, passed, error: passed ? null : assertionError(a, actual) };
  });
  return { results, failed: results.some((r) => !r.passed) };
}

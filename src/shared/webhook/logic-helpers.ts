/**
 * The comparison and logic helpers of webhook templates (api-notes §6.2): eq, is, isnt, gt, gte, lt, lte,
 * compare, and, or, not, neither, contains, has, default, isTruthy, isFalsey, ifEven, ifOdd, ifNth,
 * unlessEq, unlessGt, unlessGteq, unlessLt, unlessLteq.
 *
 * Each works as a block (`{{#eq A "x"}}yes{{else}}no{{/eq}}`, `else` rendering the inverse) and as a
 * subexpression or plain mustache (`{{#if (eq A "x")}}`, `{{eq A "x"}}` → true/false). Semantics follow the
 * common handlebars-helpers library: `eq` is strict (===), `is`/`isnt` loose (==/!=); `ifNth a b` is true
 * when b is a multiple of a; the `unless*` helpers are the negations of their comparisons. Truthiness is
 * Handlebars' own: an empty array counts as false, like in `#if`.
 */
import type { HelperDelegate, HelperOptions } from "handlebars";

type Args = unknown[];

export function isOptions(v: unknown): v is HelperOptions {
  return typeof v === "object" && v !== null && "hash" in v && "data" in v;
}

/** Splits the helper call's arguments from the trailing options object. */
export function split(all: unknown[]): { args: Args; options: HelperOptions | undefined } {
  const last = all[all.length - 1];
  if (isOptions(last)) return { args: all.slice(0, -1), options: last };
  return { args: all, options: undefined };
}

export function truthy(v: unknown): boolean {
  if (Array.isArray(v)) return v.length > 0;
  return Boolean(v);
}

/** Renders the block or its inverse when used as a block helper, else returns the boolean. */
export function decide(self: unknown, cond: boolean, options: HelperOptions | undefined): unknown {
  if (options && typeof options.fn === "function") {
    return cond ? options.fn(self) : options.inverse(self);
  }
  return cond;
}

function predicate(test: (...args: Args) => boolean): HelperDelegate {
  return function (this: unknown, ...all: unknown[]) {
    const { args, options } = split(all);
    return decide(this, test(...args), options);
  };
}

const num = (v: unknown): number => (typeof v === "number" ? v : Number(v));
const isNum = (v: unknown): boolean => v !== null && v !== "" && Number.isFinite(num(v));

function compareOp(a: unknown, op: unknown, b: unknown): boolean {
  switch (op) {
    case "==":
      // biome-ignore lint/suspicious/noDoubleEquals: loose equality is the documented meaning of "=="
      return a == b;
    case "===":
      return a === b;
    case "!=":
      // biome-ignore lint/suspicious/noDoubleEquals: loose inequality is the documented meaning of "!="
      return a != b;
    case "!==":
      return a !== b;
    case "<":
      return num(a) < num(b);
    case ">":
      return num(a) > num(b);
    case "<=":
      return num(a) <= num(b);
    case ">=":
      return num(a) >= num(b);
    case "typeof":
      return typeof a === b;
    default:
      throw new Error(`compare: unknown operator ${JSON.stringify(op)}`);
  }
}

function contains(collection: unknown, value: unknown): boolean {
  if (typeof collection === "string") return collection.includes(String(value));
  if (Array.isArray(collection)) return collection.includes(value);
  if (collection && typeof collection === "object") return Object.values(collection).includes(value);
  return false;
}

function has(value: unknown, pattern?: unknown): boolean {
  if (pattern === undefined) return truthy(value);
  if (typeof value === "string" || Array.isArray(value)) return contains(value, pattern);
  if (value && typeof value === "object") return Object.hasOwn(value, String(pattern));
  return false;
}

export const LOGIC_HELPERS: Record<string, HelperDelegate> = {
  eq: predicate((a, b) => a === b),
  // biome-ignore lint/suspicious/noDoubleEquals: `is` is loose equality by definition
  is: predicate((a, b) => a == b),
  // biome-ignore lint/suspicious/noDoubleEquals: `isnt` is loose inequality by definition
  isnt: predicate((a, b) => a != b),
  gt: predicate((a, b) => num(a) > num(b)),
  gte: predicate((a, b) => num(a) >= num(b)),
  lt: predicate((a, b) => num(a) < num(b)),
  lte: predicate((a, b) => num(a) <= num(b)),
  compare: predicate((a, op, b) => compareOp(a, op, b)),
  and: predicate((...args) => args.length > 0 && args.every(truthy)),
  or: predicate((...args) => args.some(truthy)),
  not: predicate((a) => !truthy(a)),
  neither: predicate((a, b) => !truthy(a) && !truthy(b)),
  contains: predicate((c, v) => contains(c, v)),
  has: predicate((v, p) => has(v, p)),
  isTruthy: predicate((v) => truthy(v)),
  isFalsey: predicate((v) => !truthy(v)),
  ifEven: predicate((n) => isNum(n) && num(n) % 2 === 0),
  ifOdd: predicate((n) => isNum(n) && Math.abs(num(n) % 2) === 1),
  ifNth: predicate((a, b) => isNum(a) && isNum(b) && num(a) !== 0 && num(b) % num(a) === 0),
  unlessEq: predicate((a, b) => !(a === b)),
  unlessGt: predicate((a, b) => !(num(a) > num(b))),
  unlessGteq: predicate((a, b) => !(num(a) >= num(b))),
  unlessLt: predicate((a, b) => !(num(a) < num(b))),
  unlessLteq: predicate((a, b) => !(num(a) <= num(b))),
  /** `{{default VALUE "fallback"}}`: the first argument that is not null or undefined, else "". */
  default(...all: unknown[]) {
    const { args } = split(all);
    for (const a of args) if (a !== null && a !== undefined) return a;
    return "";
  },
};

/**
 * A response body that is one big JSON array (the statuses of every check: ~37 MB at 100,000 checks) read
 * as it arrives and parsed in slices (src/shared/json-slices.ts), each element checked against its schema,
 * handing the thread back between slices: a console that reads it answers a keystroke within a frame
 * instead of after one JSON.parse and one schema walk of the whole answer.
 *
 * An answer of few but huge elements (the alert channels: each holds its subscriptions, ~10,000 at 10,000
 * checks) names the member to read apart (`apart`): its array is read in slices too, each of its elements
 * checked by its own schema, and the element then checked with `[]` there and given the elements read.
 */
import { StringDecoder } from "node:string_decoder";
import type { z } from "zod";
import { JsonArraySlicer, type JsonSlice, JsonSliceError } from "../shared/json-slices.ts";

/** Why the body is not an array of the element's shape: `path` names the element (`[3].checkId`). */
export class ArrayShapeError extends Error {
  readonly path: string;
  constructor(path: string, message: string) {
    super(message);
    this.path = path;
  }
}

/** A member of each element read apart (ArrayReadOptions `apart`). */
export type ApartMember = {
  member: string;
  element: z.ZodType;
  each?: ((value: never, holder: number, index: number) => unknown) | undefined;
};

export type ArrayReadOptions = {
  /**
   * Text handed to JSON.parse at once (characters; default 16 K — ~100 statuses or ~60 checks, well under
   * a millisecond). A slice's parse lives until its last element is checked: at 64 K most of it outlived
   * two of the console's 1 MB nursery collections and was promoted to V8's old generation — 8–13 MB of a
   * full read of 10,000 statuses (a sampling heap profile), freed only by the next major collection; at
   * 16 K ~4 MB, and 0.8 MB with the bytes decoded a piece at a time and `each` (below) in place of a zod
   * transform (a closure and a pipe's result per element).
   */
  sliceChars?: number;
  /** Work between two yields to the event loop (ms, default 4): a key waits at most about this long. */
  budgetMs?: number;
  signal?: AbortSignal | undefined;
  /**
   * A member of each element (an object) read apart when it is an array: `member` its name, `element` the
   * schema of its elements. For an element schema that reads that member as a plain array of `element`
   * (nullish or not, no rule on the array as a whole): the element is checked with `[]` there, then given
   * the elements read — what it gives is what the schema gives for the whole element, an element that does
   * not fit is an error naming it (`[2].subscriptions[731].activated`). A member of that name that is not
   * an array is read with its element, as without `apart`. `each`: what is kept of each of the member's
   * elements as it is parsed (`holder`: its element's index in the array, `index`: its own in the member),
   * as `each` below.
   */
  apart?: ApartMember | undefined;
};

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The elements of the JSON array `body` carries, each parsed by `element` (its output kept), read in
 * slices. A body that is not JSON, not an array, or an element that does not fit is an ArrayShapeError.
 */
export async function readJsonArray<S extends z.ZodType, T = z.output<S>>(
  body: AsyncIterable<Uint8Array | string>,
  element: S,
  opts: ArrayReadOptions & {
    /**
     * What is kept of each element, applied as it is parsed (its slice's other objects then die young):
     * the console's summary of it, or the one it holds already when equal. Default: the element as parsed.
     */
    each?: ((value: z.output<S>) => T) | undefined;
  } = {},
): Promise<T[]> {
  const sliceChars = opts.sliceChars ?? 16_384;
  const budgetMs = opts.budgetMs ?? 4;
  const apart = opts.apart;
  const slicer = new JsonArraySlicer({ apart: apart?.member });
  const keepApart = apart?.each as ((value: unknown, holder: number, index: number) => unknown) | undefined;
  const decoder = new StringDecoder("utf8");
  const each = opts.each;
  const out: T[] = [];
  /** The elements of the member read apart of the element being read (its holder comes after them). */
  let held: unknown[] = [];
  let since = performance.now();

  const misfit = (at: string, issue: z.core.$ZodIssue | undefined) => {
    const rest = (issue?.path ?? []).map((k) => (typeof k === "number" ? `[${k}]` : `.${String(k)}`));
    return new ArrayShapeError(`${at}${rest.join("")}`, issue?.message ?? "invalid");
  };
  const parse = ({ kind, text }: JsonSlice) => {
    let values: unknown[];
    try {
      values = JSON.parse(text) as unknown[];
    } catch {
      throw new ArrayShapeError("", "body is not valid JSON");
    }
    if (kind === "apart" && apart) {
      for (const v of values) {
        const r = apart.element.safeParse(v);
        if (!r.success) throw misfit(`[${out.length}].${apart.member}[${held.length}]`, r.error.issues[0]);
        held.push(keepApart ? keepApart(r.data, out.length, held.length) : r.data);
      }
      return;
    }
    for (const v of values) {
      const r = element.safeParse(v);
      if (!r.success) throw misfit(`[${out.length}]`, r.error.issues[0]);
      const value = r.data;
      if (kind === "holder" && apart) {
        (value as Record<string, unknown>)[apart.member] = held;
        held = [];
      }
      out.push(each ? each(value) : (value as T));
    }
  };
  const scanned = <T>(step: () => T): T => {
    try {
      return step();
    } catch (e) {
      if (e instanceof JsonSliceError)
        throw new ArrayShapeError("", `body is not a JSON array (${e.message})`);
      throw e;
    }
  };
  const slices = async (final: boolean) => {
    for (;;) {
      const slice = scanned(() => (final ? slicer.end() : slicer.take(sliceChars)));
      if (slice === undefined) return;
      parse(slice);
      if (performance.now() - since >= budgetMs) {
        await yieldToLoop();
        opts.signal?.throwIfAborted();
        since = performance.now();
      }
    }
  };

  for await (const chunk of body) {
    // a big chunk in pieces: a slice is cut at the last comma of what was pushed. The bytes are decoded a
    // piece at a time (the decoder keeps a character cut between two pieces), so no text as long as the
    // chunk (64 KB) waits in a sliced string for its pieces to be parsed — long enough to be promoted
    // to V8's old generation with each one (~1.5 MB of a 10,000-status read)
    const size = chunk.length;
    for (let at = 0; at < size; at += sliceChars) {
      const piece =
        typeof chunk === "string"
          ? size <= sliceChars
            ? chunk
            : chunk.slice(at, at + sliceChars)
          : decoder.write(
              size <= sliceChars ? (chunk as Buffer) : (chunk as Buffer).subarray(at, at + sliceChars),
            );
      scanned(() => slicer.push(piece));
      await slices(false);
    }
  }
  const tail = decoder.end();
  if (tail) scanned(() => slicer.push(tail));
  await slices(true);
  return out;
}

/** The HTTP layer's types: what a caller passes (options, a request) and what it gets back or observes. */
import type { Dispatcher } from "undici";
import type { z } from "zod";
import type { ApartMember } from "./json-array-reader.ts";
import type { RateLimiter } from "./ratelimit.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE" | "PATCH" | "HEAD";
export type QueryValue =
  | string
  | number
  | boolean
  | undefined
  | null
  | readonly (string | number | boolean)[];
export type Query = Record<string, QueryValue>;

export type HttpOptions = {
  baseUrl: string;
  apiKey: string;
  accountId?: string | undefined;
  readOnly?: boolean | undefined;
  /** Per-attempt timeout (ms). Default 15 s. */
  timeoutMs?: number | undefined;
  /** Automatic retries after the first attempt. Default 3. */
  retries?: number | undefined;
  /** Base of the exponential backoff (ms). Default 250. */
  backoffBaseMs?: number | undefined;
  /** Longest Retry-After we sleep through inside one call (ms); longer ones surface as ApiError. Default 60 s. */
  maxRetryAfterMs?: number | undefined;
  limiter?: RateLimiter | undefined;
  dispatcher?: Dispatcher | undefined;
  userAgent?: string | undefined;
  /** Observer for in-flight counts and errors (status line). */
  onActivity?: ((e: HttpActivity) => void) | undefined;
};

/**
 * What the HTTP layer reports, attempt by attempt. `end.reached` says how the attempt ended: `answered` —
 * the service sent a response (any status: a 429 or a 500 is an answer); `unreachable` — no response
 * (refused, reset, DNS, timeout); `aborted` — the caller gave up. `error` follows when a request fails for
 * good (after its retries). `id` pairs an attempt's start with its end (unique per client).
 */
export type HttpActivity =
  | { kind: "start"; id: number; method: string; path: string }
  | {
      kind: "end";
      id: number;
      method: string;
      path: string;
      status: number;
      ms: number;
      reached: "answered" | "unreachable" | "aborted";
    }
  | { kind: "error"; method: string; path: string; error: Error };

export type RequestSpec<S extends z.ZodType | undefined = undefined> = {
  method: HttpMethod;
  path: string;
  query?: Query | undefined;
  body?: unknown;
  schema?: S;
  timeoutMs?: number | undefined;
  /** Override the retry count for this call (e.g. 0 for long-polls the caller loops itself). */
  retries?: number | undefined;
  signal?: AbortSignal | undefined;
  /**
   * The answer's bytes as they are (an image), not JSON: `data` is a Uint8Array of at most `maxBytes`
   * (a larger answer fails as a ResponseShapeError, read no further); `accept` is sent as Accept.
   */
  raw?: { maxBytes: number; accept: string } | undefined;
  /**
   * The answer is one JSON array, read as it arrives and parsed in slices, each element by this schema,
   * yielding to the event loop between slices (src/api/json-array-reader.ts): `data` is the elements.
   * `HttpClient.requestArray` sets it.
   */
  arrayOf?: z.ZodType | undefined;
  /** With `arrayOf`: what is kept of each element, applied as it is parsed (json-array-reader.ts `each`). */
  arrayEach?: ((value: never) => unknown) | undefined;
  /**
   * With `arrayOf`: a member of each element read apart, in slices too (json-array-reader.ts `apart`) —
   * for answers of few elements each holding a huge array (the alert channels' subscriptions).
   */
  arrayApart?: ApartMember | undefined;
  /**
   * A GET whose answer the client keeps with its `ETag`, if the server gives one, and asks for again with
   * `If-None-Match`: a `304 Not Modified` gives back the answer kept, the same `data` object (status 304,
   * the kept headers under the 304's own). A server that gives no ETag, or ignores If-None-Match, is
   * asked and read as without it. For answers read by `schema` or `arrayOf` (not `raw`).
   * HttpClient keeps the last answers of a few URLs (`REVALIDATE_KEPT`).
   */
  revalidate?: boolean | undefined;
  /**
   * An absolute URL to ask instead of base URL + `path` (an asset link a result names). The API key and
   * account header go with it only when it has the base URL's origin — never to another host.
   */
  url?: string | undefined;
};

export type HttpResponse<T> = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  data: T;
};

/**
 * The one HTTP layer every request goes through: base URL, auth headers, timeouts, retries with backoff,
 * the route-family rate limiter, read-only enforcement, error typing and response validation.
 *
 * Retry policy: idempotent methods (GET, PUT, DELETE, HEAD) are retried on network errors, timeouts,
 * 500/502/503/504 and 429. A POST is never retried automatically except on 429, where the server
 * refused it before doing anything. Retry-After is honoured (capped by `maxRetryAfterMs`).
 */
import type { Dispatcher } from "undici";
import type { z } from "zod";
import { errorCode, errorMessage } from "../shared/errors.ts";
import { sleep } from "../shared/sleep.ts";
import { USER_AGENT } from "../version.ts";
import {
  ApiError,
  NetworkError,
  ReadOnlyError,
  ResponseShapeError,
  redactSecrets,
  TimeoutError,
  type ValidationDetails,
} from "./errors.ts";
import type { HttpMethod, HttpOptions, HttpResponse, Query, RequestSpec } from "./http-types.ts";
import { ArrayShapeError, readJsonArray } from "./json-array-reader.ts";
import { policyOf, RateLimiter, routeFamily } from "./ratelimit.ts";
import { backoffMs, IDEMPOTENT_METHODS, isRetryableStatus, parseRetryAfter } from "./retry.ts";
import { Agent, request, errors as undiciErrors } from "./undici-core.ts";

export type {
  HttpActivity,
  HttpMethod,
  HttpOptions,
  HttpResponse,
  Query,
  QueryValue,
  RequestSpec,
} from "./http-types.ts";

/** Serialise a query object: arrays become repeated keys, undefined/null are dropped. */
export function buildQuery(query: Query | undefined): string {
  if (!query) return "";
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const item of v) p.append(k, String(item));
    else p.append(k, String(v));
  }
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** Readable path of the first zod issue, e.g. `entries[3].status`. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (acc, k) => (typeof k === "number" ? `${acc}[${k}]` : acc ? `${acc}.${String(k)}` : String(k)),
    "",
  );
}

/** Whether `url` has the origin (scheme, host, port) of `base`. */
export function sameOrigin(url: string, base: string): boolean {
  try {
    return new URL(url).origin === new URL(base).origin;
  } catch {
    return false;
  }
}

/** A body's bytes, or undefined (and the rest left unread) once it passes `max`. */
async function readBounded(
  body: Dispatcher.ResponseData["body"],
  max: number,
): Promise<Uint8Array | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > max) {
      body.destroy();
      return undefined;
    }
    chunks.push(chunk as Buffer);
  }
  return new Uint8Array(Buffer.concat(chunks, size));
}

/** How many URLs' answers a client keeps for `revalidate` (the alert channels list: 1 to 10 pages). */
export const REVALIDATE_KEPT = 32;

/** An answer kept for `revalidate`: the tag it came with, its headers and its data as validated. */
type Kept = { etag: string; headers: Record<string, string | string[] | undefined>; data: unknown };

export class HttpClient {
  #baseUrl: string;
  readonly accountId: string | undefined;
  readonly readOnly: boolean;
  readonly limiter: RateLimiter;
  readonly #apiKey: string;
  readonly #opts: HttpOptions;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  #inFlight = 0;
  /** The answers kept for `revalidate`, by URL, the last used last. */
  readonly #kept = new Map<string, Kept>();
  /** Attempts made so far (HttpActivity's `id`). */
  #attempts = 0;

  constructor(opts: HttpOptions) {
    this.#opts = opts;
    this.#baseUrl = opts.baseUrl.replace(/\/+$/, "");
    this.#apiKey = opts.apiKey;
    this.accountId = opts.accountId;
    this.readOnly = opts.readOnly ?? false;
    this.limiter = opts.limiter ?? new RateLimiter();
    this.#ownsDispatcher = !opts.dispatcher;
    this.#dispatcher = opts.dispatcher ?? new Agent({ connections: 8, keepAliveTimeout: 10_000 });
  }

  get baseUrl(): string {
    return this.#baseUrl;
  }

  /**
   * Talk to the same service at another address from the next request on (a local service that restarted
   * on a new port, src/cli/local-service.ts). Requests under way finish or fail where they went.
   */
  retarget(baseUrl: string): void {
    this.#baseUrl = baseUrl.replace(/\/+$/, "");
    // the answers kept for `revalidate` were the old address's: never asked again, dropped
    this.#kept.clear();
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  /** Masked form of the key, for display ("...abcd"). */
  get maskedKey(): string {
    return redactSecrets(this.#apiKey, [this.#apiKey]);
  }

  async close(): Promise<void> {
    if (this.#ownsDispatcher) await this.#dispatcher.close();
  }

  #redact(s: string): string {
    return redactSecrets(s, [this.#apiKey]);
  }

  async request<S extends z.ZodType | undefined = undefined>(
    spec: RequestSpec<S>,
  ): Promise<HttpResponse<S extends z.ZodType ? z.output<S> : unknown>> {
    const { method, path } = spec;
    if (this.readOnly && method !== "GET" && method !== "HEAD") throw new ReadOnlyError(method, path);
    const family = routeFamily(method, path);
    const retries = spec.retries ?? this.#opts.retries ?? 3;
    const canRetryAll = IDEMPOTENT_METHODS.has(method);
    const maxRetryAfter = this.#opts.maxRetryAfterMs ?? 60_000;
    const timeoutMs = spec.timeoutMs ?? this.#opts.timeoutMs ?? 15_000;
    const url = spec.url ?? `${this.baseUrl}${path}${buildQuery(spec.query)}`;

    for (let attempt = 0; ; attempt++) {
      await this.limiter.acquire(family, spec.signal);
      let outcome: { retryIn?: number; error: Error } | { value: HttpResponse<unknown> };
      try {
        outcome = { value: await this.#once(method, path, url, spec, timeoutMs) };
      } catch (e) {
        const err = e instanceof Error ? e : new Error(errorMessage(e));
        let retryIn: number | undefined;
        if (err instanceof ApiError && isRetryableStatus(err.status)) {
          if (err.status === 429) this.limiter.pause(family, err.retryAfterMs ?? backoffMs(attempt));
          const allowed = canRetryAll || err.status === 429;
          if (allowed && (err.retryAfterMs ?? 0) <= maxRetryAfter)
            retryIn = err.retryAfterMs ?? backoffMs(attempt, this.#opts.backoffBaseMs);
        } else if ((err instanceof NetworkError || err instanceof TimeoutError) && canRetryAll) {
          retryIn = backoffMs(attempt, this.#opts.backoffBaseMs);
        }
        outcome = { error: err, ...(retryIn !== undefined ? { retryIn } : {}) };
      }
      if ("value" in outcome) return outcome.value as HttpResponse<never>;
      if (outcome.retryIn === undefined || attempt >= retries || spec.signal?.aborted) {
        this.#opts.onActivity?.({ kind: "error", method, path, error: outcome.error });
        throw outcome.error;
      }
      await sleep(outcome.retryIn, spec.signal);
    }
  }

  /**
   * A request whose answer is one big JSON array (every check's status): parsed in slices as it arrives,
   * each element checked by `element`, the thread handed back between slices — a console reading 100,000
   * statuses still answers a key within a frame. `spec.arrayApart` reads a member of each element in
   * slices too (the alert channels' subscriptions); `spec.revalidate` keeps the elements for a 304. The
   * rest as `request`.
   */
  async requestArray<E extends z.ZodType, T = z.output<E>>(
    spec: Omit<RequestSpec, "schema" | "raw" | "arrayOf" | "arrayEach">,
    element: E,
    each?: (value: z.output<E>) => T,
  ): Promise<HttpResponse<T[]>> {
    const res = await this.request({ ...spec, arrayOf: element, arrayEach: each });
    return res as HttpResponse<T[]>;
  }

  async #once(
    method: HttpMethod,
    path: string,
    url: string,
    spec: RequestSpec<z.ZodType | undefined>,
    timeoutMs: number,
  ): Promise<HttpResponse<unknown>> {
    // the key goes only to the service's own origin (an absolute `spec.url` elsewhere gets none)
    const own = !spec.url || sameOrigin(spec.url, this.baseUrl);
    const headers: Record<string, string> = {
      ...(own ? { authorization: `Bearer ${this.#apiKey}` } : {}),
      accept: spec.raw?.accept ?? "application/json",
      "user-agent": this.#opts.userAgent ?? USER_AGENT,
    };
    if (this.accountId && own) headers["x-service-account"] = this.accountId;
    const revalidate = spec.revalidate === true && method === "GET" && !spec.raw;
    const kept = revalidate ? this.#kept.get(url) : undefined;
    if (kept) headers["if-none-match"] = kept.etag;
    let body: string | undefined;
    if (spec.body !== undefined) {
      body = JSON.stringify(spec.body);
      headers["content-type"] = "application/json";
    }
    // a timer cleared when the request ends (AbortSignal.timeout's stays armed until it fires: at 100,000
    // checks a burst of them expiring together held the console's loop ~20 ms)
    const clock = new AbortController();
    const timer = setTimeout(() => clock.abort(new DOMException("timeout", "TimeoutError")), timeoutMs);
    timer.unref?.();
    const timeout = clock.signal;
    const signal = spec.signal ? AbortSignal.any([spec.signal, timeout]) : timeout;
    const started = performance.now();
    this.#inFlight++;
    const id = ++this.#attempts;
    this.#opts.onActivity?.({ kind: "start", id, method, path });
    let status = 0;
    try {
      const res = await request(url, { method, headers, body, signal, dispatcher: this.#dispatcher });
      status = res.statusCode;
      const respHeaders = res.headers as Record<string, string | string[] | undefined>;
      const stated = policyOf(respHeaders["ratelimit-policy"]);
      if (stated && own) this.limiter.adopt(routeFamily(method, path), stated);
      // "not modified" since the answer kept (a 304 to a request that held none is an error, as before)
      if (status === 304 && kept) {
        await res.body.dump();
        this.#keep(url, kept);
        return { status, headers: { ...kept.headers, ...respHeaders }, data: kept.data };
      }
      if (spec.raw && status >= 200 && status <= 299) {
        const bytes = await readBounded(res.body, spec.raw.maxBytes);
        if (!bytes)
          throw new ResponseShapeError(method, path, "", `answer larger than ${spec.raw.maxBytes} bytes`);
        return { status, headers: respHeaders, data: bytes };
      }
      if (spec.arrayOf && status >= 200 && status <= 299) {
        try {
          const data = await readJsonArray(res.body, spec.arrayOf, {
            signal,
            each: spec.arrayEach as ((value: unknown) => unknown) | undefined,
            apart: spec.arrayApart,
          });
          if (revalidate) this.#keepTagged(url, respHeaders, data);
          return { status, headers: respHeaders, data };
        } catch (e) {
          if (e instanceof ArrayShapeError)
            throw new ResponseShapeError(method, path, e.path, this.#redact(e.message));
          throw e;
        }
      }
      const text = await res.body.text();
      if (status < 200 || status > 299) throw this.#apiError(method, path, status, text, respHeaders);
      let data: unknown;
      if (text.length === 0 || status === 204) data = undefined;
      else {
        try {
          data = JSON.parse(text);
        } catch {
          throw new ResponseShapeError(method, path, "", "body is not valid JSON");
        }
      }
      if (spec.schema) {
        const parsed = spec.schema.safeParse(data);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new ResponseShapeError(
            method,
            path,
            issuePath(issue?.path ?? []),
            this.#redact(issue?.message ?? "invalid"),
          );
        }
        data = parsed.data;
      }
      if (revalidate) this.#keepTagged(url, respHeaders, data);
      return { status, headers: respHeaders, data };
    } catch (e) {
      throw this.#classify(e, method, path, timeoutMs, timeout, spec.signal);
    } finally {
      clearTimeout(timer);
      this.#inFlight--;
      const reached = status > 0 ? "answered" : spec.signal?.aborted ? "aborted" : "unreachable";
      this.#opts.onActivity?.({
        kind: "end",
        id,
        method,
        path,
        status,
        ms: performance.now() - started,
        reached,
      });
    }
  }

  /** Keeps an answer of `url` read in full for `revalidate` when it came with an ETag; forgets it if not. */
  #keepTagged(url: string, headers: Record<string, string | string[] | undefined>, data: unknown): void {
    const etag = headers.etag;
    if (typeof etag === "string" && etag !== "") this.#keep(url, { etag, headers, data });
    else this.#kept.delete(url);
  }

  /** Keeps `kept` as the answer of `url`, the last used last; the oldest go past REVALIDATE_KEPT. */
  #keep(url: string, kept: Kept): void {
    this.#kept.delete(url);
    this.#kept.set(url, kept);
    for (const oldest of this.#kept.keys()) {
      if (this.#kept.size <= REVALIDATE_KEPT) break;
      this.#kept.delete(oldest);
    }
  }

  #apiError(
    method: string,
    path: string,
    status: number,
    text: string,
    headers: Record<string, string | string[] | undefined>,
  ): ApiError {
    let parsed: { message?: unknown; error?: unknown; validation?: ValidationDetails } | undefined;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const msg =
      typeof parsed?.message === "string"
        ? parsed.message
        : typeof parsed?.error === "string"
          ? parsed.error
          : text.trim().slice(0, 200) || `HTTP ${status}`;
    const retryAfterMs = parseRetryAfter(headers["retry-after"]);
    return new ApiError({
      status,
      serverMessage: this.#redact(msg.replace(/\s+/g, " ")),
      method,
      path,
      ...(parsed?.validation ? { validation: parsed.validation } : {}),
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      body: parsed,
    });
  }

  #classify(
    e: unknown,
    method: string,
    path: string,
    timeoutMs: number,
    timeout: AbortSignal,
    caller?: AbortSignal,
  ): Error {
    if (e instanceof ApiError || e instanceof ResponseShapeError) return e;
    if (caller?.aborted) return caller.reason instanceof Error ? caller.reason : new Error("aborted");
    if (
      timeout.aborted ||
      e instanceof undiciErrors.HeadersTimeoutError ||
      e instanceof undiciErrors.BodyTimeoutError
    )
      return new TimeoutError(method, path, timeoutMs);
    // undici's fetch-style errors carry the system error (ECONNREFUSED…) as their cause
    const cause = e instanceof Error ? e.cause : undefined;
    const code = errorCode(e) ?? errorCode(cause);
    const reason = this.#redact(cause instanceof Error ? cause.message : errorMessage(e));
    return new NetworkError(method, path, reason, code);
  }
}

/**
 * One HTTP attempt for the HTTP-based transports (webhook, chat, paging, oncall, sms, call): undici, no
 * redirects followed, the whole exchange bounded by the attempt timeout. Success is a status below 400;
 * a status above 399, a network error or no answer in time is a failed (retryable) attempt.
 */
import { errorCode, errorMessage } from "../../../shared/errors.ts";
import { DELIVERY_ID_HEADER, TIMESTAMP_HEADER } from "../../../shared/webhook/sign.ts";
import type { SendContext, SendResult } from "./types.ts";

export type HttpAttempt = {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | undefined;
};

/**
 * undici's `request`, loaded on the first delivery, not at every service start (undici is ~700 KB). In the
 * bundle (dist/, split at dynamic imports) the import of this CommonJS package is a namespace with only its
 * `default` (module.exports), not the named exports Node gives from source: read it from either.
 */
async function undiciRequest(): Promise<typeof import("undici").request> {
  const mod = await import("undici");
  const request = typeof mod.request === "function" ? mod.request : mod.default?.request;
  if (typeof request !== "function") throw new Error("undici's request could not be loaded");
  return request;
}

export async function httpAttempt(req: HttpAttempt, ctx: SendContext): Promise<SendResult> {
  const timeout = AbortSignal.timeout(ctx.config.attemptTimeoutMs);
  const signal = AbortSignal.any([timeout, ctx.signal]);
  try {
    const method = req.method.toUpperCase();
    const request = await undiciRequest();
    const res = await request(req.url, {
      method,
      headers: req.headers,
      body: method === "GET" || method === "HEAD" ? undefined : req.body,
      signal,
      headersTimeout: ctx.config.attemptTimeoutMs,
      bodyTimeout: ctx.config.attemptTimeoutMs,
    });
    await res.body.dump().catch(() => undefined);
    if (res.statusCode < 400) return { ok: true, status: res.statusCode, info: `HTTP ${res.statusCode}` };
    return {
      ok: false,
      status: res.statusCode,
      error: `HTTP ${res.statusCode}`,
      rateLimited: res.statusCode === 429,
    };
  } catch (err) {
    if (timeout.aborted) return { ok: false, error: `no answer within ${ctx.config.attemptTimeoutMs} ms` };
    if (ctx.signal.aborted)
      return { ok: false, error: "interrupted: the service stopped during the attempt" };
    return { ok: false, error: `network error: ${errorCode(err) ?? errorMessage(err)}` };
  }
}

/** A JSON POST with the delivery headers every transport sends (timestamp, stable delivery id). */
export function postJson(
  url: string,
  body: string,
  ctx: SendContext,
  extraHeaders: Record<string, string> = {},
): Promise<SendResult> {
  return httpAttempt(
    {
      url,
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...extraHeaders,
        [TIMESTAMP_HEADER]: String(ctx.now()),
        [DELIVERY_ID_HEADER]: ctx.deliveryId,
      },
      body,
    },
    ctx,
  );
}

/**
 * Typed client errors. Every error carries a one-line human message (`message`) that is safe to print:
 * it never contains the API key (the http layer passes messages through `redactSecrets`).
 */

import { VigilError } from "../contract/errors.ts";
import { maskSecret } from "../contract/secrets.ts";

export type ValidationDetails = { source?: string; keys?: string[] };

/** The server answered with a non-2xx status. */
export class ApiError extends VigilError {
  override name = "ApiError";
  readonly status: number;
  readonly serverMessage: string;
  readonly method: string;
  readonly path: string;
  readonly validation: ValidationDetails | undefined;
  readonly retryAfterMs: number | undefined;
  readonly body: unknown;
  constructor(init: {
    status: number;
    serverMessage: string;
    method: string;
    path: string;
    validation?: ValidationDetails;
    retryAfterMs?: number;
    body?: unknown;
  }) {
    const v = init.validation;
    const keys = v?.keys?.length ? ` [${v.source ?? "payload"}: ${v.keys.join(", ")}]` : "";
    super(`${init.method} ${init.path} failed: ${init.status} ${init.serverMessage}${keys}`);
    this.status = init.status;
    this.serverMessage = init.serverMessage;
    this.method = init.method;
    this.path = init.path;
    this.validation = v;
    this.retryAfterMs = init.retryAfterMs;
    this.body = init.body;
  }
}

/** The request never got an HTTP answer (refused, reset, DNS, TLS...). */
export class NetworkError extends VigilError {
  override name = "NetworkError";
  readonly code: string | undefined;
  constructor(method: string, path: string, reason: string, code?: string) {
    super(`${method} ${path} failed: network error: ${reason}`);
    this.code = code;
  }
}

/** No complete answer within the request's time budget. */
export class TimeoutError extends VigilError {
  override name = "TimeoutError";
  readonly timeoutMs: number;
  constructor(method: string, path: string, timeoutMs: number) {
    super(`${method} ${path} failed: no answer within ${(timeoutMs / 1000).toFixed(1)} s`);
    this.timeoutMs = timeoutMs;
  }
}

/** The server answered 2xx but the body does not have the shape we rely on. */
export class ResponseShapeError extends VigilError {
  override name = "ResponseShapeError";
  readonly fieldPath: string;
  constructor(method: string, path: string, fieldPath: string, problem: string) {
    super(`${method} ${path}: unexpected response shape at ${fieldPath || "(root)"}: ${problem}`);
    this.fieldPath = fieldPath;
  }
}

/** A mutating request was refused locally because the client is read-only. Nothing was sent. */
export class ReadOnlyError extends VigilError {
  override name = "ReadOnlyError";
  constructor(method: string, path: string) {
    super(`read-only mode: refusing ${method} ${path} (nothing was sent)`);
  }
}

/** Bad arguments given by the caller, detected before any request (client-side validation). */
export class UsageError extends VigilError {
  override name = "UsageError";
  override readonly exitCode: number = 2;
}

/** Replace every occurrence of each secret in `text` by its mask. */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) {
    if (s && s.length >= 4) out = out.split(s).join(maskSecret(s));
  }
  return out;
}

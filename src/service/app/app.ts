/**
 * The embedded service's Hono app: a body limit on every route (413 in the hosted error shape, from the
 * Content-Length header before anything is read, else as soon as the streamed body passes the limit —
 * never buffered beyond it), bearer-key auth on /v1 and /v2, `x-service-account` → `accountId`, the
 * registered route modules, the quota it asks of clients (RATE_LIMIT_POLICY), and one error handler that answers every failure in the hosted error shape
 * (`{statusCode, error, message, validation?}`), including unknown routes (404), bad JSON (400), a body
 * that is not JSON (415, validate.ts) and a corrupt database (500 naming the file, logged once).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { errorMessage } from "../../shared/errors.ts";
import type { RouteModule, ServiceApp, ServiceContext, ServiceEnv } from "../context.ts";
import { isCorruption } from "../db/data-dir.ts";
import { ServiceError } from "../errors.ts";
import { zodToServiceError } from "./validate.ts";

export type AppOptions = {
  apiKey: string;
  /** accountId echoed when a request carries no `x-service-account`. */
  defaultAccountId: string;
  modules: RouteModule[];
  /** Where unexpected errors are reported (never with request bodies or headers). */
  logError?: (err: unknown) => void;
  /** The database file, named in the 500 of a corrupt read. */
  databaseFile?: string;
  /** Largest request body accepted, in bytes (default 1 MiB). */
  maxBodyBytes?: number;
};

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * Constant-time comparison of the presented bearer token with the service key (both hashed first, so the
 * comparison length never depends on the secret).
 */
export function tokenMatches(header: string | undefined, keyDigest: Buffer): boolean {
  if (!header) return false;
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!m?.[1]) return false;
  return timingSafeEqual(digest(m[1].trim()), keyDigest);
}

/**
 * Stated on every /v1 and /v2 answer (`RateLimit-Policy`, IETF httpapi ratelimit-headers): 6,000 requests a
 * minute. The service refuses nothing over it (only pings are limited, ping.ts); it is what a client
 * should keep to in place of the hosted limits, which would hold a 100,000-check list for a minute.
 */
export const RATE_LIMIT_POLICY = '"local";q=6000;w=60';

const AGENT_RESULT_PATH = /^\/agent\/v1\/jobs\/[^/]+\/result$/;

export function createApp(ctx: ServiceContext, opts: AppOptions): ServiceApp {
  const app = new Hono<ServiceEnv>();
  const keyDigest = digest(opts.apiKey);
  const maxBody = opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

  // an agent's run result may carry a screenshot: that one path has its own, larger limit (agent-api.ts)
  const limit = bodyLimit({
    maxSize: maxBody,
    onError: (c) => {
      // close the connection: the rest of an oversized upload is not read
      c.header("Connection", "close");
      const e = new ServiceError(413, `Payload content length greater than maximum allowed: ${maxBody}`);
      return c.json(e.toBody(), 413);
    },
  });
  app.use("*", (c, next) => (AGENT_RESULT_PATH.test(c.req.path) ? next() : limit(c, next)));

  const auth: MiddlewareHandler<ServiceEnv> = async (c, next) => {
    if (!tokenMatches(c.req.header("authorization"), keyDigest)) {
      return c.json({ statusCode: 401, error: "Unauthorized", message: "Bad Token" }, 401);
    }
    const account = c.req.header("x-service-account")?.trim();
    c.set("accountId", account ? account : opts.defaultAccountId);
    await next();
  };
  app.use("/v1/*", auth);
  app.use("/v2/*", auth);
  // the quota this service asks of a client, per route family (the client keeps to it, api/ratelimit.ts):
  // well above the hosted 600 a minute, so a console reads 100,000 checks (1,000 pages) at once
  const stated: MiddlewareHandler<ServiceEnv> = async (c, next) => {
    await next();
    c.header("RateLimit-Policy", RATE_LIMIT_POLICY);
  };
  app.use("/v1/*", stated);
  app.use("/v2/*", stated);
  app.use("/ping/*", async (c, next) => {
    c.set("accountId", opts.defaultAccountId);
    await next();
  });

  for (const m of opts.modules) m.register(app, ctx);

  app.notFound((c) => c.json({ statusCode: 404, error: "Not Found", message: "Not Found" }, 404));
  let corruptionLogged = false;
  app.onError((err, c) => {
    let e: ServiceError;
    if (err instanceof ServiceError) e = err;
    else if (err instanceof z.ZodError) e = zodToServiceError(err, undefined, "payload");
    else if (isCorruption(err)) {
      // Loud, once in the log, on every answer: the operator must restore the file.
      const what = `The database ${opts.databaseFile ?? "file"} is corrupt (${errorMessage(err)})`;
      if (!corruptionLogged) opts.logError?.(new Error(`${what}: stop the service and restore a backup`));
      corruptionLogged = true;
      e = new ServiceError(500, what);
    } else {
      opts.logError?.(err);
      e = new ServiceError(500, "An internal server error occurred");
    }
    for (const [k, v] of Object.entries(e.headers)) c.header(k, v);
    return c.json(e.toBody(), e.status);
  });
  return app;
}

/**
 * The HTTP check shared by the URL and API runners: builds the request from the hosted `request` object
 * (api-notes §3.1), performs it with phase timings, evaluates assertions and shapes `apiCheckResult`.
 */

import { errorMessage as messageOf } from "../../shared/errors.ts";
import { isObject, objectIn, stringIn } from "../../shared/json.ts";
import { type Assertion, evaluate, jsonPath, parseAssertions } from "./assertions.ts";
import { httpRequest } from "./http-request.ts";
import {
  errorOutcome,
  type RunContext,
  type RunOutcome,
  r2,
  type SyntheticDraw,
  type SyntheticRun,
} from "./types.ts";

export type HttpApiOptions = { forceMethod?: string; followRedirectsDefault: boolean };

function keyValues(v: unknown): [string, string][] {
  if (!Array.isArray(v)) return [];
  return v
    .filter(isObject)
    .filter((kv) => typeof kv.key === "string" && kv.key !== "")
    .map((kv) => [String(kv.key), kv.value === undefined || kv.value === null ? "" : String(kv.value)]);
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function runHttpCheck(ctx: RunContext, opts: HttpApiOptions): Promise<RunOutcome> {
  const request = objectIn(ctx.check.doc, "request") ?? {};
  const rawUrl = typeof request.url === "string" ? request.url : "";
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return errorOutcome(`invalid request URL: ${JSON.stringify(rawUrl)}`);
  }
  for (const [k, v] of keyValues(request.queryParameters)) url.searchParams.append(k, v);
  const method = (
    opts.forceMethod ?? (typeof request.method === "string" ? request.method : "GET")
  ).toUpperCase();
  const headers: Record<string, string> = { "user-agent": "vigil-embedded-runner/1" };
  for (const [k, v] of keyValues(request.headers)) headers[k.toLowerCase()] = v;
  const basicAuth = objectIn(request, "basicAuth") ?? {};
  const user = stringIn(basicAuth, "username");
  if (user) {
    headers.authorization = `Basic ${Buffer.from(`${user}:${stringIn(basicAuth, "password") ?? ""}`).toString("base64")}`;
  }
  const body =
    typeof request.body === "string" && method !== "GET" && method !== "HEAD" ? request.body : undefined;
  if (body && !headers["content-type"]) {
    const bodyType = typeof request.bodyType === "string" ? request.bodyType : "";
    if (bodyType === "JSON") headers["content-type"] = "application/json";
    else if (bodyType === "FORM") headers["content-type"] = "application/x-www-form-urlencoded";
    else if (bodyType === "GRAPHQL") headers["content-type"] = "application/json";
    else headers["content-type"] = "text/plain";
  }
  const followRedirects =
    typeof request.followRedirects === "boolean" ? request.followRedirects : opts.followRedirectsDefault;
  const requestInfo = {
    method,
    url: url.toString(),
    data: body ?? "",
    headers,
    params: Object.fromEntries(url.searchParams),
  };

  let res: Awaited<ReturnType<typeof httpRequest>>;
  try {
    res = await httpRequest({
      method,
      url: url.toString(),
      headers,
      body,
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
      skipSSL: request.skipSSL === true,
      proxyUrl: ctx.proxyUrl,
      followRedirects,
    });
  } catch (err) {
    const message = messageOf(err);
    const out = errorOutcome(`request failed: ${message}`);
    out.detail = {
      apiCheckResult: { assertions: [], request: requestInfo, response: null, requestError: message },
    };
    return out;
  }

  const assertions = parseAssertions(request.assertions);
  let json: unknown;
  let jsonParsed = false;
  const resolve = (a: Assertion): unknown => {
    switch (a.source) {
      case "STATUS_CODE":
        return res.status;
      case "JSON_BODY":
        if (!jsonParsed) {
          json = parseBody(res.body);
          jsonParsed = true;
        }
        return jsonPath(json, a.property ?? "$");
      case "HEADERS":
        return a.property ? res.headers[a.property.toLowerCase()] : res.headers;
      case "TEXT_BODY":
        return res.body;
      case "RESPONSE_TIME":
        return res.phases.total;
      default:
        return undefined;
    }
  };
  const evaluated = evaluate(assertions, resolve);
  const failed = assertions.length > 0 ? evaluated.failed : res.status >= 400;
  const failedAssertion = evaluated.results.find((r) => !r.passed);
  const errorMessage = failed
    ? failedAssertion
      ? `assertion failed: ${failedAssertion.error}`
      : `HTTP ${res.status} ${res.statusText}`.trim()
    : null;
  const { wait, dns, tcp, firstByte, download, total } = res.phases;
  return {
    hasFailures: failed,
    hasErrors: false,
    responseTime: total,
    statusCode: res.status,
    errorMessage,
    metrics: { wait, dns, tcp, firstByte, download },
    detail: {
      apiCheckResult: {
        assertions: evaluated.results,
        request: requestInfo,
        response: {
          status: res.status,
          statusText: res.statusText,
          body: res.body,
          headers: res.headers,
          timingPhases: res.phases,
        },
        requestError: null,
      },
    },
  };
}

/**
 * The demo's run of an HTTP check (URL and API): its phases, each with its own behaviour, and their sum
 * as the response time — DNS mostly answered from a cache (a miss now and then), the connection the
 * network's round trip (steady), the first byte the server's time (the check's daily wave and spikes),
 * the download the body's transfer.
 */
export function httpDemo({ base, scale, jitter, chance, failed }: SyntheticDraw): SyntheticRun {
  const wait = r2(0.4 * jitter(0.6));
  const dns = r2(chance(0.04) ? 15 + 25 * jitter(0.8) : 1.5 * jitter(0.5));
  const tcp = r2(base * 0.06 * jitter(0.3));
  const firstByte = r2(base * 0.8 * scale);
  const download = r2(base * 0.1 * jitter(0.7));
  return {
    responseTime: r2(wait + dns + tcp + firstByte + download),
    statusCode: failed ? 500 : 200,
    failed,
    metrics: { wait, dns, tcp, firstByte, download },
  };
}

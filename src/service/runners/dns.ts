/**
 * DNS check: queries `request.query` for `request.recordType` (default A) with node:dns's Resolver against
 * `request.nameServer`:`request.port` (default the system resolver, port 53). Assertions: RESPONSE_CODE
 * (NOERROR, NXDOMAIN, SERVFAIL, REFUSED, ...), TEXT_ANSWER (answers joined by newlines), JSON_ANSWER (path into
 * the answer list) and RESPONSE_TIME. Without assertions a NOERROR answer with records passes.
 */

import { Resolver } from "node:dns/promises";
import net from "node:net";
import { errorCode, errorMessage } from "../../shared/errors.ts";
import { objectIn } from "../../shared/json.ts";
import { evaluate, jsonPath, parseAssertions } from "./assertions.ts";
import {
  type CheckTypeService,
  errorOutcome,
  type RunContext,
  type Runner,
  type RunOutcome,
  r2,
  type SyntheticDraw,
  type SyntheticRun,
} from "./types.ts";

const round = (n: number) => Math.max(0, Math.round(n * 100) / 100);

const CODES: Record<string, string> = {
  ENOTFOUND: "NXDOMAIN",
  ENODATA: "NOERROR",
  ESERVFAIL: "SERVFAIL",
  EREFUSED: "REFUSED",
  ENOTIMP: "NOTIMP",
  EFORMERR: "FORMERR",
  EBADRESP: "FORMERR",
};

function answerText(records: unknown[]): string {
  return records
    .map((r) => {
      if (typeof r === "string") return r;
      if (Array.isArray(r)) return r.join("");
      if (r && typeof r === "object") return Object.values(r).join(" ");
      return String(r);
    })
    .join("\n");
}

async function run(ctx: RunContext): Promise<RunOutcome> {
  const request = objectIn(ctx.check.doc, "request") ?? {};
  const query = typeof request.query === "string" ? request.query : "";
  if (!query) return errorOutcome("DNS check needs request.query");
  const recordType = (typeof request.recordType === "string" ? request.recordType : "A").toUpperCase();
  const resolver = new Resolver({ timeout: Math.max(100, ctx.timeoutMs), tries: 1 });
  const nameServer =
    typeof request.nameServer === "string" && request.nameServer ? request.nameServer : undefined;
  if (nameServer) {
    const port = Number(request.port ?? 53) || 53;
    resolver.setServers([net.isIPv6(nameServer) ? `[${nameServer}]:${port}` : `${nameServer}:${port}`]);
  }
  const onAbort = () => resolver.cancel();
  ctx.signal.addEventListener("abort", onAbort, { once: true });
  const t0 = performance.now();
  let records: unknown[] = [];
  let rcode = "NOERROR";
  let failure: string | null = null;
  try {
    const answer = await resolver.resolve(query, recordType);
    records = Array.isArray(answer) ? answer : [answer]; // SOA answers one record, not a list
  } catch (err) {
    const code = errorCode(err) ?? "";
    const mapped = CODES[code];
    if (mapped) rcode = mapped;
    else failure = `DNS query failed: ${code || errorMessage(err)}`;
  } finally {
    ctx.signal.removeEventListener("abort", onAbort);
  }
  const total = round(performance.now() - t0);
  if (failure) return errorOutcome(failure, total);
  const assertions = parseAssertions(request.assertions);
  const text = answerText(records);
  const evaluated = evaluate(assertions, (a) => {
    switch (a.source) {
      case "RESPONSE_CODE":
        return rcode;
      case "TEXT_ANSWER":
        return text;
      case "JSON_ANSWER":
        return jsonPath(records, a.property ?? "$");
      case "RESPONSE_TIME":
        return total;
      default:
        return undefined;
    }
  });
  const failed = assertions.length > 0 ? evaluated.failed : rcode !== "NOERROR" || records.length === 0;
  const bad = evaluated.results.find((r) => !r.passed);
  return {
    hasFailures: failed,
    hasErrors: false,
    responseTime: total,
    errorMessage: failed
      ? bad
        ? `assertion failed: ${bad.error}`
        : `DNS answer ${rcode} with ${records.length} records`
      : null,
    metrics: { total },
    detail: {
      dnsCheckResult: {
        query,
        recordType,
        nameServer: nameServer ?? null,
        rcode,
        answers: records,
        assertions: evaluated.results,
      },
    },
  };
}

export const dnsRunner: Runner = { run };

/** The demo's DNS run: a total time. */
function demo({ base, scale, failed }: SyntheticDraw): SyntheticRun {
  const total = r2((base / 8) * scale);
  return { responseTime: total, statusCode: null, failed, metrics: { total } };
}

export const dns: CheckTypeService = { runner: dnsRunner, demo };

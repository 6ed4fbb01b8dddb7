/**
 * TCP check: resolves `request.hostname`, connects to `request.port`, optionally writes `request.data` and
 * waits for an answer. Metrics: dns, connection, data (write → first answer bytes, quiet period ends it),
 * total. Assertions: RESPONSE_DATA (text received) and RESPONSE_TIME (total).
 */

import { lookup } from "node:dns/promises";
import net from "node:net";
import { errorMessage } from "../../shared/errors.ts";
import { objectIn } from "../../shared/json.ts";
import { evaluate, parseAssertions } from "./assertions.ts";
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
/** After the first answer bytes, wait this long for more before closing. */
const QUIET_MS = 50;

async function run(ctx: RunContext): Promise<RunOutcome> {
  const request = objectIn(ctx.check.doc, "request") ?? {};
  const hostname = typeof request.hostname === "string" ? request.hostname : "";
  const port = typeof request.port === "number" ? request.port : Number(request.port);
  if (!hostname || !Number.isInteger(port) || port <= 0 || port > 65535) {
    return errorOutcome("TCP check needs request.hostname and a port 1-65535");
  }
  const data = typeof request.data === "string" && request.data !== "" ? request.data : undefined;
  const t0 = performance.now();
  let address: string;
  try {
    address = net.isIP(hostname) ? hostname : (await lookup(hostname)).address;
  } catch (err) {
    return errorOutcome(
      `DNS lookup of ${hostname} failed: ${errorMessage(err)}`,
      round(performance.now() - t0),
    );
  }
  const tDns = performance.now();
  return new Promise<RunOutcome>((resolve) => {
    let tConnect = tDns;
    let tWrite = tDns;
    let received = "";
    let settled = false;
    let quiet: NodeJS.Timeout | undefined;
    const socket = net.connect({ host: address, port, signal: ctx.signal });
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(quiet);
      socket.destroy();
      const tEnd = performance.now();
      const total = round(tEnd - t0);
      if (error) {
        const out = errorOutcome(error, total);
        out.metrics = { dns: round(tDns - t0) };
        out.detail = { tcpCheckResult: { address, port, timings: { dns: round(tDns - t0), total } } };
        resolve(out);
        return;
      }
      const assertions = parseAssertions(request.assertions);
      const evaluated = evaluate(assertions, (a) =>
        a.source === "RESPONSE_TIME" ? total : a.source === "RESPONSE_DATA" ? received : undefined,
      );
      const bad = evaluated.results.find((r) => !r.passed);
      resolve({
        hasFailures: evaluated.failed,
        hasErrors: false,
        responseTime: total,
        errorMessage: bad ? `assertion failed: ${bad.error}` : null,
        metrics: {
          dns: round(tDns - t0),
          connection: round(tConnect - tDns),
          data: data ? round(tEnd - tWrite) : 0,
          total,
        },
        detail: {
          tcpCheckResult: {
            address,
            port,
            response: received,
            assertions: evaluated.results,
            // the phases in ms, as the metrics say (the result view's "connect time")
            timings: {
              dns: round(tDns - t0),
              connection: round(tConnect - tDns),
              data: data ? round(tEnd - tWrite) : 0,
              total,
            },
          },
        },
      });
    };
    const timer = setTimeout(() => finish(`timed out after ${ctx.timeoutMs} ms`), ctx.timeoutMs);
    socket.once("connect", () => {
      tConnect = performance.now();
      if (!data) {
        finish(null);
        return;
      }
      tWrite = performance.now();
      socket.write(data);
    });
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("utf8");
      clearTimeout(quiet);
      quiet = setTimeout(() => finish(null), QUIET_MS);
    });
    socket.once("end", () => finish(null));
    socket.once("error", (err) => finish(`connection to ${hostname}:${port} failed: ${err.message}`));
  });
}

export const tcpRunner: Runner = { run };

/**
 * The demo's TCP run: DNS (cached, steady), the connection (the network, its own noise) and the data
 * exchanged (the server's time: the check's wave), the total their sum.
 */
function demo({ base, scale, jitter, failed }: SyntheticDraw): SyntheticRun {
  const dns = r2((base / 200) * jitter(0.5));
  const connection = r2((base / 33) * jitter(0.4));
  const data = r2((base / 66) * scale);
  const total = r2(dns + connection + data);
  return { responseTime: total, statusCode: null, failed, metrics: { total, dns, connection, data } };
}

export const tcp: CheckTypeService = { runner: tcpRunner, demo };

/**
 * An API or URL check's result: the request (headers and URL credentials masked), the response (status,
 * headers, a body excerpt), the assertions and the timing waterfall (socket wait · DNS · TCP · first byte ·
 * download; the API has no TLS phase).
 */
import { maskUrlCredentials } from "../../../contract/secrets.ts";
import { formatMs } from "../../../shared/format.ts";
import {
  assertionsSection,
  errorCode,
  LABEL,
  line,
  NOT_RECORDED,
  num,
  obj,
  pair,
  type ResultViewOptions,
  str,
  type ViewLine,
  type ViewSection,
} from "./frame.ts";
import { bodyLines, headerLines } from "./text.ts";

const PHASES = [
  ["wait", "socket wait"],
  ["dns", "DNS"],
  ["tcp", "TCP connect"],
  ["firstByte", "first byte"],
  ["download", "download"],
] as const;

/** The phases of a response: `timingPhases`, else derived from the cumulative `timings` (hosted). */
export function timingPhases(
  response: Record<string, unknown> | undefined,
): Record<string, number> | undefined {
  const phases = obj(response?.timingPhases);
  if (phases && PHASES.some(([k]) => num(phases[k]) !== undefined)) {
    const out: Record<string, number> = {};
    for (const [k] of PHASES) {
      const v = num(phases[k]);
      if (v !== undefined) out[k] = v;
    }
    const total = num(phases.total);
    if (total !== undefined) out.total = total;
    return out;
  }
  const t = obj(response?.timings);
  const at = (k: string) => num(t?.[k]);
  if (!t || at("end") === undefined) return undefined;
  const socket = at("socket") ?? 0;
  const lookup = at("lookup") ?? socket;
  const connect = at("connect") ?? lookup;
  const resp = at("response") ?? connect;
  const end = at("end") ?? resp;
  return {
    wait: socket,
    dns: Math.max(0, lookup - socket),
    tcp: Math.max(0, connect - lookup),
    firstByte: Math.max(0, resp - connect),
    download: Math.max(0, end - resp),
    total: end,
  };
}

/**
 * The waterfall: one line per phase, its bar starting where the previous phases end, lengths in
 * proportion to the total (a phase that took any time gets at least one cell).
 */
export function waterfall(phases: Record<string, number> | undefined, width = 32): ViewLine[] {
  if (!phases) return [line(NOT_RECORDED, "dim")];
  const sum = PHASES.reduce((a, [k]) => a + (phases[k] ?? 0), 0);
  const total = phases.total ?? sum;
  const scale = Math.max(sum, total, 0.000001);
  const out: ViewLine[] = [];
  let offset = 0;
  for (const [k, label] of PHASES) {
    const ms = phases[k];
    if (ms === undefined) {
      out.push(line(`${label.padEnd(LABEL - 1)} ${" ".repeat(width)} ${NOT_RECORDED}`, "dim"));
      continue;
    }
    const start = Math.min(width - 1, Math.round((offset / scale) * width));
    const len = ms > 0 ? Math.max(1, Math.min(width - start, Math.round((ms / scale) * width))) : 0;
    const bar = `${" ".repeat(start)}${"█".repeat(len)}`.padEnd(width);
    out.push(line(`${label.padEnd(LABEL - 1)} ${bar} ${formatMs(ms).padStart(8)}`));
    offset += ms;
  }
  out.push(line(`${"total".padEnd(LABEL - 1)} ${"─".repeat(width)} ${formatMs(total).padStart(8)}`));
  return out;
}

export function apiSections(api: Record<string, unknown>, o: ResultViewOptions): ViewSection[] {
  const req = obj(api.request);
  const res = obj(api.response);
  const request: ViewLine[] = req
    ? [
        line(`${str(req.method) ?? "GET"} ${maskUrlCredentials(str(req.url) ?? NOT_RECORDED)}`),
        line("headers"),
        ...headerLines(req.headers),
        ...(req.data === undefined || req.data === null || req.data === ""
          ? [pair("body", "none", "dim")]
          : bodyLines("body", req.data, undefined, { ...o, expanded: false, excerptLines: 6 })),
      ]
    : [line(NOT_RECORDED, "dim")];
  const requestError = str(api.requestError);
  const response: ViewLine[] = [];
  if (requestError) {
    response.push(pair("no response", requestError, "bad"));
    response.push(pair("error code", errorCode(requestError) ?? NOT_RECORDED));
  }
  if (res) {
    const status = num(res.status);
    response.push(
      pair(
        "status",
        status === undefined ? NOT_RECORDED : `${status}${str(res.statusText) ? ` ${res.statusText}` : ""}`,
        status === undefined ? "dim" : status >= 400 ? "bad" : "ok",
      ),
      line("headers"),
      ...headerLines(res.headers),
      ...bodyLines("body", res.body, res.bodyEncoding, o),
    );
  } else if (!requestError) response.push(line(NOT_RECORDED, "dim"));
  return [
    { title: "Request", lines: request },
    { title: "Response", lines: response },
    assertionsSection(api.assertions),
    { title: "Timing", lines: waterfall(timingPhases(res), o.barWidth) },
  ];
}

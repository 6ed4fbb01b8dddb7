/** A TCP check's result: the target, what it resolved to, the connect time, the data received, the error. */
import { maskUrlCredentials } from "../../../contract/secrets.ts";
import { formatMs } from "../../../shared/format.ts";
import {
  assertionsSection,
  errorLines,
  line,
  NOT_RECORDED,
  num,
  obj,
  pair,
  type ResultInput,
  type ResultViewOptions,
  str,
  type ViewSection,
} from "./frame.ts";
import { excerpt } from "./text.ts";

/** The TCP connect time the runner recorded (`tcpCheckResult.timings.connection`), else "not recorded". */
function connectTime(d: Record<string, unknown> | undefined) {
  const ms = num(obj(d?.timings)?.connection);
  return ms === undefined ? pair("connect time", NOT_RECORDED, "dim") : pair("connect time", formatMs(ms));
}

export function tcpSections(r: ResultInput, o: ResultViewOptions): ViewSection[] {
  const d = obj(r.tcpCheckResult);
  const req = o.check?.request;
  const host = str(req?.hostname);
  const port = d?.port ?? req?.port;
  const target = host ? `${host}${port === undefined ? "" : `:${String(port)}`}` : undefined;
  const address = str(d?.address);
  const lines = [
    pair("target", target ?? (address ? `${address}:${String(port ?? "?")}` : NOT_RECORDED)),
    pair("resolved to", address ?? NOT_RECORDED),
    connectTime(d),
    pair("total", num(r.responseTime) === undefined ? NOT_RECORDED : formatMs(num(r.responseTime))),
    ...errorLines(r, d),
  ];
  const sections: ViewSection[] = [{ title: "Connection", lines }];
  if (d && "response" in d) {
    const received = typeof d.response === "string" ? d.response : "";
    sections.push({
      title: "Data received",
      lines: received === "" ? [line("nothing", "dim")] : excerpt(maskUrlCredentials(received), o),
    });
  }
  if (d) sections.push(assertionsSection(d.assertions));
  return sections;
}

/** A heartbeat's result (a ping, or the missed one): the event, its ping source and user agent. */
import {
  NOT_RECORDED,
  obj,
  pair,
  type ResultInput,
  type ResultViewOptions,
  str,
  type ViewSection,
} from "./frame.ts";

export function heartbeatSections(r: ResultInput, o: ResultViewOptions): ViewSection[] {
  const ev = obj(r.heartbeatEvent);
  const e = o.event;
  const state = str(e?.state) ?? str(ev?.state);
  const failing = state === "FAILING";
  const source = e ? (str(e.source) ?? "none (no Origin or Referer header)") : NOT_RECORDED;
  const agent = e ? (str(e.userAgent) ?? "none sent") : NOT_RECORDED;
  const lines = [
    pair("event", state ?? NOT_RECORDED, failing ? "bad" : state ? "ok" : "dim"),
    pair("event id", str(ev?.id) ?? NOT_RECORDED, "dim"),
  ];
  if (failing) lines.push(pair("why", str(r.errorMessage) ?? "no ping within period + grace", "bad"));
  else lines.push(pair("ping source", source), pair("user agent", agent));
  return [{ title: failing ? "Missed ping" : "Ping", lines }];
}

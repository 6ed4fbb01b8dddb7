/**
 * One check result as titled sections of lines — the result view of the console (src/tui/panes/results/)
 * and of `vigil results show` alike (one model of "a result"). Reads a full result of either service (vigil's
 * embedded one, the hosted one: api-notes §3.3) and, when given, its check (thresholds, a script's lines,
 * a TCP/DNS target) and a heartbeat result's event (ping source, user agent):
 *
 * - every result: status, FINAL or ATTEMPT, when, where, response time, attempts and retries, the reason;
 * - API/URL: the request (headers and URL credentials masked), the response (status, headers, a body
 *   excerpt — JSON pretty-printed — cut with "… N more lines" unless expanded), every assertion as
 *   `✔/✖ source property comparison target — received X`, the timing waterfall (socket wait · DNS · TCP ·
 *   first byte · download; the API has no TLS phase) and the response-time thresholds;
 * - TCP/DNS: target, what it resolved to or answered, the error and its code;
 * - browser / multi-step / Playwright: the error with the script line and the line itself, the failed
 *   expectation's expected and received values (Playwright's "Expected: …" / "Received: …" lines of the
 *   stored message), console log, steps, pages, error counts, the screenshot / trace / video paths;
 * - heartbeat: the event, its ping source and user agent.
 *
 * A field the service did not record reads "not recorded", never a blank. Lines are RAW text (the service's
 * strings as they came, secrets masked): the renderer sanitises every line before the terminal.
 *
 * This file picks a result's parts by its check type from the registry (result-view/registry.ts: one line
 * per type, compiler-checked over the contract's types); the parts are in result-view/: the frame all share
 * (types, readers, the header, errors, assertions, limits: frame.ts), text blocks (text.ts), and one file per
 * check type's own lines (api.ts, tcp.ts, dns.ts, browser.ts for browser / multi-step / Playwright,
 * heartbeat.ts). A result that does not name its type is known by its detail member (the contract's
 * `typeOfResult`). Callers import this file only.
 */

import { type CheckType, RESULT_MEMBERS, typeOfResult } from "../../contract/check-types.ts";
import {
  errorLines,
  header,
  line,
  NOT_RECORDED,
  pair,
  type ResultCheck,
  type ResultInput,
  type ResultViewOptions,
  str,
  type ViewLine,
  type ViewSection,
} from "./result-view/frame.ts";
import { browserDetail, browserParts, RESULT_PARTS, type ResultParts } from "./result-view/registry.ts";

export { timingPhases, waterfall } from "./result-view/api.ts";
export { expectation, scriptLine } from "./result-view/browser.ts";
export {
  assertionLine,
  attemptsText,
  errorCode,
  type LineTone,
  MAX_EXPANDED_LINES,
  NOT_RECORDED,
  type ResultCheck,
  type ResultEvent,
  type ResultInput,
  type ResultViewOptions,
  resultKind,
  runOutcome,
  type ViewLine,
  type ViewSection,
} from "./result-view/frame.ts";
export { bodyText, headerLines } from "./result-view/text.ts";

/** The check type of a result: its own field, its check's, else what its detail member says. */
export function resultType(r: ResultInput, check?: ResultCheck): string | undefined {
  const own = str(r.checkType) ?? str(check?.checkType);
  return own ? own.toUpperCase() : typeOfResult(r);
}

const partsOf = (type: string): ResultParts | undefined =>
  Object.hasOwn(RESULT_PARTS, type) ? RESULT_PARTS[type as CheckType] : undefined;

/** The sections of one result (see the module comment). */
export function resultView(r: ResultInput, o: ResultViewOptions = {}): ViewSection[] {
  const type = resultType(r, o.check);
  const sections: ViewSection[] = [header(r, o, type)];
  const parts = type === undefined ? undefined : partsOf(type);
  if (parts && type !== undefined) sections.push(...parts(r, o, type));
  else if (browserDetail(r)) sections.push(...browserParts(r, o, type ?? "BROWSER"));
  else {
    // a type this version does not know: what the result says of itself
    const keys = RESULT_MEMBERS.filter((k) => r[k] !== undefined && r[k] !== null);
    sections.push({
      title: "Detail",
      lines: [
        pair("type", type ?? NOT_RECORDED),
        ...errorLines(r, undefined),
        ...(keys.length ? keys.map((k) => line(`  ${k}`)) : [line(`detail ${NOT_RECORDED}`, "dim")]),
      ],
    });
  }
  return sections;
}

/** The sections as plain text lines (the CLI): a title, its lines indented, a blank line between. */
export function resultViewText(sections: readonly ViewSection[]): string[] {
  return viewLines(sections).map((l) => l.text);
}

/** A line of the flattened view: section titles marked, a blank line between sections. */
export type FlatLine = ViewLine & { title?: true };

/** The sections as one list of lines (the console's scrollable view). */
export function viewLines(sections: readonly ViewSection[]): FlatLine[] {
  const out: FlatLine[] = [];
  sections.forEach((s, i) => {
    if (i > 0) out.push({ text: "" });
    out.push({ text: s.title, title: true }, ...s.lines.map((l) => ({ ...l, text: `  ${l.text}` })));
  });
  return out;
}

/**
 * Each check type's own sections of a result, after the header every result shares: one line per type,
 * compiler-checked over the contract's `CheckType` (a new type without its line does not compile). Types
 * share their parts where their results do: API and URL, the three browser types.
 */
import type { CheckType } from "../../../contract/check-types.ts";
import { apiSections } from "./api.ts";
import { browserSections } from "./browser.ts";
import { dnsSections } from "./dns.ts";
import {
  errorLines,
  line,
  NOT_RECORDED,
  obj,
  type ResultInput,
  type ResultViewOptions,
  thresholdsSection,
  type ViewSection,
} from "./frame.ts";
import { heartbeatSections } from "./heartbeat.ts";
import { tcpSections } from "./tcp.ts";

/** A type's own sections of result `r` (`type`: the result's type as read, upper-case). */
export type ResultParts = (r: ResultInput, o: ResultViewOptions, type: string) => ViewSection[];

/** The browser detail of a result, whichever browser type's member holds it. */
export const browserDetail = (r: ResultInput): Record<string, unknown> | undefined =>
  obj(r.browserCheckResult) ?? obj(r.multiStepCheckResult) ?? obj(r.playwrightCheckResult);

/** The request and response (or "not recorded" and the error), then the response-time limits. */
const apiParts: ResultParts = (r, o, type) => {
  const api = obj(r.apiCheckResult);
  const own = api
    ? apiSections(api, o)
    : [{ title: "Request", lines: [line(NOT_RECORDED, "dim"), ...errorLines(r, undefined)] }];
  return [...own, thresholdsSection(r, type, o)];
};

/** The error with its script line, the expectation, logs, steps and files, then the limits. */
export const browserParts: ResultParts = (r, o, type) => [
  ...browserSections(r, browserDetail(r) ?? {}, type, o),
  thresholdsSection(r, type, o),
];

const withLimits =
  (own: (r: ResultInput, o: ResultViewOptions) => ViewSection[]): ResultParts =>
  (r, o, type) => [...own(r, o), thresholdsSection(r, type, o)];

export const RESULT_PARTS = {
  API: apiParts,
  URL: apiParts,
  TCP: withLimits(tcpSections),
  DNS: withLimits(dnsSections),
  HEARTBEAT: (r, o) => heartbeatSections(r, o),
  BROWSER: browserParts,
  MULTI_STEP: browserParts,
  PLAYWRIGHT: browserParts,
} as const satisfies Record<CheckType, ResultParts>;

/** A DNS check's result: the query, the name server, the answer code and answers, the error. */
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

function answerText(a: unknown): string {
  if (typeof a === "string") return a;
  if (Array.isArray(a)) return a.join("");
  return JSON.stringify(a) ?? String(a);
}

export function dnsSections(r: ResultInput, o: ResultViewOptions): ViewSection[] {
  const d = obj(r.dnsCheckResult);
  const req = o.check?.request;
  const query = str(d?.query) ?? str(req?.query);
  const type = str(d?.recordType) ?? str(req?.recordType) ?? (query ? "A" : undefined);
  const server = str(d?.nameServer) ?? str(req?.nameServer);
  const port = req?.port;
  const lines = [
    pair("query", query ? `${query} ${type ?? ""}`.trim() : NOT_RECORDED),
    pair(
      "name server",
      server
        ? `${server}${port === undefined || port === null ? "" : `:${String(port)}`}`
        : "the system resolver",
    ),
    pair("answer code", str(d?.rcode) ?? NOT_RECORDED),
    pair("time", num(r.responseTime) === undefined ? NOT_RECORDED : formatMs(num(r.responseTime))),
    ...errorLines(r, d),
  ];
  const sections: ViewSection[] = [{ title: "Query", lines }];
  if (d) {
    const answers = Array.isArray(d.answers) ? d.answers : undefined;
    sections.push({
      title: `Answers${answers ? ` (${answers.length})` : ""}`,
      lines: !answers
        ? [line(NOT_RECORDED, "dim")]
        : answers.length === 0
          ? [line("none", "dim")]
          : answers.map((a) => line(`  ${answerText(a)}`)),
    });
    sections.push(assertionsSection(d.assertions));
  }
  return sections;
}

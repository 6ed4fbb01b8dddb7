/**
 * The result view model (store/triage/result-view.ts) on results as the embedded service stores them
 * (captured from real runs: result-fixtures.ts) and in the hosted service's shape: every section, the
 * masking of secrets, "not recorded" instead of blanks, the body cut and expanded, the waterfall's bars.
 */
import { describe, expect, it } from "vitest";
import {
  errorCode,
  expectation,
  NOT_RECORDED,
  type ResultInput,
  resultView,
  resultViewText,
  timingPhases,
  type ViewSection,
  waterfall,
} from "../../src/store/triage/result-view.ts";
import { CAPTURED } from "./result-fixtures.ts";

const NOW = Date.parse("2026-11-25T08:40:00Z");
const text = (sections: ViewSection[]) => resultViewText(sections).join("\n");
const section = (sections: ViewSection[], title: RegExp) => {
  const s = sections.find((x) => title.test(x.title));
  if (!s) throw new Error(`no section ${title} in ${sections.map((x) => x.title).join(", ")}`);
  return s.lines.map((l) => l.text);
};
const view = (name: string, o: Parameters<typeof resultView>[1] = {}) => {
  const c = CAPTURED[name]!;
  return resultView(c.result, { check: c.check, event: c.event, now: NOW, ...o });
};

/** No label without a value, nothing printed as undefined / null / NaN / [object Object]. */
function expectNoBlanks(sections: ViewSection[]): void {
  for (const s of sections) {
    expect(s.title.trim()).not.toBe("");
    for (const l of s.lines) {
      // a block's own empty lines (a message, a body) are indented; a field is never blank
      if (!l.text.startsWith("  ")) {
        expect(l.text.trim(), `${s.title}: ${JSON.stringify(l.text)}`).not.toBe("");
        expect(l.text).not.toMatch(/:\s*$/);
      }
      expect(l.text).not.toMatch(/\bundefined\b|\bNaN\b|\[object Object\]/);
    }
  }
}

describe("result view: the common header", () => {
  it("status, FINAL, when, where, response time, attempts, reason, id", () => {
    const v = view("api503");
    expect(section(v, /^Result$/)).toEqual([
      "status       ✖ failed",
      "kind         FINAL (the run's verdict)",
      "started      2026-11-25 08:36:57Z (3 min ago)",
      "location     eu-west-1",
      "response     21 ms",
      "attempts     1",
      "reason       status code equals 200, received 503",
      `result id    ${CAPTURED.api503!.result.id}`,
    ]);
    expect(v[0]!.lines[0]!.tone).toBe("bad");
  });

  it("a retried run: the ATTEMPT says it is not the verdict, the FINAL counts its retry", () => {
    expect(section(view("retriedAttempt"), /^Result$/)).toContain(
      "kind         ATTEMPT (a try that was retried; not the run's verdict)",
    );
    expect(section(view("retriedFinal"), /^Result$/)).toContain("attempts     2 (1 retry)");
  });

  it("what the service did not record says so", () => {
    const bare = resultView({ id: "r1" });
    expect(section(bare, /^Result$/)).toEqual([
      "status       ✔ passed",
      "kind         FINAL (the run's verdict)",
      `started      ${NOT_RECORDED}`,
      `location     ${NOT_RECORDED}`,
      `response     ${NOT_RECORDED}`,
      `attempts     ${NOT_RECORDED}`,
      "result id    r1",
    ]);
    expect(text(bare)).toContain(`detail ${NOT_RECORDED}`);
    expectNoBlanks(bare);
  });
});

describe("result view: API and URL checks", () => {
  it("a request that got no answer: its error and code, no response, no timing", () => {
    const v = view("urlRefused");
    expect(section(v, /^Request$/)).toEqual([
      "GET http://127.0.0.1:9/health",
      "headers",
      "  user-agent: vigil-embedded-runner/1",
      "body         none",
    ]);
    expect(section(v, /^Response$/)).toEqual([
      "no response  connect ECONNREFUSED 127.0.0.1:9",
      "error code   ECONNREFUSED",
    ]);
    expect(section(v, /^Assertions$/)).toEqual(["none"]);
    expect(section(v, /^Timing$/)).toEqual([NOT_RECORDED]);
    expect(section(v, /^Response time limits$/)).toEqual([
      "degraded     above 3.00 s",
      "fails        above 5.00 s",
      `response time ${NOT_RECORDED}`,
    ]);
    expectNoBlanks(v);
  });

  it("secrets in the request are masked: URL password and token, Authorization; set-cookie of the response", () => {
    const v = view("api503");
    const all = text(v);
    expect(section(v, /^Request$/)[0]).toMatch(
      /^GET http:\/\/user:\*\*\*\*@127\.0\.0\.1:\d+\/status\?token=\*\*\*\*&x=1$/,
    );
    expect(section(v, /^Request$/)).toContain("  authorization: Bearer ...cdef");
    expect(section(v, /^Response$/)).toContain("  set-cookie: ...cret");
    for (const secret of ["hunter2", "abc123secret", "sk_live_0123456789abcdef", "abcdef0123456789secret"])
      expect(all).not.toContain(secret);
  });

  it("the response: status, headers, the JSON body pretty-printed and cut, all of it when expanded", () => {
    const cut = section(view("api503", { expandHint: "e expands" }), /^Response$/);
    expect(cut[0]).toBe("status       503 Service Unavailable");
    expect(cut).toContain("body         JSON, 96 lines");
    const body = cut.slice(cut.indexOf("body         JSON, 96 lines") + 1);
    expect(body.slice(0, 3)).toEqual(["  {", '    "ok": false,', '    "error": "maintenance",']);
    expect(body).toHaveLength(13);
    expect(body.at(-1)).toBe("  … 84 more lines (e expands)");
    const full = section(view("api503", { expanded: true }), /^Response$/);
    expect(full.filter((l) => l.includes("more line"))).toEqual([]);
    expect(full).toContain('        "id": 29');
    expect(full.at(-1)).toBe("  }");
  });

  it("every assertion with what was received, failed ones first in tone", () => {
    const v = view("api503");
    const s = v.find((x) => x.title.startsWith("Assertions"))!;
    expect(s.title).toBe("Assertions (3, 2 failed)");
    expect(s.lines.map((l) => [l.text, l.tone])).toEqual([
      ["✖ status code equals 200 — received 503", "bad"],
      ["✖ JSON body $.ok equals true — received false", "bad"],
      ["✔ response time less than 5000 — received 21.21", "ok"],
    ]);
  });

  it("the waterfall: socket wait, DNS, TCP, first byte, download as bars where the previous phase ends", () => {
    const lines = section(view("api503", { barWidth: 20 }), /^Timing$/);
    expect(lines.map((l) => l.slice(0, 12).trim())).toEqual([
      "socket wait",
      "DNS",
      "TCP connect",
      "first byte",
      "download",
      "total",
    ]);
    const bar = (l: string) => l.slice(13, 33);
    // phases 6.07 · 0 · 8.94 · 6.08 · 0.13 of 21.21 ms on 20 cells
    expect(bar(lines[0]!)).toBe(`${"█".repeat(6)}${" ".repeat(14)}`);
    expect(bar(lines[1]!)).toBe(" ".repeat(20));
    expect(bar(lines[2]!)).toBe(`${" ".repeat(6)}${"█".repeat(8)}${" ".repeat(6)}`);
    expect(bar(lines[3]!)).toBe(`${" ".repeat(14)}${"█".repeat(6)}`);
    expect(bar(lines[4]!)).toBe(`${" ".repeat(19)}█`);
    expect(lines[5]).toBe(`total        ${"─".repeat(20)}    21 ms`);
    expect(lines[2]).toMatch(/ 9 ms$/);
  });

  it("the thresholds: within, over degraded, over max", () => {
    expect(section(view("api503"), /limits/).at(-1)).toBe("response time 21 ms: within the limits");
    const slow = { ...CAPTURED.api503!.result, hasFailures: false, isDegraded: true, responseTime: 2300 };
    const v = resultView(slow, { check: CAPTURED.api503!.check });
    expect(section(v, /limits/).at(-1)).toBe("response time 2.30 s over degraded 1.50 s");
    expect(section(v, /^Result$/)).toContain("reason       response time 2.30 s over degraded 1.50 s");
    expect(section(v, /^Result$/)[0]).toBe("status       ▲ degraded");
    const over = {
      ...slow,
      hasFailures: true,
      isDegraded: false,
      overMaxResponseTime: true,
      responseTime: 6000,
    };
    expect(section(resultView(over, { check: CAPTURED.api503!.check }), /limits/).at(-1)).toBe(
      "response time 6.00 s over max 5.00 s",
    );
    expect(section(resultView(slow), /limits/)).toEqual([
      `${NOT_RECORDED} (the check's thresholds are not loaded)`,
    ]);
  });

  it("the hosted shape: phases from the cumulative timings, failure read from `error`, a base64 body", () => {
    const hosted: ResultInput = {
      id: "h1",
      hasFailures: true,
      resultType: "FINAL",
      runLocation: "us-east-1",
      responseTime: 120,
      attempts: 1,
      apiCheckResult: {
        assertions: [
          {
            source: "STATUS_CODE",
            comparison: "EQUALS",
            target: "200",
            actual: 0,
            error: "Expected 200, got 0",
          },
          {
            source: "HEADERS",
            property: "x-id",
            comparison: "NOT_EMPTY",
            target: "",
            actual: "a",
            error: "",
          },
        ],
        request: {
          method: "POST",
          url: "https://api.example.com/x?api_key=SECRETKEY",
          headers: { "X-Api-Key": "k-123456789" },
        },
        response: {
          status: 0,
          statusText: "",
          body: "iVBORw0KGgo=",
          bodyEncoding: "base64",
          headers: null,
          timings: { socket: 5, lookup: 25, connect: 45, response: 100, end: 120 },
        },
        requestError: null,
      },
    };
    const response = (hosted.apiCheckResult as { response: Record<string, unknown> }).response;
    expect(timingPhases(response)).toEqual({
      wait: 5,
      dns: 20,
      tcp: 20,
      firstByte: 55,
      download: 20,
      total: 120,
    });
    const v = resultView(hosted);
    expect(section(v, /^Assertions/)).toEqual([
      "✖ status code equals 200 — received 0",
      "✔ header x-id not empty — received a",
    ]);
    expect(section(v, /^Request$/)[0]).toBe("POST https://api.example.com/x?api_key=****");
    expect(section(v, /^Request$/)).toContain("  X-Api-Key: ****");
    expect(section(v, /^Response$/)).toContain("body         binary, 9 bytes (base64) — not shown");
    expect(section(v, /^Response$/)).toContain("  none");
    const timing = section(v, /^Timing$/);
    expect(timing.map((l) => l.replace(/[ █─]+/g, " ").trim())).toEqual([
      "socket wait 5 ms",
      "DNS 20 ms",
      "TCP connect 20 ms",
      "first byte 55 ms",
      "download 20 ms",
      "total 120 ms",
    ]);
    expect(section(v, /limits/)).toEqual([`${NOT_RECORDED} (the check's thresholds are not loaded)`]);
    expectNoBlanks(v);
  });
});

describe("result view: TCP and DNS", () => {
  it("TCP: the target from the check, the error and its code; what is not recorded says so", () => {
    const v = view("tcpRefused");
    expect(section(v, /^Connection$/)).toEqual([
      "target       127.0.0.1:9",
      `resolved to  ${NOT_RECORDED}`,
      `connect time ${NOT_RECORDED}`,
      "total        2 ms",
      "error        connection to 127.0.0.1:9 failed: connect ECONNREFUSED 127.0.0.1:9",
      "error code   ECONNREFUSED",
    ]);
    expectNoBlanks(v);
  });

  it("TCP that answered: the address it resolved to, the data received, its assertions", () => {
    const ok = {
      ...CAPTURED.tcpRefused!.result,
      hasFailures: false,
      hasErrors: false,
      errorMessage: null,
      tcpCheckResult: {
        address: "10.0.0.5",
        port: 6379,
        response: "+PONG\r\n",
        timings: { dns: 0, connection: 3, data: 12, total: 15 },
        assertions: [
          {
            source: "RESPONSE_DATA",
            comparison: "CONTAINS",
            target: "PONG",
            actual: "+PONG\r\n",
            passed: true,
            error: null,
          },
        ],
      },
    };
    const v = resultView(ok, {
      check: { checkType: "TCP", request: { hostname: "cache.internal", port: 6379 } },
    });
    expect(section(v, /^Connection$/).slice(0, 3)).toEqual([
      "target       cache.internal:6379",
      "resolved to  10.0.0.5",
      "connect time 3 ms",
    ]);
    expect(section(v, /^Data received$/)).toEqual(["  +PONG", "  "]);
    expect(section(v, /^Assertions/)).toEqual(["✔ response data contains PONG — received +PONG\r\n"]);
  });

  it("DNS: query, name server, the error; an answer lists its records and code", () => {
    expect(section(view("dnsRefused"), /^Query$/)).toEqual([
      "query        localhost A",
      "name server  127.0.0.1:9",
      `answer code  ${NOT_RECORDED}`,
      "time         3 ms",
      "error        DNS query failed: ECONNREFUSED",
      "error code   ECONNREFUSED",
    ]);
    const answered = resultView({
      id: "d1",
      checkType: "DNS",
      responseTime: 12,
      dnsCheckResult: {
        query: "example.com",
        recordType: "MX",
        nameServer: null,
        rcode: "NOERROR",
        answers: [{ exchange: "mx1.example.com", priority: 10 }],
        assertions: [],
      },
    });
    expect(section(answered, /^Query$/)).toEqual([
      "query        example.com MX",
      "name server  the system resolver",
      "answer code  NOERROR",
      "time         12 ms",
    ]);
    expect(section(answered, /^Answers \(1\)$/)).toEqual(['  {"exchange":"mx1.example.com","priority":10}']);
  });

  it("error codes are read from Node's and the resolvers' messages", () => {
    expect(errorCode("connect ECONNREFUSED 127.0.0.1:9")).toBe("ECONNREFUSED");
    expect(errorCode("getaddrinfo ENOTFOUND nope.invalid")).toBe("ENOTFOUND");
    expect(errorCode("Connect Timeout Error (UND_ERR_CONNECT_TIMEOUT)")).toBe("UND_ERR_CONNECT_TIMEOUT");
    expect(errorCode("timed out after 5000 ms")).toBeUndefined();
  });
});

describe("result view: browser checks", () => {
  it("the error with the script's line and the line itself, expected and received, log, pages, files", () => {
    const v = view("browser");
    const script = section(v, /^Script$/);
    expect(script.slice(0, 4)).toEqual([
      "error        line 5: expect(locator).toHaveText(expected) failed",
      "line 5       await expect(page.locator('h1')).toHaveText('Hello', { timeout: 1500 });",
      'expected     "Hello"',
      'received     "Welcome"',
    ]);
    expect(script).toContain("  Call log:");
    expect(section(v, /^Console log \(1\)$/)).toEqual(["  checking the heading"]);
    expect(section(v, /^Pages \(1\)$/)[0]).toMatch(
      /^ {2}http:\/\/127\.0\.0\.1:\d+\/ {2}TTFB 11 ms · FCP 56 ms · LCP 56 ms · CLS 0 · TBT 0 ms$/,
    );
    expect(section(v, /^Errors$/)).toEqual(["console 0 · network 0 · script 1 · document 0"]);
    expect(section(v, /^Files$/)).toEqual([
      `screenshot   ${CAPTURED.browser!.result.browserCheckResult.screenshot} (in the service's data dir) · ` +
        `\`vigil results show ${CAPTURED.browser!.result.checkId} ${CAPTURED.browser!.result.id} --screenshot\` ` +
        "draws it (kitty, iTerm2, sixel)",
      `trace        ${NOT_RECORDED}`,
      `video        ${NOT_RECORDED}`,
    ]);
    expect(section(v, /limits/)).toEqual([
      "limit        fails above 30.00 s",
      "browser checks have no degraded state",
    ]);
    expectNoBlanks(v);
  });

  it("without the check's script the line says it is not loaded", () => {
    const v = resultView(CAPTURED.browser!.result);
    expect(section(v, /^Script$/)[1]).toBe("line 5       the script is not loaded");
  });

  it("the hosted Playwright shape: errors[], jobLog, trace and video files", () => {
    const v = resultView({
      id: "p1",
      checkType: "PLAYWRIGHT",
      hasFailures: true,
      playwrightCheckResult: {
        errors: [{ message: "Error: expect(received).toBe(expected)\n\nExpected: 3\nReceived: 2" }],
        jobLog: [{ level: "info", msg: "starting" }, "plain line"],
        playwrightTestTraces: ["https://files.example/trace.zip"],
        playwrightTestVideos: ["https://files.example/video.webm"],
      },
    });
    const script = section(v, /^Script$/);
    expect(script.slice(0, 4)).toEqual([
      "error        Error: expect(received).toBe(expected)",
      `line         ${NOT_RECORDED}`,
      "expected     3",
      "received     2",
    ]);
    expect(section(v, /^Console log \(2\)$/)).toEqual(["  [info] starting", "  plain line"]);
    expect(section(v, /^Files$/)).toEqual([
      `screenshot   ${NOT_RECORDED}`,
      "trace        https://files.example/trace.zip",
      "video        https://files.example/video.webm",
    ]);
  });

  it("Playwright's expectation lines in their several spellings", () => {
    expect(expectation('Expected string: "a"\nReceived string: "b"')).toEqual({
      expected: '"a"',
      received: '"b"',
    });
    expect(expectation("Expected pattern: /x/\nReceived: undefined")).toEqual({
      expected: "/x/",
      received: "undefined",
    });
    expect(expectation("Timeout 5000ms exceeded.")).toEqual({});
  });
});

describe("result view: heartbeats", () => {
  it("the ping's event, source and user agent", () => {
    expect(section(view("heartbeat"), /^Ping$/)).toEqual([
      "event        RECEIVED",
      `event id     ${CAPTURED.heartbeat!.result.heartbeatEvent.id}`,
      "ping source  https://cron.example",
      "user agent   curl/8.5.0",
    ]);
  });

  it("a ping has no response time: the result's header has none (the service stores 0 ms)", () => {
    const head = section(view("heartbeat"), /^Result$/);
    expect(head.some((l) => /^status /.test(l))).toBe(true);
    expect(head.some((l) => /^response /.test(l))).toBe(false);
    // another type keeps it
    const api = section(view("tcpRefused"), /^Result$/);
    expect(api.some((l) => /^response +\d/.test(l))).toBe(true);
  });

  it("without the event read, source and user agent are not recorded; a missed ping says why", () => {
    const v = resultView(CAPTURED.heartbeat!.result);
    expect(section(v, /^Ping$/).slice(2)).toEqual([
      `ping source  ${NOT_RECORDED}`,
      `user agent   ${NOT_RECORDED}`,
    ]);
    const missed = {
      ...CAPTURED.heartbeat!.result,
      hasFailures: true,
      errorMessage: "no ping received within period + grace",
      heartbeatEvent: { id: "e2", state: "FAILING" },
    };
    expect(section(resultView(missed), /^Missed ping$/)).toEqual([
      "event        FAILING",
      "event id     e2",
      "why          no ping received within period + grace",
    ]);
  });
});

describe("waterfall", () => {
  it("a phase the service did not time says so; a phase that took time gets at least one cell", () => {
    const lines = waterfall({ wait: 0.2, dns: 100, tcp: 1 }, 10).map((l) => l.text);
    expect(lines[0]).toBe(`socket wait  █${" ".repeat(9)}     0 ms`);
    expect(lines[3]).toBe(`first byte   ${" ".repeat(10)} ${NOT_RECORDED}`);
  });
});

/** Webhook templates: every variable, every helper form of the seed and api-notes §6.2, errors with lines. */
import { describe, expect, it } from "vitest";
import { renderTemplate, TemplateError, tryRender } from "../../../src/shared/webhook/template.ts";
import { alertVariables } from "../../../src/shared/webhook/variables.ts";

const NOW = Date.parse("2026-11-21T07:00:00.000Z");
const vars = alertVariables({
  alertType: "ALERT_FAILURE",
  check: { id: "c-1", name: "Checkout API", checkType: "API", tags: ["prod", "team:payments", "tier=1"] },
  result: {
    id: "r-1",
    errorMessage: "expected 200, got 500",
    responseTime: 1234.4,
    statusCode: 500,
    statusText: "Internal Server Error",
    startedAt: "2026-11-21T06:59:58.000Z",
    link: "http://x/r-1",
    runLocation: "us-west-1",
  },
  locationName: "N. California",
});
const r = (src: string, v: Record<string, unknown> = vars, user: Record<string, unknown> = {}) =>
  renderTemplate(src, v, user, { now: () => NOW });

describe("variables", () => {
  it("exposes every §6.1 variable", () => {
    expect(r("{{CHECK_NAME}}|{{CHECK_ID}}|{{CHECK_TYPE}}|{{ALERT_TYPE}}|{{CHECK_RESULT_ID}}")).toBe(
      "Checkout API|c-1|API|ALERT_FAILURE|r-1",
    );
    expect(r("{{{ALERT_TITLE}}}")).toBe('Check "Checkout API" has failed');
    expect(r("{{ALERT_TITLE}}")).toBe("Check &quot;Checkout API&quot; has failed");
    expect(r("{{RESPONSE_TIME}} {{API_CHECK_RESPONSE_STATUS_CODE}} {{API_CHECK_RESPONSE_STATUS_TEXT}}")).toBe(
      "1234 500 Internal Server Error",
    );
    expect(r("{{RUN_LOCATION}}/{{REGION}}/{{STARTED_AT}}/{{RESULT_LINK}}")).toBe(
      "N. California/us-west-1/2026-11-21T06:59:58.000Z/http://x/r-1",
    );
    expect(r("{{IS_REMINDER}} {{REMINDER_SEQUENCE}} [{{GROUP_NAME}}] {{{CHECK_ERROR_MESSAGE}}}")).toBe(
      "false 0 [] expected 200, got 500",
    );
    const ssl = alertVariables({
      alertType: "ALERT_SSL",
      check: { id: "c", name: "n", checkType: "URL" },
      ssl: { daysRemaining: 9, domain: "shop.example" },
    });
    expect(r("{{SSL_DAYS_REMAINING}} {{SSL_CHECK_DOMAIN}}", ssl)).toBe("9 shop.example");
    expect(String(ssl.ALERT_TITLE)).toContain("shop.example");
    expect(String(ssl.ALERT_TITLE)).toContain("9 day");
  });

  it("user-defined variables, event variables winning on a clash", () => {
    expect(r("{{TEAM}}-{{CHECK_ID}}", vars, { TEAM: "sre", CHECK_ID: "ignored" })).toBe("sre-c-1");
  });
});

describe("api-notes §6.2 examples render exactly", () => {
  it("eq / contains / each with @last", () => {
    expect(r('{{#eq ALERT_TYPE "ALERT_FAILURE"}}P1{{else}}P3{{/eq}}')).toBe("P1");
    expect(
      r('{{#eq ALERT_TYPE "ALERT_FAILURE"}}P1{{else}}P3{{/eq}}', { ...vars, ALERT_TYPE: "ALERT_RECOVERY" }),
    ).toBe("P3");
    expect(r('{{#contains ALERT_TYPE "RECOVERY"}}green{{else}}red{{/contains}}')).toBe("red");
    expect(
      r('{{#contains ALERT_TYPE "RECOVERY"}}green{{else}}red{{/contains}}', {
        ...vars,
        ALERT_TYPE: "ALERT_RECOVERY",
      }),
    ).toBe("green");
    expect(
      r('[{{#each TAGS}}"{{this}}"{{#unless @last}},{{/unless}}{{/each}}]', { TAGS: ["prod", "api"] }),
    ).toBe('["prod","api"]');
    expect(r('[{{#each TAGS}}"{{this}}"{{#unless @last}},{{/unless}}{{/each}}]', { TAGS: [] })).toBe("[]");
    expect(r("{{#each TAGS}}{{@index}}{{#if @first}}F{{/if}}{{/each}}")).toBe("0F12");
  });

  it("$UUID, $RANDOM_NUMBER, REGION, uppercase", () => {
    expect(r("{{$UUID}}")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(r("{{$UUID}}")).not.toBe(r("{{$UUID}}"));
    for (let i = 0; i < 50; i++) {
      const n = Number(r("{{$RANDOM_NUMBER}}"));
      expect(Number.isInteger(n) && n >= 0 && n <= 1000).toBe(true);
    }
    expect(r("{{REGION}}")).toBe("us-west-1");
    expect(r("{{uppercase ALERT_TYPE}}")).toBe("ALERT_FAILURE");
    expect(r("{{uppercase CHECK_NAME}}")).toBe("CHECKOUT API");
    expect(r("{{#uppercase}}a{{CHECK_TYPE}}b{{/uppercase}}")).toBe("AAPIB");
  });

  it("moment: format only, relative phrase + format, X, ISO input; date; year", () => {
    expect(r('{{moment "YYYY-MM-DD"}}')).toBe("2026-11-21");
    expect(r('{{moment "2 days ago" "YYYY-MM-DD"}}')).toBe("2026-11-19");
    expect(r('{{moment "last week" "X"}}')).toBe(String((NOW - 7 * 86_400_000) / 1000));
    expect(r('{{moment "YYYY-MM-DDTHH:mm"}}')).toBe("2026-11-21T07:00");
    expect(r("{{moment}}")).toBe("2026-11-21T07:00:00Z");
    expect(r('{{moment STARTED_AT "HH:mm:ss"}}')).toBe("06:59:58");
    expect(r('{{moment STARTED_AT "X"}}')).toBe(String(Date.parse("2026-11-21T06:59:58Z") / 1000));
    expect(r('{{date "2026-07-24" "MMMM DD, YYYY"}}')).toBe("July 24, 2026");
    expect(r("{{year}}")).toBe("2026");
    expect(r("{{year 2}}")).toBe("26");
  });

  it("tagValue, startsWith, replace, split", () => {
    expect(r('{{tagValue TAGS "team" "none"}}')).toBe("payments");
    expect(r('{{tagValue TAGS "tier" "none"}}')).toBe("1");
    expect(r('{{tagValue TAGS "owner" "none"}}')).toBe("none");
    expect(r('{{startsWith CHECK_NAME "Check"}}')).toBe("true");
    expect(r('{{#startsWith CHECK_NAME "Nope"}}y{{else}}n{{/startsWith}}')).toBe("n");
    expect(r('{{replace "a-b-c" "-" "+"}}')).toBe("a+b-c");
    expect(r('{{split "x,y,z" "," 1}}')).toBe("y");
    expect(r('{{split "x,y,z" "," 7}}')).toBe("");
  });
});

describe("logic helpers, block and subexpression, with else", () => {
  const cases: [string, string][] = [
    ["{{#gt RESPONSE_TIME 1000}}slow{{else}}fast{{/gt}}", "slow"],
    ["{{#gte RESPONSE_TIME 1234}}y{{else}}n{{/gte}}", "y"],
    ["{{#lt RESPONSE_TIME 1000}}y{{else}}n{{/lt}}", "n"],
    ["{{#lte 3 3}}y{{else}}n{{/lte}}", "y"],
    ['{{#is API_CHECK_RESPONSE_STATUS_CODE "500"}}y{{else}}n{{/is}}', "y"],
    ['{{#eq API_CHECK_RESPONSE_STATUS_CODE "500"}}y{{else}}n{{/eq}}', "n"],
    ['{{#isnt CHECK_TYPE "API"}}y{{else}}n{{/isnt}}', "n"],
    ['{{#compare RESPONSE_TIME ">" 100}}y{{else}}n{{/compare}}', "y"],
    ['{{#compare CHECK_TYPE "===" "API"}}y{{else}}n{{/compare}}', "y"],
    ["{{#and IS_REMINDER CHECK_ID}}y{{else}}n{{/and}}", "n"],
    ["{{#or IS_REMINDER CHECK_ID}}y{{else}}n{{/or}}", "y"],
    ["{{#not IS_REMINDER}}y{{else}}n{{/not}}", "y"],
    ["{{#neither IS_REMINDER GROUP_NAME}}y{{else}}n{{/neither}}", "y"],
    ['{{#has TAGS "prod"}}y{{else}}n{{/has}}', "y"],
    ['{{#has CHECK_NAME "API"}}y{{else}}n{{/has}}', "y"],
    ['{{default GROUP_NAME "no group"}}', "no group"],
    ['{{default CHECK_TYPE "x"}}', "API"],
    ["{{#isTruthy TAGS}}y{{else}}n{{/isTruthy}}", "y"],
    ["{{#isFalsey GROUP_NAME}}y{{else}}n{{/isFalsey}}", "y"],
    ["{{#ifEven 4}}even{{else}}odd{{/ifEven}}", "even"],
    ["{{#ifOdd 4}}odd{{else}}even{{/ifOdd}}", "even"],
    ["{{#ifNth 3 9}}y{{else}}n{{/ifNth}}", "y"],
    ["{{#ifNth 3 10}}y{{else}}n{{/ifNth}}", "n"],
    ['{{#unlessEq CHECK_TYPE "API"}}y{{else}}n{{/unlessEq}}', "n"],
    ["{{#unlessGt 1 2}}y{{else}}n{{/unlessGt}}", "y"],
    ["{{#unlessGteq 2 2}}y{{else}}n{{/unlessGteq}}", "n"],
    ["{{#unlessLt 1 2}}y{{else}}n{{/unlessLt}}", "n"],
    ["{{#unlessLteq 3 2}}y{{else}}n{{/unlessLteq}}", "y"],
    // subexpressions and nesting
    ['{{#if (eq ALERT_TYPE "ALERT_FAILURE")}}P1{{else}}P3{{/if}}', "P1"],
    ['{{#if (and (gt RESPONSE_TIME 1000) (contains ALERT_TYPE "FAILURE"))}}slow-fail{{/if}}', "slow-fail"],
    ['{{#if (or (eq CHECK_TYPE "BROWSER") (not IS_REMINDER))}}y{{/if}}', "y"],
    ['{{#unless (eq CHECK_TYPE "API")}}y{{else}}n{{/unless}}', "n"],
    ['{{eq CHECK_TYPE "API"}}', "true"],
    [
      '{{#eq ALERT_TYPE "ALERT_RECOVERY"}}green{{else}}{{#gt RESPONSE_TIME 5000}}orange{{else}}red{{/gt}}{{/eq}}',
      "red",
    ],
    ['{{#eq ALERT_TYPE "A"}}a{{else eq ALERT_TYPE "ALERT_FAILURE"}}f{{else}}o{{/eq}}', "f"],
  ];
  it.each(cases)("%s", (src, want) => {
    expect(r(src)).toBe(want);
  });
});

describe("errors are TemplateErrors with a line, never a crash", () => {
  it("parse error", () => {
    const out = tryRender('{\n  "a": "{{CHECK_NAME}}",\n  "b": "{{ CHECK_NAME ) }}"\n}', vars);
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.error).toBeInstanceOf(TemplateError);
      expect(out.error.line).toBe(3);
      expect(out.error.message).toMatch(/^template error on line 3: /);
    }
  });
  it("unclosed block", () => {
    const out = tryRender('line1\n{{#eq CHECK_TYPE "API"}}\nno end', vars);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error.message).toMatch(/line \d+/);
  });
  it("unknown helper", () => {
    const out = tryRender('a\nb\n{{frobnicate CHECK_NAME "x"}}', vars);
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.error.line).toBe(3);
      expect(out.error.message).toContain('unknown helper "frobnicate"');
    }
  });
  it("a helper that cannot read its arguments", () => {
    const out = tryRender('ok\n{{moment "not a date at all zzz" "YYYY"}}', vars, {}, { now: () => NOW });
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.error.line).toBe(2);
      expect(out.error.message).toContain("moment");
    }
  });
  it("a missing variable is empty, not an error", () => {
    expect(r("[{{NOPE}}]")).toBe("[]");
  });
});

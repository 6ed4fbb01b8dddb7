/**
 * The check-type registry agrees with the rest: every active type has a runner and a demo generator and the
 * passive one has neither; every type has an analytics report and is a known session type; a type with a
 * body is created at its kind's URL; the engine's defaults and verdicts come from it.
 */
import { describe, expect, it } from "vitest";
import { analyticsKindOf } from "../../src/contract/analytics-metrics.ts";
import { CHECK_TYPE_DEFS } from "../../src/contract/check-types/registry.ts";
import { CHECK_TYPE_SPECS, CHECK_TYPES, isPassive } from "../../src/contract/check-types.ts";
import { CHECK_KINDS, kindOfType, RETRY_DEFAULTS } from "../../src/contract/schemas/check-bodies.ts";
import { assertion, common, lazy, scriptFields } from "../../src/contract/schemas/check-body-parts.ts";
import { CHECK_TYPES as SESSION_CHECK_TYPES } from "../../src/contract/schemas/check-sessions.ts";
import { CREATABLE_CHECK_TYPES, checkCreateSchemas } from "../../src/contract/schemas/checks.ts";
import { toCheckDef } from "../../src/service/engine/checks.ts";
import { classify } from "../../src/service/engine/classify.ts";
import { demoFor, runnerFor } from "../../src/service/runners/registry.ts";

const row = (checkType: string) => ({
  id: "c",
  name: "c",
  check_type: checkType,
  activated: 1,
  muted: 0,
  frequency: 5,
  tags: "[]",
  locations: "[]",
  doc: "{}",
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
});

describe("check types", () => {
  it.each(CHECK_TYPES)("%s: runner, report, thresholds and degraded state from its spec", (type) => {
    const spec = CHECK_TYPE_SPECS[type];
    expect(runnerFor(type) !== undefined).toBe(spec.runs === "active");
    expect(demoFor(type) !== undefined).toBe(spec.runs === "active");
    expect(isPassive(type)).toBe(spec.runs === "passive");
    expect(analyticsKindOf(type)).toBeDefined();
    const def = toCheckDef(row(type));
    expect([def.degradedResponseTime, def.maxResponseTime]).toEqual([...spec.thresholds]);
    const slow = {
      hasFailures: false,
      hasErrors: false,
      responseTime: spec.thresholds[0] + 1,
      metrics: {},
      detail: {},
    };
    expect(classify(def, slow).isDegraded).toBe(spec.canDegrade);
  });

  it.each(CHECK_TYPE_DEFS.map((d) => [d.type, d] as const))("%s: the derived tables name it", (type, d) => {
    expect(SESSION_CHECK_TYPES).toContain(type);
    expect(kindOfType(type)).toBe("body" in d ? d.kind : undefined);
    expect(analyticsKindOf(type)).toBe("report" in d ? d.kind : undefined);
  });

  /** The least body of each kind that is valid, to vary the response times on. */
  const MINIMAL: Record<keyof typeof CHECK_KINDS, Record<string, unknown>> = {
    api: { request: { url: "https://example.com/" } },
    url: { request: { url: "https://example.com/" } },
    tcp: { request: { hostname: "example.com", port: 443 } },
    dns: { request: { query: "example.com", recordType: "A" } },
    heartbeat: { heartbeat: { period: 5, periodUnit: "minutes", grace: 1, graceUnit: "minutes" } },
    browser: { script: "await page.goto('https://example.com/')" },
    multistep: { script: "await request.get('https://example.com/')" },
  };

  it.each(Object.entries(CHECK_KINDS))(
    "%s body: response-time defaults and bounds are the spec's, degraded ≤ max",
    (kind, { checkType, schema }) => {
      const spec = CHECK_TYPE_SPECS[checkType];
      const body = { name: "x", ...MINIMAL[kind as keyof typeof CHECK_KINDS] };
      const parsed = schema.parse(body);
      expect([parsed.degradedResponseTime, parsed.maxResponseTime]).toEqual([...spec.thresholds]);
      expect(schema.safeParse({ ...body, maxResponseTime: spec.maxMs }).success).toBe(true);
      expect(schema.safeParse({ ...body, maxResponseTime: spec.maxMs + 1 }).success).toBe(false);
      const crossed = schema.safeParse({ ...body, degradedResponseTime: 2, maxResponseTime: 1 });
      expect(crossed.error?.issues[0]?.message).toMatch(/must not exceed maxResponseTime/);
    },
  );

  it("a type's body is built when it is first read, then the same schema every read (not at load)", () => {
    for (const d of CHECK_TYPE_DEFS) {
      if (!("body" in d)) continue; // a type written without a body (Playwright)
      const got = Object.getOwnPropertyDescriptor(d, "body");
      expect(got?.get, `${d.type}'s body is a getter`).toBeTypeOf("function");
      expect(got?.value).toBeUndefined();
      expect(d.body).toBe(d.body);
      expect(CHECK_KINDS[d.kind].schema).toBe(d.body);
    }
    for (const t of CREATABLE_CHECK_TYPES) expect(checkCreateSchemas[t]).toBe(CHECK_KINDS[t].schema);
    // the pieces the bodies share are built with the first body, once: every type's body holds the same ones
    for (const part of [common, assertion, scriptFields]) expect(part()).toBe(part());
    expect(CHECK_KINDS.url.schema.shape.name).toBe(common().name);
    expect(CHECK_KINDS.api.schema.shape.tags).toBe(CHECK_KINDS.dns.schema.shape.tags);
    let made = 0;
    const once = lazy(() => ({ n: ++made }));
    expect(made).toBe(0);
    expect(once()).toBe(once());
    expect(made).toBe(1);
  });

  it("an unknown type is not passive; only the heartbeat is", () => {
    expect(isPassive("SOMETHING_NEW")).toBe(false);
    expect(CHECK_TYPES.filter(isPassive)).toEqual(["HEARTBEAT"]);
  });

  it("a stored retry strategy missing its numbers is read with the defaults the body schema fills in", () => {
    const filled = CHECK_KINDS.api.schema.parse({
      name: "x",
      request: { url: "https://example.com/" },
      retryStrategy: { type: "LINEAR" },
    }).retryStrategy;
    const read = toCheckDef({ ...row("API"), doc: JSON.stringify({ retryStrategy: { type: "LINEAR" } }) });
    expect(read.retryStrategy).toMatchObject({ type: "LINEAR", ...RETRY_DEFAULTS });
    expect(filled).toMatchObject(RETRY_DEFAULTS);
  });
});

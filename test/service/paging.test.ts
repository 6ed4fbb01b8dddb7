/**
 * Totals on the lists paged by limit/page: `Content-Range: <first>-<last>/<total>` (0-based; `*` for a
 * page past the end), and the shared client reading every page without a trailing empty request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { CHECKS_PAGE_MAX, CHECKS_PAGE_MAX_HEADER } from "../../src/contract/schemas/checks.ts";
import { startTestService, type TestService } from "./support.ts";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
  for (let i = 0; i < 5; i++)
    await svc.call("POST", "/v1/checks/url", { name: `p${i}`, request: { url: "http://127.0.0.1:9/" } });
  for (let i = 0; i < 3; i++)
    await svc.call("POST", "/v1/alert-channels", { type: "EMAIL", config: { address: `p${i}@example.com` } });
});
afterAll(async () => {
  await svc.dispose();
});

describe("Content-Range on page/limit lists", () => {
  it("checks: first-last/total on each page, a star past the end, filters counted", async () => {
    const p1 = await svc.call("GET", "/v1/checks?limit=2&page=1");
    expect(p1.headers.get("content-range")).toBe("0-1/5");
    const p3 = await svc.call("GET", "/v1/checks?limit=2&page=3");
    expect(p3.body).toHaveLength(1);
    expect(p3.headers.get("content-range")).toBe("4-4/5");
    const past = await svc.call("GET", "/v1/checks?limit=2&page=9");
    expect(past.body).toEqual([]);
    expect(past.headers.get("content-range")).toBe("*/5");
    const filtered = await svc.call("GET", "/v1/checks?search=p1");
    expect(filtered.headers.get("content-range")).toBe("0-0/1");
  });

  it("alert channels, check results and alert notifications carry it too", async () => {
    expect((await svc.call("GET", "/v1/alert-channels?limit=2")).headers.get("content-range")).toBe("0-1/3");
    const check = (await svc.call("GET", "/v1/checks?limit=1")).body[0];
    expect((await svc.call("GET", `/v1/check-results/${check.id}`)).headers.get("content-range")).toBe("*/0");
    expect((await svc.call("GET", "/v1/alert-notifications")).headers.get("content-range")).toBe("*/0");
  });

  it("the client reads every page and stops at the total (no trailing empty page)", async () => {
    const seen: string[] = [];
    const client = createClient({ baseUrl: svc.url, apiKey: svc.apiKey, retries: 0 });
    const orig = client.http.request.bind(client.http);
    client.http.request = ((req: Parameters<typeof orig>[0]) => {
      seen.push(`${req.path}?page=${String(req.query?.page)}`);
      return orig(req);
    }) as typeof client.http.request;
    const all = await client.checks.listAll({}, { pageSize: 5 });
    expect(all).toHaveLength(5);
    expect(seen).toEqual(["/v1/checks?page=1"]);
    await client.close();
  });

  it("checks: wide pages (vigil's extension), offered on every answer; `fields` keeps only those members", async () => {
    const plain = await svc.call("GET", "/v1/checks?limit=2");
    expect(plain.headers.get(CHECKS_PAGE_MAX_HEADER)).toBe(String(CHECKS_PAGE_MAX));
    expect(plain.headers.get("access-control-expose-headers")).toBe(
      `Content-Range, ${CHECKS_PAGE_MAX_HEADER}`,
    );
    expect(plain.body[0]).toHaveProperty("alertChannelSubscriptions");
    const wide = await svc.call(
      "GET",
      `/v1/checks?limit=${CHECKS_PAGE_MAX}&fields=id,name&fields=tags,nothing`,
    );
    expect(wide.status).toBe(200);
    expect(wide.body).toHaveLength(5);
    expect(wide.headers.get("content-range")).toBe("0-4/5");
    for (const c of wide.body) expect(Object.keys(c).sort()).toEqual(["id", "name", "tags"]);
    expect(wide.body.map((c: { id: string }) => c.id)).toEqual(
      (await svc.call("GET", "/v1/checks?limit=5")).body.map((c: { id: string }) => c.id),
    );
    expect((await svc.call("GET", `/v1/checks?limit=${CHECKS_PAGE_MAX + 1}`)).status).toBe(400);
    expect((await svc.call("GET", "/v1/checks?fields=")).status).toBe(400);
  });
});

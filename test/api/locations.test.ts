import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ResponseShapeError } from "../../src/api/errors.ts";
import { HttpClient } from "../../src/api/http.ts";
import { locationsApi } from "../../src/api/locations.ts";
import { locations } from "../support/fixtures-a.ts";
import { ScriptedServer } from "../support/scripted-server.ts";

let srv: ScriptedServer;
let http: HttpClient;

beforeEach(async () => {
  srv = await new ScriptedServer().start();
  http = new HttpClient({ baseUrl: srv.url, apiKey: "sk_test_locations_0123456789", backoffBaseMs: 5 });
});
afterEach(async () => {
  await http.close();
  await srv.close();
});

describe("locations", () => {
  it("list GETs /v1/locations and keeps extra fields", async () => {
    srv.reply({ json: [...locations, { region: "xx-moon-1", name: "Tranquility", beta: true }] });
    const list = await locationsApi(http).list();
    expect(srv.last.method).toBe("GET");
    expect(srv.last.path).toBe("/v1/locations");
    expect(srv.last.rawQuery).toBe("");
    expect(srv.last.headers.authorization).toBe("Bearer sk_test_locations_0123456789");
    expect(list.map((l) => l.region)).toEqual(["us-east-1", "eu-central-1", "ap-southeast-2", "xx-moon-1"]);
    expect(list[3]).toEqual({ region: "xx-moon-1", name: "Tranquility", beta: true });
  });

  it("retries a 503 (idempotent GET) and then succeeds", async () => {
    srv.reply(
      { status: 503, json: { statusCode: 503, error: "Service Unavailable", message: "x" } },
      { json: locations },
    );
    expect(await locationsApi(http).list()).toHaveLength(3);
    expect(srv.requests).toHaveLength(2);
  });

  it("an entry without region → ResponseShapeError at [1].region", async () => {
    srv.reply({ json: [locations[0], { name: "Nowhere" }] });
    const e = await locationsApi(http)
      .list()
      .catch((x) => x);
    expect(e).toBeInstanceOf(ResponseShapeError);
    expect(e.fieldPath).toBe("[1].region");
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError, UsageError } from "../../src/api/errors.ts";
import { privateLocationsApi } from "../../src/api/private-locations.ts";
import {
  expectRequest,
  type Harness,
  notFound,
  privateLocationCreated,
  privateLocationRead,
  startHarness,
} from "../support/fixtures-b.ts";

let h: Harness;
let api: ReturnType<typeof privateLocationsApi>;
beforeEach(async () => {
  h = await startHarness();
  api = privateLocationsApi(h.http);
});
afterEach(() => h.close());

const ID = privateLocationCreated.id;

describe("privateLocationsApi.create", () => {
  it("POSTs name, slugName, default icon and proxyUrl; accepts the 201 with rawKey", async () => {
    h.srv.reply({ status: 201, json: privateLocationCreated });
    const loc = await api.create({
      name: "Data center EU",
      slugName: "data-center-eu",
      proxyUrl: "https://user:s3cret@164.92.149.127:3128",
    });
    const r = h.srv.last;
    expectRequest(r, "POST", "/v1/private-locations", {
      body: {
        name: "Data center EU",
        slugName: "data-center-eu",
        icon: "location",
        proxyUrl: "https://user:s3cret@164.92.149.127:3128",
      },
    });
    expect(loc).toEqual(privateLocationCreated);
    expect(loc.keys?.[0]?.rawKey).toBe("pl_a89026d28a0c45cf9e11b4c3637f3912");
  });

  it("sends an explicit icon and omits an absent proxyUrl", async () => {
    h.srv.reply({ status: 201, json: { ...privateLocationCreated, icon: "cloud", proxyUrl: null } });
    await api.create({ name: "Lab", slugName: "lab-2", icon: "cloud" });
    expect(h.srv.last.json).toEqual({ name: "Lab", slugName: "lab-2", icon: "cloud" });
  });

  it.each([
    ["an empty slug", { name: "x", slugName: "" }],
    ["a slug over 30 characters", { name: "x", slugName: "a".repeat(31) }],
    ["a slug with other characters", { name: "x", slugName: "data_center" }],
    ["a region-like slug", { name: "x", slugName: "eu-west-1" }],
    ["a region-like slug with a suffix", { name: "x", slugName: "us-gov-east-1-dc" }],
    ["a missing name", { slugName: "dc-1" }],
    ["an invalid proxy URL", { name: "x", slugName: "dc-1", proxyUrl: "not a url" }],
    ["a non-http proxy URL", { name: "x", slugName: "dc-1", proxyUrl: "ftp://proxy:21" }],
  ])("refuses %s with a UsageError, nothing sent", async (_label, body) => {
    await expect(api.create(body as never)).rejects.toBeInstanceOf(UsageError);
    expect(h.srv.requests).toHaveLength(0);
  });

  it("accepts a slug that only resembles a region loosely", async () => {
    h.srv.reply({ status: 201, json: privateLocationCreated });
    await api.create({ name: "x", slugName: "eu-datacenter" });
    expect(h.srv.requests).toHaveLength(1);
  });
});

describe("privateLocationsApi reads", () => {
  it("get GETs /v1/private-locations/{id} with lastSeen, agentCount and no rawKey", async () => {
    h.srv.reply({ json: privateLocationRead });
    const loc = await api.get(ID);
    const r = h.srv.last;
    expectRequest(r, "GET", `/v1/private-locations/${ID}`);
    expect(loc).toEqual(privateLocationRead);
    expect(loc.agentCount).toBe(2);
    expect(loc.keys?.[0]?.rawKey).toBeUndefined();
  });

  it("get: 404 becomes an ApiError", async () => {
    h.srv.reply(notFound("Private location not found"));
    const e = await api.get(ID).catch((x) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(404);
    expect(e.message).toContain("404 Private location not found");
  });

  it("get: an empty id is a UsageError", async () => {
    await expect(api.get("")).rejects.toBeInstanceOf(UsageError);
    expect(h.srv.requests).toHaveLength(0);
  });

  it("list GETs /v1/private-locations (bare array)", async () => {
    h.srv.reply({ json: [privateLocationRead] });
    const all = await api.list();
    expectRequest(h.srv.last, "GET", "/v1/private-locations");
    expect(all).toEqual([privateLocationRead]);
  });
});

describe("privateLocationsApi.update", () => {
  it("PUTs name, icon and proxyUrl", async () => {
    h.srv.reply({ json: { ...privateLocationCreated, name: "DC EU" } });
    const loc = await api.update(ID, { name: "DC EU", icon: "server", proxyUrl: null });
    const r = h.srv.last;
    expectRequest(r, "PUT", `/v1/private-locations/${ID}`, {
      body: { name: "DC EU", icon: "server", proxyUrl: null },
    });
    expect(loc.name).toBe("DC EU");
  });

  it("passes slugName on (the service accepts its own slug and refuses another: immutable)", async () => {
    h.srv.reply({ json: privateLocationCreated });
    await api.update(ID, { name: "x", slugName: "y", region: "eu" } as never);
    expect(h.srv.last.json).toEqual({ name: "x", slugName: "y" });
  });
});

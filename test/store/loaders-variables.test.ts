/**
 * The webhook preview's variables: a service without /v1/variables (404) leaves them empty; any other
 * failure (401, 500) is the loader's failure — reported in the status line by the poller — not an empty
 * list that hides it. A real server on loopback answers.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { createLoaders } from "../../src/store/data/loaders.ts";
import { createConsoleStore } from "../../src/store/state.ts";

let server: Server;
let status = 200;
beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(
      status === 200
        ? JSON.stringify([
            { key: "TEAM", value: "sre", secret: false },
            { key: "TOKEN", value: "x", secret: true },
          ])
        : JSON.stringify({ statusCode: status, error: "E", message: `answer ${status}` }),
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function rig() {
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = createClient({ baseUrl: url, apiKey: "k", timeoutMs: 2000, retries: 0 });
  const store = createConsoleStore();
  return { store, loaders: createLoaders(client, store), client };
}

describe("variables loader", () => {
  it("keeps the non-secret variables; 404 → none; 401 and 500 are failures", async () => {
    const r = rig();
    status = 200;
    await r.loaders.variables();
    expect(r.store.getState().variables).toEqual({ TEAM: "sre" });
    status = 404;
    await r.loaders.variables();
    expect(r.store.getState().variables).toEqual({});
    for (const s of [401, 500]) {
      status = s;
      await expect(r.loaders.variables()).rejects.toThrow(new RegExp(`answer ${s}`));
    }
    await r.client.close();
  });
});

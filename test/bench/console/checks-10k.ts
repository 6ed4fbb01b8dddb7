/**
 * `vigil serve --no-demo` holding N checks, all created through the API (POST /v1/checks/url, 8 in
 * flight). They are deactivated, so the scheduler never runs them and the data stays unchanged while a
 * benchmark watches the console (the idle figure needs "data unchanged").
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Served, serve, spawnServe } from "../../e2e/support/service.ts";

const TAGS = ["prod", "staging", "api", "web", "payments", "search", "auth", "jobs"];

/** The i-th benchmark check (POST /v1/checks/url). */
export function checkBody(i: number) {
  return {
    name: `service-${String(i).padStart(5, "0")} ${TAGS[i % TAGS.length]} endpoint`,
    activated: false,
    frequency: [1, 5, 10, 60][i % 4],
    locations: ["eu-west-1", "us-east-1"],
    tags: [TAGS[i % TAGS.length] ?? "prod", TAGS[(i >> 3) % TAGS.length] ?? "api"],
    request: { url: `http://127.0.0.1:9/health/${i}` },
  };
}

export async function serveChecks(n: number): Promise<Served & { createMs: number }> {
  const served = await serve({ demo: false });
  const started = performance.now();
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < n) {
          const i = next++;
          await served.api("POST", "/v1/checks/url", checkBody(i));
        }
      }),
    );
  } catch (e) {
    await served.stop();
    throw e;
  }
  return { ...served, createMs: performance.now() - started };
}

/**
 * A data dir with the demo workspace and 10,000 more checks (deactivated, as console/checks-10k.ts makes
 * them), created through the API of a `vigil serve` that is stopped again.
 */
export async function tenKDataDir(root: string): Promise<string> {
  const dataDir = join(root, "10k-data");
  const { child, url } = await spawnServe({ dataDir, port: 0, demo: true, home: root });
  try {
    const key = readFileSync(join(dataDir, "api-key"), "utf8").trim();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < 10_000) {
          const i = next++;
          const res = await fetch(`${url}/v1/checks/url`, {
            method: "POST",
            headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
            body: JSON.stringify(checkBody(i)),
          });
          if (!res.ok) throw new Error(`creating check ${i}: ${res.status} ${await res.text()}`);
        }
      }),
    );
  } finally {
    const gone = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await gone;
  }
  return dataDir;
}

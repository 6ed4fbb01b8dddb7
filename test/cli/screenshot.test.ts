/**
 * A failed browser run's screenshot, end to end: a real embedded service keeps it through the path a
 * private location's browser run takes (the agent posts the result with `assets`, the engine saves it as
 * `assets/<id>-screenshot.png`), `GET /v1/check-results/{checkId}/{resultId}/screenshot` serves it, the
 * client reads it (the key only to the service's own origin), and `vigil results show … --screenshot`
 * draws it through a real pseudo-terminal (`script`) with TERM=xterm-kitty, or saves it (0600) and says why.
 */
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenshotSource } from "../../src/api/check-results.ts";
import { createClient } from "../../src/api/client.ts";
import { ResponseShapeError } from "../../src/api/errors.ts";
import type { CheckResult } from "../../src/contract/schemas/check-results.ts";
import { readAsset } from "../../src/service/engine/engine.ts";
import { createLocation, trigger } from "../service/agents/support.ts";
import { startTestService, type TestService, tempDir } from "../service/support.ts";
import { runCli, tempHome } from "./run-cli.ts";

/** A real PNG: `w`×`h` RGB of noise (so it does not compress to one kitty chunk). */
function png(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return seed >> 16;
  };
  const rows = Array.from({ length: h }, () =>
    Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w * 3 }, noise))]),
  );
  const raw = Buffer.concat(rows);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const SHOT = png(40, 30); // ~3.6 KB: its base64 spans two kitty chunks

let svc: TestService;
let checkId: string;
let withShot: string;
let withoutShot: string;
let gone: string;
let env: Record<string, string>;

/** One run of the check at the private location, answered as its agent would (a failed browser run). */
async function agentRun(key: string, assets: Record<string, string> | undefined): Promise<string> {
  const [sessionId] = await trigger(svc, [checkId]);
  const lease = await fetch(`${svc.url}/agent/v1/lease`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ agentId: "test-agent", waitSeconds: 10 }),
  });
  const { jobs } = (await lease.json()) as { jobs: { jobId: string; leaseId: string }[] };
  const job = jobs[0]!;
  const post = await fetch(`${svc.url}/agent/v1/jobs/${job.jobId}/result`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({
      leaseId: job.leaseId,
      outcome: {
        hasFailures: true,
        hasErrors: false,
        responseTime: 812,
        errorMessage: "line 2: expect(locator).toHaveText(expected) failed",
        detail: { browserCheckResult: { errors: [{ message: "toHaveText failed", line: 2 }] } },
        ...(assets ? { assets } : {}),
      },
    }),
  });
  if (post.status !== 200) throw new Error(`result: ${post.status} ${await post.text()}`);
  const done = await svc.call("GET", `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=10`);
  if (done.status !== 200 || done.body.status === "STARTED") throw new Error(`session: ${done.text}`);
  const results = await svc.call("GET", `/v1/check-results/${checkId}?limit=100&resultType=ALL`);
  const mine = (results.body as { id: string; checkRunId?: string; created_at: string }[]).sort((a, b) =>
    b.created_at.localeCompare(a.created_at),
  );
  return mine[0]!.id;
}

beforeAll(async () => {
  svc = await startTestService();
  const loc = await createLocation(svc, "lab-shot");
  const check = await svc.call("POST", "/v1/checks/browser", {
    name: "Checkout flow",
    frequency: 10,
    locations: [],
    privateLocations: ["lab-shot"],
    script: "await page.goto('https://shop.example');\nawait expect(page.locator('h1')).toHaveText('Cart');",
  });
  if (check.status !== 201) throw new Error(`check: ${check.status} ${check.text}`);
  checkId = check.body.id;
  const b64 = SHOT.toString("base64");
  withShot = await agentRun(loc.key, { "screenshot.png": b64 });
  withoutShot = await agentRun(loc.key, undefined);
  gone = await agentRun(loc.key, { "screenshot.png": b64 });
  env = { VIGIL_BASE_URL: svc.url, VIGIL_API_KEY: svc.apiKey };
}, 60_000);
afterAll(async () => {
  await svc?.dispose();
});

const shotPath = (resultId: string) => `/v1/check-results/${checkId}/${resultId}/screenshot`;

describe("GET /v1/check-results/{checkId}/{resultId}/screenshot", () => {
  it("serves the kept PNG, with the key only", async () => {
    const r = await svc.call("GET", `/v1/check-results/${checkId}/${withShot}`);
    expect(r.body.browserCheckResult.screenshot).toBe(`assets/${withShot}-screenshot.png`);
    const res = await fetch(`${svc.url}${shotPath(withShot)}`, {
      headers: { authorization: `Bearer ${svc.apiKey}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(SHOT);
    const anon = await fetch(`${svc.url}${shotPath(withShot)}`);
    expect(anon.status).toBe(401);
  });

  it("404 with one line: no screenshot, unknown result, a file removed", async () => {
    const none = await svc.call("GET", shotPath(withoutShot));
    expect(none.status).toBe(404);
    expect(none.body.message).toBe("This result has no screenshot");
    const unknown = await svc.call("GET", shotPath("00000000-0000-4000-8000-000000000000"));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Check result not found");
    rmSync(join(svc.dataDir, "assets", `${gone}-screenshot.png`));
    const removed = await svc.call("GET", shotPath(gone));
    expect(removed.status).toBe(404);
    expect(removed.body.message).toMatch(/^This result's screenshot is no longer kept/);
  });
});

describe("readAsset", () => {
  it("reads only a result's own plain file in the assets dir", () => {
    const root = tempDir();
    const dir = join(root, "assets");
    mkdirSync(dir);
    writeFileSync(join(root, "api-key"), "secret");
    writeFileSync(join(dir, "r1-screenshot.png"), "png");
    symlinkSync(join(root, "api-key"), join(dir, "r1-link.png"));
    mkdirSync(join(dir, "r1-dir"));
    try {
      expect(readAsset(dir, "assets/r1-screenshot.png", "r1")?.toString()).toBe("png");
      for (const ref of [
        "assets/../api-key",
        "assets/r1-x/../../api-key",
        `${root}/api-key`,
        "assets/r1-link.png", // a link, even to a file inside
        "assets/r1-dir",
        "assets/r1-missing.png",
        "r1-screenshot.png",
        "assets/.r1",
      ])
        expect(readAsset(dir, ref, "r1"), ref).toBeUndefined();
      expect(readAsset(dir, "assets/r1-screenshot.png", "r2")).toBeUndefined(); // another result's file
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("client.checkResults.screenshot", () => {
  let other: Server;
  let seen: IncomingHttpHeaders | undefined;
  beforeAll(async () => {
    other = createServer((req, res) => {
      seen = req.headers;
      res.writeHead(200, { "content-type": "image/png" });
      res.end(req.url === "/big.png" ? Buffer.alloc(100) : SHOT);
    });
    await new Promise<void>((r) => other.listen(0, "127.0.0.1", r));
  });
  afterAll(() => new Promise<void>((r) => other.close(() => r())));

  it("reads the bytes from the service's route", async () => {
    const client = createClient({ baseUrl: svc.url, apiKey: svc.apiKey });
    try {
      expect(Buffer.from(await client.checkResults.screenshot(checkId, withShot))).toEqual(SHOT);
      await expect(client.checkResults.screenshot(checkId, withoutShot)).rejects.toThrow(
        /This result has no screenshot/,
      );
    } finally {
      await client.close();
    }
  });

  it("an absolute link elsewhere is fetched without the key; a larger answer than allowed is refused", async () => {
    const client = createClient({ baseUrl: svc.url, apiKey: svc.apiKey, accountId: "acct-1" });
    const elsewhere = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      const raw = { maxBytes: 1 << 20, accept: "image/png" };
      const r = await client.http.request({
        method: "GET",
        path: "/shot",
        url: `${elsewhere}/shot.png`,
        raw,
      });
      expect(Buffer.from(r.data as Uint8Array)).toEqual(SHOT);
      expect(seen?.authorization).toBeUndefined();
      expect(seen?.["x-service-account"]).toBeUndefined();
      expect(seen?.accept).toBe("image/png");
      const big = client.http.request({
        method: "GET",
        path: "/big",
        url: `${elsewhere}/big.png`,
        raw: { maxBytes: 10, accept: "image/png" },
      });
      await expect(big).rejects.toBeInstanceOf(ResponseShapeError);
      await expect(big).rejects.toThrow(/larger than 10 bytes/);
      // the same origin as the service: the key goes along (the route would refuse without it)
      const same = await client.http.request({
        method: "GET",
        path: "/x",
        url: `${svc.url}${shotPath(withShot)}`,
        raw: { maxBytes: 1 << 20, accept: "image/png" },
      });
      expect(Buffer.from(same.data as Uint8Array)).toEqual(SHOT);
    } finally {
      await client.close();
    }
  });

  it("screenshotSource: an https link, else the route; none when the result names none", () => {
    const base = { id: "r", checkId: "c" } as unknown as CheckResult;
    const at = (v: object) => ({ ...base, ...v }) as unknown as CheckResult;
    expect(screenshotSource(at({ browserCheckResult: { screenshot: "https://cdn.example/a.png" } }))).toEqual(
      {
        url: "https://cdn.example/a.png",
      },
    );
    expect(screenshotSource(at({ browserCheckResult: { screenshot: "assets/r-screenshot.png" } }))).toEqual({
      route: true,
    });
    expect(
      screenshotSource(
        at({
          multiStepCheckResult: {
            jobAssets: ["https://s3.example/x/trace.zip", "https://s3.example/x/shot.png?sig=1"],
          },
        }),
      ),
    ).toEqual({ url: "https://s3.example/x/shot.png?sig=1" });
    expect(
      screenshotSource(at({ browserCheckResult: { jobAssets: ["http://plain.example/a.png"] } })),
    ).toBeUndefined();
    expect(screenshotSource(base)).toBeUndefined();
  });
});

describe("vigil results show --screenshot", () => {
  it("the result view says which command draws it", async () => {
    const r = await runCli(["results", "show", checkId, withShot], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      `  screenshot   assets/${withShot}-screenshot.png (in the service's data dir) · ` +
        `\`vigil results show ${checkId} ${withShot} --screenshot\` draws it (kitty, iTerm2, sixel)`,
    );
  });

  it("stdout not a terminal (even in kitty): saved to a private file, the path and why", async () => {
    const r = await runCli(["results", "show", checkId, withShot, "--screenshot"], {
      env: { ...env, TERM: "xterm-kitty" },
    });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("\u001b");
    const m = /^screenshot saved to (\S+\.png) \(not drawn: standard output is not a terminal\)$/m.exec(
      r.stdout,
    );
    expect(m, r.stdout).not.toBeNull();
    const file = m![1]!;
    try {
      expect(readFileSync(file)).toEqual(SHOT);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(resolve(file, ".."), { recursive: true, force: true });
    }
  });

  it("--screenshot-file PATH: written there (0600); a result with none: one line, exit 1", async () => {
    const home = tempHome();
    const file = join(home, "failure.png");
    const r = await runCli(["results", "show", checkId, withShot, "--screenshot-file", file], { env, home });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`screenshot saved to ${file} (--screenshot-file: not drawn)`);
    expect(readFileSync(file)).toEqual(SHOT);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const none = await runCli(["results", "show", checkId, withoutShot, "--screenshot"], { env });
    expect(none.code).toBe(1);
    expect(none.stderr).toBe(
      "vigil: --screenshot: this result has no screenshot (a failed browser run keeps one)\n",
    );
  });

  it("on a pseudo-terminal with TERM=xterm-kitty: kitty graphics escapes carrying the PNG", async () => {
    const out = await onPty(["results", "show", checkId, withShot, "--screenshot"], {
      ...env,
      TERM: "xterm-kitty",
    });
    expect(out).toContain("screenshot (");
    const parts = [...out.matchAll(/\u001b_G([^;]*);([A-Za-z0-9+/=]*)\u001b\\/g)];
    expect(parts.length).toBe(2);
    expect(parts[0]![1]).toMatch(/^f=100,a=T,q=2,m=[01]$/);
    expect(parts.at(-1)![1]).toMatch(/m=0$/);
    expect(Buffer.from(parts.map((p) => p[2]).join(""), "base64")).toEqual(SHOT);
    expect(out).not.toContain("screenshot saved to");
  });
});

/** The CLI on a real pseudo-terminal (util-linux `script`), its terminal output. */
function onPty(args: string[], extra: Record<string, string>): Promise<string> {
  const root = resolve(import.meta.dirname, "../..");
  const home = tempHome();
  const command = [join(root, "node_modules/.bin/node"), join(root, "src/cli/main.ts"), ...args]
    .map((a) => `'${a.replaceAll("'", "'\\''")}'`)
    .join(" ");
  return new Promise((done, fail) => {
    execFile(
      "script",
      ["-q", "-e", "-c", command, "/dev/null"],
      {
        cwd: root,
        timeout: 20_000,
        maxBuffer: 16 << 20,
        env: {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          HOME: home,
          XDG_CONFIG_HOME: join(home, "c"),
          XDG_DATA_HOME: join(home, "d"),
          NO_COLOR: "1",
          ...extra,
        },
      },
      (err, stdout, stderr) => (err ? fail(new Error(`${err.message}\n${stderr}\n${stdout}`)) : done(stdout)),
    );
  });
}

/**
 * deploy/Containerfile. Where a builder answers (`docker info` or `podman info`), the image is built for
 * real. Everywhere, its commands are exercised on this host: each stage gets a root directory, COPY copies
 * from the checkout (or an earlier stage), RUN runs its shell command there, and the image's command
 * (ENTRYPOINT + CMD) starts the service from what the stages produced — ready, its HEALTHCHECK passing,
 * an agent started from the same image reaching it, both stopping with 0 on the STOPSIGNAL. Container
 * paths are mapped into the stage roots (only the ones the file uses, checked), the container's `node` is
 * the checkout's Node 24, npm uses this machine's cache first, and the published port becomes a free one.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NODE, ROOT } from "../e2e/support/paths.ts";
import { api, freePort, run } from "./support.ts";

const FILE = join(ROOT, "deploy/Containerfile");

type Instruction = { op: string; args: string };

/** The file's instructions: comments dropped, `\` continuations joined. */
function parse(text: string): Instruction[] {
  const out: Instruction[] = [];
  let pending = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!pending && (!line || line.startsWith("#"))) continue;
    if (line.endsWith("\\")) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const whole = pending + line;
    pending = "";
    const sp = whole.indexOf(" ");
    out.push({ op: whole.slice(0, sp).toUpperCase(), args: whole.slice(sp + 1).trim() });
  }
  return out;
}

const builder = ["docker", "podman"].find((b) => spawnSync(b, ["info"], { stdio: "ignore" }).status === 0);

describe("deploy/Containerfile", () => {
  it.skipIf(!builder)(
    `builds with ${builder ?? "a builder"}`,
    () => {
      const tag = `vigil-test:${process.pid}`;
      const r = spawnSync(builder!, ["build", "-f", FILE, "-t", tag, "."], { cwd: ROOT, encoding: "utf8" });
      expect(r.status, r.stderr.slice(-2000)).toBe(0);
      spawnSync(builder!, ["rmi", tag], { stdio: "ignore" });
    },
    900_000,
  );
  if (!builder)
    it.skip("SKIPPED build: no container builder answers here (docker info / podman info); its commands are run on the host below", () => {});

  const work = mkdtempSync(join(tmpdir(), "vigil-container-"));
  // two stage roots, each with an installed node_modules (thousands of files): 14 s to remove on a loaded
  // machine, past the default 20 s hook budget in a full run
  afterAll(() => rm(work, { recursive: true, force: true }), 120_000);

  it("its commands run on this host: build stage, image command, health check, agent, SIGTERM", async () => {
    const steps = parse(readFileSync(FILE, "utf8"));
    const port = await freePort();
    const node24 = dirname(NODE); // node_modules/.bin: `node` there is the checkout's Node 24
    const stages = new Map<string, string>(); // stage name → its root
    let root = "";
    let cwd = "/";
    let env: Record<string, string> = {};
    let entrypoint: string[] = [];
    let cmd: string[] = [];
    let healthcheck: string[] = [];
    let stopSignal = "SIGTERM";
    const mapped = ["/opt/vigil", "/home/node"]; // the container paths this file uses
    const inRoot = (p: string) => join(root, p);
    const mapText = (s: string) => {
      for (const m of mapped) s = s.replaceAll(m, inRoot(m));
      return s;
    };
    const hostPath = (p: string) => (p.startsWith("/") ? inRoot(p) : join(inRoot(cwd), p));

    for (const { op, args } of steps) {
      switch (op) {
        case "FROM": {
          const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args)!;
          expect(m[1]).toMatch(/^docker\.io\/library\/node:24-/); // the image's node is Node 24, as here
          root = join(work, m[2] ?? `stage${stages.size}`);
          stages.set(m[2] ?? String(stages.size), root);
          mkdirSync(join(root, "home/node"), { recursive: true }); // the node image's user home
          env = {};
          break;
        }
        case "WORKDIR":
          cwd = args;
          mkdirSync(inRoot(cwd), { recursive: true });
          break;
        case "COPY": {
          const parts = args.split(/\s+/);
          const from = parts[0]!.startsWith("--from=") ? parts.shift()!.slice(7) : undefined;
          const dest = parts.pop()!;
          for (const src of parts) {
            const origin = from ? join(stages.get(from)!, src) : join(ROOT, src);
            // as COPY does: a directory's contents into dest; a file into dest/ (or as dest)
            const target =
              statSync(origin).isDirectory() || !dest.endsWith("/")
                ? hostPath(dest)
                : join(hostPath(dest), basename(src));
            cpSync(origin, target, { recursive: true, verbatimSymlinks: true });
          }
          break;
        }
        case "ENV":
          for (const m of args.matchAll(/(\w+)=(\S+)/g)) env[m[1]!] = mapText(m[2]!);
          break;
        case "RUN": {
          for (const p of args.match(/(?<![\w.-])\/[\w./-]+/g) ?? [])
            expect(
              mapped.some((m) => p.startsWith(m)),
              `unmapped path ${p}`,
            ).toBe(true);
          const r = spawnSync("sh", ["-c", mapText(args)], {
            cwd: inRoot(cwd),
            encoding: "utf8",
            // npm's cache here first (CI has just installed the same lockfile); Node 24 first on PATH
            env: {
              ...process.env,
              ...env,
              PATH: `${node24}:${process.env.PATH}`,
              npm_config_prefer_offline: "true",
            },
          });
          expect(r.status, `RUN ${args}\n${r.stdout.slice(-1500)}\n${r.stderr.slice(-1500)}`).toBe(0);
          break;
        }
        case "ENTRYPOINT":
          entrypoint = JSON.parse(args);
          break;
        case "CMD":
          cmd = JSON.parse(args);
          break;
        case "HEALTHCHECK":
          healthcheck = JSON.parse(args.slice(args.indexOf("CMD ") + 4));
          break;
        case "STOPSIGNAL":
          stopSignal = args;
          break;
        case "EXPOSE":
          expect(args).toBe("7711");
          break;
        case "USER":
        case "VOLUME":
          break; // the host runs as the test's user; the data dir is the mapped one
        default:
          throw new Error(`the test does not know ${op}: teach it`);
      }
    }
    expect(existsSync(inRoot("/opt/vigil/dist/vigil.js"))).toBe(true);
    expect(existsSync(inRoot("/opt/vigil/node_modules/esbuild"))).toBe(false); // pruned

    // the image's command: ENTRYPOINT + CMD, the published port replaced by a free one
    const image = (args: string[]) => args.map((a) => mapText(a.replace("7711", String(port))));
    const childEnv = { ...env, PATH: `${node24}:/usr/bin:/bin`, HOME: inRoot("/home/node") };
    const [exe, ...rest] = image([...entrypoint, ...cmd]);
    const svc = run(exe!, rest, childEnv, inRoot(cwd));
    try {
      const listening = await svc.line(/^listening on http:\/\//);
      const base = listening.replace(/^listening on /, "");
      expect(base).toBe(`http://127.0.0.1:${port}`);
      // the HEALTHCHECK passes once it is ready
      const [hexe, ...hargs] = image(healthcheck);
      expect(spawnSync(hexe!, hargs, { env: childEnv }).status).toBe(0);
      // the data dir is the volume's, the key made there (docker exec … cat /home/node/data/api-key)
      expect(env.VIGIL_DATA_DIR).toBe(inRoot("/home/node/data"));
      const key = readFileSync(join(env.VIGIL_DATA_DIR!, "api-key"), "utf8").trim();
      const loc = await api(base, key, "POST", "/v1/private-locations", { name: "Box", slugName: "box" });
      expect(loc.status).toBe(201);

      // the same image as an agent (`docker run … vigil agent`, its key and URL in the environment)
      const [aexe, ...aargs] = image([...entrypoint, "agent"]);
      const agent = run(
        aexe!,
        aargs,
        { ...childEnv, VIGIL_AGENT_KEY: loc.body.keys[0].rawKey, VIGIL_BASE_URL: base },
        inRoot(cwd),
      );
      try {
        await agent.line(/for private location box \(Box\)/);
        expect(await agent.stop(stopSignal as NodeJS.Signals)).toBe(0);
      } finally {
        await agent.stop("SIGKILL");
      }
      expect(await svc.stop(stopSignal as NodeJS.Signals)).toBe(0);
      // stopped: the health check fails
      expect(spawnSync(hexe!, hargs, { env: childEnv }).status).toBe(1);
    } finally {
      await svc.stop("SIGKILL");
    }
  }, 240_000);
});

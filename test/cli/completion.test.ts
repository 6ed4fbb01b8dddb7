/**
 * Shell completion from the command table (issue 28): the candidates (`plan`, pure) are the table's
 * commands, verbs and flags; ids come from a real embedded service; the bash script, sourced in a real
 * bash, completes through `vigil __complete`; the zsh and fish scripts call the same.
 */
import { execFile } from "node:child_process";
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GLOBAL_OPTIONS } from "../../src/cli/args.ts";
import { COMMANDS } from "../../src/cli/commands/index.ts";
import { completionScript, plan } from "../../src/cli/completion.ts";
import { PROGRAMS } from "../../src/cli/programs.ts";
import { startTestService, type TestService } from "../service/support.ts";
import { runCli } from "./run-cli.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const values = (words: string[], current: string) => {
  const p = plan(words, current);
  if (p.kind !== "candidates") throw new Error(`expected candidates, got ${JSON.stringify(p)}`);
  return p.candidates.map((c) => c.value);
};

describe("candidates from the command table", () => {
  it("commands, then verbs, then flags: every one the table has", () => {
    const top = values([], "");
    for (const r of [...COMMANDS, ...PROGRAMS]) expect(top).toContain(r.name);
    expect(values([], "che")).toEqual(
      [...COMMANDS, ...PROGRAMS].map((r) => r.name).filter((n) => n.startsWith("che")),
    );
    for (const r of [...COMMANDS, ...PROGRAMS].filter((x) => !x.verbless)) {
      expect(values([r.name], "")).toEqual(r.verbs.map((v) => v.name));
      for (const v of r.verbs) {
        const flags = values([r.name, v.name], "--");
        for (const name of Object.keys({ ...GLOBAL_OPTIONS, ...(v.options ?? {}) }))
          expect(flags).toContain(`--${name}`);
      }
    }
    // global flags before the command, a negatable flag both ways, a flag's closed set of values
    expect(values(["--profile", "prod"], "sta")).toEqual(["status", "status-pages"]);
    expect(values(["serve"], "--no-d")).toEqual(["--no-demo"]);
    expect(values(["--theme"], "")).toEqual(["dark", "light"]);
    expect(values(["--notify"], "")).toEqual(["bell", "desktop"]);
    expect(values(["completion"], "")).toEqual(["bash", "zsh", "fish"]);
    expect(values(["help"], "inc")).toEqual(["incidents", "incident-updates"]);
  });

  it("an id under the cursor is asked of the service; a second argument where none is taken is nothing", () => {
    expect(plan(["checks", "get"], "")).toMatchObject({ kind: "ids", positional: "CHECK_ID" });
    expect(plan(["--json", "incidents", "update"], "")).toMatchObject({
      kind: "ids",
      positional: "INCIDENT_ID",
    });
    expect(plan(["status-pages", "get", "--json"], "-IQ")).toMatchObject({
      kind: "ids",
      positional: "PAGE_ID",
    });
    expect(values(["checks", "get", "c1"], "")).toEqual([]);
  });
});

describe("against a service", () => {
  let svc: TestService;
  let env: Record<string, string>;
  let ids: string[];
  beforeAll(async () => {
    svc = await startTestService();
    const made = await Promise.all(
      ["Checkout API", "Search API"].map((name) =>
        svc.call("POST", "/v1/checks/url", {
          name,
          request: { url: "http://127.0.0.1:9/" },
          locations: ["eu-west-1"],
        }),
      ),
    );
    ids = made.map((r) => r.body.id as string);
    env = { VIGIL_BASE_URL: svc.url, VIGIL_API_KEY: svc.apiKey };
  }, 30_000);
  afterAll(() => svc?.dispose());

  it("vigil __complete lists check ids (with names for zsh and fish), and never starts a service", async () => {
    const bash = await runCli(["__complete", "bash", "checks", "get", ""], { env });
    expect(bash.code).toBe(0);
    expect(bash.stdout.trim().split("\n").sort()).toEqual([...ids].sort());
    const fish = await runCli(["__complete", "fish", "checks", "results", ids[0]!.slice(0, 8)], { env });
    expect(fish.stdout).toBe(`${ids[0]}\tCheckout API\n`);
    // nothing configured and no local service running: no candidates, nothing started
    const none = await runCli(["__complete", "bash", "checks", "get", ""]);
    expect(none.code).toBe(0);
    expect(none.stdout).toBe("");
    expect(none.stderr).toBe("");
  });

  it("the bash script, sourced in bash, completes commands, verbs, flags and ids", async () => {
    const bin = mkdtempSync(join(tmpdir(), "vigil-bin-"));
    const vigil = join(bin, "vigil");
    writeFileSync(
      vigil,
      `#!/bin/sh\nexec ${join(ROOT, "node_modules/.bin/node")} ${join(ROOT, "src/cli/main.ts")} "$@"\n`,
    );
    chmodSync(vigil, 0o755);
    const script = await runCli(["completion", "bash"]);
    expect(script.code).toBe(0);
    expect(script.stdout).toBe(completionScript("bash"));
    const file = join(bin, "vigil.bash");
    writeFileSync(file, script.stdout);
    const complete = (...words: string[]) =>
      new Promise<string[]>((done, fail) => {
        const line = `source ${file}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(" ")}); COMP_CWORD=${words.length - 1}; _vigil; printf '%s\\n' "\${COMPREPLY[@]}"`;
        execFile(
          "/usr/bin/bash",
          ["--norc", "-c", line],
          { env: { ...env, PATH: `${bin}:/usr/bin:/bin`, HOME: bin }, timeout: 20_000 },
          (err, stdout) => (err ? fail(err) : done(stdout.split("\n").filter(Boolean))),
        );
      });
    expect(await complete("vigil", "sess")).toEqual(["sessions"]);
    expect(await complete("vigil", "sessions", "")).toEqual(["list", "get", "wait"]);
    expect(await complete("vigil", "trigger", "--wa")).toEqual(["--wait"]);
    expect((await complete("vigil", "checks", "get", "")).sort()).toEqual([...ids].sort());
  }, 30_000);

  it("zsh and fish scripts ask the same command for their candidates", () => {
    expect(completionScript("zsh")).toMatch(/^#compdef vigil\n/);
    expect(completionScript("zsh")).toContain("vigil __complete zsh");
    expect(completionScript("fish")).toContain("vigil __complete fish");
    expect(completionScript("fish")).toContain("complete -c vigil -f -a '(__vigil_complete)'");
  });
});

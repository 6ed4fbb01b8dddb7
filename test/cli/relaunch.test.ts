/**
 * The console's re-execution into a tuned Node (src/cli/relaunch.ts), as pure logic: what it adds, what it
 * leaves to the user, that it happens once, and that the re-executed process forgets what was added.
 */
import { describe, expect, it } from "vitest";
import {
  CONSOLE_NODE_FLAGS,
  forgetRelaunch,
  RELAUNCHED,
  relaunchPlan,
  relaunchScript,
} from "../../src/cli/relaunch.ts";

const input = {
  execPath: "/usr/bin/node",
  execArgv: [] as string[],
  script: "/app/dist/vigil.js",
  args: ["--pane", "checks"],
  env: { HOME: "/home/u", TERM: "xterm" } as Record<string, string | undefined>,
  canExec: true,
};

describe("relaunchPlan", () => {
  it("re-executes node with the console's flags before the program, the environment plus MALLOC_ARENA_MAX", () => {
    const plan = relaunchPlan(input);
    expect(plan).toEqual({
      file: "/usr/bin/node",
      argv: ["/usr/bin/node", ...CONSOLE_NODE_FLAGS, "/app/dist/vigil.js", "--pane", "checks"],
      env: { HOME: "/home/u", TERM: "xterm", MALLOC_ARENA_MAX: "1", [RELAUNCHED]: "MALLOC_ARENA_MAX" },
    });
  });

  it("keeps node's own flags after the console's, so the user's win", () => {
    const plan = relaunchPlan({ ...input, execArgv: ["--inspect", "--max-old-space-size=4096"] });
    expect(plan?.argv).toEqual([
      "/usr/bin/node",
      ...CONSOLE_NODE_FLAGS,
      "--inspect",
      "--max-old-space-size=4096",
      "/app/dist/vigil.js",
      "--pane",
      "checks",
    ]);
  });

  it("adds no flag the user gave (node's flags or NODE_OPTIONS, - or _ spelled) and keeps their MALLOC_ARENA_MAX", () => {
    const plan = relaunchPlan({
      ...input,
      execArgv: ["--liftoff_only"],
      env: { ...input.env, NODE_OPTIONS: "--v8-pool-size=4", MALLOC_ARENA_MAX: "2" },
    });
    expect(plan?.argv).toBeUndefined();
    const some = relaunchPlan({ ...input, env: { ...input.env, NODE_OPTIONS: " --v8-pool-size=4 " } });
    expect(some?.argv).toEqual([
      "/usr/bin/node",
      ...CONSOLE_NODE_FLAGS.filter((f) => !f.startsWith("--v8-pool-size")),
      "/app/dist/vigil.js",
      "--pane",
      "checks",
    ]);
    expect(some?.env.NODE_OPTIONS).toBe(" --v8-pool-size=4 ");
  });

  it("happens once: not in the re-executed process, even when it added nothing to the environment", () => {
    expect(relaunchPlan({ ...input, env: { ...input.env, [RELAUNCHED]: "" } })).toBeUndefined();
    expect(
      relaunchPlan({ ...input, env: { ...input.env, [RELAUNCHED]: "MALLOC_ARENA_MAX" } }),
    ).toBeUndefined();
  });

  it("does nothing where the process cannot re-execute itself (no process.execve)", () => {
    expect(relaunchPlan({ ...input, canExec: false })).toBeUndefined();
  });
});

describe("forgetRelaunch", () => {
  it("removes the marker and what the relaunch added, and nothing the user had", () => {
    const env: Record<string, string | undefined> = {
      HOME: "/home/u",
      MALLOC_ARENA_MAX: "1",
      [RELAUNCHED]: "MALLOC_ARENA_MAX",
    };
    forgetRelaunch(env);
    expect(env).toEqual({ HOME: "/home/u" });
    const users: Record<string, string | undefined> = { MALLOC_ARENA_MAX: "2", [RELAUNCHED]: "" };
    forgetRelaunch(users);
    expect(users).toEqual({ MALLOC_ARENA_MAX: "2" });
  });

  it("leaves an environment that was never relaunched as it is", () => {
    const env = { MALLOC_ARENA_MAX: "1" };
    forgetRelaunch(env);
    expect(env).toEqual({ MALLOC_ARENA_MAX: "1" });
  });
});

describe("relaunchScript", () => {
  it("is the bundle's launcher beside vigil-main.js, else the program itself", () => {
    expect(relaunchScript("/app/dist/vigil-main.js", (p) => p === "/app/dist/vigil.js")).toBe(
      "/app/dist/vigil.js",
    );
    expect(relaunchScript("/app/dist/vigil-main.js", () => false)).toBe("/app/dist/vigil-main.js");
    expect(relaunchScript("/src/cli/main.ts", () => true)).toBe("/src/cli/main.ts");
  });
});

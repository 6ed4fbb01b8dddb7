/**
 * The commands that are programs rather than API verbs — `serve` (and `serve status|stop`), `share`,
 * `agent`, `completion` — in the same table shape as the API commands (src/cli/command.ts), so they are
 * parsed by the same parser (args.ts parseTokens: the global flags, `--`, ids starting with `-`), and
 * `--help` and shell completion are generated from the same table. Light on purpose: main.ts reads it on
 * every start with a command word; each program's module is loaded only when it runs.
 */
import type { OptionSpecs } from "./args.ts";
import type { ResourceSpec } from "./command.ts";

export const SERVE_OPTIONS: OptionSpecs = {
  host: { type: "string", value: "HOST", help: "address to listen on (default 127.0.0.1)" },
  port: {
    type: "string",
    value: "N",
    help: "port, 0-65535: exactly N (else $VIGIL_SERVICE_PORT; default: the data dir's usual port; 0: any free port)",
  },
  demo: {
    type: "boolean",
    negatable: true,
    help: "fill a new data dir with the demo checks (default; --no-demo: start empty)",
  },
  init: { type: "boolean", help: "begin with an empty database where one was lost" },
  "max-body": {
    type: "string",
    value: "BYTES",
    help: "largest request body, 1024-2147483648 (env VIGIL_MAX_BODY_BYTES; default 1 MiB)",
  },
  "retention-days": {
    type: "string",
    value: "N",
    help: "how long runs, events and deliveries are kept, 1-3650 (env VIGIL_RETENTION_DAYS; default 30)",
  },
  "idle-stop": {
    type: "string",
    value: "SECONDS",
    help: "stop once no client held a lease for this long (how clients start it in the background)",
  },
  log: { type: "string", value: "FILE", help: "write stdout and stderr to FILE, rotated" },
};

export const SERVE_STOP_OPTIONS: OptionSpecs = {
  timeout: { type: "string", value: "SECONDS", help: "wait at most this long, 1-3600 (default 30)" },
};

export const SHARE_OPTIONS: OptionSpecs = {
  listen: { type: "string", value: "HOST:PORT", help: "SSH address (default 127.0.0.1:2222)" },
  "authorized-keys": {
    type: "string",
    value: "FILE",
    help: "the viewers' public keys (default ~/.ssh/authorized_keys)",
  },
  "host-key": {
    type: "string",
    value: "FILE",
    help: "the server's host key (default <data dir>/share_host_ed25519_key, made on first start)",
  },
  "max-sessions": { type: "string", value: "N", help: "viewers at once, 1-200 (default 20)" },
  "idle-minutes": {
    type: "string",
    value: "N",
    help: "close a viewer after N minutes without a key, 0-1440; 0 = never (a wall display) (default 30)",
  },
};

export const AGENT_OPTIONS: OptionSpecs = {
  key: {
    type: "string",
    value: "KEY",
    help: "the private location's key pl_… (prefer env VIGIL_AGENT_KEY: flags show up in process lists)",
  },
  concurrency: { type: "string", value: "N", help: "runs at once, 1-10 (default 2)" },
  proxy: { type: "string", value: "URL", help: "proxy for the checks' own HTTP requests" },
};

export const SHELLS = ["bash", "zsh", "fish"] as const;

/** Modules run these through their own entry points (main.ts → run-verb.ts); `run` loads the module. */
export const PROGRAMS: readonly ResourceSpec[] = [
  {
    name: "serve",
    summary: "run the embedded monitoring service; see whether it runs, stop it",
    defaultVerb: "run",
    verbs: [
      {
        name: "run",
        summary: "run the service until SIGINT/SIGTERM (the default: `vigil serve` alone)",
        options: SERVE_OPTIONS,
        offline: true,
        notes: [
          "The first stdout line is `listening on http://HOST:PORT`. The key is --api-key, else $VIGIL_API_KEY, " +
            "else the one stored 0600 in <data dir>/api-key (made on first start). One service per data dir.",
        ],
        examples: ["vigil serve --port 8080", "vigil serve --data /srv/vigil --no-demo"],
        run: async (ctx) => (await import("./serve.ts")).runServeCommand(ctx.args),
      },
      {
        name: "status",
        summary: "whether the data dir's service runs: URL, pid, clients, log (exit 3 when not running)",
        offline: true,
        run: async (ctx) => (await import("./serve-control.ts")).runServeControlCommand("status", ctx.args),
      },
      {
        name: "stop",
        summary: "stop the data dir's service and wait until it has (exit 3 when it was not running)",
        options: SERVE_STOP_OPTIONS,
        offline: true,
        run: async (ctx) => (await import("./serve-control.ts")).runServeControlCommand("stop", ctx.args),
      },
    ],
  },
  {
    name: "share",
    summary: "serve the read-only console to teammates over SSH",
    verbless: true,
    verbs: [
      {
        name: "share",
        summary: "serve the read-only console over SSH (viewers log in with their own keys)",
        options: SHARE_OPTIONS,
        offline: true,
        notes: [
          "The service is the configured one (--base-url/--api-key, VIGIL_*, --profile), else the data dir's " +
            "local service, started in the background when none runs. This process holds the API key; " +
            "viewers never see it. --idle-minutes 0 keeps an idle viewer open (a dashboard on a wall display).",
        ],
        examples: [
          "vigil share --listen 0.0.0.0:2222 --authorized-keys team_keys",
          "vigil share --profile prod --idle-minutes 0",
        ],
        run: async (ctx) => (await import("./share.ts")).runShareCommand(ctx.args),
      },
    ],
  },
  {
    name: "agent",
    summary: "run a private location's checks on this machine",
    verbless: true,
    verbs: [
      {
        name: "agent",
        summary: "run a private location's checks here (key: --key or $VIGIL_AGENT_KEY)",
        options: AGENT_OPTIONS,
        offline: true,
        notes: [
          "The service is --base-url, else $VIGIL_BASE_URL, else the profile's (--profile), else the data dir's " +
            "local service. The agent authenticates with the location's key, never the account API key.",
        ],
        examples: ['VIGIL_AGENT_KEY="pl_…" vigil agent --base-url https://monitor.example --concurrency 4'],
        run: async (ctx) => (await import("./agent.ts")).runAgentFromArgs(ctx.args),
      },
    ],
  },
  {
    name: "completion",
    summary: "print the shell completion script for bash, zsh or fish",
    verbless: true,
    verbs: [
      {
        name: "completion",
        summary: "print a completion script: commands, verbs, flags, and ids from the service",
        positionals: [{ name: "SHELL", help: SHELLS.join(", ") }],
        offline: true,
        notes: [
          "Ids (checks, incidents, status pages, …) are completed by asking the configured service " +
            "(`vigil <command> list --json`, with a 2 s limit); nothing is completed when it cannot be asked.",
        ],
        examples: [
          "bash: source <(vigil completion bash)   (or add it to ~/.bashrc)",
          "zsh:  vigil completion zsh > ~/.zfunc/_vigil   (a folder in $fpath)",
          "fish: vigil completion fish > ~/.config/fish/completions/vigil.fish",
        ],
        run: async (ctx) => (await import("./completion.ts")).runCompletion(ctx),
      },
    ],
  },
];

export function findProgram(name: string): ResourceSpec | undefined {
  return PROGRAMS.find((p) => p.name === name);
}

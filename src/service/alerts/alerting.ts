/**
 * The alerting module of the embedded service: listens to the engine's finished runs (rules →
 * outbox), runs the delivery worker and the periodic SSL expiry scan, and registers itself with the
 * database so route code (status-page subscriber mail) can store deliveries and wake the worker.
 */

import { errorMessage } from "../../shared/errors.ts";
import { isObject } from "../../shared/json.ts";
import { noAgentScan } from "../agents/monitor.ts";
import type { Engine } from "../engine/engine.ts";
import type { Repo } from "../repo/store.ts";
import { type AlertingConfig, type AlertingOptions, resolveAlertingConfig, SettingError } from "./config.ts";
import { onRunFinished } from "./evaluate.ts";
import { sslScan } from "./ssl.ts";
import { createWorker } from "./worker.ts";

export type AlertingModuleOptions = AlertingOptions & {
  /** User-defined template variables (account environment variables); VIGIL_WEBHOOK_VARIABLES (JSON) else. */
  variables?: Record<string, unknown>;
  /** Run the periodic SSL scan (default true). */
  sslScan?: boolean;
  /** How long a private location may have no live agent before its checks alert (default 10 min). */
  noAgentGraceMs?: number;
  /** How often locations are looked at for that (default 30 s). */
  noAgentScanMs?: number;
};

export type Alerting = {
  readonly config: AlertingConfig;
  start(): void;
  stop(): Promise<void>;
  wake(): void;
  /** One SSL expiry scan now; resolves with the delivery ids stored. */
  sslScan(): Promise<string[]>;
  /** Resolves when no attempt is in flight. */
  idle(): Promise<void>;
};

/** $VIGIL_WEBHOOK_VARIABLES, a JSON object; anything else stops the start with a message saying so. */
export function envVariables(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const raw = env.VIGIL_WEBHOOK_VARIABLES;
  if (!raw) return {};
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch (e) {
    throw new SettingError(`VIGIL_WEBHOOK_VARIABLES is not JSON (${errorMessage(e)})`);
  }
  if (!isObject(v))
    throw new SettingError('VIGIL_WEBHOOK_VARIABLES must be a JSON object, e.g. {"TEAM":"sre"}');
  return v;
}

export function createAlerting(opts: {
  repo: Repo;
  engine: Engine;
  now(): number;
  publicUrl(): string;
  logError(err: unknown): void;
  options?: AlertingModuleOptions;
  env?: NodeJS.ProcessEnv;
}): Alerting {
  const env = opts.env ?? process.env;
  const config = resolveAlertingConfig(opts.options, env);
  const userVariables = opts.options?.variables ?? envVariables(env);
  const worker = createWorker({ repo: opts.repo, config, now: opts.now, logError: opts.logError });
  const deps = { repo: opts.repo, config, userVariables, now: opts.now, publicUrl: opts.publicUrl };
  let unsubscribe: (() => void) | undefined;
  let agentTimer: NodeJS.Timeout | undefined;
  const agentScan = (startedAt: number) => () => {
    try {
      const ids = noAgentScan({
        ...deps,
        health: opts.engine.agents.health,
        graceMs: opts.options?.noAgentGraceMs ?? 600_000,
        startedAt,
      });
      if (ids.length > 0) worker.wake();
    } catch (err) {
      opts.logError(err);
    }
  };
  let sslTimer: NodeJS.Timeout | undefined;
  let firstScan: NodeJS.Timeout | undefined;
  let scanning: Promise<unknown> | undefined;

  const scan = () => sslScan({ ...deps, logError: opts.logError }, Math.min(config.attemptTimeoutMs, 10_000));

  function runScan(): void {
    if (scanning) return;
    scanning = scan()
      .then((ids) => {
        if (ids.length > 0) worker.wake();
      })
      .catch(opts.logError)
      .finally(() => {
        scanning = undefined;
      });
  }

  return {
    config,
    start() {
      opts.repo.setRuntime({ wake: () => worker.wake(), config });
      unsubscribe = opts.engine.onRunFinished((e) => {
        const ids = onRunFinished(deps, e);
        if (ids.length > 0) worker.wake();
      });
      worker.start();
      agentTimer = setInterval(agentScan(opts.now()), opts.options?.noAgentScanMs ?? 30_000);
      agentTimer.unref?.();
      if (opts.options?.sslScan !== false) {
        sslTimer = setInterval(runScan, config.sslCheckIntervalMs);
        sslTimer.unref?.();
        firstScan = setTimeout(runScan, Math.min(5_000, config.sslCheckIntervalMs));
        firstScan.unref?.();
      }
    },
    async stop() {
      unsubscribe?.();
      if (sslTimer) clearInterval(sslTimer);
      // the first scan too: due after a stop, it would read a closed database
      clearTimeout(firstScan);
      clearInterval(agentTimer);
      await scanning;
      await worker.stop();
      opts.repo.setRuntime(undefined);
    },
    wake: () => worker.wake(),
    async sslScan() {
      const ids = await scan();
      if (ids.length > 0) worker.wake();
      return ids;
    },
    idle: () => worker.idle(),
  };
}

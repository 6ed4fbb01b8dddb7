/**
 * The storage the service's code above the database sees, one interface in front of the handle: routes
 * (through their context), the engine, alerting, analytics, the agents' queue and the demo take a `Repo`,
 * never the handle. Its members are the storage modules' functions with the handle bound — `repo.getCheck(id)`
 * is `getCheck(db, id)` of src/service/repo/checks.ts, same name, same arguments — made from the modules
 * listed in STORAGE_MODULES, so a new storage function is on the interface as soon as it is written; SQL
 * stays in the storage modules. The composition root (src/service/main.ts) opens it (`openRepo`).
 */
import type { DatabaseSync } from "node:sqlite";
import { transaction } from "../db/open.ts";
import * as agents from "./agents.ts";
import * as alertChannels from "./alert-channels.ts";
import * as alertRecords from "./alert-records.ts";
import * as analyticsRows from "./analytics-rows.ts";
import * as checks from "./checks.ts";
import * as deliveryLog from "./delivery-log.ts";
import * as heartbeatEvents from "./heartbeat-events.ts";
import * as incidents from "./incidents.ts";
import * as meta from "./meta.ts";
import * as outbox from "./outbox.ts";
import * as privateLocations from "./private-locations.ts";
import * as runQueries from "./run-queries.ts";
import * as runs from "./runs.ts";
import * as services from "./services.ts";
import * as statusChanges from "./status-changes.ts";
import * as statusPages from "./status-pages.ts";
import * as subscriptions from "./subscriptions.ts";
import * as variables from "./variables.ts";

/** The storage modules: one per table family, each function taking the handle first. */
const STORAGE_MODULES = [
  agents,
  alertChannels,
  alertRecords,
  analyticsRows,
  checks,
  deliveryLog,
  heartbeatEvents,
  incidents,
  meta,
  outbox,
  privateLocations,
  runQueries,
  runs,
  services,
  statusChanges,
  statusPages,
  subscriptions,
  variables,
] as const;

/** A module's functions that take the handle first, with the handle bound; the rest are left out. */
type Bound<M> = {
  [K in keyof M as M[K] extends (db: DatabaseSync, ...a: never[]) => unknown ? K : never]: M[K] extends (
    db: DatabaseSync,
    ...a: infer A
  ) => infer R
    ? (...a: A) => R
    : never;
};
type Merged<T> = (T extends unknown ? (x: T) => void : never) extends (x: infer I) => void ? I : never;
type Storage = Merged<Bound<(typeof STORAGE_MODULES)[number]>>;

export type Repo = Storage & {
  /** Runs `fn` in one transaction (inside one already open: a savepoint). */
  transaction<T>(fn: () => T): T;
  /** Sessions and results of runs (src/service/repo/runs.ts). */
  runs: runs.RunStore;
};

export function openRepo(db: DatabaseSync): Repo {
  const bound: Record<string, unknown> = {};
  for (const mod of STORAGE_MODULES)
    for (const [name, f] of Object.entries(mod)) {
      if (typeof f !== "function") continue;
      if (name in bound) throw new Error(`storage modules: ${name} is exported twice`);
      bound[name] = (...a: unknown[]) => f(db, ...a);
    }
  let runStore: runs.RunStore | undefined;
  const own = {
    transaction: <T>(fn: () => T): T => transaction(db, fn),
    // prepared on first use: opening the interface does not touch the database
    get runs(): runs.RunStore {
      runStore ??= runs.createRunStore(db);
      return runStore;
    },
  };
  // the functions that do not take the handle are bound too, but the type leaves them out
  // allowed cast: an object built at run time from STORAGE_MODULES, whose type Storage is derived from them
  return Object.assign(own, bound as Storage);
}

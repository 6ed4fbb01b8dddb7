/**
 * The storage the service's domain code sees, one interface in front of the database handle: the engine,
 * alerting, the agents' queue and the demo take a `Repo`, never the handle. Each member is a storage
 * module's function (same name, same arguments, the handle bound), so `repo.readCheck(id)` is
 * `readCheck(db, id)` of src/service/repo/checks.ts; SQL stays in the storage modules. The composition root
 * (src/service/main.ts) and routes open it over the handle they hold (`openRepo`).
 */
import type { DatabaseSync } from "node:sqlite";
import { transaction } from "../db/open.ts";
import {
  clearNoAgentAlert,
  completeJob,
  expireJob,
  expireOpenJobs,
  expireUnclaimed,
  forgetAgent,
  getJob,
  insertJob,
  jobCheck,
  lapsedJobs,
  leaseJob,
  listLocationSlugs,
  locationBySlug,
  locationHealth,
  markNoAgentAlert,
  noAgentAlerts,
  pruneAgents,
  queuedJobs,
  requeueJob,
  touchAgent,
} from "./agents.ts";
import {
  getChannel,
  insertChannel,
  listChannels,
  replaceSubscriptions,
  setChannelUrl,
} from "./alert-channels.ts";
import {
  markSslAlertSent,
  readAlertState,
  recordCheckAlert,
  saveState,
  sslAlertSent,
  subscribedChannels,
} from "./alert-records.ts";
import {
  getCheck,
  insertCheck,
  lastSessionStart,
  listChecks,
  readAllChecks,
  readCheck,
  scheduledChecks,
  updateCheck,
} from "./checks.ts";
import {
  activeHeartbeats,
  foldPing,
  hasEvents,
  heartbeatByToken,
  insertDemoEvent,
  insertEvent,
  latestEvent,
} from "./heartbeat-events.ts";
import { insertIncident, insertUpdate } from "./incidents.ts";
import { getMeta, setMeta } from "./meta.ts";
import {
  claimDue,
  complete,
  enqueue,
  nextDueAt,
  recoverInterrupted,
  runtimeOf,
  setRuntime,
  wake,
} from "./outbox.ts";
import { createKey, deleteKey, insertLocation, privateLocationName } from "./private-locations.ts";
import { createRunStore, hasResults } from "./runs.ts";
import { insertService } from "./services.ts";
import { insertPage } from "./status-pages.ts";
import { incidentHead, pagesShowingIncident, updateToNotify, verifiedSubscribers } from "./subscriptions.ts";
import { templateVariables } from "./variables.ts";

export type Repo = ReturnType<typeof openRepo>;

export function openRepo(db: DatabaseSync) {
  /** A storage function with the handle bound: `on(readCheck)(id)` is `readCheck(db, id)`. */
  const on =
    <A extends unknown[], R>(f: (db: DatabaseSync, ...a: A) => R) =>
    (...a: A): R =>
      f(db, ...a);
  return {
    /** Runs `fn` in one transaction (inside one already open: a savepoint). */
    transaction: <T>(fn: () => T): T => transaction(db, fn),
    /** Sessions and results of runs (src/service/repo/runs.ts). */
    runs: createRunStore(db),
    hasResults: on(hasResults),
    // checks
    readCheck: on(readCheck),
    readAllChecks: on(readAllChecks),
    scheduledChecks: on(scheduledChecks),
    lastSessionStart: on(lastSessionStart),
    getCheck: on(getCheck),
    listChecks: on(listChecks),
    insertCheck: on(insertCheck),
    updateCheck: on(updateCheck),
    // heartbeat events
    activeHeartbeats: on(activeHeartbeats),
    heartbeatByToken: on(heartbeatByToken),
    latestEvent: on(latestEvent),
    foldPing: on(foldPing),
    insertEvent: on(insertEvent),
    hasEvents: on(hasEvents),
    insertDemoEvent: on(insertDemoEvent),
    // alert state and records
    readAlertState: on(readAlertState),
    saveState: on(saveState),
    recordCheckAlert: on(recordCheckAlert),
    subscribedChannels: on(subscribedChannels),
    sslAlertSent: on(sslAlertSent),
    markSslAlertSent: on(markSslAlertSent),
    // the outbox of deliveries
    enqueue: on(enqueue),
    claimDue: on(claimDue),
    complete: on(complete),
    nextDueAt: on(nextDueAt),
    recoverInterrupted: on(recoverInterrupted),
    runtimeOf: on(runtimeOf),
    setRuntime: on(setRuntime),
    wake: on(wake),
    templateVariables: on(templateVariables),
    // alert channels
    getChannel: on(getChannel),
    listChannels: on(listChannels),
    insertChannel: on(insertChannel),
    setChannelUrl: on(setChannelUrl),
    replaceSubscriptions: on(replaceSubscriptions),
    // status pages, incidents, their subscribers
    insertService: on(insertService),
    insertPage: on(insertPage),
    insertIncident: on(insertIncident),
    insertUpdate: on(insertUpdate),
    incidentHead: on(incidentHead),
    pagesShowingIncident: on(pagesShowingIncident),
    updateToNotify: on(updateToNotify),
    verifiedSubscribers: on(verifiedSubscribers),
    // private locations, their agents and jobs
    privateLocationName: on(privateLocationName),
    insertLocation: on(insertLocation),
    createKey: on(createKey),
    deleteKey: on(deleteKey),
    locationBySlug: on(locationBySlug),
    listLocationSlugs: on(listLocationSlugs),
    locationHealth: on(locationHealth),
    touchAgent: on(touchAgent),
    forgetAgent: on(forgetAgent),
    pruneAgents: on(pruneAgents),
    noAgentAlerts: on(noAgentAlerts),
    markNoAgentAlert: on(markNoAgentAlert),
    clearNoAgentAlert: on(clearNoAgentAlert),
    insertJob: on(insertJob),
    getJob: on(getJob),
    jobCheck: on(jobCheck),
    queuedJobs: on(queuedJobs),
    leaseJob: on(leaseJob),
    completeJob: on(completeJob),
    requeueJob: on(requeueJob),
    expireJob: on(expireJob),
    expireOpenJobs: on(expireOpenJobs),
    expireUnclaimed: on(expireUnclaimed),
    lapsedJobs: on(lapsedJobs),
    // the service's own settings
    getMeta: on(getMeta),
    setMeta: on(setMeta),
  };
}

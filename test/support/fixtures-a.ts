/**
 * Sample responses in the hosted service's recorded shapes, built from the field examples of
 * ../shared/reference/hosted-openapi.json (check sessions, analytics, checks, statuses, results, locations).
 */

export const ACCOUNT_ID = "1397c172-1938-4973-a225-5862298e571a";
export const CHECK_ID = "a4cd4ad9-4815-4a9e-92d2-0a7c562ee69a";
export const SESSION_ID = "8166fa86-c9b4-4162-8541-d380c6c212d8";
export const RESULT_ID = "22be3b52-5ec2-4894-9086-b5b4a8b00a89";
const LINK = `https://api.example.com/accounts/${ACCOUNT_ID}/checks/${CHECK_ID}/check-sessions/${SESSION_ID}`;

/** A session just started by the trigger (status STARTED, stoppedAt null). */
export const startedSession = {
  checkSessionId: SESSION_ID,
  checkSessionLink: LINK,
  checkId: CHECK_ID,
  checkType: "API",
  name: "Example API Check",
  status: "STARTED",
  startedAt: "2025-08-28T18:23:40.262Z",
  stoppedAt: null,
  timeElapsed: 0,
  runLocations: ["us-east-1", "eu-central-1"],
  runSource: "TRIGGER_API",
};

export const triggerResponse = { sessions: [startedSession] };

export const conciseResult = {
  checkResultId: RESULT_ID,
  checkResultLink: `${LINK}/results/${RESULT_ID}`,
  checkId: CHECK_ID,
  checkType: "API",
  name: "Example API Check",
  runLocation: "us-east-1",
  resultType: "FINAL",
  hasErrors: false,
  hasFailures: false,
  isDegraded: false,
  aborted: false,
  isCancelled: false,
  responseTime: 1234,
  startedAt: "2025-08-28T18:23:40.262Z",
  stoppedAt: "2025-08-28T18:23:41.496Z",
};

/** GET /v1/check-sessions/{id} (and the 200 of /completion) once finished. */
export const passedSessionDetail = {
  ...startedSession,
  status: "PASSED",
  stoppedAt: "2025-08-28T18:28:40.993Z",
  timeElapsed: 300731,
  results: [
    conciseResult,
    { ...conciseResult, checkResultId: "0c6d8a4e-3f0e-4b1c-9f35-2a7d6b1e9c11", runLocation: "eu-central-1" },
  ],
};

/** The 408 body of /completion. */
export const stillRunningBody = {
  statusCode: 408,
  error: "Request Time-out",
  message:
    "Check session is still in progress, but maximum per-request wait time was exceeded. Please retry.",
};

const ms = (label: string, aggregation = "avg") => ({ unit: "milliseconds", label, aggregation });

/** URL monitor report, ungrouped: one series item whose data is an array of rows. */
export const urlReport = {
  checkId: CHECK_ID,
  name: "Homepage",
  checkType: "URL",
  activated: true,
  muted: false,
  frequency: 10,
  from: "2025-08-27T18:00:00.000Z",
  to: "2025-08-28T18:00:00.000Z",
  tags: ["production"],
  series: [
    {
      data: [
        { timestamp: "2025-08-27T18:00:00.000Z", availability: 100, responseTime_avg: 231.5 },
        { timestamp: "2025-08-28T18:00:00.000Z", availability: 99.3, responseTime_avg: 250.1 },
      ],
    },
  ],
  pagination: { page: 1, limit: 10 },
  metadata: {
    availability: { unit: "percentage", label: "Availability", aggregation: "avg" },
    responseTime_avg: ms("Response time"),
  },
};

/** Browser report grouped by pageIndex; the data of one item is a single row. */
export const browserReportGrouped = {
  checkId: CHECK_ID,
  checkType: "BROWSER",
  from: "2025-08-27T18:00:00.000Z",
  to: "2025-08-28T18:00:00.000Z",
  series: [
    {
      pageIndex: 0,
      data: [
        { pageUrl: "https://example.com/", pageIndex: 0, responseTime_avg: 812, TTFB_avg: 90, TTFB_p99: 311 },
      ],
    },
    { pageIndex: 1, data: { pageUrl: "https://example.com/login", pageIndex: 1, responseTime_avg: 640 } },
  ],
  pagination: { page: 1, limit: 10 },
  metadata: { responseTime_avg: ms("Response time"), TTFB_avg: ms("TTFB"), TTFB_p99: ms("TTFB", "p99") },
};

export const apiCheck = {
  id: CHECK_ID,
  name: "Example API Check",
  checkType: "API",
  activated: true,
  muted: false,
  doubleCheck: true,
  shouldFail: false,
  frequency: 10,
  frequencyOffset: 3,
  locations: ["us-east-1", "eu-central-1"],
  privateLocations: [],
  tags: ["production", "api"],
  groupId: null,
  groupOrder: null,
  runParallel: false,
  degradedResponseTime: 5000,
  maxResponseTime: 20000,
  useGlobalAlertSettings: true,
  alertSettings: {
    escalationType: "RUN_BASED",
    runBasedEscalation: { failedRunThreshold: 1 },
    reminders: { amount: 0, interval: 5 },
    parallelRunFailureThreshold: { enabled: false, percentage: 10 },
  },
  alertChannelSubscriptions: [{ alertChannelId: 42, activated: true }],
  retryStrategy: {
    type: "FIXED",
    baseBackoffSeconds: 60,
    maxRetries: 2,
    maxDurationSeconds: 600,
    sameRegion: true,
  },
  runtimeId: null,
  request: {
    method: "GET",
    url: "https://api.example.com/health",
    body: "",
    bodyType: "NONE",
    headers: [{ key: "accept", value: "application/json", locked: false }],
    queryParameters: [],
    assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", property: "", target: "200", regex: null }],
    followRedirects: true,
    skipSSL: false,
    ipFamily: "IPv4",
    basicAuth: null,
  },
  setupSnippetId: null,
  created_at: "2025-08-01T09:00:00.000Z",
  updated_at: null,
};

export const tcpCheck = {
  id: "5b0b6a47-8c1f-4d7e-9e2a-3c4d5e6f7a8b",
  name: "Postgres port",
  checkType: "TCP",
  activated: true,
  muted: false,
  frequency: 5,
  locations: ["eu-west-1"],
  tags: ["db"],
  groupId: 7,
  degradedResponseTime: 3000,
  maxResponseTime: 5000,
  request: { hostname: "db.example.com", port: 5432, data: null, assertions: [], ipFamily: "IPv4" },
  created_at: "2025-08-02T09:00:00.000Z",
};

export const heartbeatCheck = {
  id: "9f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f",
  name: "Nightly backup",
  checkType: "HEARTBEAT",
  activated: true,
  muted: false,
  tags: ["backup"],
  heartbeat: {
    period: 1,
    periodUnit: "days",
    grace: 1,
    graceUnit: "hours",
    pingToken: "4a3b2c1d-0e9f-4a8b-9c7d-6e5f4a3b2c1d",
    pingUrl: "https://ping.example.com/4a3b2c1d-0e9f-4a8b-9c7d-6e5f4a3b2c1d",
  },
  created_at: "2025-08-03T09:00:00.000Z",
};

export const checkStatus = {
  name: "API Check",
  checkId: CHECK_ID,
  hasFailures: false,
  hasErrors: false,
  isDegraded: true,
  longestRun: 10,
  shortestRun: 5,
  lastRunLocation: "us-east-1",
  lastCheckRunId: "f10d711f-cd16-4303-91ce-741c92586b4a",
  sslDaysRemaining: 3,
  created_at: "2025-08-01",
  updated_at: "2025-08-28T18:23:41.496Z",
};

export const checkResult = {
  id: RESULT_ID,
  name: "Example API Check",
  checkId: CHECK_ID,
  hasFailures: false,
  hasErrors: false,
  isDegraded: false,
  isCancelled: false,
  overMaxResponseTime: false,
  runLocation: "us-east-1",
  startedAt: "2025-08-28T18:23:40.262Z",
  stoppedAt: "2025-08-28T18:23:41.496Z",
  created_at: "2025-08-28T18:23:41.600Z",
  responseTime: 1234,
  checkRunId: 81726354,
  attempts: 1,
  resultType: "FINAL",
  sequenceId: "3e2d1c0b-9a8f-4e7d-8c6b-5a4f3e2d1c0b",
  traceId: null,
  errorGroupIds: [],
  apiCheckResult: {
    assertions: [],
    request: { method: "GET", url: "https://api.example.com/health", data: "", headers: {}, params: {} },
    response: {
      status: 200,
      statusText: "OK",
      body: '{"ok":true}',
      headers: { "content-type": "application/json" },
      timings: { socket: 1, lookup: 5, connect: 20, response: 200, end: 210 },
      timingPhases: { wait: 1, dns: 4, tcp: 15, firstByte: 180, download: 10, total: 210 },
    },
    requestError: null,
    jobLog: null,
  },
};

export const locations = [
  { region: "us-east-1", name: "N. Virginia" },
  { region: "eu-central-1", name: "Frankfurt" },
  { region: "ap-southeast-2", name: "Sydney" },
];

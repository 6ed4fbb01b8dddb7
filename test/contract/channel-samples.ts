/**
 * Sample alert channels of every type (and one outside the seed types), their configs as written (valid,
 * minimal, refused) — for the test that pins what the contract, the masking, the alerts pane and the CLI
 * make of each type (channel-types-golden.test.ts).
 */

const flags = {
  sendFailure: true,
  sendRecovery: true,
  sendDegraded: false,
  sslExpiry: true,
  sslExpiryThreshold: 14,
};
const LONG = "s3cr3t-value-0123456789abcdef";

/** Channels as read, one or more per type, with secrets of every kind and a hostile character or two. */
export const SAMPLE_CHANNELS = [
  { id: 1, type: "EMAIL", config: { address: "ops@example.com" }, subscriptions: [], ...flags },
  {
    id: 2,
    type: "CHAT",
    config: { url: `https://hooks.example.com/services/T0/B1/${LONG}`, channel: "#ops" },
    subscriptions: [{ id: 5, checkId: "c-1", groupId: null, activated: true }],
    ...flags,
    autoSubscribe: true,
  },
  {
    id: 3,
    type: "WEBHOOK",
    config: {
      name: "ops hook\u001b[2J",
      url: "https://user:hunter2pass@hooks.example/x?token=abc123",
      method: "POST",
      headers: [
        { key: "Authorization", value: "Bearer tok_abcdefghijklmnop9876", locked: false },
        { key: "X-Team", value: "sre" },
      ],
      queryParameters: [{ key: "api_key", value: LONG }],
      template: '{"title": "{{ALERT_TITLE}}",\n "type": "{{ALERT_TYPE}}"}',
      webhookSecret: "whsec_supersecretvalue1234",
      webhookType: "WEBHOOK_CUSTOM",
    },
    subscriptions: [{ id: 6, checkId: null, groupId: 9, activated: false }],
    ...flags,
  },
  { id: 4, type: "SMS", config: { name: "on-call phone", number: "+15550100" }, ...flags },
  { id: 5, type: "CALL", config: { name: "lead", number: "+15550101" }, ...flags, sslExpiry: false },
  {
    id: 6,
    type: "PAGING",
    config: { serviceKey: LONG, account: "acme", serviceName: "Checkout" },
    ...flags,
  },
  {
    id: 7,
    type: "ONCALL",
    config: { name: "Genie", apiKey: LONG, region: "EU", priority: "P2" },
    ...flags,
  },
  { id: 8, type: "CHAT_APP", config: { room: "ops", token: LONG }, ...flags },
  { id: 9, type: "CHAT", config: { url: "", channel: "#empty-url" } },
  { id: 10, type: "WEBHOOK", config: { name: "no url" } },
  { id: 11, type: "PAGING", config: {} },
] as const;

/** Configs as written, per type: a full one, a minimal one and some the contract refuses. */
export const SAMPLE_WRITES: Record<string, readonly unknown[]> = {
  EMAIL: [{ address: "ops@example.com" }, { address: "not-an-address" }, {}],
  CHAT: [
    { url: "https://hooks.example.com/x", channel: "#ops" },
    { url: "https://hooks.example.com/x", channel: null },
    { url: "ftp://hooks.example.com/x" },
    {},
  ],
  WEBHOOK: [
    {
      name: "hook",
      url: "https://{{HOST}}/in",
      method: "PUT",
      headers: [{ key: "A", value: "b", locked: true }],
      queryParameters: [{ key: "q", value: "1" }],
      template: "{}",
      webhookSecret: "whsec",
      webhookType: "WEBHOOK_CUSTOM",
      extra: 1,
    },
    { name: "hook", url: "https://x" },
    { name: "hook", url: "https://x", method: null },
    { name: "hook", url: "https://x", method: "TRACE" },
    { name: "", url: "" },
    {},
  ],
  SMS: [{ name: "p", number: "+1555" }, { name: "p" }, {}],
  CALL: [{ name: "p", number: "+1555" }, { number: "" }, {}],
  PAGING: [{ serviceKey: "k", account: "a", serviceName: "s" }, { serviceKey: "k" }, { serviceKey: "" }, {}],
  ONCALL: [
    { name: "g", apiKey: "k", region: "US", priority: "P5" },
    { name: "g", apiKey: "k", region: "APAC", priority: "P1" },
    { name: "g", apiKey: "k", region: "EU" },
    {},
  ],
  CHAT_APP: [{ room: "x" }],
};

/** Channels as read that the read schema must refuse or keep as they are. */
export const SAMPLE_READS: readonly unknown[] = [
  ...SAMPLE_CHANNELS,
  { id: 20, type: "WEBHOOK", config: { headers: "not an array" } },
  { id: 21, type: "ONCALL", config: { region: "APAC", priority: "P9" } },
  { id: 22, type: "EMAIL", config: { address: 5 } },
  { id: 23, type: "EMAIL" },
  { id: 24, type: "SMS", config: { name: null, number: null }, futureField: [1] },
];

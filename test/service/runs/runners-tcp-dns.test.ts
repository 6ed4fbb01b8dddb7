import dgram from "node:dgram";
import net from "node:net";
import dnsPacket from "dns-packet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toCheckDef } from "../../../src/service/engine/checks.ts";
import { dnsRunner } from "../../../src/service/runners/dns.ts";
import { tcpRunner } from "../../../src/service/runners/tcp.ts";

function check(checkType: string, request: Record<string, unknown>) {
  return toCheckDef({
    id: "c1",
    name: "t",
    check_type: checkType,
    activated: 1,
    muted: 0,
    frequency: 10,
    tags: "[]",
    locations: "[]",
    doc: JSON.stringify({ request }),
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
  });
}
const ctx = (checkType: string, request: Record<string, unknown>) => ({
  check: check(checkType, request),
  location: "local",
  signal: new AbortController().signal,
  timeoutMs: 1000,
});

describe("TCP runner", () => {
  let server: net.Server;
  let port: number;
  beforeAll(async () => {
    server = net.createServer((s) => s.on("data", (d) => setTimeout(() => s.write(`PONG ${d}`), 20)));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("connects and reports dns/connection/total", async () => {
    const out = await tcpRunner.run(ctx("TCP", { hostname: "127.0.0.1", port }));
    expect(out.hasFailures).toBe(false);
    expect(out.hasErrors).toBe(false);
    expect(out.metrics.connection).toBeGreaterThanOrEqual(0);
    expect(out.metrics.total).toBe(out.responseTime);
    // the result keeps the phases too, so a result view can say the connect time
    const timings = (out.detail.tcpCheckResult as { timings?: Record<string, number> }).timings;
    expect(timings?.connection).toBe(out.metrics.connection);
    expect(timings?.total).toBe(out.responseTime);
  });

  it("sends data, waits for the answer and asserts on it", async () => {
    const out = await tcpRunner.run(
      ctx("TCP", {
        hostname: "localhost",
        port,
        data: "PING",
        assertions: [{ source: "RESPONSE_DATA", comparison: "CONTAINS", target: "PONG PING" }],
      }),
    );
    expect(out.hasFailures).toBe(false);
    expect(out.metrics.data).toBeGreaterThanOrEqual(15);
    const bad = await tcpRunner.run(
      ctx("TCP", {
        hostname: "127.0.0.1",
        port,
        data: "PING",
        assertions: [{ source: "RESPONSE_DATA", comparison: "EQUALS", target: "something else" }],
      }),
    );
    expect(bad.hasFailures).toBe(true);
  });

  it("fails with an error on a closed port", async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const p = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const out = await tcpRunner.run(ctx("TCP", { hostname: "127.0.0.1", port: p }));
    expect(out.hasErrors).toBe(true);
    expect(out.errorMessage).toMatch(/ECONNREFUSED/);
  });
});

describe("DNS runner", () => {
  let socket: dgram.Socket;
  let port: number;
  const queries: { name: string; type: string }[] = [];
  beforeAll(async () => {
    socket = dgram.createSocket("udp4");
    socket.on("message", (msg, rinfo) => {
      const q = dnsPacket.decode(msg);
      const question = q.questions?.[0];
      if (!question) return;
      queries.push({ name: question.name, type: question.type });
      const answers: dnsPacket.Answer[] = [];
      let rcode = "NOERROR";
      if (question.name === "app.test" && question.type === "A") {
        answers.push({ type: "A", name: "app.test", ttl: 60, data: "10.0.0.7" });
        answers.push({ type: "A", name: "app.test", ttl: 60, data: "10.0.0.8" });
      } else if (question.name === "app.test" && question.type === "TXT") {
        answers.push({ type: "TXT", name: "app.test", ttl: 60, data: "v=spf1 -all" });
      } else if (question.name === "app.test" && question.type === "SOA") {
        answers.push({
          type: "SOA",
          name: "app.test",
          ttl: 60,
          data: {
            mname: "ns1.app.test",
            rname: "admin.app.test",
            serial: 2026112701,
            refresh: 3600,
            retry: 600,
            expire: 86400,
            minimum: 60,
          },
        });
      } else if (question.name !== "empty.test") {
        rcode = "NXDOMAIN";
      }
      const reply = dnsPacket.encode({
        type: "response",
        id: q.id,
        flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (rcode === "NXDOMAIN" ? 3 : 0),
        questions: q.questions,
        answers,
      });
      socket.send(reply, rinfo.port, rinfo.address);
    });
    await new Promise<void>((r) => socket.bind(0, "127.0.0.1", r));
    port = socket.address().port;
  });
  afterAll(() => new Promise<void>((r) => socket.close(() => r())));

  const dns = (request: Record<string, unknown>) =>
    dnsRunner.run(ctx("DNS", { nameServer: "127.0.0.1", port, ...request }));

  it("queries the configured resolver for A records", async () => {
    const out = await dns({ query: "app.test", recordType: "A" });
    expect(out.hasFailures).toBe(false);
    expect(queries.at(-1)).toEqual({ name: "app.test", type: "A" });
    const detail = out.detail.dnsCheckResult as { answers: string[]; rcode: string };
    expect(detail.answers).toEqual(["10.0.0.7", "10.0.0.8"]);
    expect(detail.rcode).toBe("NOERROR");
    expect(out.metrics.total).toBeGreaterThanOrEqual(0);
  });

  it("evaluates assertions on the answer and the response code", async () => {
    const ok = await dns({
      query: "app.test",
      recordType: "TXT",
      assertions: [
        { source: "TEXT_ANSWER", comparison: "CONTAINS", target: "spf1" },
        { source: "RESPONSE_CODE", comparison: "EQUALS", target: "NOERROR" },
      ],
    });
    expect(ok.hasFailures).toBe(false);
    const jsonPath = await dns({
      query: "app.test",
      assertions: [{ source: "JSON_ANSWER", property: "$[1]", comparison: "EQUALS", target: "10.0.0.8" }],
    });
    expect(jsonPath.hasFailures).toBe(false);
  });

  it("an SOA answer (one record, not a list) is an answer like any other", async () => {
    const out = await dns({
      query: "app.test",
      recordType: "SOA",
      assertions: [{ source: "TEXT_ANSWER", comparison: "CONTAINS", target: "ns1.app.test" }],
    });
    expect(out.errorMessage).toBeNull();
    expect(out.hasFailures).toBe(false);
    expect(queries.at(-1)).toEqual({ name: "app.test", type: "SOA" });
  });

  it("maps NXDOMAIN and fails without assertions, passes when asserted", async () => {
    const out = await dns({ query: "missing.test" });
    expect(out.hasFailures).toBe(true);
    expect(out.errorMessage).toContain("NXDOMAIN");
    const expected = await dns({
      query: "missing.test",
      assertions: [{ source: "RESPONSE_CODE", comparison: "EQUALS", target: "NXDOMAIN" }],
    });
    expect(expected.hasFailures).toBe(false);
  });
});

/**
 * A client of the data dir's local service, as a process of its own (for test/cli/local-service.test.ts):
 * attaches like the console does (finds or starts the service, holds a lease, follows it) and prints one
 * JSON line per thing that happens — `{"attached":…}`, then each event — until it is killed or gets "close"
 * on stdin (then it leaves cleanly and exits).
 */
import { attachLocalService } from "../../../src/cli/local-service.ts";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: attach-child.ts DATA_DIR");
const out = (o: unknown) => process.stdout.write(`${JSON.stringify(o)}\n`);
try {
  const a = await attachLocalService(dataDir, { kind: "console", watchMs: 200 });
  out({ attached: a.current(), started: a.started });
  a.on((e) => out(e));
  process.stdin.on("data", (d) => {
    if (d.toString().includes("close")) {
      a.close();
      out({ closed: true });
      process.exit(0);
    }
  });
} catch (e) {
  out({ error: (e as Error).message });
  process.exit(1);
}

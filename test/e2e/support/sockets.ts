/**
 * What the kernel holds for a local listener: the bytes received on its connections that its process has
 * not read yet (`ss`). A request sent to a stopped (SIGSTOP) service shows here — a test waits for it
 * instead of guessing how long the client takes to write.
 */
import { execFileSync } from "node:child_process";

export function unreadBytes(port: number): number {
  const out = execFileSync("ss", ["-tnH", "state", "established", `( sport = :${port} )`], {
    encoding: "utf8",
  });
  // each line: Recv-Q Send-Q Local:Port Peer:Port
  return out
    .split("\n")
    .filter(Boolean)
    .reduce((n, l) => n + Number(l.trim().split(/\s+/)[0] ?? 0), 0);
}

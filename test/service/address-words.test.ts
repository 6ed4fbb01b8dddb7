/**
 * What every client says of a service not on its usual port (src/service/info-file.ts): only what the
 * system said when the service started — the port was in use (by whom nobody knows: another program,
 * another data dir's vigil service, a connection bound to it), another error code, or nothing recorded —
 * carried from the service to its clients by service.json's `usualWhy`. Pure words and a real file.
 */
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  addressMovedText,
  findLocalService,
  usualPortWhyText,
  writeServiceInfo,
} from "../../src/service/info-file.ts";
import { tempDir } from "./support.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("why the service is not on its usual port", () => {
  it("says what the system said, never who held the port", () => {
    expect(usualPortWhyText("36469", "EADDRINUSE")).toBe("port 36469 was in use when the service started");
    expect(usualPortWhyText("36469", "EACCES")).toBe(
      "port 36469 could not be listened on when the service started: EACCES",
    );
    expect(usualPortWhyText("36469", undefined)).toBe(
      "port 36469 was not available when the service started",
    );
    // not a code: not printed
    expect(usualPortWhyText("36469", "Error: \u001b]0;x")).toBe(
      "port 36469 was not available when the service started",
    );
    for (const why of ["EADDRINUSE", "EACCES", undefined])
      expect(addressMovedText("http://127.0.0.1:42109", "http://127.0.0.1:36469", why)).not.toMatch(
        /another program|taken by/,
      );
    expect(addressMovedText("http://127.0.0.1:42109", "http://127.0.0.1:36469", "EADDRINUSE")).toBe(
      "the local service is on 127.0.0.1:42109, not its usual 127.0.0.1:36469 (port 36469 was in use when the service started): ping URLs with port 36469 (cron jobs) do not reach it until that port is free and the service restarts",
    );
  });

  it("reaches every client through service.json; a damaged or missing reason is not made up", () => {
    const dir = tempDir();
    dirs.push(dir);
    writeServiceInfo(dir, "http://127.0.0.1:42109", {
      usualUrl: "http://127.0.0.1:36469",
      usualWhy: "EADDRINUSE",
    });
    expect(findLocalService(dir)).toMatchObject({
      usualUrl: "http://127.0.0.1:36469",
      usualWhy: "EADDRINUSE",
    });
    // an older service's file (no usualWhy), and one whose reason is not a code
    for (const extra of [{}, { usualWhy: "taken by \u001b[2J" }]) {
      writeFileSync(
        join(dir, "service.json"),
        JSON.stringify({
          url: "http://127.0.0.1:42109",
          pid: process.pid,
          usualUrl: "http://127.0.0.1:36469",
          ...extra,
        }),
      );
      const found = findLocalService(dir);
      expect(found?.usualUrl).toBe("http://127.0.0.1:36469");
      expect(found?.usualWhy).toBeUndefined();
    }
  });
});

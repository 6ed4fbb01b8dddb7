/** The one abortable wait: sleep rejects with the abort's reason, pause ends early and says so. */
import { describe, expect, it } from "vitest";
import { pause, sleep } from "../../src/shared/sleep.ts";

describe("abortable waits", () => {
  it("sleep resolves after its time, and rejects with the reason when aborted (before or during)", async () => {
    await expect(sleep(1)).resolves.toBeUndefined();
    const before = new AbortController();
    before.abort(new Error("gone"));
    await expect(sleep(60_000, before.signal)).rejects.toThrow("gone");
    const during = new AbortController();
    const waiting = sleep(60_000, during.signal);
    during.abort(new Error("stop"));
    await expect(waiting).rejects.toThrow("stop");
  });

  it("pause says whether the whole time passed", async () => {
    const c = new AbortController();
    await expect(pause(1, c.signal)).resolves.toBe(true);
    const waiting = pause(60_000, c.signal);
    c.abort();
    await expect(waiting).resolves.toBe(false);
  });
});

/** The OSC 52 clipboard sequence: plain, wrapped for tmux passthrough, and the size cap. */
import { describe, expect, it } from "vitest";
import { insideTmux, OSC52_MAX_BASE64, osc52, tmuxPassthrough } from "../../../src/store/actions/osc52.ts";

const ESC = "\u001b";
const BEL = "\u0007";

describe("osc52", () => {
  it("is ESC ] 52 ; c ; <base64 of the UTF-8 text> BEL", () => {
    const r = osc52("héllo ✔");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const b64 = Buffer.from("héllo ✔", "utf8").toString("base64");
    expect(r.sequence).toBe(`${ESC}]52;c;${b64}${BEL}`);
    expect(r.bytes).toBe(Buffer.byteLength("héllo ✔"));
    expect(r.base64Bytes).toBe(b64.length);
    // nothing in it a terminal would print or act on besides the one OSC
    expect(r.sequence.slice(1, -1)).not.toMatch(/[\u0000-\u001f]/);
  });

  it("inside tmux: the passthrough-wrapped sequence (inner ESC doubled, ESC \\ at the end), then the plain one", () => {
    const r = osc52("id-1", { tmux: true });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const plain = `${ESC}]52;c;${Buffer.from("id-1").toString("base64")}${BEL}`;
    const wrapped = `${ESC}Ptmux;${ESC}${ESC}]52;c;${Buffer.from("id-1").toString("base64")}${BEL}${ESC}\\`;
    expect(r.sequence).toBe(wrapped + plain);
    expect(tmuxPassthrough(plain)).toBe(wrapped);
    // the only single ESCs in the wrapped part open the DCS and the ST
    const inner = wrapped.slice(`${ESC}Ptmux;`.length, -2);
    expect(inner.replaceAll(`${ESC}${ESC}`, "")).not.toContain(ESC);
  });

  it("refuses a text whose base64 is over the cap, and takes one exactly at it", () => {
    // 3 bytes → 4 base64 characters: 56,244 bytes are 74,992 of them, 56,247 bytes 74,996
    const atCap = "a".repeat(56_244);
    expect(Buffer.from(atCap).toString("base64").length).toBeLessThanOrEqual(OSC52_MAX_BASE64);
    expect(osc52(atCap).ok).toBe(true);
    const over = "a".repeat(56_247);
    expect(Buffer.from(over).toString("base64").length).toBeGreaterThan(OSC52_MAX_BASE64);
    const r = osc52(over);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toMatch(/too large to copy: \d+ bytes \(\d+ in base64; the limit is 74994\)/);
    expect(r.bytes).toBe(over.length);
    expect(osc52("abcdef", { cap: 4 }).ok).toBe(false);
  });

  it("knows tmux from TMUX, or a tmux TERM (over SSH TMUX is not sent)", () => {
    expect(insideTmux({ TMUX: "/tmp/tmux-0/default,1,0" })).toBe(true);
    expect(insideTmux({}, "tmux-256color")).toBe(true);
    expect(insideTmux({ TERM: "xterm-256color" })).toBe(false);
    expect(insideTmux({}, "screen-256color")).toBe(false);
  });
});

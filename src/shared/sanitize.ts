/**
 * Terminal-text sanitiser: makes any untrusted string (check names, error messages, incident text, server
 * messages...) safe to write to a terminal. Nothing that a terminal interprets survives; everything removed
 * leaves a visible trace so the user can tell that something was there:
 *
 * - ESC sequences of every kind, 7-bit (`ESC [`, `ESC ]`, `ESC P`, `ESC X`, `ESC ^`, `ESC _`) and 8-bit
 *   (C1 introducers 0x9B, 0x9D, 0x90, 0x98, 0x9E, 0x9F): CSI keeps its (printable) parameters after `␛[` so
 *   `\x1b[2J` reads `␛[2J`; string sequences (OSC incl. 0/2/8/52, DCS, SOS, PM, APC) drop their payload —
 *   which may be a clipboard blob or a hidden link target — and show `␛]52…`. An unterminated string
 *   sequence runs to the end of the text (as the terminal would swallow it).
 * - any other ESC: `␛` (the rest of the sequence is printable and harmless once ESC is gone).
 * - C0 controls: Unicode control pictures (`␇`, `␈`, `␍`...); TAB becomes a space; newlines become `⏎`
 *   in single-line contexts ({@link sanitizeLine}) and stay real newlines in blocks ({@link sanitizeBlock}).
 * - DEL: `␡`; remaining C1 controls (0x80–0x9F): `\x85`-style text.
 * - bidi controls (embeddings, overrides, isolates, LRM/RLM/ALM) and invisible characters that can hide or
 *   spoof text (zero-width space, word joiner, BOM, soft hyphen, Hangul fillers, Unicode tags,
 *   interlinear annotations, line/paragraph separators): `\u202e`-style text. ZWJ and ZWNJ are kept: they
 *   are needed by emoji sequences and several scripts and cannot move or hide text on their own.
 * - lone surrogates: U+FFFD.
 *
 * Speed: one precompiled test regex decides whether anything needs doing; clean strings (the vast
 * majority) are returned as they are without allocation.
 */

/** Anything worth a second look: C0 (incl. TAB/LF), DEL, C1, bidi/invisible characters, tags, surrogates. */
const SUSPECT =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb\ud800-\udfff\u{e0001}\u{e0020}-\u{e007f}]/u;

/**
 * String sequences: introducer, payload (anything up to a terminator), terminator BEL, ST (ESC \ or 0x9C)
 * or the end of the text. Group 1 = 7-bit introducer letter, group 2 = 8-bit introducer, group 3 = payload.
 */
const STRING_SEQ =
  /(?:\u001b([\]PX^_])|([\u0090\u0098\u009d\u009e\u009f]))([^\u0007\u001b\u009c]*)(?:\u0007|\u001b\\|\u009c|(?=\u001b)|$)/gu;
/** CSI: introducer, parameter bytes, intermediate bytes, final byte (incomplete ones run to the end). */
const CSI_SEQ = /(?:\u001b\[|\u009b)([\u0030-\u003f]*[\u0020-\u002f]*)([\u0040-\u007e]?)/gu;
/** Characters replaced one by one after the sequences are gone. */
const SINGLE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb]|\u{e0001}|[\u{e0020}-\u{e007f}]/gu;
/** Quick check for any sequence introducer (7-bit ESC or an 8-bit C1 introducer). */
const INTRODUCER = /[\u001b\u0090\u0098\u009b-\u009f]/;
const NEWLINES = /\r\n|[\n\r\u2028\u2029\u0085]/g;

const STRING_NAMES: Record<string, string> = {
  "]": "]",
  P: "P",
  X: "X",
  "^": "^",
  _: "_",
  "\u009d": "]",
  "\u0090": "P",
  "\u0098": "X",
  "\u009e": "^",
  "\u009f": "_",
};

function hex(cp: number): string {
  return cp <= 0xff ? `\\x${cp.toString(16).padStart(2, "0")}` : `\\u${cp.toString(16).padStart(4, "0")}`;
}

function single(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp === 0x1b) return "␛";
  if (cp < 0x20) return String.fromCodePoint(0x2400 + cp);
  if (cp === 0x7f) return "␡";
  if (cp > 0xffff) return `\\u{${cp.toString(16)}}`;
  return hex(cp);
}

/** OSC keeps its numeric command (`␛]52…`) so the user can tell a title change from a clipboard write. */
function stringSeq(
  _m: string,
  seven: string | undefined,
  eight: string | undefined,
  payload: string,
): string {
  const kind = STRING_NAMES[seven ?? eight ?? "]"] ?? "]";
  const num = kind === "]" ? (/^\d{1,4}/.exec(payload)?.[0] ?? "") : "";
  return `␛${kind}${num}…`;
}

function csiSeq(_m: string, params: string, final: string): string {
  return `␛[${params.length > 24 ? `${params.slice(0, 24)}…` : params}${final}`;
}

function clean(text: string, newline: string | null): string {
  if (!SUSPECT.test(text)) return text;
  let s = text.isWellFormed() ? text : text.toWellFormed();
  if (INTRODUCER.test(s)) {
    s = s.replace(STRING_SEQ, stringSeq).replace(CSI_SEQ, csiSeq);
  }
  s = s.replace(NEWLINES, newline ?? "\n").replaceAll("\t", " ");
  return s.replace(SINGLE, single);
}

function stringify(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint")
    return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "Invalid Date" : value.toISOString();
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Safe single-line text: newlines become the visible `⏎` (or `newline`, e.g. a space). */
export function sanitizeLine(value: unknown, newline = "⏎"): string {
  return clean(stringify(value), newline);
}

/** Safe multi-line text: real newlines are kept (CRLF and lone CR become LF), everything else as a line. */
export function sanitizeBlock(value: unknown): string {
  return clean(stringify(value), null);
}

/** The default: single-line, newlines shown as `⏎`. Non-strings are stringified (objects as JSON). */
export function sanitize(value: unknown): string {
  return sanitizeLine(value);
}

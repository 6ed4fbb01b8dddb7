/**
 * Pure helpers of the key handler: the key flags it reads, what a lone character stands for inside a
 * burst, and the line editing shared by the palette, the prompts and the filter.
 */

/** The parts of Ink's Key this handler reads. */
export type KeyInfo = {
  upArrow?: boolean;
  downArrow?: boolean;
  leftArrow?: boolean;
  rightArrow?: boolean;
  pageUp?: boolean;
  pageDown?: boolean;
  home?: boolean;
  end?: boolean;
  return?: boolean;
  escape?: boolean;
  ctrl?: boolean;
  meta?: boolean;
  tab?: boolean;
  shift?: boolean;
  backspace?: boolean;
  delete?: boolean;
};

/** The key a single character stands for inside a burst (Enter, Backspace, Esc), else a plain key. */
export function keyOf(ch: string): KeyInfo {
  if (ch === "\r" || ch === "\n") return { return: true };
  if (ch === "\x7f" || ch === "\b") return { backspace: true };
  if (ch === "\x1b") return { escape: true };
  if (ch === "\t") return { tab: true };
  return {};
}

/**
 * One character of a typed burst as the key it stands for: a control character is Ctrl + its letter
 * ("\x15" is Ctrl-U), as Ink reads it when it comes alone — typed faster than a frame, Ctrl-U and the text
 * after it arrive as one chunk, which Ink reads as text.
 */
export function burstKey(ch: string): readonly [string, KeyInfo] {
  const code = ch.charCodeAt(0);
  const k = keyOf(ch);
  if (ch.length === 1 && code >= 1 && code <= 26 && !special(k))
    return [String.fromCharCode(code + 96), { ctrl: true }];
  return [ch, k];
}

/**
 * Esc typed right before another key arrives in one chunk, which reads as Alt+that key: Ink makes "\x1b\t"
 * meta+Tab (with no input text), "\x1bj" meta+"j", "\x1b\x1b" meta+Esc. The console binds no Alt key, so
 * such a key is Esc, then the key — what a fast typist meant. Undefined for any other key.
 */
export function escThenKey(input: string, key: KeyInfo): readonly (readonly [string, KeyInfo])[] | undefined {
  if (!key.meta || key.ctrl) return undefined;
  const rest = { ...key, meta: false };
  if (input === "" && !special(rest)) return undefined;
  return [
    ["", { escape: true }],
    [input, rest],
  ];
}

export function special(k: KeyInfo): boolean {
  return Boolean(
    k.upArrow ||
      k.downArrow ||
      k.leftArrow ||
      k.rightArrow ||
      k.pageUp ||
      k.pageDown ||
      k.home ||
      k.end ||
      k.return ||
      k.escape ||
      k.tab ||
      k.backspace ||
      k.delete ||
      k.ctrl ||
      k.meta,
  );
}

/** Text entry shared by the palette, prompts and the filter: returns the new text or a verdict. */
export function edit(text: string, input: string, key: KeyInfo): string | "submit" | "cancel" {
  if (key.escape) return "cancel";
  if (key.return) return "submit";
  if (key.backspace || key.delete) return text.slice(0, -1);
  if (key.ctrl && input === "u") return "";
  if (key.ctrl || key.meta || key.tab || special(key)) return text;
  // Printable only: drop control characters from pastes.
  return text + input.replace(/[\u0000-\u001f\u007f-\u009f]/g, "");
}

const NAMED: readonly (readonly [keyof KeyInfo, string])[] = [
  ["upArrow", "up"],
  ["downArrow", "down"],
  ["leftArrow", "left"],
  ["rightArrow", "right"],
  ["pageUp", "pgup"],
  ["pageDown", "pgdn"],
  ["home", "home"],
  ["end", "end"],
  ["return", "enter"],
  ["escape", "esc"],
];

/** The name bindings use for a key (src/tui/panes/spec.ts); undefined for a key no binding can take. */
export function keyName(ch: string, key: KeyInfo): string | undefined {
  for (const [flag, name] of NAMED) if (key[flag]) return name;
  if (special(key) || ch.length !== 1) return undefined;
  return ch === " " ? "space" : ch;
}

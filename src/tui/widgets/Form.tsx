/**
 * A form: one line per field (a long text field wraps over its `lines`), the error of a field on the line
 * under it, a banner (recovered draft), the send state (sending / the failure with the retry key) and
 * the keys. Every value is sanitised: service names come from the API, and typed text is shown as typed.
 */
import { Box, Text } from "ink";
import { maskUrlCredentials } from "../../contract/secrets.ts";
import { displayWidth, truncate, wrapWords } from "../../shared/format.ts";
import { sanitizeLine } from "../../shared/sanitize.ts";
import { cardItems, cards, type Field, type FormState, flag, list, text } from "../../store/forms/types.ts";
import { visibleErrors } from "../../store/forms/validate.ts";
import { useInfo } from "../context.tsx";
import { keyHint } from "../key-label.ts";

const LABEL = 20;

/** Split `s` into chunks of `width` characters (display width of plain text = length here). */
function chunks(s: string, width: number): string[] {
  const out: string[] = [];
  const chars = [...s];
  for (let i = 0; i < chars.length; i += width) out.push(chars.slice(i, i + width).join(""));
  return out.length ? out : [""];
}

/** Items joined by two spaces, windowed so that item `at` is visible within `width`. */
function windowed(items: string[], at: number, width: number): string {
  let start = 0;
  const fits = (a: number, b: number) => displayWidth(items.slice(a, b + 1).join("  ")) + 4 <= width;
  while (start < at && !fits(start, at)) start++;
  let end = at;
  while (end + 1 < items.length && fits(start, end + 1)) end++;
  return `${start > 0 ? "… " : ""}${items.slice(start, end + 1).join("  ")}${end < items.length - 1 ? " …" : ""}`;
}

function valueLines(f: FormState, field: Field, focused: boolean, width: number): string[] {
  switch (field.type) {
    case "text": {
      const raw = text(f, field.key);
      const v = sanitizeLine(field.maskUrl && !focused ? maskUrlCredentials(raw) : raw, " ");
      const shown = `${v}${focused ? "█" : ""}`;
      const n = field.lines ?? 1;
      const all = chunks(shown, width);
      return all.slice(-n);
    }
    case "choice": {
      const cur = text(f, field.key);
      const items = field.options.map((o) => (o === cur ? `[${o}]` : ` ${o} `));
      return [`${focused ? "◂ " : ""}${items.join(" ")}${focused ? " ▸" : ""}`];
    }
    case "toggle":
      return [flag(f, field.key) ? "[x] yes" : "[ ] no"];
    case "multi": {
      const picked = list(f, field.key);
      if (field.options.length === 0) return ["(loading services…)"];
      const items = field.options.map((o, i) => {
        const mark = picked.includes(o.id) ? "[x]" : "[ ]";
        const label = `${mark} ${sanitizeLine(o.label)}`;
        return focused && i === f.pick ? `›${label}‹` : label;
      });
      return [windowed(items, focused ? f.pick : 0, width)];
    }
    case "cards": {
      const label = new Map(field.options.map((o) => [o.id, sanitizeLine(o.label)]));
      const items = cardItems(f, field.key);
      const sel = focused ? items[f.pick] : undefined;
      return cards(f, field.key).map((c, ci) => {
        const names = c.services.map((id) => {
          const l = label.get(id) ?? id;
          return sel && sel.card === ci && sel.service === id ? `›${l}‹` : l;
        });
        return truncate(`${sanitizeLine(c.name)}: ${names.join(", ") || "—"}`, width);
      });
    }
  }
}

/** The focused field's own hint; `k` writes an action's keys (empty: it has none). */
const HINTS: Record<Field["type"], (k: (action: string, text: string) => string) => string> = {
  text: (k) => ["type", k("erase", " erases"), k("clear-field", " clears")].filter(Boolean).join(" · "),
  choice: (k) => `${k("left right", " or ")}the first letter picks`,
  toggle: (k) => `space${k("left right", "").replace(/^(.+)$/, " / $1")} flips`,
  multi: (k) => [k("left right", " moves"), "space picks"].filter(Boolean).join(" · "),
  cards: (k) =>
    [k("left right", " selects a service"), "[ ] moves it to the previous / next card"]
      .filter(Boolean)
      .join(" · "),
};

export function Form({ form, width, height }: { form: FormState; width: number; height: number }) {
  const { theme, keymap } = useInfo();
  const k = (action: string, text: string, sep?: string) => keyHint(keymap, "form", action, text, sep);
  const errors = visibleErrors(form);
  const inner = Math.max(20, width - 4);
  const valueWidth = Math.max(10, inner - LABEL - 2);
  const rows: { key: string; text: string; color?: string; bold?: boolean; inverse?: boolean }[] = [];
  // the note and a field's error wrap (a few lines): their last words are often the point ("… this goes to
  // the open incident", "… o opens it")
  if (form.note)
    wrapWords(`ⓘ ${sanitizeLine(form.note)}`, inner)
      .slice(0, 3)
      .forEach((text, j) => {
        rows.push({ key: `note-${j}`, text: j === 0 ? text : `  ${text}`, color: theme.accent });
      });
  form.fields.forEach((field, i) => {
    const focused = i === form.focus;
    const lines = valueLines(form, field, focused, valueWidth);
    let label = field.label;
    if (field.type === "text" && field.counter && field.max) {
      const n = [...text(form, field.key)].length;
      label = `${field.label} ${n}/${field.max}`;
    }
    lines.forEach((l, j) => {
      const head = j === 0 ? `${focused ? "›" : " "} ${label}` : "";
      rows.push({
        key: `${field.key}-${j}`,
        text: `${head.padEnd(LABEL + 2)}${l}`,
        bold: focused && j === 0,
      });
    });
    const err = errors[field.key];
    if (err)
      wrapWords(`✖ ${sanitizeLine(err)}`, valueWidth)
        .slice(0, 2)
        .forEach((text, j) => {
          rows.push({
            key: `${field.key}-err${j}`,
            text: `${" ".repeat(LABEL + 2)}${text}`,
            color: theme.error,
          });
        });
  });
  const focusedField = form.fields[form.focus];
  // the send state wraps (up to 3 lines): the end of an error says whether the outcome is unknown
  const state =
    form.phase === "sending"
      ? { lines: ["sending…  (Esc hides the form; the draft stays on disk)"], color: theme.tone.busy }
      : form.phase === "checking"
        ? {
            lines: ["reading it afresh before the confirmation…  (nothing sent yet)"],
            color: theme.tone.busy,
          }
        : form.phase === "failed"
          ? {
              lines: wrapWords(`✖ ${sanitizeLine(form.message ?? "not sent")}`, inner).slice(0, 3),
              color: theme.error,
            }
          : undefined;
  const keys =
    form.phase === "failed"
      ? [
          k("retry submit", ": retry", " / "),
          k("close", ": close, keep the draft"),
          k("discard", ": discard"),
        ]
          .filter(Boolean)
          .join(" · ")
      : [
          k("submit", ": send"),
          k("next-field previous-field", ": field"),
          focusedField ? HINTS[focusedField.type](k) : "",
          k("close", ": close (draft kept)"),
          k("discard", ": discard"),
        ]
          .filter(Boolean)
          .join(" · ");
  const room = Math.max(1, height - 2 - 1 - (state?.lines.length ?? 0) - 1);
  const focusRow = rows.findIndex((r) => r.key.startsWith(`${focusedField?.key ?? ""}-`));
  const start = Math.max(0, Math.min(focusRow - Math.floor(room / 2), rows.length - room));
  return (
    <Box flexDirection="column" width={width} height={height} borderStyle="round" borderColor={theme.accent}>
      <Text bold wrap="truncate">
        {sanitizeLine(form.title)}
      </Text>
      {rows.slice(start, start + room).map((r) => (
        <Text key={r.key} wrap="truncate" color={r.color} bold={r.bold}>
          {r.text}
        </Text>
      ))}
      <Box flexGrow={1} />
      {(state?.lines ?? []).map((l) => (
        <Text key={l} wrap="truncate" color={state?.color}>
          {l}
        </Text>
      ))}
      <Text wrap="truncate" color={theme.dim}>
        {keys}
      </Text>
    </Box>
  );
}

/** The one-time panel: a new private location's raw key, with the note that it will not be shown again. */
export function OncePanel(props: {
  once: { title: string; lines: readonly string[]; secret: string };
  /** The key that copies the secret (the copy binding's, y by default). */
  copyKey: string;
  width: number;
  height: number;
}) {
  const { theme } = useInfo();
  return (
    <Box
      flexDirection="column"
      width={props.width}
      height={props.height}
      borderStyle="double"
      borderColor={theme.warn}
    >
      <Text bold wrap="truncate">
        {sanitizeLine(props.once.title)}
      </Text>
      {props.once.lines.map((l) => (
        <Text key={l} wrap="wrap" color={theme.warn}>
          {sanitizeLine(l)}
        </Text>
      ))}
      <Text> </Text>
      {props.once.secret ? <Text wrap="wrap">{`  ${sanitizeLine(props.once.secret)}`}</Text> : null}
      <Text> </Text>
      <Text color={theme.dim} wrap="truncate">
        {`${props.copyKey}: copy it (OSC 52) · any other key: close (the key is then gone from here)`}
      </Text>
    </Box>
  );
}

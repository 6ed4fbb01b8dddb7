/**
 * The console: header (breadcrumbs, pane numbers), the current pane or an overlay (help, confirmation,
 * prompt, palette), a line for the filter / notices / key hints, and the status line.
 *
 * Size: works from 80×24 up; below that it says the size needed (too-small.tsx). Without the alternate
 * screen the frame is one line shorter than the terminal, so the terminal never scrolls (Ink then redraws
 * in place). Resizes re-render through useTerminalSize (terminal-size.ts), ahead of Ink's own re-layout.
 */
import { Box, Text, useInput } from "ink";
import { useEffect, useMemo, useRef } from "react";
import { fitHints } from "../shared/format.ts";
import { sanitizeLine } from "../shared/sanitize.ts";
import type { Actions } from "../store/actions/actions.ts";
import { apply } from "../store/state.ts";
import * as ui from "../store/view/ui.ts";
import { useConsole, useInfo } from "./context.tsx";
import { copyKeys, DEFAULT_KEYMAP, helpHintFor, hintsFor } from "./keymap.ts";
import { createKeyHandler, type KeyInfo } from "./keys.ts";
import { createNavigation } from "./keys-nav.ts";
import { MouseTargetsContext } from "./mouse/context.tsx";
import { createMouseHandler } from "./mouse/handle.ts";
import type { MouseControl } from "./mouse/mode.ts";
import { createMouseTargets } from "./mouse/targets.ts";
import { crumbsOf, paneSpec } from "./panes/lookup.ts";
import { useTerminalSize } from "./terminal-size.ts";
import { contrastNotice } from "./theme.ts";
import { TooSmall, tooSmall } from "./too-small.tsx";
import { Choose } from "./widgets/Choose.tsx";
import { Confirm } from "./widgets/Confirm.tsx";
import { Form, OncePanel } from "./widgets/Form.tsx";
import { Header } from "./widgets/Header.tsx";
import { Help } from "./widgets/Help.tsx";
import { Palette } from "./widgets/Palette.tsx";
import { Prompt } from "./widgets/Prompt.tsx";
import { StatusLine } from "./widgets/StatusLine.tsx";

export { MIN_COLUMNS, MIN_ROWS } from "./too-small.tsx";

export type AppProps = {
  actions: Actions;
  fullscreen: boolean;
  onQuit: () => void;
  switchProfile: (name: string) => string | undefined;
  /** Keys typed while the start-up shell was shown (before the store existed), handled first. */
  initialKeys?: readonly (readonly [string, KeyInfo])[];
  /** Mouse reporting and its reports (mount.tsx); without it there is no mouse. */
  mouse?: MouseControl;
  /** Draw what a key or click changed now, not at the frame-rate throttle's next turn (mount.tsx). */
  frameNow?: () => void;
  /** Told of every key and click, after it was handled (the console: cli/nursery.ts's memory sizing). */
  onInput?: () => void;
};

function Footer({ width }: { width: number }) {
  const { theme, readOnly, keymap } = useInfo();
  // the shown pane's hints, then the global ones: each action's key as the keymap has it
  const hints = useConsole((s) => hintsFor(s, readOnly, keymap));
  // a footer too narrow for every hint keeps whole ones and the help's, which lists the rest
  const help = useConsole((s) => helpHintFor(s.ui.pane, readOnly, keymap));
  const filtering = useConsole((s) => s.ui.filtering);
  const filter = useConsole((s) => s.ui.filter[s.ui.pane] ?? "");
  const notice = useConsole((s) => s.ui.notice);
  const form = useConsole((s) => s.work.form !== undefined);
  const pending = useConsole((s) => s.work.pendingDrafts);
  let text: string;
  let color = theme.dim;
  if (filtering) {
    text = `/${sanitizeLine(filter)}█   Enter keeps · Esc clears`;
    color = undefined;
  } else if (notice) {
    text = `» ${sanitizeLine(notice)}`;
    color = theme.accent;
  } else if (form) {
    text = "a form is open: its keys are in its last line";
  } else if (filter) {
    text = `filter: ${sanitizeLine(filter)}   (/ edits · Esc clears)`;
  } else {
    const drafts = pending > 0 ? `✎ ${pending} draft${pending === 1 ? "" : "s"} (:drafts) · ` : "";
    text = fitHints(`${drafts}${hints}`, width, help);
  }
  return (
    <Box width={width} height={1}>
      <Text color={color} wrap="truncate">
        {text}
      </Text>
    </Box>
  );
}

function Body({ width, height }: { width: number; height: number }) {
  const pane = useConsole((s) => s.ui.pane);
  const overlay = useConsole((s) => s.ui.overlay);
  const form = useConsole((s) => s.work.form);
  const once = useConsole((s) => s.work.once);
  const { keymap } = useInfo();
  if (overlay.kind === "help")
    return <Help pane={pane} top={overlay.top ?? 0} width={width} height={height} />;
  if (overlay.kind === "confirm")
    return (
      <Confirm
        title={overlay.title}
        lines={overlay.lines}
        width={width}
        height={Math.min(height, overlay.lines.length + 4)}
      />
    );
  if (overlay.kind === "choose")
    return (
      <Choose
        title={overlay.title}
        lines={overlay.lines}
        options={overlay.options}
        cursor={overlay.cursor}
        width={width}
        height={Math.min(height, overlay.lines.length + overlay.options.length + 4)}
      />
    );
  if (overlay.kind === "none" && once)
    return (
      <OncePanel
        once={once}
        copyKey={copyKeys(keymap ?? DEFAULT_KEYMAP)[0] ?? "y"}
        width={width}
        height={height}
      />
    );
  if (overlay.kind === "none" && form) return <Form form={form} width={width} height={height} />;
  const PaneView = paneSpec(pane).view;
  if (overlay.kind === "prompt" || overlay.kind === "palette") {
    const box =
      overlay.kind === "prompt" ? (
        <Prompt
          title={overlay.title}
          prefix="› "
          text={overlay.text}
          hint={overlay.hint}
          error={overlay.error}
          width={width}
        />
      ) : (
        <Palette text={overlay.text} error={overlay.error} width={width} />
      );
    return (
      <Box flexDirection="column" width={width} height={height}>
        {box}
        <PaneView width={width} height={Math.max(1, height - 6)} />
      </Box>
    );
  }
  return <PaneView width={width} height={height} />;
}

export function App({
  actions,
  fullscreen,
  onQuit,
  switchProfile,
  initialKeys,
  mouse,
  frameNow,
  onInput,
}: AppProps) {
  const { store, readOnly, keymap, theme } = useInfo();
  const { columns, rows } = useTerminalSize();
  // a theme of the config's whose text is hard to read says so once, at start
  useEffect(() => {
    const notice = contrastNotice(theme);
    if (notice) apply(store, ui.setNotice(store.getState(), notice));
  }, [theme, store]);
  const height = fullscreen ? rows : rows - 1;
  const targets = useMemo(createMouseTargets, []);
  const size = useRef({ columns, rows });
  size.current = { columns, rows };
  const handler = useMemo(
    () =>
      createKeyHandler({
        store,
        actions,
        readOnly,
        quit: onQuit,
        switchProfile,
        pageSize: () => Math.max(1, height - 5),
        // the body's size (what the help scrolls in): the frame less header, footer and status line
        bodySize: () => ({ width: size.current.columns, height: height - 3 }),
        keymap,
        mouse: mouse?.mode,
      }),
    [store, actions, readOnly, onQuit, switchProfile, height, mouse, keymap],
  );
  // a report: what it lands on (the regions the views register), else as ↑/↓/Enter through the keys
  const onReport = useMemo(() => {
    const nav = createNavigation(store);
    return createMouseHandler({
      store,
      targets,
      size: () => size.current,
      move: nav.move,
      goPane: nav.goPane,
      key: handler,
    });
  }, [store, targets, handler]);
  useEffect(
    () =>
      mouse?.listen((report) => {
        onReport(report);
        frameNow?.();
        onInput?.();
      }),
    [mouse, onReport, frameNow, onInput],
  );
  useInput((input, key) => {
    handler(input, key);
    frameNow?.();
    onInput?.();
  });
  const replayed = useRef(false);
  useEffect(() => {
    if (replayed.current) return;
    replayed.current = true;
    for (const [input, key] of initialKeys ?? []) handler(input, key);
  }, [handler, initialKeys]);
  const pane = useConsole((s) => s.ui.pane);
  const crumbs = useConsole(crumbsOf);
  if (tooSmall(columns, rows)) return <TooSmall columns={columns} rows={rows} />;
  const width = columns;
  return (
    <MouseTargetsContext value={targets}>
      <Box flexDirection="column" width={width} height={height}>
        <Header pane={pane} crumbs={crumbs ? crumbs.split("\u0000") : []} width={width} />
        <Box height={height - 3} width={width} flexDirection="column">
          <Body width={width} height={height - 3} />
        </Box>
        <Footer width={width} />
        <StatusLine width={width} />
      </Box>
    </MouseTargetsContext>
  );
}

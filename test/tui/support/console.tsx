/** The console App with a store, actions and theme, for frame tests (no network unless a test confirms). */
import { createClient } from "../../../src/api/client.ts";
import { createActions } from "../../../src/store/actions/actions.ts";
import type { ConsoleStore } from "../../../src/store/state.ts";
import { App } from "../../../src/tui/app.tsx";
import { ConsoleContext } from "../../../src/tui/context.tsx";
import { mouseControl } from "../../../src/tui/mouse/input.ts";
import type { RendererLoader } from "../../../src/tui/panes/alerts/webhook-preview.ts";
import { PANE_HOOKS } from "../../../src/tui/panes/selects.ts";
import { makeTheme } from "../../../src/tui/theme.ts";
import { until } from "../../support/until.ts";
import { KeyStdin, renderSized } from "./render.tsx";

export function renderConsole(
  store: ConsoleStore,
  size: { columns: number; rows: number },
  opts: {
    readOnly?: boolean;
    noColor?: boolean;
    fullscreen?: boolean;
    mouse?: boolean;
    webhookRenderer?: RendererLoader;
    /** A real service to talk to (a form's fresh read before its confirmation); default: none. */
    service?: { url: string; apiKey: string };
  } = {},
) {
  // Port 9 (discard) on loopback: nothing listens; only a confirmed action (or a form's fresh read before
  // its confirmation) would try it
  const client = createClient({
    baseUrl: opts.service?.url ?? "http://127.0.0.1:9",
    apiKey: opts.service?.apiKey ?? "k",
    readOnly: opts.readOnly,
  });
  const actions = createActions(client, store, undefined, {
    panes: PANE_HOOKS,
    readOnly: opts.readOnly ?? false,
  });
  let quits = 0;
  // the mouse as mount.tsx gives it: reports read beside Ink from the same stdin; what it writes, kept
  const stdin = new KeyStdin();
  const mouseBytes: string[] = [];
  const mouse = opts.mouse ? mouseControl(stdin, (b) => mouseBytes.push(b), true) : undefined;
  const r = renderSized(
    <ConsoleContext.Provider
      value={{
        store,
        theme: makeTheme("dark", opts.noColor ?? false),
        readOnly: opts.readOnly ?? false,
        profile: "test",
        host: "127.0.0.1:1",
        staleAfterMs: 90_000,
        webhookRenderer: opts.webhookRenderer,
      }}
    >
      <App
        actions={actions}
        fullscreen={opts.fullscreen ?? false}
        onQuit={() => {
          quits++;
        }}
        switchProfile={(name) => `no profile ${name}`}
        {...(mouse ? { mouse } : {})}
      />
    </ConsoleContext.Provider>,
    size.columns,
    size.rows,
    stdin,
  );
  return {
    ...r,
    quits: () => quits,
    mouseBytes,
    async close() {
      mouse?.stop();
      r.unmount();
      await actions.stop();
      await client.close();
    },
  };
}

/**
 * The first frame of `c` for which `cond` holds, waited for (checked every 10 ms, at most `ms`); throws
 * with the last frame. Tests wait for what they need, never a fixed time.
 */
export async function frameWhere(
  c: ReturnType<typeof renderConsole>,
  cond: (f: string) => boolean,
  ms = 3000,
): Promise<string> {
  return until("a frame", ms, () => (cond(c.frame()) ? c.frame() : undefined), 10).catch(() => {
    throw new Error(`no such frame in time; last:\n${c.frame()}`);
  });
}

/**
 * Mount the console with Ink and resolve when it ends: `{kind: "quit"}` or `{kind: "profile", name}` for
 * `:profile NAME`. Ink restores the terminal (raw mode off, cursor shown, alternate screen left) on unmount;
 * the caller also installs a last-resort restore on process exit.
 */
import { render } from "ink";
import type { Actions } from "../store/actions.ts";
import { App } from "./app.tsx";
import { ConsoleContext, type ConsoleInfo } from "./context.tsx";

export type ExitReason = { kind: "quit" } | { kind: "profile"; name: string };

export type MountOptions = {
  info: ConsoleInfo;
  actions: Actions;
  fullscreen: boolean;
  /** Validate a profile name for `:profile`; an error line, or undefined when it can be used. */
  checkProfile: (name: string) => string | undefined;
  stdout?: NodeJS.WriteStream;
  stdin?: NodeJS.ReadStream;
};

export function mountConsole(opts: MountOptions): { done: Promise<ExitReason>; quit: () => void } {
  let settle: (r: ExitReason) => void = () => undefined;
  const done = new Promise<ExitReason>((resolve) => {
    settle = resolve;
  });
  let ended = false;
  const end = (r: ExitReason) => {
    if (ended) return;
    ended = true;
    instance.unmount();
    instance
      .waitUntilExit()
      .catch(() => undefined)
      .then(() => settle(r));
  };
  const quit = () => end({ kind: "quit" });
  const switchProfile = (name: string) => {
    const err = opts.checkProfile(name);
    if (err) return err;
    end({ kind: "profile", name });
    return undefined;
  };
  const instance = render(
    <ConsoleContext.Provider value={opts.info}>
      <App actions={opts.actions} fullscreen={opts.fullscreen} onQuit={quit} switchProfile={switchProfile} />
    </ConsoleContext.Provider>,
    {
      stdout: opts.stdout ?? process.stdout,
      stdin: opts.stdin ?? process.stdin,
      exitOnCtrlC: false,
      patchConsole: true,
      incrementalRendering: true,
      maxFps: 20,
      alternateScreen: opts.fullscreen,
    },
  );
  return { done, quit };
}

/**
 * The app as the shell hands over to it (mount.tsx): the store context around <App>. Loaded after the
 * first frame, with the panes, the store and everything they import.
 */
import type { ReactElement } from "react";
import type { Actions } from "../store/actions/actions.ts";
import { App } from "./app.tsx";
import { ConsoleContext, type ConsoleInfo } from "./context.tsx";
import type { AppControl } from "./mount.tsx";

export function liveTree(opts: {
  info: ConsoleInfo;
  actions: Actions;
  fullscreen: boolean;
  ctl: AppControl;
  /** Validate a profile name for `:profile`; an error line, or undefined when it can be used. */
  checkProfile: (name: string) => string | undefined;
  /** Every key and click, after it was handled (App's onInput). */
  onInput?: () => void;
}): ReactElement {
  const { ctl } = opts;
  const switchProfile = (name: string) => {
    const err = opts.checkProfile(name);
    if (err) return err;
    ctl.end({ kind: "profile", name });
    return undefined;
  };
  return (
    <ConsoleContext.Provider value={opts.info}>
      <App
        actions={opts.actions}
        fullscreen={opts.fullscreen}
        onQuit={ctl.quit}
        switchProfile={switchProfile}
        initialKeys={ctl.initialKeys}
        mouse={ctl.mouse}
        frameNow={ctl.frameNow}
        onInput={opts.onInput}
      />
    </ConsoleContext.Provider>
  );
}

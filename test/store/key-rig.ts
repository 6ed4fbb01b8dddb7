/**
 * The console's store, actions, loaders and key handler on a real client (no Ink): what the tests that
 * drive writes key by key against the embedded service (or a proxy in front of it) start from.
 */
import { createClient } from "../../src/api/client.ts";
import { type ActionsOptions, createActions } from "../../src/store/actions/actions.ts";
import { createLoaders } from "../../src/store/data/loaders.ts";
import { createDraftStore } from "../../src/store/forms/drafts.ts";
import { createConsoleStore } from "../../src/store/state.ts";
import { createKeyHandler, type KeyInfo } from "../../src/tui/keys.ts";
import { PANE_HOOKS } from "../../src/tui/panes/selects.ts";

export function keyRig(opts: {
  baseUrl: string;
  apiKey: string;
  /** Where the drafts are kept. */
  dataDir: string;
  act?: ActionsOptions["act"];
}) {
  const client = createClient({ baseUrl: opts.baseUrl, apiKey: opts.apiKey, timeoutMs: 3000 });
  const store = createConsoleStore();
  const drafts = createDraftStore(opts.dataDir);
  const actions = createActions(client, store, undefined, {
    panes: PANE_HOOKS,
    readOnly: false,
    drafts,
    draftScope: "test",
    ...(opts.act ? { act: opts.act } : {}),
  });
  const loaders = createLoaders(client, store);
  const h = createKeyHandler({
    store,
    actions,
    readOnly: false,
    quit: () => undefined,
    switchProfile: () => "no",
    pageSize: () => 5,
  });
  const press = (input: string, key: KeyInfo = {}) => h(input, key);
  return { client, store, drafts, actions, loaders, press, form: () => store.getState().work.form };
}

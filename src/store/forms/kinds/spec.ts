/**
 * What a form kind is: one value in its own file (`src/store/forms/kinds/<kind>.ts`), listed once in
 * `index.ts`. Everything else derives from the registry — the `FormKind` and `DraftKind` unions, which
 * forms keep a draft on disk, validation, the senders, the resume offer's line and reopening a kept draft.
 * A kind that lacks a part does not compile (`satisfies FormKindSpec`).
 *
 * Because `FormKind` is derived from these values, a function in a spec whose result TypeScript would infer
 * from a FormState (a spread of one) gets its return type written out (`(d, ctx): FormState => …`);
 * without it tsc says the spec "is referenced directly or indirectly in its own initializer".
 */
import type { Client } from "../../../api/client.ts";
import type { Incident } from "../../../contract/schemas/incidents.ts";
import type { ConsoleState, ConsoleStore } from "../../state.ts";
import type { Draft, DraftStore } from "../drafts.ts";
import type { FormState } from "../types.ts";

export type SendResult =
  | { ok: true; notice: string }
  | { ok: false; error: string; fieldErrors?: Record<string, string> };

/**
 * What Enter leads to: a confirmation (with the form as it will be sent: its values brought up to date by
 * a fresh read, `confirmed` set), or nothing to send and why, or why it could not be checked.
 * `careful`: it warns of something the engineer could not have seen before pressing Enter (a change made
 * meanwhile, a resolved incident): a `y` typed before it appeared does not answer it.
 */
export type Confirmation =
  | { title: string; lines: string[]; form?: FormState; careful?: boolean }
  /** `form`: the form with what moved meanwhile taken (fresh.ts `rebased`), shown instead of the old. */
  | { nothing: string; form?: FormState }
  | { error: string };

/** How a form kind is sent. */
export type Sender = {
  /**
   * The confirmation of the form as it is — after a fresh read of what it edits when others may have
   * changed it (a promise then: the form shows "checking" meanwhile).
   */
  confirm(form: FormState, draft: Draft | undefined): Confirmation | Promise<Confirmation>;
  /**
   * The request(s). A POST records what goes out in `draft.sent` first (durably: send.ts `sendMarker`) and
   * re-reads before sending again, so a lost answer never posts twice; a PUT is sent again as it is.
   */
  send(form: FormState, draft: Draft | undefined): Promise<SendResult>;
};

/** What a sender may use. */
export type SendDeps = {
  client: Client;
  store: ConsoleStore;
  drafts: DraftStore;
  now: () => number;
  /** Show an incident just created or updated (the console's incidents pane: actions/targets.ts PaneHooks). */
  showIncident: (store: ConsoleStore, id: string) => void;
};

/** What reopening a kept draft may use. */
export type ReopenContext = {
  state: ConsoleState;
  store: ConsoleStore;
  /** The incident the draft names, as held — or a stub with its id and label when it is not held. */
  incident: Incident;
  /** Read the services for a picker when they are not there yet. */
  ensureServices: () => void;
};

/** A kind's drafts on disk (src/store/forms/drafts.ts: kept until the service acknowledged the form). */
export type DraftSpec = {
  /** What the resume offer after a start calls the draft ("new incident "DB down""). */
  label(d: Draft): string;
  /** The form a kept draft goes back into, before the draft's target and values are put over it. */
  reopen(d: Draft, ctx: ReopenContext): FormState;
  /** Whether a kept draft belongs to the form opened on `target` (the same key reopens it). */
  sameTarget(d: Draft, target: FormState["target"]): boolean;
};

export type FormKindSpec = {
  /**
   * The form with its fields and their first values, filled in from what it edits (the incident, the
   * update, the page) or from the defaults. Its own arguments per kind.
   */
  open: (...args: never[]) => FormState;
  /** Field key → error, for every field whose value the request would be refused for. */
  validate(f: FormState): Record<string, string>;
  /**
   * What the form still lacks beyond its fields (an update's incident): "wait" submits once it is there
   * (`submitWhenReady`), a message refuses; undefined when it is ready.
   */
  notReady?(f: FormState): "wait" | string | undefined;
  /** Its drafts, or why it keeps none (`never`: what typing into it would put on disk that must not be). */
  draft: DraftSpec | { never: string };
  sender(deps: SendDeps): Sender;
};

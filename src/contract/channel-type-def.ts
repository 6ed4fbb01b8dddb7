/**
 * What one alert channel type declares in the contract: its file under src/contract/channel-types/, named
 * after its type in lower case, and one line in src/contract/channel-types/registry.ts. All the contract
 * keeps per type is derived from these — `ChannelType` and the lookups (channel-types.ts), the channel as
 * read and the create / update bodies (schemas/alert-channels.ts), the masking of its secrets and its
 * target in tables; the service's transport of a type is keyed by the same types
 * (src/service/alerts/channels/registry.ts, `satisfies`), so the compiler names what is missing.
 */
import type { z } from "zod";

/** A config member that is a secret: `value` masked for display, `url-path` a URL whose path is the secret. */
export type ChannelSecret = { field: string; kind: "value" | "url-path" };

/** One line of a channel's detail in the console (src/tui/panes/alerts/lines.ts). */
export type ChannelDetailLine = { text: string; tone?: "head" | "dim" | "error" | "warn" };

/**
 * The shared webhook renderer (src/shared/webhook/: handlebars, dayjs, chrono-node), which the console
 * loads on first use; a preview gets it loaded.
 */
export type ChannelRenderer = {
  renderWebhook: typeof import("../shared/webhook/render.ts").renderWebhook;
  TemplateError: typeof import("../shared/webhook/template.ts").TemplateError;
  alertVariables: typeof import("../shared/webhook/variables.ts").alertVariables;
  sampleAlert: typeof import("../shared/webhook/variables.ts").sampleAlert;
};

export type ChannelPreviewContext = {
  renderer: ChannelRenderer;
  /** The alert type of the sample alert (`ALERT_FAILURE`, …). */
  alertType: string;
  now: number;
  /** The account's non-secret variables (user-defined template variables). */
  variables: Readonly<Record<string, string>>;
  /** Whether secrets are shown (else masked). */
  revealed: boolean;
};

export type ChannelTypeDef = {
  /** The type as stored and sent (`type`); its file is named after it in lower case. */
  type: string;
  /** Its config as read: lenient, every member may be missing, unknown members kept. */
  read: z.ZodType;
  /** Its config as written (create and update): the hosted limits, defaults filled. */
  write: z.ZodObject;
  /** Which config members are secrets: the masking for display follows it (channel-types.ts). */
  secrets: readonly ChannelSecret[];
  /**
   * The config members that say where it delivers, in order: the first one set is the channel's target
   * in tables and headings (`vigil alert-channels list`, the console's alerts and checks panes).
   */
  target: readonly string[];
  /**
   * What a delivery would send for a sample alert of the chosen type, as lines of the channel's detail in
   * the console (pure: the renderer is given). `config` is the channel's config as read; a type without
   * one shows no preview.
   */
  preview?: (config: unknown, ctx: ChannelPreviewContext) => ChannelDetailLine[];
};

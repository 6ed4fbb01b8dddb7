/**
 * `o`: the link of a check or a result, and whether the console may open a browser — pure.
 *
 * - A web app link exists when the profile names one (`webUrl`, a template with `{checkId}`, e.g.
 *   `https://app.example.com/checks/{checkId}`): from a result too, it opens the check's page.
 * - Otherwise — the embedded or local service (it has no web app), or a hosted profile without `webUrl` —
 *   there is no browser link: the console shows the API URL of the result (or of the check) instead, to
 *   copy (`y`) or fetch with the API key.
 * - A browser is started (`xdg-open`, macOS `open`) only with a display (DISPLAY / WAYLAND_DISPLAY, or
 *   macOS) and never for a viewer of `vigil share` (the display would be the server's): the link is shown.
 */

export type LinkInput = {
  /** The service's API base URL (no trailing slash). */
  apiBase: string;
  /** The web app's link template (`{checkId}`), when the profile has one. */
  webUrl?: string | undefined;
  /** The console talks to the embedded / local service (no web app). */
  local: boolean;
  checkId: string;
  resultId?: string | undefined;
};

export type Link =
  | { kind: "web"; url: string }
  /** No browser link: the API URL, and why there is no web link. */
  | { kind: "api"; url: string; why: string };

export const NO_LOCAL_LINK = "no browser link for the local service";
export const NO_WEB_URL =
  "no browser link: set the profile's webUrl (or VIGIL_WEB_URL) to open checks in the web app";

/** The web app link (the template filled in), else the API URL with why there is no web link. */
export function linkOf(i: LinkInput): Link {
  const id = encodeURIComponent(i.checkId);
  if (!i.local && i.webUrl) return { kind: "web", url: i.webUrl.replaceAll("{checkId}", id) };
  const api = i.resultId
    ? `${i.apiBase}/v1/check-results/${id}/${encodeURIComponent(i.resultId)}`
    : `${i.apiBase}/v1/checks/${id}`;
  return { kind: "api", url: api, why: i.local ? NO_LOCAL_LINK : NO_WEB_URL };
}

export type Opener = { command: string; args: string[] };

/**
 * How to open `url` in a browser here, or undefined (with why) when the console must only show it:
 * a viewer of `vigil share`, or no display.
 */
export function browserOpener(
  url: string,
  o: { shared: boolean; platform: string; env: Readonly<Record<string, string | undefined>> },
): Opener | { why: string } {
  if (o.shared) return { why: "over vigil share the browser would open on the server" };
  if (o.platform === "darwin") return { command: "open", args: [url] };
  if (o.platform === "win32") return { why: "no browser opener on Windows" };
  if (!o.env.DISPLAY && !o.env.WAYLAND_DISPLAY) return { why: "no display" };
  return { command: "xdg-open", args: [url] };
}

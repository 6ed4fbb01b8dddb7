/** Where things are: the repository root, Node 24 and the bundled console. */
import { homedir } from "node:os";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../../..");
export const NODE = join(ROOT, "node_modules/.bin/node");
export const BUNDLE = join(ROOT, "dist/vigil.js");
/**
 * The user's cache dir, kept for the processes tests start with a HOME of their own: the packaged Chromium
 * of browser checks is unpacked there once (~200 MB), not once per test.
 */
export const CACHE_HOME = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");

/** Where things are: the repository root, Node 24 and the bundled console. */
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../../..");
export const NODE = join(ROOT, "node_modules/.bin/node");
export const BUNDLE = join(ROOT, "dist/vigil.js");

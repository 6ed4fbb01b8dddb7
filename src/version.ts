import pkg from "../package.json" with { type: "json" };

/** The package version, baked into the bundle at build time. */
export const VERSION: string = pkg.version;
export const USER_AGENT = `vigil/${VERSION} (+terminal console; node ${process.versions.node})`;

/**
 * The first statement of dist/vigil.js (scripts/build.ts writes it there): on a Node older than 24 it says
 * so in one line — naming Node 24 and `npx vigil`, which runs vigil on the Node 24 its package installs —
 * and exits 2, before anything imports node:sqlite (which older Nodes do not have: "No such built-in
 * module"). Plain JavaScript of the oldest syntax, so an old Node can parse it; the test runs it on one.
 */
export const MIN_NODE_MAJOR = 24;

export const NODE_GUARD = [
  `if (Number(process.versions.node.split(".")[0]) < ${MIN_NODE_MAJOR}) {`,
  "  process.stderr.write(",
  `    "vigil: needs Node.js ${MIN_NODE_MAJOR} or newer, this is Node " + process.versions.node +`,
  `      " (install Node ${MIN_NODE_MAJOR}, or run npx vigil: it uses the Node ${MIN_NODE_MAJOR} the package installs)\\n",`,
  "  );",
  "  process.exit(2);",
  "}",
].join("\n");

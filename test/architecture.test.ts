/**
 * The layers of docs/architecture.md, guarded: every relative import in src/ is read and checked against
 * the allowed directions, and every folder the document names exists. A new arrow the wrong way fails
 * here with the file and the import.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const SRC = join(ROOT, "src");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** [importer, imported], both relative to src/ (imports leaving src/ keep their ../ path). */
function edges(): [string, string][] {
  const out: [string, string][] = [];
  const spec = /(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;
  for (const file of sources(SRC)) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(spec)) {
      out.push([relative(SRC, file), relative(SRC, normalize(join(dirname(file), m[1]!)))]);
    }
  }
  return out;
}

const top = (p: string) => (p.includes("/") ? p.slice(0, p.indexOf("/")) : p);

/** Which top-level parts of src/ each layer may import (besides itself). */
const ALLOWED: Record<string, string[]> = {
  shared: [],
  "version.ts": [],
  contract: ["shared"],
  api: ["contract", "shared", "version.ts"],
  config: ["api", "contract", "shared"],
  store: ["api", "contract", "shared", "config", "version.ts"],
  tui: ["store", "api", "contract", "shared", "config", "version.ts"],
  // the service speaks the contract, never the client package
  service: ["contract", "shared", "version.ts"],
  agent: ["service", "contract", "shared", "version.ts"],
  share: ["store", "tui", "api", "contract", "shared", "config", "version.ts"],
  cli: ["agent", "api", "config", "contract", "service", "share", "shared", "store", "tui", "version.ts"],
};

/** Narrower rules inside the broad ones: [importer pattern, imported pattern, why]. */
const FORBIDDEN: [RegExp, RegExp, string][] = [
  // service domain code never reaches into the HTTP routes; only the composition root (main.ts) does
  [/^service\/(?!app\/|main\.ts$)/, /^service\/app\//, "service domain → route module"],
  // the agent runs checks with the service's runners, nothing else of the service
  [/^agent\//, /^service\/(?!runners\/|engine\/checks\.ts$|agents\/queue\.ts$)/, "agent → service internals"],
  // the command line reaches the service only where it starts or finds one, the console only to mount it
  [
    /^cli\/(?!serve\.ts$|serve-control\.ts$|console\.ts$|overview\.ts$|agent\.ts$|connect\.ts$|share\.ts$|embedded\.ts$|local-service\.ts$)/,
    /^service\//,
    "CLI command → service",
  ],
  [/^cli\//, /^service\/(?!main\.ts$|info-file\.ts$|db\/data-dir\.ts$)/, "CLI → service internals"],
  [/^cli\/(?!console\.ts$)/, /^tui\//, "CLI → console internals"],
  [/^cli\/(?!agent\.ts$)/, /^agent\//, "CLI → agent"],
  [/^cli\/(?!share\.ts$)/, /^share\//, "CLI → share"],
  // the store does not know the panes: a pane id is the console's (src/tui/panes/registry.ts)
  [/^store\//, /^tui\//, "store → console view"],
];

/**
 * The only type assertions (`x as T`, `<T>x`; `as const` is not one) the service keeps: where TS cannot see
 * a type at all. Each has an `// allowed cast: <why>` line above it. [file under src/, asserted type, why]
 */
const ALLOWED_CASTS: [string, string, string][] = [
  [
    "service/alerts/settings.ts",
    "SettingValues<AllOf<G[number]>>",
    "the settings' values are built at run time from the declarations their type is derived from",
  ],
  [
    "service/repo/store.ts",
    "Storage",
    "the Repo is built at run time from the storage modules its type is derived from",
  ],
  [
    "service/runners/browser/runner.ts",
    'typeof import("playwright-core")',
    "a module loaded by its path at run time",
  ],
  [
    "service/runners/browser/script-child.ts",
    'typeof import("playwright-core")',
    "a module loaded by its path",
  ],
  [
    "service/runners/browser/script-child.ts",
    'typeof import("@playwright/test")',
    "a module loaded by its path",
  ],
];

/** Every type assertion in a file: its line (1-based), the asserted type's text and the line above it. */
function casts(file: string): { line: number; type: string; above: string }[] {
  const text = readFileSync(file, "utf8");
  const lines = text.split("\n");
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: { line: number; type: string; above: string }[] = [];
  const visit = (n: ts.Node) => {
    if ((ts.isAsExpression(n) || ts.isTypeAssertionExpression(n)) && n.type.getText(sf) !== "const") {
      const line = sf.getLineAndCharacterOfPosition(n.type.getStart(sf)).line + 1;
      out.push({ line, type: n.type.getText(sf), above: lines[line - 2] ?? "" });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** The panes' ids: one folder each under src/tui/panes/ with its spec (index.ts). */
function paneIds(): string[] {
  const dir = join(SRC, "tui", "panes");
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, "index.ts")))
    .map((e) => e.name);
}

describe("architecture", () => {
  const all = edges();

  it("imports point down the layers only", () => {
    const wrong = all
      .filter(([a, b]) => {
        const la = top(a);
        const lb = top(b);
        if (la === lb || b.startsWith("..")) return false; // inside a layer; assets and package.json
        return !(ALLOWED[la] ?? []).includes(lb);
      })
      .map(([a, b]) => `${a} → ${b}`);
    expect(wrong).toEqual([]);
  });

  it("no service-domain → route, agent → service internals, or command → service/console import", () => {
    const wrong = all.flatMap(([a, b]) =>
      FORBIDDEN.filter(([from, to]) => from.test(a) && to.test(b)).map(([, , why]) => `${why}: ${a} → ${b}`),
    );
    expect(wrong).toEqual([]);
  });

  it("the service and the agent import the contract (src/contract/), never the client package (src/api/)", () => {
    const wrong = all
      .filter(([a, b]) => /^(service|agent)\//.test(a) && /^api\//.test(b))
      .map(([a, b]) => `${a} → ${b}`);
    expect(wrong).toEqual([]);
  });

  it("the store names no pane: it keeps a pane id as an opaque string and never switches on one", () => {
    const ids = paneIds();
    expect(ids.length).toBeGreaterThan(5);
    const id = `(?:${ids.join("|")})`;
    const q = `["'\`]${id}["'\`]`;
    const patterns = [
      new RegExp(`\\bpane\\s*[!=]==?\\s*${q}|${q}\\s*[!=]==?\\s*[\\w.]*\\bpane\\b`), // ui.pane === "checks"
      /switch\s*\([^)]*\bpane\)/, // switch (s.ui.pane)
      new RegExp(`\\b(?:ui\\.(?:detail|cursor|cursorId|filter)|work\\.detailRow)(?:\\.${id}\\b|\\[${q}\\])`), // ui.filter.checks
      new RegExp(
        `\\b(?:setPane|openDetail|setCursor|setFilter|cursorIn|moveCursor|cursorRowId|resetDetailRow|clearDetailRow|moveDetailRow)\\([^)]*${q}`,
      ),
      new RegExp(`\\bpane:\\s*${q}`), // { pane: "checks" }
    ];
    const found = sources(join(SRC, "store")).flatMap((f) =>
      readFileSync(f, "utf8")
        .split("\n")
        .map((line, i) => ({
          line: line.replace(/\/\/.*$|^\s*\*.*$/, ""),
          at: `${relative(SRC, f)}:${i + 1}`,
        }))
        .filter(({ line }) => patterns.some((p) => p.test(line)))
        .map(({ line, at }) => `${at}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it("the store takes the panes' ids only as the pane registry registers them (declare module), importing none", () => {
    const augment = /declare\s+module\s+["']([^"']+)["']/g;
    const found = sources(SRC).flatMap((f) =>
      [...readFileSync(f, "utf8").matchAll(augment)].map((m) => ({
        from: relative(SRC, f),
        to: relative(SRC, normalize(join(dirname(f), m[1]!))),
      })),
    );
    expect(found.filter((x) => /^store\//.test(x.to) || /^store\//.test(x.from))).toEqual([
      { from: "tui/panes/registry.ts", to: "store/view/types.ts" },
    ]);
    // and no import of the console's code from the store, type-only ones included (the edges above read both)
    expect(all.filter(([a, b]) => /^store\//.test(a) && /^tui\//.test(b))).toEqual([]);
  });

  it("outside repo/ and db/, the service holds no database handle: it takes the Repo interface", () => {
    // no node:sqlite, no DatabaseSync, and db/ (which opens the handle) only where the service is put
    // together (main.ts) and where a request's error is answered (app/app.ts: isCorruption)
    const DB_IMPORTERS = ["service/main.ts", "service/app/app.ts"];
    const raw = sources(join(SRC, "service"))
      .map((f) => relative(SRC, f))
      .filter((f) => !/^service\/(repo|db)\//.test(f))
      .filter((f) => {
        const text = readFileSync(join(SRC, f), "utf8");
        if (/\bDatabaseSync\b|["']node:sqlite["']/.test(text)) return true;
        return /from ["'](\.\.?\/)+db\//.test(text) && !DB_IMPORTERS.includes(f);
      });
    expect(raw).toEqual([]);
  });

  it("routes hold no SQL: they parse, call the storage modules and shape the answer", () => {
    const withSql = sources(join(SRC, "service", "app")).filter((f) =>
      /\.prepare\(|\bdb\.exec\(/.test(readFileSync(f, "utf8")),
    );
    expect(withSql.map((f) => relative(SRC, f))).toEqual([]);
  });

  it("SQL lives only in the storage modules (repo/) and the database layer (db/)", () => {
    const withSql = sources(SRC)
      .map((f) => relative(SRC, f))
      .filter((f) => !/^service\/(repo|db)\//.test(f))
      .filter((f) =>
        /\.prepare\(\s*[`"']|\bdb\.exec\(|\bcached\(\s*\w+,/.test(readFileSync(join(SRC, f), "utf8")),
      );
    expect(withSql).toEqual([]);
  });

  it("the service parses what it reads instead of casting it: no `as` but the allow-listed few", () => {
    const found = sources(join(SRC, "service")).flatMap((f) =>
      casts(f).map((c) => ({ ...c, file: relative(SRC, f) })),
    );
    const unlisted = found
      .filter((c) => !ALLOWED_CASTS.some(([file, type]) => file === c.file && type === c.type))
      .map((c) => `${c.file}:${c.line}: as ${c.type}`);
    expect(unlisted).toEqual([]);
    // each allowed one once, where it is, and saying why
    expect(found.map((c) => [c.file, c.type]).sort()).toEqual(ALLOWED_CASTS.map(([f, t]) => [f, t]).sort());
    expect(
      found.filter((c) => !/\/\/ allowed cast: \S/.test(c.above)).map((c) => `${c.file}:${c.line}`),
    ).toEqual([]);
  });

  it("every form kind file (src/store/forms/kinds/) is listed in the registry, which names no other", async () => {
    const dir = join(SRC, "store", "forms", "kinds");
    const { FORM_KINDS } = await import("../src/store/forms/kinds/index.ts");
    const listed = new Set<unknown>(Object.values(FORM_KINDS));
    const files = readdirSync(dir).filter((f) => f.endsWith(".ts") && f !== "index.ts" && f !== "spec.ts");
    const unlisted: string[] = [];
    let specs = 0;
    for (const f of files) {
      const mod: Record<string, unknown> = await import(join(dir, f));
      const exported = Object.entries(mod).filter(
        ([, v]) => typeof v === "object" && v !== null && "sender" in v && "validate" in v && "draft" in v,
      );
      if (exported.length === 0) unlisted.push(`${f}: exports no form kind spec`);
      for (const [name, v] of exported) {
        specs++;
        if (!listed.has(v)) unlisted.push(`${f}: ${name} is not in FORM_KINDS (kinds/index.ts)`);
      }
    }
    expect(unlisted).toEqual([]);
    expect(specs).toBe(listed.size); // one spec per file, and the registry lists nothing from elsewhere
  });

  it("a check type is one file in src/contract/check-types/, named after its kind and listed in the registry", async () => {
    const dir = join(SRC, "contract", "check-types");
    const { CHECK_TYPE_DEFS } = await import("../src/contract/check-types/registry.ts");
    const files = readdirSync(dir).filter((f) => f !== "registry.ts");
    expect(files.sort()).toEqual(CHECK_TYPE_DEFS.map((d) => `${d.kind}.ts`).sort());
    for (const f of files) {
      const exported = Object.values(await import(join(dir, f)));
      expect(exported, f).toEqual([CHECK_TYPE_DEFS.find((d) => `${d.kind}.ts` === f)]);
    }
    // a type's file stands alone: it reads the building blocks, never another type or the derived tables
    const wrong = all.filter(
      ([a, b]) =>
        a.startsWith("contract/check-types/") &&
        a !== "contract/check-types/registry.ts" &&
        /^contract\/(check-types|analytics-metrics|schemas\/check-bodies|schemas\/check-sessions)\b/.test(b),
    );
    expect(wrong.map(([a, b]) => `${a} → ${b}`)).toEqual([]);
  });

  it("an alert channel type is one file in src/contract/channel-types/, named after its type and listed in the registry", async () => {
    const dir = join(SRC, "contract", "channel-types");
    const { CHANNEL_TYPE_DEFS } = await import("../src/contract/channel-types/registry.ts");
    const files = readdirSync(dir).filter((f) => f !== "registry.ts");
    expect(files.sort()).toEqual(CHANNEL_TYPE_DEFS.map((d) => `${d.type.toLowerCase()}.ts`).sort());
    for (const f of files) {
      const exported = Object.values(await import(join(dir, f)));
      expect(exported, f).toEqual([CHANNEL_TYPE_DEFS.find((d) => `${d.type.toLowerCase()}.ts` === f)]);
    }
    // a type's file stands alone: it reads the building blocks, never another type or the derived tables
    const wrong = all.filter(
      ([a, b]) =>
        a.startsWith("contract/channel-types/") &&
        a !== "contract/channel-types/registry.ts" &&
        /^contract\/(channel-types|schemas\/alert-channels)\b/.test(b),
    );
    expect(wrong.map(([a, b]) => `${a} → ${b}`)).toEqual([]);
  });

  it("every layer is known (a new top-level folder gets its rule here and in the document)", () => {
    const layers = readdirSync(SRC);
    expect(layers.filter((l) => !(l in ALLOWED))).toEqual([]);
  });

  it("every folder docs/architecture.md names exists", () => {
    const doc = readFileSync(join(ROOT, "docs/architecture.md"), "utf8");
    const named = [...doc.matchAll(/`(src\/[\w./-]+)`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((p) => !existsSync(join(ROOT, p.replace(/\/$/, ""))))).toEqual([]);
  });
});

/**
 * The import rules of docs/architecture.md ("Who may import whom"), checked over every module of `src/` and
 * `backend/src/`: the arrows the document draws are the only ones the code has. Imports are read with the
 * TypeScript compiler's own pre-processor (static, type-only, dynamic `import()` and `export ... from` alike).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, posix, relative, sep } from "node:path"
import ts from "typescript"
import { assert, describe, it } from "vitest"

const root = join(import.meta.dirname, "..")

interface Edge {
  /** The importing module, relative to the repository root (`src/domain/user.ts`). */
  readonly from: string
  /** What it imports, relative to the root without extension (`src/domain/wire`), or `package:<name>`. */
  readonly to: string
  /** The specifier as written. */
  readonly specifier: string
  /** A dynamic `import()`: a lazily loaded chunk's boundary. */
  readonly dynamic?: boolean
}

const modulesUnder = (dir: string): Array<string> =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? modulesUnder(posix.join(dir, entry.name))
      : /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")
        ? [posix.join(dir, entry.name)]
        : []
  )

// The package entry points and the backend's alias for the library (tsconfig `paths`).
const aliases: ReadonlyArray<readonly [string, string]> = [
  ["@stackfx/lib/", "src/"],
  ["stackfx-backend", "backend/src/index"],
  ["stackfx/server", "src/server/index"],
  ["stackfx/react/handler", "src/react/handler/index"],
  ["stackfx/react-start/server", "src/react/start/server"],
  ["stackfx/react-start", "src/react/start/index"],
  ["stackfx/react", "src/react/index"],
  ["stackfx", "src/index"]
]

const resolveSpecifier = (from: string, specifier: string): string => {
  const withoutExtension = (path: string) => path.replace(/\.(js|jsx|ts|tsx)$/, "")
  if (specifier.startsWith(".")) {
    return withoutExtension(
      relative(root, join(root, dirname(from), specifier))
        .split(sep)
        .join("/")
    )
  }
  for (const [alias, target] of aliases) {
    if (specifier === alias || (alias.endsWith("/") && specifier.startsWith(alias))) {
      return withoutExtension(target + specifier.slice(alias.length))
    }
  }
  return `package:${specifier}`
}

const edges: ReadonlyArray<Edge> = ["src", "backend/src"].flatMap(modulesUnder).flatMap((from) => {
  const text = readFileSync(join(root, from), "utf8")
  return ts.preProcessFile(text, true, true).importedFiles.map(({ fileName }) => ({
    from,
    to: resolveSpecifier(from, fileName),
    specifier: fileName,
    dynamic:
      text.includes(`import("${fileName}")`) && !new RegExp(`from "${fileName.replace(/[.]/g, "[.]")}"`).test(text)
  }))
})

interface Rule {
  readonly name: string
  /** The modules the rule is about. */
  readonly from: (path: string) => boolean
  /** True when the edge breaks the rule. */
  readonly forbids: (edge: Edge) => boolean
}

const under =
  (...folders: ReadonlyArray<string>) =>
  (path: string) =>
    folders.some((folder) => path.startsWith(`${folder}/`))
const libraryFolders = ["domain", "errors", "contract", "services", "layers", "react"] as const
const lib = (...folders: ReadonlyArray<(typeof libraryFolders)[number]>) => under(...folders.map((f) => `src/${f}`))
const backend = (...folders: ReadonlyArray<string>) => under(...folders.map((f) => `backend/src/${f}`))

/**
 * A domain of the backend that holds its own layers in one folder (docs/architecture.md: OAuth in one place):
 * `backend/src/oauth/routes`, `operations`, `store` beside its protocol (`oauth/protocol`).
 */
const selfContainedDomains = ["oauth"] as const
type BackendLayer = "routes" | "operations" | "store"
/** The modules of a backend layer: its root folder and the same layer of each self-contained domain. */
const layer = (...layers: ReadonlyArray<BackendLayer>) =>
  under(
    ...layers.flatMap((name) => [
      `backend/src/${name}`,
      ...selfContainedDomains.map((domain) => `backend/src/${domain}/${name}`)
    ])
  )

/**
 * What a route that only routes never writes (docs/architecture.md: a route reads its declared input, calls
 * operations and answers): a failure of its own, an error built by hand, a SCHEMA_ERROR built by hand (the
 * edge's are http/request.ts's), or a comparison deciding who `"me"` is (the actor policy's, operations/acting-user.ts).
 */
const routeDecisions: ReadonlyArray<readonly [string, RegExp]> = [
  ["fails by itself (Effect.fail)", /\bEffect\.fail\(/],
  ["builds an error (new X({...}))", /\bnew [A-Z]\w*\(\{/],
  ["builds a SCHEMA_ERROR (schemaErrorOf)", /\bschemaErrorOf\(/],
  ['decides who "me" is', /[!=]==\s*"me"|"me"\s*[!=]==/]
]

const decisionsIn = (text: string): ReadonlyArray<string> =>
  routeDecisions.filter(([, pattern]) => pattern.test(text)).map(([what]) => what)

/**
 * A route never checks a path parameter (docs/adding-an-endpoint.md): the declaration's `params` schemas do, at
 * the edge, named with the query's and body's problems. What a check by hand writes: the problem's location
 * (`"params.team_id must be ..."`, `validate(X, "params", ...)`: only http/ writes those lines), or a test of a
 * parameter with a schema, a pattern or a predicate (`Schema.is(X)(params.id)`, `UUID.test(params.id)`).
 */
const pathParamChecks: ReadonlyArray<readonly [string, RegExp]> = [
  ['names a path parameter as a problem\'s location ("params...")', /["'`]params\b/],
  [
    "tests a path parameter (Schema.is/decode, RegExp#test, isUuid)",
    /(?:Schema\.(?:is|asserts|decode\w*|validate\w*)\([^()]*\)|\.test|\bisUuid)\(\s*params\b/
  ]
]

const pathParamChecksIn = (text: string): ReadonlyArray<string> =>
  pathParamChecks.filter(([, pattern]) => pattern.test(text)).map(([what]) => what)

/**
 * The one way the backend reaches its database (docs/architecture.md): store and operation functions return
 * Effects that require the `Db` service (`Db.query`, `Db.transaction`, ...), so a function running inside a
 * transaction uses the transaction's connection whoever called it. What the other convention wrote, a
 * `db: DbShape` parameter and the database handed on by hand (`f(db, ...)`), is what this finds.
 */
const databaseByHand: ReadonlyArray<readonly [string, RegExp]> = [
  ["takes the database as a parameter or field (x: DbShape)", /\b\w+\??\s*:\s*DbShape\b(?!\[)/],
  ["hands the database on by hand (f(db, ...))", /\b\w+\(\s*db\s*[,)]/]
]

const databaseByHandIn = (text: string): ReadonlyArray<string> =>
  databaseByHand.filter(([, pattern]) => pattern.test(text)).map(([what]) => what)

/**
 * The backend's operations split by dependency (docs/architecture.md, "Who may import whom"): what several
 * domains need sits in a shared unit of its own, and the domains stand on the shared units. A unit is a folder
 * of `backend/src/operations` or a module at its root; OAuth's operations (`backend/src/oauth/operations`) are
 * one more domain. Every folder of `operations/` is one or the other (a test below says so), so a new one is placed.
 */
const operationsRoot = "backend/src/operations"
const sharedOperations = [
  "webhooks",
  "codes",
  "permissions",
  "config",
  "email",
  "acting-user.ts",
  "paging.ts",
  "health.ts"
] as const
const operationDomains = ["auth", "device-auth", "users", "teams", "projects", "oauth"] as const

/** The unit of operations a module belongs to (`teams`, `acting-user.ts`, `oauth`), or none. */
const operationUnit = (path: string): string | undefined => {
  // OAuth's store and protocol lie below every operation, as store/ does: only its operations are a domain.
  if (path.startsWith("backend/src/oauth/operations/")) return "oauth"
  if (!path.startsWith(`${operationsRoot}/`)) return undefined
  return path.slice(operationsRoot.length + 1).split("/")[0]
}
const isSharedOperation = (path: string) =>
  (sharedOperations as ReadonlyArray<string>).includes(operationUnit(path) ?? "")
const isOperationDomain = (path: string) =>
  (operationDomains as ReadonlyArray<string>).includes(operationUnit(path) ?? "")

/** The pairs of units of operations that import each other (`a <-> b`, sorted). */
const twoWayOperationImports = (all: ReadonlyArray<Pick<Edge, "from" | "to">>): ReadonlyArray<string> => {
  const imports = new Set(
    all.flatMap(({ from, to }) => {
      const [a, b] = [operationUnit(from), operationUnit(`${to}.ts`)]
      return a !== undefined && b !== undefined && a !== b ? [`${a} -> ${b}`] : []
    })
  )
  return [...imports]
    .map((edge) => edge.split(" -> "))
    .filter(([a = "", b = ""]) => a < b && imports.has(`${b} -> ${a}`))
    .map(([a, b]) => `${a} <-> ${b}`)
    .sort()
}

/**
 * The OAuth tables (every `oauth_*` table the migrations create) are written only by OAuth's store
 * (`backend/src/oauth/store/`): another module that needs an OAuth row written calls a function of it.
 */
const oauthTables = modulesUnder("backend/src/store/migrations").flatMap((path) =>
  [...readFileSync(join(root, path), "utf8").matchAll(/create table (oauth_\w+)/g)].map((match) => match[1]!)
)
const writesOAuthTable = (text: string): boolean =>
  new RegExp(
    `\\b(insert\\s+into|update|delete\\s+from|truncate(\\s+table)?)\\s+(${oauthTables.join("|")})\\b|rowInsert\\(\\s*"oauth_`,
    "i"
  ).test(text)

const rules: ReadonlyArray<Rule> = [
  {
    name: "nothing in src/ imports the backend",
    from: under("src"),
    forbids: ({ to }) => to.startsWith("backend/") || to === "package:stackfx-backend"
  },
  {
    name: "src/domain imports nothing of errors, contract, services, layers or react",
    from: lib("domain"),
    forbids: ({ to }) => lib("errors", "contract", "services", "layers", "react")(to)
  },
  {
    name: "src/errors imports only domain (of the library)",
    from: lib("errors"),
    forbids: ({ to }) => lib("contract", "services", "layers", "react")(to)
  },
  {
    name: "src/contract (the endpoint declarations) imports only domain and errors (of the library)",
    from: lib("contract"),
    forbids: ({ to }) => lib("services", "layers", "react")(to)
  },
  {
    name: "src/services never imports layers or react",
    from: lib("services"),
    forbids: ({ to }) => lib("layers", "react")(to)
  },
  {
    name: "src/layers never imports react",
    from: lib("layers"),
    forbids: ({ to }) => lib("react")(to)
  },
  {
    // A call flows one way: service -> lazy layer -> live chunk -> implementation -> call -> transport -> fetch.
    // The transport hands the wire the loader of what it needs of the chunk (known errors, diagnostics).
    name: "nothing in src/services/http imports services/live.ts except internal/lazy-service.ts",
    from: (path) => path.startsWith("src/services/http/") && path !== "src/services/http/internal/lazy-service.ts",
    forbids: ({ to }) => to === "src/services/live"
  },
  {
    // The pipeline stacks one way: wire (sending, answers, retry, tracing, decoding, nonces) <- session <- http
    // (calls, the transport's front) <- the endpoint groups. The wire is handed what it needs from above.
    name: "src/services/wire imports nothing of the services above it",
    from: under("src/services/wire"),
    forbids: ({ to }) => to.startsWith("src/services/") && !to.startsWith("src/services/wire/")
  },
  {
    name: "src/services/session imports only the wire of the services",
    from: under("src/services/session"),
    forbids: ({ to }) => to.startsWith("src/services/") && !under("src/services/session", "src/services/wire")(to)
  },
  {
    name: "src/services/http imports only the wire, the session and changes/ of the services (and live.ts through lazy-service.ts)",
    from: under("src/services/http"),
    forbids: ({ to }) =>
      to.startsWith("src/services/") &&
      to !== "src/services/live" &&
      !under("src/services/http", "src/services/wire", "src/services/session", "src/services/changes")(to)
  },
  {
    name: "backend/src imports the library only through @stackfx/lib/domain/, errors/ and contract/",
    from: (path) => under("backend/src")(path) && !backend("testing")(path),
    forbids: ({ specifier, to }) =>
      (to.startsWith("src/") || /^package:stackfx(\/|$)/.test(to)) &&
      !/^@stackfx\/lib\/(domain|errors|contract)\//.test(specifier)
  },
  {
    // The testing kit hands apps the tiers of their own stackfx (a peer dependency), so it imports the
    // public entries and nothing else of the library besides what the backend itself may.
    name: "backend/src/testing imports the library through the public stackfx entries or @stackfx/lib/domain|errors|contract",
    from: backend("testing"),
    forbids: ({ specifier, to }) =>
      to.startsWith("src/") &&
      !/^@stackfx\/lib\/(domain|errors|contract)\//.test(specifier) &&
      !/^stackfx(\/react|\/server)?$/.test(specifier)
  },
  {
    name: "nothing of the backend but the kit imports backend/src/testing",
    from: (path) => under("backend/src")(path) && !backend("testing")(path),
    forbids: ({ to }) => backend("testing")(to)
  },
  {
    name: "backend operations/ never imports routes/",
    from: layer("operations"),
    forbids: ({ to }) => layer("routes")(to)
  },
  {
    // Routes call operations; an operation that needs the database reads it itself.
    name: "backend routes/ never imports store/",
    from: layer("routes"),
    forbids: ({ to }) => layer("store")(to)
  },
  {
    // Refusals belong to operations (docs/architecture.md): a route has no error of its own to raise.
    name: "backend routes/ never import the refusals (backend/src/errors/ or the known errors)",
    from: layer("routes"),
    forbids: ({ specifier, to }) => backend("errors")(to) || /^@stackfx\/lib\/errors\/known\//.test(specifier)
  },
  {
    // Operations refuse with domain errors (errors/refused.ts and the known errors); http/ answers them.
    name: "backend operations/ never imports http/",
    from: layer("operations"),
    forbids: ({ to }) => backend("http")(to)
  },
  {
    name: "backend http/ imports neither operations/ nor routes/",
    from: backend("http"),
    forbids: ({ to }) => layer("operations", "routes")(to)
  },
  {
    name: "backend store/ imports neither operations/ nor routes/ nor http/",
    from: layer("store"),
    forbids: ({ to }) => layer("operations", "routes")(to) || backend("http")(to)
  },
  {
    // Shared operations (permissions, codes, config, e-mail, the webhook outbox, the actor policy) are what the
    // domains stand on: one that imported a domain would make the two import each other.
    name: "backend shared operations import no operation domain",
    from: isSharedOperation,
    forbids: ({ to }) => isOperationDomain(to)
  },
  {
    // OAuth is reached through its operations (and its store, as any store): its protocol is its own business.
    name: "nothing outside backend/src/oauth imports oauth/protocol",
    from: (path) => !backend("oauth")(path),
    forbids: ({ to }) => backend("oauth/protocol")(to)
  },
  {
    // The protocol (PKCE, OpenID Connect, the development provider) knows nothing of the local backend's layers:
    // operations call it, never the other way round.
    name: "backend oauth/protocol imports none of routes/, operations/, store/ or http/",
    from: backend("oauth/protocol"),
    forbids: ({ to }) => layer("routes", "operations", "store")(to) || backend("http")(to)
  }
]

// Known breaks of the rules, each to be removed (with its entry here) when the import is gone. The test
// fails when an entry no longer matches an import, so the list only shrinks.
const knownExceptions: ReadonlyArray<{ readonly from: string; readonly to: string; readonly why: string }> = [
  {
    from: "backend/src/store/layer.ts",
    to: "backend/src/operations/projects/seed",
    why: "opening the database also seeds it; to be removed by handing the seed to openDb from above"
  }
]

const isKnown = (edge: Edge) => knownExceptions.some((known) => known.from === edge.from && known.to === edge.to)

describe("the import rules of docs/architecture.md", () => {
  it("sees the modules and their imports", () => {
    assert.isAbove(new Set(edges.map((e) => e.from)).size, 300)
    assert.isTrue(edges.some((e) => e.from.startsWith("src/services/") && e.to.startsWith("src/domain/")))
    assert.isTrue(
      edges.some((e) => e.from.startsWith("backend/src/") && e.specifier.startsWith("@stackfx/lib/domain/"))
    )
  })

  for (const rule of rules) {
    it(rule.name, () => {
      const broken = edges
        .filter((edge) => rule.from(edge.from) && rule.forbids(edge) && !isKnown(edge))
        .map((edge) => `${edge.from} imports "${edge.specifier}"`)
      assert.deepStrictEqual(broken, [])
    })
  }

  it('no backend route builds a refusal or decides who "me" is', () => {
    const routeModules = ["backend/src/routes", ...selfContainedDomains.map((d) => `backend/src/${d}/routes`)]
    assert.isTrue(routeModules.every((folder) => modulesUnder(folder).length > 0))
    const deciding = routeModules
      .flatMap(modulesUnder)
      .flatMap((path) => decisionsIn(readFileSync(join(root, path), "utf8")).map((what) => `${path} ${what}`))
    assert.deepStrictEqual(deciding, [])
  })

  it("no backend route checks a path parameter by hand (the declaration's params schemas do)", () => {
    const routeModules = ["backend/src/routes", ...selfContainedDomains.map((d) => `backend/src/${d}/routes`)]
    const checking = routeModules
      .flatMap(modulesUnder)
      .flatMap((path) => pathParamChecksIn(readFileSync(join(root, path), "utf8")).map((what) => `${path} ${what}`))
    assert.deepStrictEqual(checking, [])
  })

  it("the backend reaches its database through the Db service of the context, never as a parameter", () => {
    const byHand = modulesUnder("backend/src").flatMap((path) =>
      databaseByHandIn(readFileSync(join(root, path), "utf8")).map((what) => `${path} ${what}`)
    )
    assert.deepStrictEqual(byHand, [])
  })

  it("the database rule catches the other convention", () => {
    assert.deepStrictEqual(
      databaseByHandIn("export const findTeam = (db: DbShape, projectId: string, id: string) => db.query(sql)"),
      ["takes the database as a parameter or field (x: DbShape)"]
    )
    assert.deepStrictEqual(databaseByHandIn("interface Deps { readonly db?: DbShape }"), [
      "takes the database as a parameter or field (x: DbShape)"
    ])
    assert.deepStrictEqual(databaseByHandIn("Effect.flatMap(Db, (db) => findTeam(db, projectId, id))"), [
      "hands the database on by hand (f(db, ...))"
    ])
    assert.deepStrictEqual(databaseByHandIn("yield* listTeams(\n  db\n)"), [
      "hands the database on by hand (f(db, ...))"
    ])
    // What the convention writes, and the database's own modules.
    assert.deepStrictEqual(
      databaseByHandIn(
        [
          "export const findTeam = (projectId: string, id: string) => Db.query(sql, [projectId, id])",
          "yield* Db.transaction(Effect.andThen(insertTeam(team), insertTeamMember(member)))",
          "Effect.provideService(migrateDb, Db, db)",
          'readonly dialect: DbShape["dialect"]',
          "const makeDb = (driver: Driver): DbShape => ({})",
          "Db.useSync((db) => db.dialect)"
        ].join("\n")
      ),
      []
    )
  })

  it("every folder of backend/src/operations is a shared unit or a domain", () => {
    const placed: ReadonlyArray<string> = [...sharedOperations, ...operationDomains]
    const unplaced = readdirSync(join(root, operationsRoot)).filter((name) => !placed.includes(name))
    assert.deepStrictEqual(unplaced, [])
  })

  it("no two units of operations import each other", () => {
    assert.deepStrictEqual(twoWayOperationImports(edges), [])
  })

  it("no module outside backend/src/oauth/store writes an OAuth table", () => {
    assert.includeMembers(oauthTables, ["oauth_accounts", "oauth_tokens", "oauth_authorization_codes"])
    const writers = modulesUnder("backend/src")
      .filter((path) => !backend("oauth/store")(path))
      .filter((path) => writesOAuthTable(readFileSync(join(root, path), "utf8")))
    assert.deepStrictEqual(writers, [])
  })

  it("the OAuth table rule catches a write", () => {
    assert.isTrue(writesOAuthTable("Db.query(`insert into oauth_accounts (id) values ($1)`, [id])"))
    assert.isTrue(writesOAuthTable("`UPDATE oauth_tokens set revoked = true`"))
    assert.isTrue(writesOAuthTable("delete from oauth_authorization_codes where id = $1"))
    assert.isTrue(writesOAuthTable('const insertRow = rowInsert("oauth_outer_states", "id, state")'))
    assert.isFalse(writesOAuthTable("select * from oauth_accounts where user_id = $1"))
    assert.isFalse(writesOAuthTable("delete from users where id = $1 -- oauth_accounts cascade"))
    assert.isFalse(writesOAuthTable("yield* insertOAuthAccount({ id, projectId, userId })"))
  })

  it("every known exception still exists and breaks a rule (remove it once fixed)", () => {
    for (const known of knownExceptions) {
      const edge = edges.find((e) => e.from === known.from && e.to === known.to)
      assert.isDefined(edge, `${known.from} no longer imports ${known.to}: remove it from knownExceptions`)
      if (edge !== undefined)
        assert.isTrue(
          rules.some((rule) => rule.from(edge.from) && rule.forbids(edge)),
          known.from
        )
    }
  })

  it("no folder-level import cycle in src/ but through a lazily loaded chunk's boundary (a dynamic import)", () => {
    const folder = (path: string) => posix.dirname(path)
    const graph = new Map<string, Set<string>>()
    for (const edge of edges) {
      if (edge.dynamic === true || !edge.from.startsWith("src/") || !edge.to.startsWith("src/")) continue
      const [a, b] = [folder(edge.from), folder(edge.to)]
      if (a !== b) graph.set(a, (graph.get(a) ?? new Set()).add(b))
    }
    const reaches = (start: string, goal: string): boolean => {
      const seen = new Set<string>()
      const todo = [...(graph.get(start) ?? [])]
      while (todo.length > 0) {
        const next = todo.pop()!
        if (next === goal) return true
        if (seen.has(next)) continue
        seen.add(next)
        todo.push(...(graph.get(next) ?? []))
      }
      return false
    }
    // The boundary is seen: the loader of the lazily loaded chunk imports it dynamically.
    assert.isTrue(edges.some((e) => e.dynamic === true && e.to === "src/services/live"))
    const cycles = [...graph.keys()].filter((f) => reaches(f, f)).sort()
    assert.deepStrictEqual(cycles, [])
  })

  // docs/architecture.md: the backend's layers are split by domain so that a reader finds a file by what it is about.
  it("no folder of backend/src holds more than 25 files", () => {
    const crowded: Array<string> = []
    const visit = (folder: string): void => {
      const entries = readdirSync(join(root, folder), { withFileTypes: true })
      if (entries.filter((entry) => entry.isFile()).length > 25) crowded.push(folder)
      for (const entry of entries) if (entry.isDirectory()) visit(posix.join(folder, entry.name))
    }
    visit("backend/src")
    assert.deepStrictEqual(crowded, [])
  })

  it("the rules catch what they are about", () => {
    const breaks = (from: string, specifier: string) =>
      rules.some((rule) => rule.from(from) && rule.forbids({ from, specifier, to: resolveSpecifier(from, specifier) }))
    assert.isTrue(breaks("src/react/provider.tsx", "../../backend/src/server.js"))
    assert.isTrue(breaks("src/domain/user.ts", "../services/http/transport.js"))
    assert.isTrue(breaks("src/errors/decode.ts", "../react/index.js"))
    assert.isTrue(breaks("src/services/session/session.ts", "../../layers/client.js"))
    assert.isTrue(breaks("src/services/http/call.ts", "../live.js"))
    assert.isTrue(breaks("src/services/wire/transport-send.ts", "../http/internal/lazy-service.js"))
    assert.isTrue(breaks("src/services/wire/transport-request.ts", "../session/token-store.js"))
    assert.isFalse(breaks("src/services/session/session.ts", "../wire/transport-send.js"))
    assert.isTrue(breaks("src/services/session/session.ts", "../http/transport.js"))
    assert.isTrue(breaks("src/services/http/transport.ts", "../teams/teams.js"))
    assert.isFalse(breaks("src/services/http/transport.ts", "../session/session.js"))
    assert.isTrue(breaks("src/services/http/internal/all-pages.ts", "../../live.js"))
    assert.isFalse(breaks("src/services/http/internal/lazy-service.ts", "../../live.js"))
    assert.isFalse(breaks("src/services/teams/teams.ts", "../live.js"))
    assert.isTrue(breaks("backend/src/routes/users/users.ts", "@stackfx/lib/services/users/auth.js"))
    assert.isTrue(breaks("backend/src/routes/users/users.ts", "../../../../src/domain/user.js"))
    assert.isTrue(breaks("backend/src/routes/users/users.ts", "stackfx"))
    assert.isFalse(breaks("backend/src/testing/stack-test.ts", "stackfx"))
    assert.isTrue(breaks("backend/src/testing/stack-test.ts", "@stackfx/lib/services/users/auth.js"))
    assert.isTrue(breaks("backend/src/server.ts", "./testing/index.js"))
    assert.isTrue(breaks("backend/src/operations/users/users.ts", "../../routes/users/users.js"))
    assert.isTrue(breaks("backend/src/http/auth.ts", "../operations/users/users.js"))
    assert.isTrue(breaks("backend/src/store/users/users.ts", "../../http/respond.js"))
    assert.isTrue(breaks("backend/src/routes/teams/teams.ts", "../../store/db.js"))
    assert.isTrue(breaks("backend/src/routes/teams/teams.ts", "../../store/teams/teams.js"))
    assert.isTrue(breaks("backend/src/operations/teams/teams.ts", "../../http/respond.js"))
    assert.isFalse(breaks("backend/src/operations/teams/teams.ts", "../../store/db.js"))
    assert.isFalse(breaks("backend/src/operations/teams/teams.ts", "../../errors/refused.js"))
    assert.isFalse(breaks("backend/src/routes/users/users.ts", "@stackfx/lib/domain/user.js"))
    assert.isFalse(breaks("backend/src/routes/users/users.ts", "../../operations/users/users.js"))
    assert.isFalse(breaks("src/services/session/session.ts", "../../domain/api.js"))
    assert.isTrue(breaks("backend/src/routes/teams/teams.ts", "../../errors/refused.js"))
    assert.isTrue(breaks("backend/src/routes/teams/teams.ts", "@stackfx/lib/errors/known/users.js"))
    assert.isFalse(breaks("backend/src/routes/teams/teams.ts", "../../operations/acting-user.js"))
    assert.isFalse(breaks("backend/src/operations/teams/team-actors.ts", "../../errors/refused.js"))
    // Operations import downward: shared units never import a domain, and no two units import each other.
    assert.isTrue(breaks("backend/src/operations/email/email.ts", "../users/users.js"))
    assert.isTrue(breaks("backend/src/operations/acting-user.ts", "./teams/teams.js"))
    assert.isTrue(
      breaks("backend/src/operations/permissions/team-permissions.ts", "../../oauth/operations/oauth-users.js")
    )
    assert.isFalse(breaks("backend/src/operations/users/users.ts", "../../oauth/store/oauth-accounts.js"))
    assert.isTrue(breaks("backend/src/operations/auth/external-auth.ts", "../../oauth/protocol/index.js"))
    assert.isFalse(breaks("backend/src/oauth/operations/oauth-callback.ts", "../protocol/index.js"))
    assert.isFalse(breaks("backend/src/operations/teams/teams.ts", "../permissions/team-access.js"))
    assert.isFalse(breaks("backend/src/operations/config/config-access.ts", "../acting-user.js"))
    assert.deepStrictEqual(
      twoWayOperationImports([
        { from: "backend/src/operations/teams/teams.ts", to: "backend/src/operations/users/users" },
        { from: "backend/src/operations/users/users.ts", to: "backend/src/operations/teams/team-access" },
        { from: "backend/src/operations/auth/otp.ts", to: "backend/src/operations/users/users" },
        { from: "backend/src/oauth/operations/oauth-users.ts", to: "backend/src/operations/auth/sign-up" },
        { from: "backend/src/operations/auth/sign-up.ts", to: "backend/src/oauth/operations/oauth-users" },
        { from: "backend/src/operations/users/users.ts", to: "backend/src/oauth/store/oauth-accounts" }
      ]),
      ["auth <-> oauth", "teams <-> users"]
    )
    // OAuth's own layers keep the same rules.
    assert.isTrue(breaks("backend/src/oauth/routes/oauth.ts", "../store/oauth-flows.js"))
    assert.isTrue(breaks("backend/src/oauth/routes/oauth.ts", "../../store/db.js"))
    assert.isTrue(breaks("backend/src/oauth/routes/oauth.ts", "../../errors/refused.js"))
    assert.isTrue(breaks("backend/src/oauth/operations/oauth-token.ts", "../routes/oauth-token.js"))
    assert.isTrue(breaks("backend/src/oauth/operations/oauth-token.ts", "../../http/respond.js"))
    assert.isTrue(breaks("backend/src/oauth/store/oauth-flows.ts", "../operations/oauth-callback.js"))
    assert.isTrue(breaks("backend/src/routes/teams/teams.ts", "../../oauth/store/oauth-accounts.js"))
    assert.isTrue(breaks("backend/src/http/auth.ts", "../oauth/operations/oauth-users.js"))
    assert.isTrue(breaks("backend/src/oauth/protocol/oidc.ts", "../store/oauth-flows.js"))
    assert.isFalse(breaks("backend/src/oauth/routes/oauth.ts", "../operations/oauth-callback.js"))
    assert.isFalse(breaks("backend/src/oauth/operations/oauth-callback.ts", "../store/oauth-flows.js"))
    assert.isFalse(breaks("backend/src/oauth/operations/oauth-callback.ts", "../protocol/oidc.js"))
  })

  it('the route rule catches a planted refusal or decision about "me"', () => {
    const planted = (body: string) => decisionsIn(`serve(TeamsApi.get, ({ auth, params }) =>\n${body}\n)`)
    assert.deepStrictEqual(planted('Effect.fail(new Refused({ reason: "forbidden", message: "no" }))'), [
      "fails by itself (Effect.fail)",
      "builds an error (new X({...}))"
    ])
    assert.deepStrictEqual(planted("Effect.flatMap(found, () => new UserNotFound({}))"), [
      "builds an error (new X({...}))"
    ])
    assert.deepStrictEqual(planted('Effect.die(schemaErrorOf(request, ["params.team_id"]))'), [
      "builds a SCHEMA_ERROR (schemaErrorOf)"
    ])
    assert.deepStrictEqual(planted('params.user_id === "me" ? auth.user?.id : params.user_id'), ['decides who "me" is'])
    assert.deepStrictEqual(planted('"me" !== params.user_id'), ['decides who "me" is'])
    // What a route may write: a URL or a set, input checks of http/, messages that mention "me".
    assert.deepStrictEqual(
      planted(
        "Effect.map(requireInput(request, ok, 'query.user_id must be a valid UUID or \"me\"'), () => new URL(s), new Set())"
      ),
      []
    )
  })

  it("the path-parameter rule catches a planted check by hand", () => {
    const planted = (body: string) =>
      pathParamChecksIn(`serve(TeamsApi.get, ({ auth, params, request }) =>\n${body}\n)`)
    const names = 'names a path parameter as a problem\'s location ("params...")'
    const tests = "tests a path parameter (Schema.is/decode, RegExp#test, isUuid)"
    assert.deepStrictEqual(planted('validate(TeamId, "params.team_id", params.team_id, request)'), [names])
    assert.deepStrictEqual(planted('Effect.map(validate(IdParams, "params", params, request), (p) => p.id)'), [names])
    assert.deepStrictEqual(planted("requireInput(request, ok, `params.id must be a valid UUID`)"), [names])
    assert.deepStrictEqual(planted("requireInput(request, UUID.test(params.id), message)"), [tests])
    assert.deepStrictEqual(planted("requireInput(request, Schema.is(UserIdOrMe)(params.user_id), message)"), [tests])
    assert.deepStrictEqual(planted("Schema.decodeUnknownEffect(IdParams)(params)"), [tests])
    assert.deepStrictEqual(planted("requireInput(request, isUuid( params.id ), message)"), [tests])
    // What a route may write: reading decoded parameters, checking the query or the body.
    assert.deepStrictEqual(
      planted(
        'getTeam(auth.project.id, params.team_id).pipe(Effect.andThen(validate(EmailAddress, "body.value", v, request)), Effect.andThen(requireInput(request, UUID.test(query.id), "query.id must be a valid UUID")))'
      ),
      []
    )
  })
})

// docs/architecture.md, "The layout": `test/` mirrors the sources, so the tests of a module are found beside the
// path of the module. Enforced for the mirroring folders: every folder below one of these test folders is a folder
// at the same path below its source, but for helper folders (`support/`, `fixtures/`) and what they hold.
const mirrors: ReadonlyArray<readonly [string, string]> = [
  ["test/backend", "backend/src"],
  ["test/services", "src/services"],
  ["test/domain", "src/domain"],
  ["test/errors", "src/errors"],
  ["test/contract", "src/contract"],
  ["test/layers", "src/layers"],
  ["test/react", "src/react"]
]
const helperFolders = new Set(["support", "fixtures"])

/** The test folders below `tests` (relative to it) that name no folder below `sources`. */
const unmirrored = (tests: string, sources: string): ReadonlyArray<string> => {
  const folders = (dir: string): ReadonlyArray<string> =>
    readdirSync(join(root, tests, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !helperFolders.has(entry.name))
      .flatMap((entry) => [posix.join(dir, entry.name), ...folders(posix.join(dir, entry.name))])
  return folders("").filter((folder) => !existsSync(join(root, sources, folder)))
}

// docs/architecture.md, "The layout": small files of one concept each. Production code is every TypeScript module
// below these folders but tests (`*.test.ts`, `*.test.tsx`) and declaration files.
const productionFolders = ["src", "backend/src", "bench", "scripts", "demo", "examples"]
const maxProductionLines = 400

const productionModules = (dir: string): ReadonlyArray<string> =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? entry.name === "node_modules" || entry.name === "dist"
        ? []
        : productionModules(posix.join(dir, entry.name))
      : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")
        ? [posix.join(dir, entry.name)]
        : []
  )
const lineCount = (file: string): number => readFileSync(join(root, file), "utf8").split("\n").length - 1

describe("the layout of docs/architecture.md", () => {
  it(`no production file is over ${maxProductionLines} lines (src, backend/src, bench, scripts, demo, examples)`, () => {
    const long = productionFolders
      .flatMap(productionModules)
      .filter((file) => lineCount(file) > maxProductionLines)
      .map((file) => `${file}: ${lineCount(file)} lines`)
    assert.deepStrictEqual(long, [])
  })

  it("every test folder below test/backend, test/services, … names a folder of its sources", () => {
    const stray = mirrors.flatMap(([tests, sources]) => unmirrored(tests, sources).map((f) => `${tests}/${f}`))
    assert.deepStrictEqual(stray, [])
  })
})

/**
 * The lines a started local backend prints: where it listens, where it keeps its data, the keys of both seeded
 * projects, and the environment lines an app pastes to talk to the demo project.
 */
import { resolve } from "node:path"
import type { LocalBackendShape, SeededProject } from "./options.js"

const keyLines = (project: SeededProject): ReadonlyArray<string> => [
  `    project id:              ${project.id}`,
  `    publishable client key:  ${project.publishableClientKey}`,
  `    secret server key:       ${project.secretServerKey}`,
  `    super secret admin key:  ${project.superSecretAdminKey}`
]

/**
 * Where the data lives, in words: in memory, a PostgreSQL database (its URL without the password), or a
 * folder, as an absolute path with the hint that a folder inside the app's repository belongs in `.gitignore`.
 */
export const dataLine = (option: string, cwd: string): string => {
  if (option === "memory") return "in memory (gone when the backend stops)"
  if (/^postgres(ql)?:\/\//i.test(option)) {
    // An unparsable URL is still the user's own string, minus anything that could be a password.
    const url = URL.canParse(option) ? new URL(option) : undefined
    if (url === undefined) return "a PostgreSQL database"
    url.password = ""
    return `PostgreSQL at ${url.toString()}`
  }
  const folder = resolve(cwd, option)
  const inside = folder.startsWith(`${resolve(cwd)}/`)
  return inside ? `${folder} (a folder in this directory: add ${relativeTop(cwd, folder)} to .gitignore)` : folder
}

/** The first path segment of `folder` below `cwd`, with a trailing slash: `.stackfx/` for `./.stackfx/db`. */
const relativeTop = (cwd: string, folder: string): string =>
  `${folder.slice(resolve(cwd).length + 1).split("/")[0] ?? ""}/`

/**
 * On PostgreSQL, which several instances may share: whether their tokens name one issuer. Without a public URL
 * each instance names the address it was reached at, and instances reached at different addresses refuse
 * each other's tokens.
 */
const publicUrlLines = (data: { readonly db: string; readonly publicUrl?: boolean | undefined }) =>
  data.publicUrl === true
    ? ["  tokens name the public URL above as issuer, whichever instance serves them"]
    : /^postgres(ql)?:\/\//i.test(data.db)
      ? [
          "  several instances on this database (behind a load balancer)? start each with",
          "  --public-url <the URL clients use> (or HEXCLAVE_PUBLIC_URL), or they refuse each other's tokens"
        ]
      : []

/**
 * The environment an app needs for the demo project, exactly as `serverTierFromEnv` and friends read it: the
 * `HEXCLAVE_*` names, the main ones since the service's rename (each also read under its old `STACK_*` name).
 * `HEXCLAVE_API_URL` is the base URL, without `/api/v1`: the client adds that itself.
 */
export const envLines = (localBackend: Pick<LocalBackendShape, "url" | "demoProject">): ReadonlyArray<string> => [
  `HEXCLAVE_API_URL=${localBackend.url}`,
  `HEXCLAVE_PROJECT_ID=${localBackend.demoProject.id}`,
  `HEXCLAVE_PUBLISHABLE_CLIENT_KEY=${localBackend.demoProject.publishableClientKey}`,
  `HEXCLAVE_SECRET_SERVER_KEY=${localBackend.demoProject.secretServerKey}`,
  `HEXCLAVE_SUPER_SECRET_ADMIN_KEY=${localBackend.demoProject.superSecretAdminKey}`
]

/**
 * The ready banner, one string per line (the keys are public local development keys, not secrets). `db` is
 * the `--db` the backend runs with, `cwd` the directory a relative one is under.
 */
export const readyBanner = (
  localBackend: Pick<LocalBackendShape, "url" | "mailboxUrl" | "project" | "demoProject">,
  data: { readonly db: string; readonly cwd: string; readonly publicUrl?: boolean | undefined }
): ReadonlyArray<string> => [
  `stackfx local backend ready at ${localBackend.url}`,
  "  internal project (as the hosted service seeds it; its users own the other projects):",
  ...keyLines(localBackend.project),
  "  demo project (the features the demo app and the examples show are on; they use it):",
  ...keyLines(localBackend.demoProject),
  `  base URL:                  ${localBackend.url} (a client's baseUrl; it adds /api/v1 itself)`,
  `  mailbox:                   ${localBackend.mailboxUrl}`,
  `  data:                      ${dataLine(data.db, data.cwd)}`,
  ...publicUrlLines(data),
  "  an app's environment for the demo project (e.g. in .env; the old STACK_* names are read too):",
  ...envLines(localBackend).map((line) => `    ${line}`)
]

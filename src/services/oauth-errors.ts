/** Moved to src/errors/client/oauth-not-available.ts; kept because src/index.ts still re-exports this path. */
export * from "../errors/client/oauth-not-available.js"

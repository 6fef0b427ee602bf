/** Moved to src/errors/client/production-mode-not-ready.ts; kept because src/index.ts still re-exports this path. */
export * from "../errors/client/production-mode-not-ready.js"

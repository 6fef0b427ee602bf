/**
 * The names readers hold data under (the React queries use them). What each write changes is said once,
 * by its declaration (contract/*.ts) or, for a member that is more than one call, by its service's table
 * (`custom(kind, changes)` in a `*-calls.ts`).
 *
 * A key stands for every key it extends (see `coversKey`), so a write reaches exactly the caches that read
 * what it changed.
 */
export { dataKeys } from "../../contract/data-keys.js"

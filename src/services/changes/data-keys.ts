/**
 * The names readers hold data under (the React queries use them). What each write changes is its
 * declaration's (contract/*.ts), or for the services not declared yet their tables in write-keys.ts, which
 * travel with their lazily loaded code.
 *
 * A key stands for every key it extends (see `coversKey`), so a write reaches exactly the caches that read
 * what it changed.
 */
export { dataKeys, none, session } from "../../contract/data-keys.js"

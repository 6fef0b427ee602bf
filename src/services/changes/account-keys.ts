/** The account-settings data keys, declared with the others in the contract (contract/data-keys.ts). */
export { accountKeys } from "../../contract/data-keys.js"

/** Passkeys for the local backend: ceremony options, origin policy, verification and the store interface. */
export * from "./options.js"
export * from "./origin.js"
export * from "./schemas.js"
export * from "./store.js"
export * from "./verify.js"

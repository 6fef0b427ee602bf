/** OAuth for the local backend: the development provider, standard OpenID Connect providers, and PKCE. */
export * from "./dev-provider.js"
export * from "./dev-provider-page.js"
export * from "./dev-provider-routes.js"
export * from "./identity.js"
export * from "./oidc.js"
export * from "./oidc-sign-in.js"
export * from "./pkce.js"

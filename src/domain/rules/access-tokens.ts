/** The fixed values of access tokens that the client checks and the local backend mints. */

/** A token equal to this string is a serialisation bug upstream and is rejected. @internal */
export const UNDEFINED_TOKEN_STRING = "undefined"

// No client-assertion lifetime: a client assertion is a JWT a client signs to authenticate itself at the
// token endpoint (private_key_jwt, client_secret_jwt), and this client never makes one: it authenticates
// with the publishable key in the form body (client_secret_post), as the hosted SDK does. The 60 s figure
// is the default of the OAuth library the hosted SDK uses, for auth methods it never selects.
/** Default clock skew tolerated when checking exp/nbf/iat. @internal */
export const CLOCK_TOLERANCE_SECONDS = 30
/** The branch every access token names. @internal */
export const DEFAULT_BRANCH_ID = "main"
/** The `role` claim of a signed-in user's access token. @internal */
export const AUTHENTICATED_ROLE = "authenticated"
/** Where a project's signing keys are published, relative to `API_PATH_PREFIX` (api.ts). @internal */
export const jwksPath = (projectId: string): string => `/projects/${projectId}/.well-known/jwks.json`

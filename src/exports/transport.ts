/**
 * The call pipeline under the services: the client configuration, `fetch` and the request, the transport and what
 * a call can fail with, the wire codec.
 *
 * Part of the root entry (src/index.ts); every statement here carries its `@category` (docs/api-report.md groups
 * the entry's names by it). Never write the internal JSDoc tag, at-sign and all, above an export line here:
 * `stripInternal` would drop the line from the declarations (scripts/check-declarations.ts checks).
 */

/** @category Transport */
export { ClientConfig, makeClientConfig, packageVersion } from "../services/wire/client-config.js"
/** @category Transport */
export type { AccessType, ClientConfigInput, ClientConfigShape } from "../services/wire/client-config.js"
/** @category Transport */
export {
  AllowedUsers,
  allowingAnonymousUsers,
  allowingRestrictedUsers,
  Fetch,
  formBody,
  jsonBody,
  layerFetch,
  NonceSource
} from "../services/wire/transport-request.js"
/** @category Transport */
export type {
  FetchFn,
  HttpMethod,
  QueryValue,
  RequestBody,
  TransportRequest
} from "../services/wire/transport-request.js"
/** @category Transport */
export { documented, Transport } from "../services/http/transport.js"
/** @category Transport */
export type {
  CallError,
  CallFailure,
  ErrorTable,
  FailureOf,
  KnownErrorOf,
  ProjectKeyRequired,
  RequestError,
  SessionUserRefused,
  TransportCallError,
  TransportError,
  TransportShape
} from "../services/http/transport.js"
/** @category Transport */
export { decodeJson, encodeBuilt, encodeInput } from "../services/wire/wire-codec.js"
/** @category Transport */
export { lazySchema } from "../services/wire/wire-codec-load.js"
/** @category Transport */
export type { LazySchema, WireCodecModule } from "../services/wire/wire-codec-load.js"
/** @category Transport */
export { layerFetchFromHttpClient } from "../services/wire/transport-httpclient.js"

import * as Schema from "effect/Schema"

/** A JWT failed verification (signature, alg, exp, nbf, iss, aud, azp or key size). */
export class JwtVerificationError extends Schema.TaggedError<JwtVerificationError>()("JwtVerificationError", {
  reason: Schema.String,
  message: Schema.String
}) {
  constructor(props: { readonly reason: string; readonly message?: string }, options?: Schema.MakeOptions) {
    super({ ...props, message: props.message ?? `JWT verification failed: ${props.reason}` }, options)
  }
}

/**
 * The testing kit's software authenticator (backend/src/testing/soft-authenticator.ts), as the repository's
 * tests use it: a signature or a counter for a credential it never made is a bug of the test, thrown.
 */
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server"
import { SoftAuthenticator as KitAuthenticator } from "../../backend/src/testing/soft-authenticator.js"

export { withHostname } from "../../backend/src/testing/soft-authenticator.js"

export class SoftAuthenticator extends KitAuthenticator {
  override authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    origin: string,
    credentialId?: string
  ): AuthenticationResponseJSON {
    const response = super.authenticate(options, origin, credentialId)
    if (response === undefined) throw new Error(`no credential for ${options.rpId ?? new URL(origin).hostname}`)
    return response
  }

  override setCounter(credentialId: string, counter: number): boolean {
    if (!super.setCounter(credentialId, counter)) throw new Error(`unknown credential ${credentialId}`)
    return true
  }
}

/**
 * A software WebAuthn authenticator for tests: ES256 keys from node:crypto, "none" attestation, and responses
 * in the JSON shape `@simplewebauthn/browser` posts (`RegistrationResponseJSON` / `AuthenticationResponseJSON`).
 * The passkey fixture registers and signs in with one; `webAuthn(origin)` is the page's WebAuthn for a client
 * tier (`Effect.provideService(WebAuthn, authenticator.webAuthn(origin))`), so an app's own passkey flow runs
 * against it too.
 *
 * Like a browser, it signs for the RP id in the options it is given, so a test replaces the server's sentinel
 * with the page's hostname first (`withHostname`), and it reports the page origin in the client data.
 */
import { isoCBOR } from "@simplewebauthn/server/helpers"
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON
} from "@simplewebauthn/server"
import type { WebAuthnBrowser } from "stackfx"
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto"

type CBORValue = Parameters<typeof isoCBOR.encode>[0]

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64url")
const sha256 = (data: Uint8Array | string): Buffer => createHash("sha256").update(data).digest()
const u32 = (n: number): Buffer => {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(n >>> 0)
  return b
}
const u16 = (n: number): Buffer => {
  const b = Buffer.alloc(2)
  b.writeUInt16BE(n)
  return b
}

const FLAG_UP = 0x01
const FLAG_UV = 0x04
const FLAG_AT = 0x40
const COSE_ALG_ES256 = -7

interface Credential {
  readonly id: Buffer
  readonly rpId: string
  readonly userHandle: string
  readonly privateKey: KeyObject
  counter: number
}

/** Options with the server's sentinel replaced by the page's hostname, as the client SDK does. */
export const withHostname = <T extends PublicKeyCredentialCreationOptionsJSON | PublicKeyCredentialRequestOptionsJSON>(
  options: T,
  hostname: string
): T => ("rp" in options ? { ...options, rp: { ...options.rp, id: hostname } } : { ...options, rpId: hostname })

// The COSE_Key of an EC2 P-256 public key: {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}
const coseKey = (publicKey: KeyObject): Uint8Array => {
  const jwk = publicKey.export({ format: "jwk" })
  const x = Buffer.from(jwk.x ?? "", "base64url")
  const y = Buffer.from(jwk.y ?? "", "base64url")
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, COSE_ALG_ES256],
      [-1, 1],
      [-2, x],
      [-3, y]
    ])
  )
}

export interface SoftAuthenticatorOptions {
  /** Whether the authenticator reports user verification (a PIN or biometric); on by default. */
  readonly userVerified?: boolean
  /** Added to the counter on each signature; 1 by default, 0 models authenticators without counters. */
  readonly counterStep?: number
}

/** A software authenticator that remembers the credentials it created. */
export class SoftAuthenticator {
  private readonly credentials = new Map<string, Credential>()
  constructor(private readonly options: SoftAuthenticatorOptions = {}) {}

  private flags(extra: number): number {
    return FLAG_UP | (this.options.userVerified === false ? 0 : FLAG_UV) | extra
  }

  /** `navigator.credentials.create` on a page at `origin`. */
  register(options: PublicKeyCredentialCreationOptionsJSON, origin: string): RegistrationResponseJSON {
    const rpId = options.rp.id ?? new URL(origin).hostname
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" })
    const id = randomBytes(16)
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: "webauthn.create",
        challenge: options.challenge,
        origin,
        crossOrigin: false
      })
    )
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(FLAG_AT)]),
      u32(0),
      Buffer.alloc(16), // AAGUID: all zero for a "none" attestation
      u16(id.length),
      id,
      coseKey(publicKey)
    ])
    const attestationObject = isoCBOR.encode(
      new Map<string, CBORValue>([
        ["fmt", "none"],
        ["attStmt", new Map<string, CBORValue>()],
        ["authData", new Uint8Array(authData)]
      ])
    )
    this.credentials.set(b64url(id), { id, rpId, userHandle: options.user.id, privateKey, counter: 0 })
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: { credProps: { rk: true } },
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        authenticatorData: b64url(authData),
        transports: ["internal"],
        publicKeyAlgorithm: COSE_ALG_ES256,
        publicKey: b64url(publicKey.export({ format: "der", type: "spki" }))
      }
    }
  }

  /**
   * `navigator.credentials.get` on a page at `origin`, with the first credential for the RP id (or the one
   * named by `credentialId`); undefined when it holds none.
   */
  authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    origin: string,
    credentialId?: string
  ): AuthenticationResponseJSON | undefined {
    const rpId = options.rpId ?? new URL(origin).hostname
    const credential =
      credentialId === undefined
        ? [...this.credentials.values()].find((c) => c.rpId === rpId)
        : this.credentials.get(credentialId)
    if (credential === undefined) return undefined
    credential.counter += this.options.counterStep ?? 1
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: "webauthn.get",
        challenge: options.challenge,
        origin,
        crossOrigin: false
      })
    )
    // a real authenticator signs for the RP id it was asked for, which may differ from the credential's
    const authData = Buffer.concat([sha256(rpId), Buffer.from([this.flags(0)]), u32(credential.counter)])
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey)
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle
      }
    }
  }

  /** The ids (base64url) of the credentials it created, oldest first. */
  credentialIds(): ReadonlyArray<string> {
    return [...this.credentials.keys()]
  }

  /** Rewinds a credential's counter, modelling a cloned authenticator; false for a credential it never made. */
  setCounter(credentialId: string, counter: number): boolean {
    const credential = this.credentials.get(credentialId)
    if (credential === undefined) return false
    credential.counter = counter
    return true
  }

  /**
   * The WebAuthn of a page at `origin` whose authenticator is this one, for stackfx's `WebAuthn` service. As a
   * browser does, it rejects with a `NotAllowedError` when it holds no passkey for the relying party.
   */
  webAuthn(origin: string): WebAuthnBrowser {
    const hostname = new URL(origin).hostname
    return {
      isSupported: () => true,
      hostname: () => hostname,
      startRegistration: async (options) => this.register(options, origin),
      startAuthentication: async (options) => {
        const response = this.authenticate(options, origin)
        if (response !== undefined) return response
        return Promise.reject(new DOMException(`no passkey for ${options.rpId ?? hostname}`, "NotAllowedError"))
      }
    }
  }
}

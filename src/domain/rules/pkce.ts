/**
 * The pure parts of PKCE (RFC 7636) that the client and the local backend share: what a code verifier looks
 * like, and the S256 challenge made from the SHA-256 digest of one. Each side hashes with what it has (Web
 * Crypto in the browser, node:crypto in the backend) and passes the digest here, so both agree on the
 * encoding. Base64url is effect's (`effect/encoding/Base64Url`, unpadded).
 */
import * as Base64Url from "effect/encoding/Base64Url"

/** RFC 7636 section 4.1: 43 to 128 unreserved characters (a challenge has the same alphabet). */
export const codeVerifierPattern = /^[A-Za-z0-9\-._~]{43,128}$/

/** The verifier's bytes that are hashed: its ASCII text. */
export const verifierBytes = (verifier: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(verifier)

/** The S256 challenge from SHA-256(ASCII(verifier)): its unpadded base64url. */
export const s256FromDigest = (digest: Uint8Array): string => Base64Url.encode(digest)

/** Random bytes as a token (a verifier, a state): unpadded base64url, 43 characters for 32 bytes. */
export const tokenFromBytes = (bytes: Uint8Array): string => Base64Url.encode(bytes)

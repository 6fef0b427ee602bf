/** What the round avatar shows and how big its parts are. */

/** Default avatar diameter. @internal */
export const AVATAR_DEFAULT_SIZE = 34
/** Fallback initials are this fraction of the avatar size. @internal */
export const AVATAR_TEXT_RATIO = 0.4
/** The fallback icon is this fraction of the avatar size. @internal */
export const AVATAR_ICON_RATIO = 0.6

/** @internal */
export type AvatarContent =
  | { readonly _tag: "Image"; readonly url: string }
  | { readonly _tag: "Initials"; readonly text: string }
  | { readonly _tag: "Icon" }

/** The user fields the avatar reads; `ClientUser` and `ServerUser` fit. */
export interface AvatarUser {
  readonly profileImageUrl: string | null
  readonly displayName: string | null
  readonly primaryEmail: string | null
}

// Upper-case first (a ligature such as "ﬀ" becomes two letters), then take two code points, not UTF-16
// units, so an emoji or astral letter is never cut in half.
const initials = (text: string | null): string | undefined => {
  const trimmed = text?.trim() ?? ""
  return trimmed === "" ? undefined : Array.from(trimmed.toUpperCase()).slice(0, 2).join("")
}

/**
 * The profile image; otherwise the first two letters of the display name, upper-cased; otherwise those of
 * the primary email; otherwise the generic icon. Blank strings count as missing. The image is only the
 * intent: until it has loaded (see {@link avatarShowsImage}) the fallback below it is shown.
 * @internal
 */
export const avatarContent = (user: AvatarUser | null): AvatarContent => {
  if (user === null) return { _tag: "Icon" }
  const url = user.profileImageUrl?.trim() ?? ""
  if (url !== "") return { _tag: "Image", url }
  return avatarFallback(user)
}

/** What shows while the image is not loaded: initials of the name or email, else the icon. @internal */
export const avatarFallback = (user: AvatarUser | null): Exclude<AvatarContent, { _tag: "Image" }> => {
  const text = initials(user?.displayName ?? null) ?? initials(user?.primaryEmail ?? null)
  return text === undefined ? { _tag: "Icon" } : { _tag: "Initials", text }
}

/** The avatar image's load state. @internal */
export type AvatarImageState = "idle" | "loading" | "loaded" | "error"

/** The image replaces the fallback only once loaded. @internal */
export const avatarShowsImage = (state: AvatarImageState): boolean => state === "loaded"

/** @internal */
export interface AvatarSizes {
  readonly size: number
  readonly textSize: number
  readonly iconSize: number
}

/** Diameter (default 34), initials at 40 % and the icon at 60 % of it. @internal */
export const avatarSizes = (size: number = AVATAR_DEFAULT_SIZE): AvatarSizes => ({
  size,
  textSize: size * AVATAR_TEXT_RATIO,
  iconSize: size * AVATAR_ICON_RATIO
})

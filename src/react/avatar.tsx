/**
 * The round avatar: the profile image once it has loaded; until then, or if it fails,
 * two upper-cased letters of the display name, else of the primary email, else a user icon. Default size
 * 34 px, letters at 40 % and the icon at 60 % of it. The rule itself lives in domain/rules/avatar.ts.
 */
import { type ReactNode, useCallback, useState } from "react"
import {
  avatarContent,
  avatarFallback,
  type AvatarImageState,
  avatarShowsImage,
  avatarSizes,
  type AvatarUser
} from "../domain/rules/avatar.js"
import { UserIcon } from "./icons.js"
import { StackStyles } from "./styles.js"

/** Props of `Avatar`: whose picture (or initials) to show, and how big. */
export interface AvatarProps {
  /** `null` for nobody (the icon); a `ClientUser` fits. */
  readonly user: AvatarUser | null
  /** Diameter in px, default 34. */
  readonly size?: number | undefined
  /** Accessible name; default the display name, else the email, else "User". */
  readonly label?: string | undefined
  /** Hidden from assistive technology, when text beside it already names the user. */
  readonly decorative?: boolean | undefined
  readonly className?: string | undefined
}

const accessibleName = (user: AvatarUser | null): string =>
  user?.displayName?.trim() || user?.primaryEmail?.trim() || "User"

/** `<Avatar user={user} size={48} />` */
export function Avatar(props: AvatarProps): ReactNode {
  const { size, textSize, iconSize } = avatarSizes(props.size)
  // 34 * 0.4 is 13.600000000000001 in floating point; a hundredth of a pixel is plenty.
  const round = (n: number) => Math.round(n * 100) / 100
  const content = avatarContent(props.user)
  const fallback = avatarFallback(props.user)
  const url = content._tag === "Image" ? content.url : undefined
  // Load state per URL, so a new image starts from "loading" instead of inheriting the old one's state.
  const [image, setImage] = useState<{ readonly url: string; readonly state: AvatarImageState } | undefined>()
  const state: AvatarImageState = url === undefined ? "idle" : image?.url === url ? image.state : "loading"
  const showImage = avatarShowsImage(state)

  // An image from the browser cache can finish before React attaches onLoad; the ref catches that case.
  const imageRef = useCallback(
    (element: HTMLImageElement | null) => {
      if (element !== null && url !== undefined && element.complete && element.naturalWidth > 0) {
        setImage({ url, state: "loaded" })
      }
    },
    [url]
  )

  return (
    <span
      className={["stackfx-avatar", props.className].filter(Boolean).join(" ")}
      data-image-state={state}
      style={{ width: size, height: size, fontSize: round(textSize) }}
      {...(props.decorative === true
        ? { "aria-hidden": true }
        : { role: "img", "aria-label": props.label ?? accessibleName(props.user) })}
    >
      <StackStyles />
      {showImage ? null : fallback._tag === "Initials" ? (
        <span className="stackfx-avatar-initials" aria-hidden="true">
          {fallback.text}
        </span>
      ) : (
        <UserIcon size={round(iconSize)} />
      )}
      {url === undefined || state === "error" ? null : (
        <img
          ref={imageRef}
          className="stackfx-avatar-image"
          src={url}
          alt=""
          referrerPolicy="no-referrer"
          style={showImage ? undefined : { opacity: 0 }}
          onLoad={() => setImage({ url, state: "loaded" })}
          onError={() => setImage({ url, state: "error" })}
        />
      )}
    </span>
  )
}

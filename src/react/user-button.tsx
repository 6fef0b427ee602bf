/**
 * The user menu button, the product's only visible element of its own.
 *
 * `UserButtonView` draws a given state (loading, visitor, signed in) and is what tests render;
 * `UserButton` connects it to the provider: the user from the cache, the actions as redirects to the
 * handler routes.
 */
import { type ReactNode, Suspense } from "react"
import { AVATAR_DEFAULT_SIZE } from "../domain/rules/avatar.js"
import type { AvatarUser } from "../domain/rules/avatar.js"
import { Avatar } from "./avatar.js"
import { useUser } from "./hooks.js"
import { AccountIcon, SignInIcon, SignOutIcon, SignUpIcon, ThemeIcon } from "./icons.js"
import { type MenuEntry, MenuButton } from "./menu.js"
import { requestPageFocus } from "./page-focus.js"
import { useStackApp } from "./provider.js"
import { StackStyles } from "./styles.js"

/** An extra entry of the signed-in menu, between Account settings and Sign out. */
export interface UserButtonItem {
  readonly text: string
  readonly icon?: ReactNode
  readonly onClick: () => void
}

export interface UserButtonOptions {
  /** Show the display name and primary email beside the avatar. */
  readonly showUserInfo?: boolean | undefined
  readonly extraItems?: ReadonlyArray<UserButtonItem> | undefined
  /** Adds "Toggle theme" to both menus. */
  readonly onToggleTheme?: (() => void) | undefined
  /** Avatar diameter in px, default 34. */
  readonly avatarSize?: number | undefined
  readonly align?: "start" | "end" | undefined
  /** Open on first render (server rendering, screenshots). */
  readonly defaultOpen?: boolean | undefined
}

export interface UserButtonActions {
  readonly onAccountSettings: () => void
  readonly onSignOut: () => void
  readonly onSignIn: () => void
  readonly onSignUp: () => void
}

/** Props of `UserButtonView`, the user button without a provider: the user to show and what each menu item does. */
export interface UserButtonViewProps extends UserButtonOptions, UserButtonActions {
  /** `undefined` while loading, `null` for a visitor. */
  readonly user: AvatarUser | null | undefined
}

const text = (value: string | null | undefined): string | undefined => {
  const trimmed = value?.trim()
  return trimmed === undefined || trimmed === "" ? undefined : trimmed
}

const UserInfo = (props: { readonly user: AvatarUser }) => {
  const name = text(props.user.displayName)
  const email = text(props.user.primaryEmail)
  return (
    <>
      {name === undefined ? null : (
        <span className="stackfx-truncate stackfx-name" title={name}>
          {name}
        </span>
      )}
      {email === undefined ? null : (
        <span className="stackfx-truncate stackfx-email" title={email}>
          {email}
        </span>
      )}
    </>
  )
}

const themeEntry = (onToggleTheme: (() => void) | undefined): ReadonlyArray<MenuEntry> =>
  onToggleTheme === undefined
    ? []
    : [{ _tag: "Item", key: "theme", label: "Toggle theme", icon: <ThemeIcon />, onSelect: onToggleTheme }]

/**
 * The entries of the signed-in menu, in the product's fixed order: header, Account settings, extra
 * items, theme, Sign out.
 */
export const signedInEntries = (
  user: AvatarUser,
  props: UserButtonOptions & UserButtonActions
): ReadonlyArray<MenuEntry> => [
  {
    _tag: "Label",
    key: "header",
    content: (
      <span className="stackfx-user-info">
        <UserInfo user={user} />
      </span>
    )
  },
  { _tag: "Separator", key: "header-separator" },
  { _tag: "Item", key: "account", label: "Account settings", icon: <AccountIcon />, onSelect: props.onAccountSettings },
  ...(props.extraItems ?? []).map((item, i): MenuEntry => ({
    _tag: "Item",
    key: `extra-${i}`,
    label: item.text,
    icon: item.icon,
    onSelect: item.onClick
  })),
  ...themeEntry(props.onToggleTheme),
  { _tag: "Item", key: "sign-out", label: "Sign out", icon: <SignOutIcon />, onSelect: props.onSignOut }
]

/** The entries of the visitor menu, in the product's fixed order: Not signed in, Sign in, Sign up, theme. */
export const visitorEntries = (props: UserButtonOptions & UserButtonActions): ReadonlyArray<MenuEntry> => [
  {
    _tag: "Label",
    key: "header",
    content: <span className="stackfx-menu-label-muted">Not signed in</span>
  },
  { _tag: "Separator", key: "header-separator" },
  { _tag: "Item", key: "sign-in", label: "Sign in", icon: <SignInIcon />, onSelect: props.onSignIn },
  { _tag: "Item", key: "sign-up", label: "Sign up", icon: <SignUpIcon />, onSelect: props.onSignUp },
  ...themeEntry(props.onToggleTheme)
]

/** The button in a given state. */
export function UserButtonView(props: UserButtonViewProps): ReactNode {
  const size = props.avatarSize ?? AVATAR_DEFAULT_SIZE
  const { user } = props
  if (user === undefined) {
    return (
      <span className="stackfx-root" data-state="loading">
        <StackStyles />
        <span
          className="stackfx-skeleton"
          role="status"
          aria-label="Loading user"
          style={{ width: size, height: size }}
        />
      </span>
    )
  }
  const showInfo = props.showUserInfo === true && user !== null
  return (
    <MenuButton
      buttonLabel={showInfo ? undefined : user === null ? "Account menu (not signed in)" : "Account menu"}
      buttonContent={
        <>
          <StackStyles />
          <Avatar user={user} size={size} decorative={showInfo} />
          {showInfo ? (
            <span className="stackfx-user-info">
              <UserInfo user={user} />
            </span>
          ) : null}
        </>
      }
      entries={user === null ? visitorEntries(props) : signedInEntries(user, props)}
      defaultOpen={props.defaultOpen}
      align={props.align}
    />
  )
}

/** Props of `UserButton`: display options, and any menu action to replace (the provider's navigation by default). */
export interface UserButtonProps extends UserButtonOptions, Partial<UserButtonActions> {}

/** A default action: it opens a handler page, which then takes focus (page-focus.ts). */
const opensPage = (navigate: () => void) => () => {
  requestPageFocus()
  navigate()
}

function ConnectedUserButton(props: UserButtonProps): ReactNode {
  const app = useStackApp()
  const user = useUser()
  return (
    <UserButtonView
      {...props}
      user={user}
      onAccountSettings={props.onAccountSettings ?? opensPage(() => app.navigate(app.urls.accountSettings))}
      // The sign-out page signs out and then follows the after-sign-out target.
      onSignOut={props.onSignOut ?? opensPage(() => void app.redirectTo("signOut"))}
      onSignIn={props.onSignIn ?? opensPage(() => void app.redirectTo("signIn"))}
      onSignUp={props.onSignUp ?? opensPage(() => void app.redirectTo("signUp"))}
    />
  )
}

/**
 * `<UserButton showUserInfo onToggleTheme={toggle} />` inside a `StackProvider`: a round skeleton while
 * the user loads, then the avatar with the signed-in or visitor menu.
 */
export function UserButton(props: UserButtonProps): ReactNode {
  const noop = () => undefined
  return (
    <Suspense
      fallback={
        <UserButtonView
          {...props}
          user={undefined}
          onAccountSettings={noop}
          onSignOut={noop}
          onSignIn={noop}
          onSignUp={noop}
        />
      }
    >
      <ConnectedUserButton {...props} />
    </Suspense>
  )
}

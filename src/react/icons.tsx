/** The few line icons the components draw, inline so there is nothing to load or configure. */
import type { ReactNode } from "react"

const Svg = (props: { readonly size: number; readonly children: ReactNode; readonly className?: string }) => (
  <svg
    className={props.className}
    width={props.size}
    height={props.size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {props.children}
  </svg>
)

/** The generic user of an avatar with neither image nor name nor email. */
export const UserIcon = (props: { readonly size: number }) => (
  <Svg size={props.size} className="stackfx-user-icon">
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
  </Svg>
)

export const AccountIcon = (props: { readonly size?: number }) => (
  <Svg size={props.size ?? 16}>
    <circle cx="12" cy="12" r="10" />
    <circle cx="12" cy="10" r="3" />
    <path d="M7 20.7c.8-2.2 2.8-3.7 5-3.7s4.2 1.5 5 3.7" />
  </Svg>
)

export const SignOutIcon = (props: { readonly size?: number }) => (
  <Svg size={props.size ?? 16}>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
    <path d="m16 17 5-5-5-5" />
    <path d="M21 12H9" />
  </Svg>
)

export const SignInIcon = (props: { readonly size?: number }) => (
  <Svg size={props.size ?? 16}>
    <path d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4" />
    <path d="m10 17 5-5-5-5" />
    <path d="M15 12H3" />
  </Svg>
)

export const SignUpIcon = (props: { readonly size?: number }) => (
  <Svg size={props.size ?? 16}>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21c0-4 3.1-7 7-7s7 3 7 7" />
    <path d="M19 8v6M16 11h6" />
  </Svg>
)

export const ThemeIcon = (props: { readonly size?: number }) => (
  <Svg size={props.size ?? 16}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 3a9 9 0 0 0 0 18z" fill="currentColor" />
  </Svg>
)

/**
 * The components' only stylesheet: plain CSS, themed by CSS variables so no UI kit is needed.
 *
 * Public variables (set them on `:root` or any ancestor):
 * `--stackfx-font`, `--stackfx-foreground`, `--stackfx-muted-foreground`, `--stackfx-popover-background`,
 * `--stackfx-border`, `--stackfx-accent` (hovered or focused item), `--stackfx-avatar-background`,
 * `--stackfx-avatar-foreground`, `--stackfx-skeleton`, `--stackfx-focus-ring`, `--stackfx-radius`,
 * `--stackfx-shadow`, `--stackfx-z-index`, `--stackfx-menu-text-max-width`.
 *
 * Under an ancestor with class `dark` or `data-theme="dark"` the defaults switch to a dark palette; values
 * the app sets still win in both.
 *
 * The product's "max width 40 units" for the name and email are the spacing units of the hosted SDK's styles
 * (a quarter rem each), so the default is 10rem.
 */
import type { ReactNode } from "react"

/** Max width of the name and email shown beside the avatar, in the UI's spacing units. @internal */
export const MENU_TEXT_MAX_WIDTH = 40

const light = `
  --stackfx-i-fg: var(--stackfx-foreground, #18181b);
  --stackfx-i-muted: var(--stackfx-muted-foreground, #636369);
  --stackfx-i-popover: var(--stackfx-popover-background, #ffffff);
  --stackfx-i-border: var(--stackfx-border, #e4e4e7);
  --stackfx-i-accent: var(--stackfx-accent, #f4f4f5);
  --stackfx-i-avatar-bg: var(--stackfx-avatar-background, #e4e4e7);
  --stackfx-i-avatar-fg: var(--stackfx-avatar-foreground, #3f3f46);
  --stackfx-i-skeleton: var(--stackfx-skeleton, #e4e4e7);
  --stackfx-i-ring: var(--stackfx-focus-ring, #2563eb);`

const dark = `
  --stackfx-i-fg: var(--stackfx-foreground, #fafafa);
  --stackfx-i-muted: var(--stackfx-muted-foreground, #a1a1aa);
  --stackfx-i-popover: var(--stackfx-popover-background, #18181b);
  --stackfx-i-border: var(--stackfx-border, #3f3f46);
  --stackfx-i-accent: var(--stackfx-accent, #27272a);
  --stackfx-i-avatar-bg: var(--stackfx-avatar-background, #3f3f46);
  --stackfx-i-avatar-fg: var(--stackfx-avatar-foreground, #e4e4e7);
  --stackfx-i-skeleton: var(--stackfx-skeleton, #3f3f46);
  --stackfx-i-ring: var(--stackfx-focus-ring, #60a5fa);`

/**
 * The CSS of stackfx's components, scoped to `.stackfx-` classes and themed through `--stackfx-*` custom properties.
 */
export const stackfxCss = `
.stackfx-root {${light}
  position: relative;
  display: inline-flex;
  font-family: var(--stackfx-font, inherit);
  color: var(--stackfx-i-fg);
}
:where(.dark, [data-theme="dark"]) .stackfx-root {${dark}
}
.stackfx-avatar {
  position: relative;
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  overflow: hidden;
  border-radius: 50%;
  background: var(--stackfx-i-avatar-bg);
  color: var(--stackfx-i-avatar-fg);
  font-weight: 500;
  line-height: 1;
  user-select: none;
}
.stackfx-avatar-image {
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  object-fit: cover;
}
.stackfx-skeleton {
  display: inline-block;
  flex: none;
  border-radius: 50%;
  background: var(--stackfx-i-skeleton);
  animation: stackfx-pulse 1.5s ease-in-out infinite;
}
@keyframes stackfx-pulse { 50% { opacity: .5; } }
@media (prefers-reduced-motion: reduce) { .stackfx-skeleton { animation: none; } }
.stackfx-user-button {
  display: inline-flex;
  align-items: center;
  gap: .5rem;
  margin: 0;
  padding: 0;
  border: 0;
  border-radius: 9999px;
  background: transparent;
  color: inherit;
  font: inherit;
  cursor: pointer;
}
.stackfx-user-button:focus-visible {
  outline: 2px solid var(--stackfx-i-ring);
  outline-offset: 2px;
}
.stackfx-user-info {
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  min-width: 0;
  text-align: left;
  line-height: 1.25;
}
.stackfx-truncate {
  display: block;
  max-width: var(--stackfx-menu-text-max-width, ${MENU_TEXT_MAX_WIDTH / 4}rem);
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
}
.stackfx-name { font-size: .875rem; font-weight: 500; }
.stackfx-email { font-size: .75rem; color: var(--stackfx-i-muted); }
.stackfx-menu {
  position: absolute;
  top: calc(100% + .5rem);
  right: 0;
  z-index: var(--stackfx-z-index, 50);
  box-sizing: border-box;
  min-width: 14rem;
  padding: .25rem;
  border: 1px solid var(--stackfx-i-border);
  border-radius: var(--stackfx-radius, .5rem);
  background: var(--stackfx-i-popover);
  color: var(--stackfx-i-fg);
  box-shadow: var(--stackfx-shadow, 0 10px 30px -10px rgba(0, 0, 0, .25));
}
.stackfx-menu[data-align="start"] { left: 0; right: auto; }
.stackfx-menu-label { padding: .5rem; font-size: .875rem; }
.stackfx-menu-label-muted { color: var(--stackfx-i-muted); }
.stackfx-menu-separator { height: 1px; margin: .25rem -.25rem; background: var(--stackfx-i-border); }
.stackfx-menu-item {
  display: flex;
  align-items: center;
  gap: .5rem;
  box-sizing: border-box;
  width: 100%;
  margin: 0;
  padding: .5rem;
  border: 0;
  border-radius: calc(var(--stackfx-radius, .5rem) - .125rem);
  background: transparent;
  color: inherit;
  font: inherit;
  font-size: .875rem;
  text-align: left;
  cursor: pointer;
}
.stackfx-menu-item:hover, .stackfx-menu-item:focus { background: var(--stackfx-i-accent); outline: none; }
.stackfx-menu-item:focus-visible { box-shadow: inset 0 0 0 2px var(--stackfx-i-ring); }
.stackfx-menu-icon { display: inline-flex; flex: none; width: 1rem; height: 1rem; color: var(--stackfx-i-muted); }
`

/**
 * The stylesheet as a React 19 hoistable style: rendered by every component, placed once in `<head>`.
 */
export function StackStyles(): ReactNode {
  return (
    <style href="stackfx-styles" precedence="stackfx">
      {stackfxCss}
    </style>
  )
}

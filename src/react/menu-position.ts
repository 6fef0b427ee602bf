/**
 * Where an open menu goes across: lined up with its button's edge when it fits the viewport, moved in just
 * enough when it would not (a button near the other edge), keeping `MENU_VIEWPORT_MARGIN` from the edges.
 */

/** Pixels kept between a moved menu and the viewport's edge. */
export const MENU_VIEWPORT_MARGIN = 8

/**
 * How far to move a menu laid out at `left`..`right` (viewport pixels) so that it fits a viewport `width` wide:
 * 0 when it already does; a menu wider than the viewport keeps its left edge on screen, where reading starts.
 */
export const menuShift = (left: number, right: number, width: number): number => {
  const margin = MENU_VIEWPORT_MARGIN
  if (left < margin) return margin - left
  // Moved left until its right edge fits, but never past the left margin.
  if (right > width - margin) return Math.max(width - margin - right, margin - left)
  return 0
}

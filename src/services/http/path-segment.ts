/**
 * `segment(id)` percent-encodes one path segment, so an id containing `/`, `?` or `#` stays inside its
 * segment instead of reaching another endpoint.
 *
 * @example `/teams/${segment(teamId)}`
 */
export const segment = (value: string): string => encodeURIComponent(value)

/**
 * Which permissions a holder has (a team member, or a user for project permissions): the direct grants, and
 * (recursively) everything they contain. Team and project permissions share this walk.
 * Definitions may form cycles (a PATCH can make B contain A while A contains B) and diamonds, so the walk
 * keeps a visited set: each id is expanded at most once and the walk always ends.
 */

/** The contained ids of a defined permission; `undefined` for an id nobody defines. */
export type ContainedOf = (permissionId: string) => ReadonlyArray<string> | undefined

/**
 * The permission ids that `direct` grants, sorted. Ids without a definition grant nothing (a grant whose
 * definition was deleted). Non-recursive: the defined direct grants only.
 *
 * @example
 * const defs = new Map([["a", ["b"]], ["b", ["c"]], ["c", []]])
 * resolvePermissionIds(["a"], (id) => defs.get(id), true)  // ["a", "b", "c"]
 * resolvePermissionIds(["a"], (id) => defs.get(id), false) // ["a"]
 */
export const resolvePermissionIds = (
  direct: Iterable<string>,
  containedOf: ContainedOf,
  recursive: boolean
): ReadonlyArray<string> => {
  const held = new Set<string>()
  const pending = [...direct]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (held.has(next)) continue
    const contained = containedOf(next)
    if (contained === undefined) continue
    held.add(next)
    if (recursive) pending.push(...contained)
  }
  return [...held].sort()
}

/** A lookup over definitions given as `{ id, containedPermissionIds }` records. */
export const containedLookup = (
  definitions: Iterable<{ readonly id: string; readonly containedPermissionIds: ReadonlyArray<string> }>
): ContainedOf => {
  const byId = new Map<string, ReadonlyArray<string>>()
  for (const definition of definitions) byId.set(definition.id, definition.containedPermissionIds)
  return (id) => byId.get(id)
}

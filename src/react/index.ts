/**
 * `stackfx/react`: the provider, the hooks, the user button and its parts. The handler pages and their
 * TanStack Router routes are `stackfx/react/handler`, an entry of their own: pages loaded lazily from a
 * module this entry reached would bring what they use of the services into every app's first load.
 *
 * @example
 * const clientLayer = ... // built once, outside components
 * <StackProvider layer={clientLayer}>
 *   <UserButton showUserInfo />
 * </StackProvider>
 */
export { Avatar, type AvatarProps } from "./avatar.js"
export {
  makeQueryCache,
  QueryCache,
  type QueryCacheOptions,
  type QueryCacheShape,
  type QueryKey,
  queryKeyId,
  type QuerySnapshot
} from "./cache.js"
export {
  useActiveSessions,
  useContactChannels,
  useOAuthProviders,
  type PermissionHookOptions,
  useNotificationPreferences,
  usePermission,
  usePermissions,
  useProject,
  useReceivedTeamInvitations,
  useStackQuery,
  useTeam,
  useTeamApiKeys,
  useTeamInvitations,
  useTeamMembers,
  useTeams,
  useUser,
  useUserApiKeys,
  type UseUserOptions,
  type UseUserOr
} from "./hooks.js"
export { type MenuButtonProps, type MenuEntry } from "./menu.js"
export { makePrefetchRegistry, type PrefetchRegistry } from "./prefetch.js"
export { type AppRuntime } from "./app-runtime.js"
export { type StackApp, StackProvider, StackProviderMissing, type StackProviderProps, useStackApp } from "./provider.js"
export {
  activeSessionsQuery,
  contactChannelsQuery,
  notificationPreferencesQuery,
  oauthProvidersQuery,
  permissionsQuery,
  projectPermissionsQuery,
  projectQuery,
  receivedTeamInvitationsQuery,
  type StackQuery,
  stackQuery,
  teamApiKeysQuery,
  teamInvitationsQuery,
  teamMembersQuery,
  teamsQuery,
  userApiKeysQuery,
  userQuery
} from "./queries.js"
export {
  clearOnSessionChange,
  invalidateOnDataChange,
  layerStackReact,
  stackReactLayer,
  type StackReactOptions
} from "./react-layer.js"
export { type SignOutOptions, signOutThenNavigate } from "./sign-out.js"
export { stackfxCss, StackStyles } from "./styles.js"
export {
  openBroadcastChannel,
  runTabSync,
  type TabChannel,
  type TabEvent,
  type TabLock,
  type TabMessage,
  type TabSyncOptions
} from "./tab-sync.js"
export {
  UserButton,
  type UserButtonItem,
  type UserButtonProps,
  UserButtonView,
  type UserButtonViewProps
} from "./user-button.js"

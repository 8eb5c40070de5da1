/** Query keys of the personas feature; mutations invalidate by these. */
export const personaKeys = {
  all: ['personas'] as const,
  lists: () => [...personaKeys.all, 'list'] as const,
  list: (language: string) => [...personaKeys.lists(), language] as const,
  favourites: () => [...personaKeys.all, 'favourites'] as const,
  detail: (uid: string) => [...personaKeys.all, 'detail', uid] as const,
};

/** Query keys of the news feature, generic to specific: the list depends on the language it is read in. */
export const newsKeys = {
  all: ['news'] as const,
  lists: () => [...newsKeys.all, 'list'] as const,
  list: (lng: string, size: number) => [...newsKeys.lists(), { lng, size }] as const,
}

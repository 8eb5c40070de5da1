import type { AddUsedResult, FavoriteResult, PersonaListPage } from '@butterfic/contract';

/** The parsed type of a contract schema (the web does not import zod itself). */
type Infer<S extends { parse: (value: unknown) => unknown }> = ReturnType<S['parse']>;

export type { Persona } from '@butterfic/contract';
export type PersonaPage = Infer<typeof PersonaListPage>;
/** GET /persona/list/myfavorite/: the same page without the feed's snapshot. */
export type FavouritesPage = Omit<PersonaPage, 'snapshot'>;
export type FavouriteOutput = Infer<typeof FavoriteResult>;
export type AddUsedOutput = Infer<typeof AddUsedResult>;

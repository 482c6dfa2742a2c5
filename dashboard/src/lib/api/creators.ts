/**
 * Creators for the credit pickers (beyond the spec, which credits creators by id but lists no call
 * to find one): `GET /dashboard/creators?query=&count=` searches by name, `POST
 * /dashboard/creators/new` adds one (or answers the one of that name, so a double click makes no twin).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Creator } from '@inkwell/contracts/dashboard-catalogue';
import type { FieldOption } from '@/components/form/options';
import { staffApi } from '@/lib/staff-api';

const OPTION_COUNT = 20;
export const creatorOptionsQueryKey = ['dashboard', 'creator-options'] as const;

/** The option that adds what staff typed as a new creator: its id carries the name. */
const NEW_CREATOR_PREFIX = 'new:';

/** The name an "Add creator …" option stands for, or undefined for an existing creator's id. */
export function newCreatorName(optionId: string): string | undefined {
  return optionId.startsWith(NEW_CREATOR_PREFIX) ? optionId.slice(NEW_CREATOR_PREFIX.length) : undefined;
}

/**
 * Creators whose name holds what staff typed, ids as text so that the last option can be "Add
 * creator “…”" when no creator has exactly that name.
 */
export async function loadCreatorOptions(search: string, signal: AbortSignal): Promise<FieldOption<string>[]> {
  const creators = await staffApi.get<Creator[]>('/dashboard/creators', { query: { query: search || undefined, count: OPTION_COUNT }, signal });
  const options: FieldOption<string>[] = creators.map((creator) => ({ id: String(creator.id), label: creator.name, detail: `#${creator.id}` }));
  const typed = search.trim().replace(/\s+/g, ' ');
  const exists = creators.some((creator) => creator.name.toLowerCase() === typed.toLowerCase());
  if (typed && !exists) options.push({ id: `${NEW_CREATOR_PREFIX}${typed}`, label: `Add creator “${typed}”`, detail: 'new' });
  return options;
}

export function useAddCreator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => staffApi.post<Creator>('/dashboard/creators/new', { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creatorOptionsQueryKey }),
  });
}

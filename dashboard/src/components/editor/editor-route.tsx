import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { UseQueryResult } from '@tanstack/react-query';
import { ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon } from '@inkwell/ui-kit/icons';
import { errorMessage } from '@/lib/staff-api';

/** How an editor's pages name what they edit: "product", "products", "product’s". */
export interface EditedNoun {
  one: string;
  many: string;
  owner: string;
}

interface EditorRouteProps<T> {
  noun: EditedNoun;
  /** The list the editor belongs to, e.g. `/products`. */
  listPath: string;
  /** Reads the stored item by id; given undefined for a new one or an address that is no id. */
  useItem: (id: number | undefined) => UseQueryResult<T>;
  /** The editor, keyed by the caller's id so a new item's form does not carry over to a stored one. */
  children: (item: T | undefined, key: string) => ReactNode;
}

/**
 * `<area>/new` and `<area>/:id` of a catalogue editor: the id read from the address, the stored item
 * loaded, and the editor shown, or what stands in its place (a bad address, loading, a failed read).
 */
export function EditorRoute<T>({ noun, listPath, useItem, children }: EditorRouteProps<T>) {
  const { id: param } = useParams();
  const id = param === undefined || param === 'new' ? undefined : Number(param);
  const valid = id === undefined || (Number.isSafeInteger(id) && id > 0);
  const item = useItem(valid ? id : undefined);

  if (!valid) {
    return (
      <EmptyState headingLevel="h1" title={`No such ${noun.one}`} actions={<ButtonLink to={listPath}>Back to {noun.many}</ButtonLink>}>
        <p>
          {noun.one.charAt(0).toUpperCase() + noun.one.slice(1)} addresses end in the {noun.owner} number.
        </p>
      </EmptyState>
    );
  }
  if (id === undefined) return children(undefined, 'new');
  if (item.isPending) return <p role="status">Loading the {noun.one}…</p>;
  if (item.isError) {
    return (
      <EmptyState
        icon={<AlertIcon size={20} />}
        tone="error"
        headingLevel="h1"
        title={`The ${noun.one} did not load`}
        actions={
          <ButtonLink to={listPath} variant="secondary">
            Back to {noun.many}
          </ButtonLink>
        }
      >
        <p>{errorMessage(item.error)}</p>
      </EmptyState>
    );
  }
  return children(item.data, String(id));
}

import { createContext, useContext } from 'react';
import type { ProblemTarget } from '../publish-problems';

/** The last refusal's messages by the field they are about, for each field to show beside itself. */
export const ServerProblemsContext = createContext<ReadonlyMap<ProblemTarget, string[]>>(new Map());

/** The refusal's messages about `target`, joined, or undefined when there are none. */
export function useServerProblem(target: ProblemTarget): string | undefined {
  const messages = useContext(ServerProblemsContext).get(target);
  return messages && messages.length > 0 ? messages.join(' ') : undefined;
}

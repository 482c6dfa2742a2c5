/** The spec's enumerations travel as numbers; each is a name → code record read both ways. */
export function codeToName<Name extends string>(codes: Readonly<Record<Name, number>>): ReadonlyMap<number, Name> {
  return new Map(Object.entries(codes).map(([name, code]) => [code as number, name as Name]));
}

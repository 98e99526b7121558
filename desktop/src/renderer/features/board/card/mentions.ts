/** Mentions in a comment box (docs/areas/board.md, "Comments and mentions"). */

/** The "@name" being typed just before the caret, if any: where its "@" is and what follows it. */
export function mentionQuery(text: string, caret: number): { at: number; query: string } | null {
  const match = /(?:^|\s)@([^\s@][^\n@]{0,29}|)$/u.exec(text.slice(0, caret));
  if (!match) return null;
  return { at: caret - match[1]!.length - 1, query: match[1]! };
}

/** People whose name matches what follows the "@": any word of the name starts with it, any case. */
export function matchPeople<P extends { fullName: string }>(people: readonly P[], query: string): P[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...people];
  return people.filter((p) => {
    const name = p.fullName.toLowerCase();
    return name.startsWith(q) || name.split(/\s+/).some((word) => word.startsWith(q));
  });
}

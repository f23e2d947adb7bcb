// When the guides do not give the figure asked for the person's state: whether the guide's answer
// leaves it to each state, and where that state's courts explain it (shared/court-self-help.ts).
import { figurePatterns, type FigureKind } from './figures.js';

/** An answer that leaves the figure to each state ("Every state limits how long…"). */
const eachStateSets =
  /\b(?:each|every|your|most|many|some) states?\b|\bstate law\b|\bvar(?:y|ies) (?:by|from) state\b/i;

/**
 * The person asked for a figure the answer does not give, because each state sets its own: for
 * their state, our guides do not give it.
 */
export function leavesFigureToStates(answer: string, figure: FigureKind | undefined): boolean {
  return (
    figure !== undefined &&
    figure !== 'any' &&
    !figurePatterns[figure].test(answer) &&
    eachStateSets.test(answer)
  );
}

/**
 * Where the state's courts explain the rule: their self-help site, or, for the few states with no
 * statewide one, their courts' home page, called what it is.
 */
export function selfHelpLine(
  stateName: string,
  { name, url }: { name: string; url: string },
): string {
  return /no statewide self-help page/.test(name)
    ? ` ${stateName}'s courts have no statewide self-help page; start at [their website](${url}).`
    : ` ${stateName}'s courts explain it on [their self-help site](${url}).`;
}

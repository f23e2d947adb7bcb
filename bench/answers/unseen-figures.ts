// The gate and the guide choice on questions nobody tuned them on (bench/answers/unseen/,
// written from the guides alone, in two sets, by someone who had seen neither the code nor the
// other sets).
// Library mode, single questions, the answers service called directly.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { GuideLibrary } from '../../src/server/modules/guides/loader';
import { createGuidesService } from '../../src/server/modules/guides/service';
import { createAnswersService } from '../../src/server/modules/answers/service';

export const unseenDir = 'bench/answers/unseen';
export const unseenResultsFile = 'src/shared/unseen-results.json';

interface Share {
  count: number;
  of: number;
}

export interface UnseenFigures {
  /** Covered questions declined (the aim: at most 3%). */
  wronglyDeclined: Share;
  /** Covered questions answered from the guide they were written from. */
  rightGuide: Share;
  /** Questions to decline, declined free, by kind and in all (the aim: at least 95%). */
  declined: { notLegal: Share; uncovered: Share; otherVoices: Share; all: Share };
}

const read = <T>(file: string) =>
  JSON.parse(readFileSync(path.join(unseenDir, file), 'utf8')) as T[];

export function unseenFigures(library: GuideLibrary): UnseenFigures {
  const guides = createGuidesService({ library });
  const answers = createAnswersService({ guides, selfHelpFor: () => undefined });
  const asked = (text: string) => ({ text, earlier: [], profile: { country: null, region: null } });
  // Declined as the chat would: by the gate, or for want of any guide question near it.
  const isDeclined = (text: string) => answers.plan(asked(text), false).placement !== 'covered';

  const covered = read<{ question: string; guide: string }>('covered.json');
  let declined = 0;
  let rightGuide = 0;
  for (const { question, guide } of covered) {
    const placement = answers.place(asked(question));
    if (isDeclined(question)) declined += 1;
    else if (placement.kind === 'covered' && placement.guide.slug === guide) rightGuide += 1;
  }
  const declinedOf = (file: string): Share => {
    const questions = read<string>(file);
    return { count: questions.filter(isDeclined).length, of: questions.length };
  };
  const notLegal = declinedOf('not-legal.json');
  const uncovered = declinedOf('uncovered.json');
  const otherVoices = declinedOf('other-voices.json');
  return {
    wronglyDeclined: { count: declined, of: covered.length },
    rightGuide: { count: rightGuide, of: covered.length },
    declined: {
      notLegal,
      uncovered,
      otherVoices,
      all: {
        count: notLegal.count + uncovered.count + otherVoices.count,
        of: notLegal.of + uncovered.of + otherVoices.of,
      },
    },
  };
}

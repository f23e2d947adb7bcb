// What placing a question decides and what a reply is planned from: the answers room's
// contract with the chat (service.ts places and plans; reply-content.ts writes).
import type { AnswerPlacement } from '../../../shared/chat.js';
import type { GuideDocument, GuidePassage } from '../../../shared/guides.js';
import type { AnswerQuestion } from './compose.js';
import type { Place } from './places.js';

export interface AskedQuestion {
  text: string;
  /** The person's earlier questions in this conversation, oldest first. */
  earlier: readonly string[];
  /** The place in the person's profile. */
  profile: { country: string | null; region: string | null };
}

export interface ReplyPlan {
  placement: Placement['kind'];
  /** A decline: nothing is charged for it. */
  free: boolean;
  /** The whole reply, when it is written here (library mode, or a short reply). */
  text?: string;
  /** A model's reply starts with this line (a legal question our guides do not cover). */
  firstLine?: string;
  /** The passages the reply may cite, numbered from 1. */
  passages: GuidePassage[];
  /** The rule depends on the state and the state is not known: the answer asks for it. */
  asksForState?: boolean;
}

export type Declined = Exclude<AnswerPlacement, 'covered'>;

export type Placement =
  | { kind: Declined; reply: string }
  | {
      kind: 'covered';
      guide: GuideDocument;
      place: Place | undefined;
      question: AnswerQuestion;
      /** The passages the search found, best first: the model's grounding. */
      passages: GuidePassage[];
      /** Read with the earlier question it follows ("what about Texas?"). */
      followUp: boolean;
    };

import type { Config } from '../../config.js';
import { regionsByCountry } from '../../../shared/jurisdictions.js';
import { libraryChunks } from '../../llm/library.js';
import { buildSystemPrompt, trimHistory } from '../../llm/prompt.js';
import type { ModelMessage, ReplyEvent, ReplySource } from '../../llm/reply-source.js';
import { countMessageTokens, countTokens, fitTokens } from '../../llm/token-count.js';
import type { AnswersService, ReplyPlan } from '../answers/service.js';
import type { GuidePassage } from './guide-passages.js';
import type { ChatMessageRow } from './repository.js';

/** Where the person is, from their profile: country and region codes, or null. */
export interface Place {
  country: string | null;
  region: string | null;
}

/** What will write a reply, known before anything is reserved. */
export interface ReplyContent {
  /** The passages the reply may cite, `[n]` naming the n-th. */
  passages: GuidePassage[];
  /** Tokens the question costs before a word is written (the prompt). */
  promptTokens: number;
  /** The most the reply wants to write; the reservation may shrink it. */
  outputCap: number;
  /** True when the reply costs nothing whatever it writes (library mode found nothing). */
  free: boolean;
  /** A model (worth letting other requests reach theirs first) or the library's own words. */
  source: 'model' | 'library';
  /** How the question was placed (answered from the guides, or declined and why), for the finish part. */
  placement: ReplyPlan['placement'];
  /** The rule depends on the state and the person's is not known: the answer asks for it. */
  asksForState: boolean;
  /** Starts the reply: its text pieces, then (from a model) its usage. */
  write(maxOutputTokens: number, signal: AbortSignal): AsyncGenerator<ReplyEvent, void>;
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Places already put in words (a profile's place is one of a few hundred; a thousand kept). */
const placesInWords = new Map<string, string>();

/** "California, United States" for the prompt; null when the person has not said. */
function placeInWords({ country, region }: Place): string | null {
  if (!country) return null;
  const key = `${country}-${region ?? ''}`;
  const known = placesInWords.get(key);
  if (known !== undefined) return known;
  const countryName = countryNames.of(country) ?? country;
  const regionName = regionsByCountry[country]?.regions.find((r) => r.code === region)?.name;
  const words = regionName ? `${regionName}, ${countryName}` : countryName;
  if (placesInWords.size < 1000) placesInWords.set(key, words);
  return words;
}

async function* writtenReply(answer: string, signal: AbortSignal): AsyncGenerator<ReplyEvent> {
  for (const text of libraryChunks(answer)) {
    if (signal.aborted) return;
    yield { type: 'text', text };
  }
}

/**
 * A model's reply, after the plan's first line (a decline's, for a question not covered). The
 * model's first event is asked for at once, so its request goes out before the question is stored.
 */
function modelReply(
  firstLine: string | undefined,
  events: AsyncGenerator<ReplyEvent, void>,
): AsyncGenerator<ReplyEvent, void> {
  const first = events.next();
  first.catch(() => undefined);
  return (async function* () {
    if (firstLine) yield { type: 'text' as const, text: `${firstLine}\n\n` };
    const opening = await first;
    if (opening.done) return;
    yield opening.value;
    yield* events;
  })();
}

/**
 * The one place that chooses what produces a reply's content: the answers room places the
 * question (given the question, the conversation's earlier questions and the person's profile
 * place) and plans the reply: written here (library mode, or a short reply that costs nothing),
 * or by the model from the passages it chose.
 */
export function createReplyContent(
  config: Config,
  { model, answers }: { model: ReplySource | undefined; answers: AnswersService },
) {
  return function composeReplyContent(input: {
    question: string;
    earlier: ChatMessageRow[];
    place: Place;
  }): ReplyContent {
    const { question, earlier, place } = input;
    const plan = answers.plan(
      {
        text: question,
        earlier: earlier.filter((m) => m.role === 'user').map((m) => m.content),
        profile: place,
      },
      model !== undefined,
    );
    const passages = plan.passages;
    if (plan.text !== undefined || !model) {
      // Written before anything is reserved: the whole answer is known.
      const first = plan.firstLine ? `${plan.firstLine}\n\n` : '';
      const answer = plan.text ?? '';
      return {
        passages,
        promptTokens: countTokens(question),
        outputCap: countTokens(answer),
        free: plan.free,
        source: 'library',
        placement: plan.placement,
        asksForState: plan.asksForState === true,
        write: (maxOutputTokens, signal) =>
          writtenReply(first + fitTokens(answer, maxOutputTokens), signal),
      };
    }
    const system = buildSystemPrompt({
      productName: config.site.productName,
      jurisdiction: placeInWords(place),
      passages,
    });
    const history: ModelMessage[] = earlier
      .filter((m) => m.status !== 'error' && m.content.length > 0)
      .map((m) => ({ role: m.role, content: m.content }));
    const messages = [
      ...trimHistory(history, config.chat.historyTokens),
      { role: 'user' as const, content: question },
    ];
    return {
      passages,
      promptTokens: system.tokens + countMessageTokens(messages),
      outputCap: config.chat.maxOutputTokens,
      free: plan.free,
      source: 'model',
      placement: plan.placement,
      asksForState: plan.asksForState === true,
      write: (maxOutputTokens, signal) =>
        modelReply(
          plan.firstLine,
          model.stream({ system: system.text, messages, maxOutputTokens, signal }),
        ),
    };
  };
}

export type ComposeReplyContent = ReturnType<typeof createReplyContent>;

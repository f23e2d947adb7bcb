// Messages that are not questions of law whatever their words, told apart before the gate:
// greetings, thanks and "who are you" (answered briefly, free), and requests to write something
// for fun (declined as not legal). Each pattern runs in linear time on a bounded message.
import { words } from '../guides/terms.js';

export type SmallTalk = 'greeting' | 'thanks' | 'identity';

const greetingStart =
  /^(?:hi+|hello+|hey+|heya|hiya|howdy|yo|sup|greetings|good (?:morning|afternoon|evening|day|night)|gm|morning|evening|hola|what'?s up|wh?at up|hows it going|testing|test)\b/;
const thanksWord = /\b(?:thank(?:s|you|u)?|thx|tysm|ty|appreciate(?:d)?|cheers|grateful|helpful)\b/;
const identityPattern =
  /\b(?:who|what) (?:are|r) (?:you|u|ya)\b|\bare (?:you|u) (?:a |an )?(?:real |actual |human |licensed |live )?(?:lawyer|attorney|human|person|bot|robot|ai|chatbot|machine|computer|program)\b|\bwhat (?:can|do) (?:you|u) (?:do|help)\b|\bhow (?:can|do) (?:you|u) help\b|^(?:so |ok |okay )?how does (?:this|it|this (?:site|app|chat)) work(?: here)?\W*$|\bwhat is this (?:site|app|thing|service)\b|\bwho (?:made|built|runs|created|owns) (?:you|this)\b|\bis this (?:a |an )?(?:real |actual )?(?:lawyer|person|human|ai|bot)\b|\b(?:talk|speak) to a (?:real )?(?:person|human)\b|\bwho am i (?:talking|speaking|chatting) (?:to|with)\b|\bis (?:any(?:one|body)|someone) (?:there|here)\b|^(?:can|could) (?:you|u) help(?: me)?(?: (?:with|out)(?: something| a question)?)?\W*$|^i need (?:some )?help\W*$|^(?:so |ok |okay )?what (?:should|can) i ask(?: (?:you|u|here|about))?\W*$/;
/** Words a greeting or a thanks may carry besides its own. */
const smallTalkWords = new Set(
  'hi hello hey there everyone all folks guys good morning afternoon evening day how are you doing today ok okay cool great nice awesome perfect so very much lot a you u thank thanks thx ty tysm appreciate appreciated it cheers that was helpful help bye goodbye see later ciao got have wonderful again for the your yo sup whats up man bro dude sir lol haha just wanted to say night see ya bye meet going hows its been youve were bunch answer test testing'.split(
    ' ',
  ),
);

/**
 * Greetings, thanks and "who are you": short, and with no question of law in them (a greeting
 * followed by a question is the question).
 */
export function smallTalkOf(text: string): SmallTalk | undefined {
  const lower = text
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .trim();
  const all = words(lower);
  if (all.length === 0 || all.length > 14) return undefined;
  if (identityPattern.test(lower.replace(/['\u2019]/g, ''))) return 'identity';
  const others = all.filter((word) => !smallTalkWords.has(word));
  if (others.length > 1 || (others.length === 1 && all.length > 6)) return undefined;
  if (thanksWord.test(lower)) return 'thanks';
  if (greetingStart.test(lower) || others.length === 0) return 'greeting';
  return undefined;
}

/**
 * A request to write something for fun or to play ("write a haiku about divorce", "give me 10
 * baby names", "how many lawyers does it take to change a lightbulb", "roleplay as my landlord"):
 * not a question of law, whatever its words.
 * A letter, a notice or a form is not among them: people ask for those about their case.
 */
const playRequest =
  /^(?:(?:can|could|would|will) (?:you|u) |pls |please )?(?:write|compose|make|create|generate|come up with|give me|tell me|sing|rap)\b(?:\W+\w+){0,5}?\W+(?:poem|poems|haiku|haikus|limerick|limericks|rap|raps|song|songs|verse|verses|sonnet|story|stories|joke|jokes|riddle|riddles|pun|puns|tweet|caption|captions|playlist|slogan|slogans|essay|essays)\b|\b(?:baby|dog|cat|pet|puppy|kitten|band|team|boat|character) (?:names|nicknames)\b|\bhow many \w+ (?:does it|do you) take to (?:change|screw in) (?:a |the )?light ?bulbs?\b|\bhow many (?:lawyers|attorneys|judges|paralegals) (?:does it|do you) take\b|^(?:(?:can|could|would|will) (?:you|u) |pls |please |lets )?(?:role ?play|role-play|pretend (?:to be|you are|youre|ur))\b|\bknock knock\b|\b(?:tell|know) (?:me )?(?:a|any|some) (?:good |funny )?(?:lawyer |legal )?jokes?\b/;

export function isPlayRequest(text: string): boolean {
  return playRequest.test(text.toLowerCase().replace(/['\u2019]/g, ''));
}

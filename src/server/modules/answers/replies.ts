// The short replies that cost nothing: to small talk, to questions that are not about the law,
// to legal questions our guides do not cover, and to questions in another language.
import type { Language } from './language.js';

export const exampleQuestions = [
  'How long does my landlord have to return my security deposit in Texas?',
  'What is the most I can sue for in small claims court in California?',
];

const examples = exampleQuestions.map((question) => `- ${question}`).join('\n');

export const replies = {
  greeting: `Hello! I answer questions about US law from our plain-language legal guides, with the sources cited. Ask me something like:\n\n${examples}`,
  thanks: "You're welcome. If another legal question comes up, ask me here.",
  identity: `I am an AI assistant, not a lawyer. I give general legal information from our guides, written from official sources, and I cite them. For advice on your own situation, use **Ask a lawyer** to reach the firm that runs this site. Try asking:\n\n${examples}`,
  notLegal: `I can only help with legal questions, so I can't answer that one. I answer questions about US law from our legal guides, for example:\n\n${examples}`,
  notCovered:
    "Our guides do not cover this topic, so I can't answer it from them. For help, try your state court's self-help center, a legal aid office (lawhelp.org lists them by state), your state bar's lawyer referral service, or **Ask a lawyer** to reach our firm.",
  abroad:
    'Our guides cover the law of the United States only, so I cannot answer for another country. A lawyer or legal aid service where you live can help, and **Ask a lawyer** reaches our firm.',
};

/** A legal question near a guide that does not answer it: said plainly, with the guide. */
export const unansweredReply = (guideTitle: string, guidePath: string) =>
  `Our guides do not answer this question, so I can't answer it from them. The closest is our guide [${guideTitle}](${guidePath}). For help with your situation, try your state court's self-help center, a legal aid office (lawhelp.org lists them by state), your state bar's lawyer referral service, or **Ask a lawyer** to reach our firm.`;

/** "We answer in English for now", in the person's language. */
export const otherLanguageReplies: Record<Exclude<Language, 'en'>, string> = {
  es: 'Por ahora solo respondo en inglés. Para ayuda legal en español, visite el centro de ayuda de la corte de su estado o LawHelp.org (www.lawhelp.org), que tiene información en español y enlaces a la asistencia legal gratuita de su estado. También puede escribir su pregunta en inglés.',
  fr: "Pour l'instant, je réponds seulement en anglais. Pour de l'aide juridique, consultez le centre d'aide du tribunal de votre État ou LawHelp.org (www.lawhelp.org). Vous pouvez aussi poser votre question en anglais.",
  pt: 'Por enquanto, só respondo em inglês. Para ajuda jurídica, procure o centro de autoajuda do tribunal do seu estado ou o LawHelp.org (www.lawhelp.org). Você também pode escrever sua pergunta em inglês.',
  zh: '目前我只能用英语回答。如需法律帮助，请访问您所在州法院的自助中心或 LawHelp.org（www.lawhelp.org）。您也可以用英语提问。',
  vi: 'Hiện tại tôi chỉ trả lời bằng tiếng Anh. Để được trợ giúp pháp lý, hãy truy cập trung tâm tự trợ giúp của tòa án tiểu bang hoặc LawHelp.org (www.lawhelp.org). Bạn cũng có thể đặt câu hỏi bằng tiếng Anh.',
  other:
    'For now I answer in English only. For legal help, visit your state court’s self-help center or LawHelp.org (www.lawhelp.org), or ask your question in English.',
};

// Whether a question is written in English: the assistant answers in English for now, and says
// so, in the person's language, when it is not. Function words and scripts, counted in one pass.

export type Language = 'en' | 'es' | 'fr' | 'pt' | 'zh' | 'vi' | 'other';

const functionWords: Record<'es' | 'fr' | 'pt' | 'en', Set<string>> = {
  es: new Set(
    'el la los las un una unos unas de del que y en por para con mi mis su sus es son está están estoy tengo tiene qué cómo cuánto cuántos cuándo dónde puedo puede me se lo le les no sí pero porque muy hay ya si al como casero patrón dueño trabajo abogado ayuda necesito quiero derecho derechos multa deuda'.split(
      ' ',
    ),
  ),
  fr: new Set(
    'le la les un une des du de et en pour avec mon ma mes son sa ses est sont je suis ai il elle nous vous ne pas que qui quoi comment combien quand où mais avocat propriétaire travail aide'.split(
      ' ',
    ),
  ),
  pt: new Set(
    'o a os as um uma de do da dos das que e em por para com meu minha é são estou tenho tem não sim mas como quanto quando onde posso pode ele ela você senhorio advogado trabalho ajuda preciso'.split(
      ' ',
    ),
  ),
  en: new Set(
    'the a an and or of to in on for with my is are am i you he she it we they what how when where can do does did not no yes but have has had was were be will would should could this that there landlord boss job help need please'.split(
      ' ',
    ),
  ),
};

const vietnameseLetters = /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/giu;

/** The language a question is written in, from its script and its function words. */
export function languageOf(text: string): Language {
  const sample = text.slice(0, 2000);
  const han = sample.match(/\p{Script=Han}/gu)?.length ?? 0;
  const latin = sample.match(/\p{Script=Latin}/gu)?.length ?? 0;
  const otherScripts = sample.match(/[\p{L}]/gu)?.length ?? 0;
  if (han > 0 && han >= latin / 4) return 'zh';
  if (otherScripts > 0 && latin < otherScripts / 2) return 'other';
  if ((sample.match(vietnameseLetters)?.length ?? 0) >= 3) return 'vi';
  const words = sample.toLowerCase().match(/[\p{L}]+/gu) ?? [];
  const counts = { es: 0, fr: 0, pt: 0, en: 0 };
  for (const word of words) {
    for (const language of ['es', 'fr', 'pt', 'en'] as const) {
      if (functionWords[language].has(word)) counts[language] += 1;
    }
  }
  if (/[¿¡ñ]/.test(sample)) counts.es += 2;
  if (/[ãõç]/.test(sample)) counts.pt += 1;
  if (/[èêàùœ]/.test(sample)) counts.fr += 1;
  const [best, bestCount] = (Object.entries(counts) as [keyof typeof counts, number][]).sort(
    (a, b) => b[1] - a[1],
  )[0]!;
  // English unless another language clearly leads: a Spanish word or two in an English question
  // ("my casero kept my deposit") is still English.
  if (best === 'en' || bestCount < 2 || bestCount < counts.en * 1.5) return 'en';
  return best;
}

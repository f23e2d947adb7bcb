import { useEffect, useState } from 'react';

export const exampleQuestions = [
  'How long can my landlord keep my security deposit?',
  'What can I do about a charge I did not make on my card?',
  'Do I need a will if I only have a small savings account?',
  'How do I dispute an error on my credit report?',
  'What should I do after a small car accident?',
];

/** The spec's slider constants: a new example every 3000 ms, sliding in 500 ms. */
const autoplayMs = 3000;

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Example questions, one at a time; choosing one puts it in the question box. It pauses while
 * hovered or focused, and does not move by itself for people who prefer reduced motion.
 */
export function ExampleSlider({ onChoose }: { onChoose: (question: string) => void }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused || prefersReducedMotion()) return;
    const timer = setInterval(
      () => setIndex((current) => (current + 1) % exampleQuestions.length),
      autoplayMs,
    );
    return () => clearInterval(timer);
  }, [paused]);

  const go = (step: number) =>
    setIndex((current) => (current + step + exampleQuestions.length) % exampleQuestions.length);

  return (
    <section
      className="example-slider"
      aria-roledescription="carousel"
      aria-label="Example questions"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="example-slider-window">
        <ul className="example-slider-track" style={{ transform: `translateX(-${index * 100}%)` }}>
          {exampleQuestions.map((question, i) => (
            <li
              key={question}
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${exampleQuestions.length}`}
              aria-hidden={i !== index}
            >
              <button
                type="button"
                className="example-question"
                tabIndex={i === index ? 0 : -1}
                onClick={() => onChoose(question)}
              >
                {question}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className="example-slider-controls">
        <button type="button" className="btn btn-sm btn-link" onClick={() => go(-1)}>
          <span aria-hidden="true">‹</span> Previous example
        </button>
        <button type="button" className="btn btn-sm btn-link" onClick={() => go(1)}>
          Next example <span aria-hidden="true">›</span>
        </button>
      </div>
    </section>
  );
}

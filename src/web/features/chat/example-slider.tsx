import { useEffect, useState, useSyncExternalStore } from 'react';

export const exampleQuestions = [
  'How long can my landlord keep my security deposit?',
  'What can I do about a charge I did not make on my card?',
  'Do I need a will if I only have a small savings account?',
  'How do I dispute an error on my credit report?',
  'What should I do after a small car accident?',
];

/** The spec's slider constants: a new example every 3000 ms, sliding in 500 ms. */
const autoplayMs = 3000;

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function watchReducedMotion(onChange: () => void) {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the person prefers reduced motion, following the setting if it changes. */
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    watchReducedMotion,
    () => window.matchMedia(reducedMotionQuery).matches,
    () => false,
  );
}

/**
 * Example questions, one at a time; choosing one puts it in the question box. It pauses while
 * hovered or while focus is in it, and does not move by itself for people who prefer reduced
 * motion.
 */
export function ExampleSlider({ onChoose }: { onChoose: (question: string) => void }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = useReducedMotion();
  const paused = hovered || focused || reducedMotion;

  useEffect(() => {
    if (paused) return;
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
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        // Focus moving between the slider's own buttons keeps it paused.
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
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

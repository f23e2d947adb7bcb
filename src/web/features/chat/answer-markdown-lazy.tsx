import { lazy, Suspense, type ComponentProps } from 'react';
import type { AnswerMarkdown as Loaded } from './answer-markdown';

const LazyAnswerMarkdown = lazy(() =>
  import('./answer-markdown').then((module) => ({ default: module.AnswerMarkdown })),
);

/**
 * A reply as Markdown, with the Markdown renderer (react-markdown, remark-gfm: about half of the
 * chat page's code) loaded when the first reply is shown rather than with the page: a new chat
 * shows none, and the page draws sooner without it. Until it has loaded, the reply shows as text.
 */
export function AnswerMarkdown(props: ComponentProps<typeof Loaded>) {
  return (
    <Suspense
      fallback={
        <div className="answer-markdown">
          <p>{props.text}</p>
        </div>
      }
    >
      <LazyAnswerMarkdown {...props} />
    </Suspense>
  );
}

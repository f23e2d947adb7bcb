import './zod-config';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app';
import { findRoute } from './routes';
import { keepTypedInput } from './typed-before-hydration';
import './styles/main.scss';

const container = document.getElementById('root')!;

const app = (onPageHydrated?: () => void) => (
  <StrictMode>
    <BrowserRouter>
      <App onPageHydrated={onPageHydrated} />
    </BrowserRouter>
  </StrictMode>
);

// Load the current page's chunk first so a prerendered page hydrates without a fallback.
void findRoute(window.location.pathname)
  .preload(window.location.pathname)
  .then(() => {
    if (container.hasChildNodes()) hydrateRoot(container, app(keepTypedInput(container)));
    else createRoot(container).render(app());
  });

import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { site } from '../../site';
import { Logo } from './logo';

const links = [
  { to: '/', label: 'Home', end: true },
  { to: '/pricing', label: 'Pricing' },
  { to: '/guides', label: 'Guides' },
  { to: '/contact', label: 'Contact', alsoActiveUnder: '/blog' },
];
/** Shown only to a signed-in person. */
const signedInLinks = [
  ...links,
  { to: '/chatbot', label: 'Chatbot' },
  { to: '/cases', label: 'My cases' },
];

const menuId = 'site-nav';

/**
 * Closes the small screens' menu, as public/menu.js does, when it was opened on another page: a
 * tap on the new page's button can come before the app has drawn that page.
 */
function closeMenuFrom(pathname: string) {
  const menu = document.getElementById(menuId);
  if (!menu?.classList.contains('show') || menu.dataset.openedOn === pathname) return;
  menu.classList.remove('show');
  const button = document.querySelector(`[aria-controls="${menuId}"]`);
  button?.setAttribute('aria-expanded', 'false');
  button?.setAttribute('aria-label', 'Open menu');
}

function scrollToTop() {
  window.scrollTo(0, 0);
}

/** Takes its scrolled style once the page has moved at all. */
function useScrolled() {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > 0);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return scrolled;
}

/**
 * The site's navigation. The app shell says whether someone is signed in and how to sign out:
 * layout components know no feature.
 */
export function Navbar({
  signedIn,
  onSignOut,
}: {
  signedIn: boolean;
  onSignOut: () => Promise<void>;
}) {
  const scrolled = useScrolled();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  async function logOut() {
    await onSignOut();
    scrollToTop();
    void navigate('/');
  }

  // The menu button is worked by public/menu.js, loaded with the page, so a tap works before
  // this code has loaded (decision 0122): React renders the menu closed and never toggles it.
  // A page reached another way than by the menu's links closes it too (not the first page: a
  // menu opened before hydration stays open).
  const shownFor = useRef(pathname);
  useEffect(() => {
    if (shownFor.current === pathname) return;
    shownFor.current = pathname;
    closeMenuFrom(pathname);
  }, [pathname]);

  return (
    <header>
      <nav
        className={`navbar navbar-expand-lg fixed-top site-navbar${scrolled ? ' is-scrolled' : ''}`}
        aria-label="Main"
        data-bs-theme="dark"
      >
        <div className="container">
          <Link className="navbar-brand" to="/" onClick={scrollToTop}>
            <Logo />
            <span>{site.productName}</span>
          </Link>
          <button
            className="navbar-toggler"
            type="button"
            aria-controls={menuId}
            aria-expanded="false"
            aria-label="Open menu"
          >
            <span className="navbar-toggler-icon" />
          </button>
          <div className="collapse navbar-collapse" id={menuId}>
            <ul className="navbar-nav ms-auto">
              {(signedIn ? signedInLinks : links).map(({ to, label, end, alsoActiveUnder }) => (
                <li className="nav-item" key={to}>
                  <NavLink
                    to={to}
                    end={end}
                    onClick={scrollToTop}
                    className={({ isActive }) =>
                      `nav-link${isActive || (alsoActiveUnder && pathname.startsWith(alsoActiveUnder)) ? ' active' : ''}`
                    }
                  >
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="navbar-actions">
              {signedIn ? (
                <>
                  <Link className="btn btn-outline-light" to="/account" onClick={scrollToTop}>
                    Account
                  </Link>
                  <button type="button" className="btn btn-accent" onClick={() => void logOut()}>
                    Logout
                  </button>
                </>
              ) : (
                <Link className="btn btn-accent" to="/login" onClick={scrollToTop}>
                  Login
                </Link>
              )}
            </div>
          </div>
        </div>
      </nav>
    </header>
  );
}

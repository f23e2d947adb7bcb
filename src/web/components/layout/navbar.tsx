import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { site } from '../../site';
import { Logo } from './logo';

const links = [
  { to: '/', label: 'Home', end: true },
  { to: '/pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact', alsoActiveUnder: '/blog' },
];
/** Shown only to a signed-in person. */
const signedInLinks = [...links, { to: '/chatbot', label: 'Chatbot' }];

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
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  async function logOut() {
    await onSignOut();
    scrollToTop();
    void navigate('/');
  }

  // A new page closes the menu; so does Escape.
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

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
            aria-controls="site-nav"
            aria-expanded={open}
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((value) => !value)}
          >
            <span className="navbar-toggler-icon" />
          </button>
          <div className={`collapse navbar-collapse${open ? ' show' : ''}`} id="site-nav">
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

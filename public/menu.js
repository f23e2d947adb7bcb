// The navbar's menu button, working from the first moment the page is shown: before the app's
// scripts have loaded and hydrated the page, and after (the button's React code does not toggle
// the menu); and a tab clicked before the app has hydrated, noted for the app. A plain script
// beside the page, loaded async from its head, since our CSP allows no inline script. The menu's
// open state lives in the DOM: the `show` class on the menu and the button's aria-expanded and
// label. Escape and following a link close it. See decision 0122.
(function () {
  function parts() {
    var button = document.querySelector('.site-navbar .navbar-toggler');
    var menu = button && document.getElementById(button.getAttribute('aria-controls'));
    return menu ? { button: button, menu: menu } : null;
  }
  function setOpen(found, open) {
    found.menu.classList.toggle('show', open);
    // The page it was opened on: the app closes a menu left open from another page only.
    if (open) found.menu.setAttribute('data-opened-on', location.pathname);
    found.button.setAttribute('aria-expanded', String(open));
    found.button.setAttribute('aria-label', open ? 'Close menu' : 'Open menu');
  }
  document.addEventListener('click', function (event) {
    var target = event.target;
    if (!(target instanceof Element)) return;
    var found = parts();
    if (!found) return;
    if (found.button.contains(target)) {
      setOpen(found, !found.menu.classList.contains('show'));
    } else if (target.closest('.site-navbar a, .site-navbar .navbar-actions button')) {
      setOpen(found, false);
    }
  });
  // A tab chosen before the app has hydrated (the pricing page's Monthly and Yearly) is noted on
  // its tab list, and the app selects it once it has (plan-tabs.tsx): the click is not lost.
  document.addEventListener('click', function (event) {
    var target = event.target;
    var tab = target instanceof Element && target.closest('[role="tablist"] [role="tab"][id]');
    if (tab) tab.closest('[role="tablist"]').setAttribute('data-early-choice', tab.id);
  });
  document.addEventListener('keydown', function (event) {
    if (event.key !== 'Escape') return;
    var found = parts();
    if (found && found.menu.classList.contains('show')) setOpen(found, false);
  });
})();

import { lazy, Suspense, useEffect, useState } from 'react';
import { Home } from './Home';
import { findLab, LABS } from './labs';
import { matchRoute, useHashLocation } from './router';

const PlaceholderLab = lazy(() => import('../labs/placeholder/PlaceholderLab'));

/** The simulator pages, by lab id, each loaded when it is first opened. */
const LAB_PAGES = new Map(LABS.flatMap((l) => (l.page ? [[l.id, lazy(l.page)] as const] : [])));

const PRESENTER_KEY = 'journalclub.presenter';

function readPresenter(): boolean {
  try {
    return window.localStorage.getItem(PRESENTER_KEY) === '1';
  } catch {
    return false;
  }
}

export function App() {
  const loc = useHashLocation();
  const route = matchRoute(loc.path);
  const lab = route.name === 'lab' ? findLab(route.id) : undefined;

  useEffect(() => {
    document.title = lab ? `${lab.id} · journalclub` : 'journalclub';
  }, [lab]);

  const [presenter, setPresenter] = useState(() => readPresenter());
  useEffect(() => {
    document.documentElement.classList.toggle('presenter', presenter);
    try {
      window.localStorage.setItem(PRESENTER_KEY, presenter ? '1' : '0');
    } catch {
      /* storage may be unavailable (private mode); the toggle still works for this page */
    }
  }, [presenter]);

  let page;
  if (route.name === 'home') page = <Home />;
  else if (route.name === 'lab' && lab) {
    const Page = LAB_PAGES.get(lab.id);
    page = (
      <Suspense fallback={<p className="loading">Loading the lab…</p>}>
        {Page ? <Page /> : <PlaceholderLab key={lab.id} id={lab.id} />}
      </Suspense>
    );
  } else {
    page = (
      <section className="coming-page">
        <h1>Nothing here</h1>
        <p>
          There is no page at <span className="mono">{route.name === 'not-found' ? route.path : loc.path}</span>.{' '}
          <a href="#/">Back to the labs</a>
        </p>
      </section>
    );
  }

  return (
    <div className="app">
      <header className="app-header">
        <a href="#/" className="brand" data-testid="home-link">
          <img src="/favicon.svg" alt="" width={22} height={22} />
          journalclub
        </a>
        <span className="tagline">Linux filesystem mails, read together</span>
        <nav className="crumbs" aria-label="breadcrumb">
          {lab && (
            <>
              <a href="#/">labs</a> / <span className="mono">{lab.id}</span>
            </>
          )}
        </nav>
        <button
          type="button"
          className="header-toggle"
          data-testid="presenter"
          aria-pressed={presenter}
          title="Presenter mode: hide the prose, enlarge the moving parts"
          onClick={() => setPresenter((p) => !p)}
        >
          presenter
        </button>
      </header>
      <main className="app-main">{page}</main>
    </div>
  );
}

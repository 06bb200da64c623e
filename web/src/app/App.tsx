import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { PageModeContext } from './embed/mode';
import { Home } from './Home';
import { findLab, LABS } from './labs';
import { ShortcutsOverlay, useHelpKey } from './presenter/ShortcutsOverlay';
import { isPresentView, PRESENT_VIEWS } from './presenter/views';
import { quote } from '../../../lib/quote';
import { matchRoute, useHashLocation } from './router';

/* the exercise page, with its editor and the compiler's worker, loaded only when it is opened */
const ExercisePage = lazy(() => import('../exercise-page/ExercisePage'));

/** The simulator pages, by lab id, each loaded when it is first opened. */
const LAB_PAGES = new Map<string, ReturnType<typeof lazy>>(LABS.map((l) => [l.id, lazy(l.page)]));

export function App() {
  const loc = useHashLocation();
  const route = matchRoute(loc.path);
  const lab = route.name === 'lab' || route.name === 'embed' || route.name === 'exercise' ? findLab(route.id) : undefined;

  useEffect(() => {
    document.title = lab ? `${lab.id} · journalclub` : 'journalclub';
  }, [lab]);

  const [help, setHelp] = useState(false);
  const toggleHelp = useCallback(() => setHelp((h) => !h), []);
  const closeHelp = useCallback(() => setHelp(false), []);
  useHelpKey(toggleHelp);
  const overlay = help && <ShortcutsOverlay onClose={closeHelp} />;

  if (route.name === 'embed') {
    const Page = lab ? LAB_PAGES.get(lab.id) : undefined;
    return (
      <main className="embed-main">
        {!Page ? (
          <div className="banner error" role="alert" data-testid="embed-error">
            There is no lab “{route.id}” with a simulator page to embed; the labs are: {[...LAB_PAGES.keys()].join(', ')}.
          </div>
        ) : !isPresentView(route.view) ? (
          <div className="banner error" role="alert" data-testid="embed-error">
            There is no view “{route.view}” to embed; the views are: {PRESENT_VIEWS.join(', ')}.
          </div>
        ) : (
          <PageModeContext.Provider value={{ embed: route.view }}>
            <Suspense fallback={<p className="loading">Loading the lab…</p>}>
              <Page />
            </Suspense>
          </PageModeContext.Provider>
        )}
        {overlay}
      </main>
    );
  }

  let page;
  if (route.name === 'home') page = <Home />;
  else if (route.name === 'lab' && lab) {
    const Page = LAB_PAGES.get(lab.id)!;
    page = (
      <Suspense fallback={<p className="loading">Loading the lab…</p>}>
        <Page />
      </Suspense>
    );
  } else if (route.name === 'exercise' && lab) {
    page = (
      <Suspense fallback={<p className="loading">Loading the exercise…</p>}>
        <ExercisePage key={lab.id} lab={lab.id} />
      </Suspense>
    );
  } else {
    page = (
      <section className="coming-page">
        <h1>Nothing here</h1>
        <p>
          There is no page at <span className="mono">{quote(route.name === 'not-found' ? route.path : loc.path)}</span>.{' '}
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
          data-testid="shortcuts-button"
          aria-haspopup="dialog"
          aria-expanded={help}
          title="Keyboard shortcuts (?)"
          onClick={toggleHelp}
        >
          ? keys
        </button>
      </header>
      <main className="app-main">{page}</main>
      {overlay}
    </div>
  );
}

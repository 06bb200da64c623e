import { LABS } from './labs';

export function Home() {
  return (
    <section className="home">
      <h1>Five filesystem mails, read together</h1>
      <p className="lede">
        Each lab takes one mail from the Linux filesystem lists, runs the code before and after its patch in
        a deterministic simulator, shows where the CPUs wait, and puts the simulator's numbers next to the
        mail's table.
      </p>
      <ul className="lab-cards">
        {LABS.map((lab) => {
          const body = (
            <>
              <div className="lab-card-head">
                <span className="mono lab-id">{lab.id}</span>
                <span className="badge live">open</span>
              </div>
              <h2>{lab.title}</h2>
              <p className="lab-change">{lab.change}</p>
              <p className="muted">{lab.headline}</p>
              <p className="lab-mail">{lab.mail}</p>
            </>
          );
          return (
            <li key={lab.id} className="lab-card live" data-testid={`lab-card-${lab.id}`} data-status="live">
              <a href={`#/lab/${lab.id}`} className="lab-card-link">
                {body}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

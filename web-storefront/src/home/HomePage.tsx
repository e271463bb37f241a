import { Link } from 'wouter';

export function HomePage() {
  return (
    <section className="page home">
      <h1>AutoBest Africa</h1>
      <p className="lead">New and used cars, mostly Chinese-made, for buyers across Nigeria and wider Africa.</p>
      <p>
        <Link className="button" to="/contact">
          Contact our team
        </Link>
      </p>
    </section>
  );
}

/** Placeholder until this page is built. */
export function AboutPage() {
  return (
    <section className="page">
      <h1>About AutoBest Africa</h1>
    </section>
  );
}

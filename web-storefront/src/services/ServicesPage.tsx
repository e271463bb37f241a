/** Placeholder until this page is built. */
export function ServicesPage() {
  return (
    <section className="page">
      <h1>Our Services</h1>
    </section>
  );
}

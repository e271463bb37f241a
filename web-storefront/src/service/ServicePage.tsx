/** Placeholder until this page is built. */
export function ServicePage() {
  return (
    <section className="page">
      <h1>Service &amp; Maintenance</h1>
    </section>
  );
}

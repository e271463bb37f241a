/** Placeholder until this page is built. */
export function SupportPage() {
  return (
    <section className="page">
      <h1>Support</h1>
    </section>
  );
}

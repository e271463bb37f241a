/** Placeholder until this page is built. */
export function CompanionPage() {
  return (
    <section className="page">
      <h1>AI Car Buyer Companion</h1>
    </section>
  );
}

/** Placeholder until this page is built. */
export function TermsPage() {
  return (
    <section className="page">
      <h1>Terms of Service</h1>
    </section>
  );
}

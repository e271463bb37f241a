/** Placeholder until this page is built. */
export function InsurancePage() {
  return (
    <section className="page">
      <h1>Insurance &amp; Warranty</h1>
    </section>
  );
}

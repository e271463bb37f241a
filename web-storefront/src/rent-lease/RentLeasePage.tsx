/** Placeholder until this page is built. */
export function RentLeasePage() {
  return (
    <section className="page">
      <h1>Rent &amp; Lease</h1>
    </section>
  );
}
